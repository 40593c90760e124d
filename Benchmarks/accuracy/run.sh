#!/usr/bin/env bash
# Fetch each app of corpora.tsv at its pinned commit (Swift files only), then score a release build.
# Usage: Benchmarks/accuracy/run.sh BIN WORK_DIR [MIRRORS_DIR]
#   BIN          the viper-planner binary to score (a release build: swift build -c release)
#   WORK_DIR     where the apps' Swift files are extracted (kept between runs; never committed)
#   MIRRORS_DIR  optional folder of bare clones named OWNER+NAME/repo; without it each app is
#                cloned from GitHub into WORK_DIR/.git-OWNER+NAME
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$1; work=$2; mirrors=${3:-}
mkdir -p "$work"
grep -v '^#' "$here/corpora.tsv" | while IFS=$'\t' read -r name repo ref; do
  [ -n "$name" ] || continue
  [ -d "$work/$name" ] && continue
  key=${repo/\//+}
  git_dir="$mirrors/$key/repo"
  if [ -z "$mirrors" ] || [ ! -d "$git_dir" ]; then
    git_dir="$work/.git-$key"
    [ -d "$git_dir" ] || git clone -q --bare "https://github.com/$repo.git" "$git_dir"
  fi
  mkdir -p "$work/$name.tmp"
  git --git-dir="$git_dir" archive "$ref" | tar -x -C "$work/$name.tmp"
  # Only Swift sources are audited; everything else is dropped.
  find "$work/$name.tmp" -type f ! -name '*.swift' -delete
  mv "$work/$name.tmp" "$work/$name"
  echo "$name: $(find "$work/$name" -name '*.swift' | wc -l) Swift files at $ref"
done
python3 "$here/score.py" "$bin" "$work" "$here"/labels/*.json
