#!/usr/bin/env bash
# The performance benchmark (issue 6). Builds in release and, for each corpus, prints files, raw
# lines, MB and, for every measured command, the median wall seconds over RUNS runs, MB/s, the
# ratio to (a) measured in the same rounds, the median user+system CPU seconds (/usr/bin/time
# %U+%S: steadier than wall time on a shared machine) and its ratio to (a)'s, and peak resident
# memory (/usr/bin/time -f %M).
#   (a) parse-only   bare SwiftParser pass over the same files, same threads (hidden command)
#   (b) audit cold   --no-cache
#   (b') audit cold  with an empty cache (pays for writing every entry)
#   (c) audit warm   nothing changed since the previous run
#   (d) plan cold (an empty fact cache); (e) update after one changed file (on a private copy of
#   the corpus, with the fact cache its plan filled); (f) audit after a one-line comment and
#   (g) after a one-line code edit in one file (same copy, a cache the first audit filled).
# Commands run interleaved (a, b, b', c, a, b, …) so that machine load hits them alike.
#
# Usage: Scripts/benchmark.sh [DIR…]
#   DIR…          a project folder; several folders are audited as ONE folder (copied into a
#                 temporary folder side by side), e.g. Scripts/benchmark.sh ~/src/app1 ~/src/app2
#   RUNS=3        runs per command (≥ 3)
#   SYNTHETIC=1   also the synthetic corpus (Scripts/make-synthetic-corpus.sh, ≥ 1M lines) and its
#                 memory at 0.25×, 0.5×, 1×; SYNTHETIC=0 to skip; SYNTHETIC_LINES=1000000
#   FORMAT=json   report format audited (written to /dev/null)
#   FUZZ=1        then the long fuzz (Scripts/fuzz.sh) on the same folders; FUZZ=0 to skip
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}; (( runs >= 3 )) || { echo "RUNS must be at least 3" >&2; exit 64; }
format=${FORMAT:-json}
work=${BENCH_DIR:-${TMPDIR:-/tmp}/viper-planner-bench}
mkdir -p "$work"
# BIN=path: measure that binary instead of building this checkout (e.g. a previous build).
if [ -n "${BIN:-}" ]; then bin=$BIN; else
  swift build -c release >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
  bin=$PWD/.build/release/viper-planner
fi
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (GNU time)" >&2; exit 1; }

echo "machine: $(uname -sm), $(getconf _NPROCESSORS_ONLN) cores, $(swift --version 2>/dev/null | grep -o 'Swift version [0-9.]*' | head -1), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "runs per command: $runs (median); format: $format; load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# measure NAME CMD… : one run; appends "wall_seconds peak_rss_kb cpu_seconds" to $work/NAME.runs
measure() {
  local name=$1; shift
  local start end
  start=$(date +%s%N)
  /usr/bin/time -f "%M %U %S" -o "$work/time.out" "$@" >/dev/null 2>"$work/stderr.out" || {
    local code=$?; if [ "$code" != 2 ]; then cat "$work/stderr.out" >&2; exit 1; fi; }
  end=$(date +%s%N)
  echo "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }') $(tail -1 "$work/time.out" | awk '{ printf "%s %.2f", $1, $2 + $3 }')" >>"$work/$name.runs"
}

# The Swift files of a folder as discovery finds them by default (no Pods, Carthage, .build).
swift_files() {
  find "$1" -name '*.swift' -type f -not -path '*/Pods/*' -not -path '*/Carthage/*' -not -path '*/.build*' \
    -not -path '*/refactoring/*'
}

# bench LABEL DIR : the table for one corpus
bench() {
  local label=$1 dir=$2 cache="$work/cache"
  local summary; summary=$("$bin" parse-only "$dir" --quiet)
  local files mb lines
  files=$(sed -E 's/parsed ([0-9]+) files.*/\1/' <<<"$summary")
  lines=$(sed -E 's/.* files, ([0-9]+) lines.*/\1/' <<<"$summary")   # of the files audited (tests excluded)
  mb=$(sed -E 's/.* lines, ([0-9.]+) MB.*/\1/' <<<"$summary")
  echo
  echo "== $label: $files files, $lines lines, $mb MB"
  rm -f "$work"/*.runs; rm -rf "$cache"
  "$bin" audit "$dir" --quiet --format "$format" --output /dev/null --cache-path "$cache" || [ $? = 2 ]   # warm-up; fills the cache
  # Each (b') run gets a new empty folder; they are deleted only at the end: creating thousands
  # of files right after deleting thousands costs ext4 seconds of kernel time (its inode
  # allocator skips recently deleted inodes), which is the benchmark's doing, not the tool's.
  for i in $(seq "$runs"); do
    measure a "$bin" parse-only "$dir" --quiet
    measure b "$bin" audit "$dir" --quiet --format "$format" --output /dev/null --no-cache
    measure b2 "$bin" audit "$dir" --quiet --format "$format" --output /dev/null --cache-path "$work/empty-$(date +%s%N)"
    measure c "$bin" audit "$dir" --quiet --format "$format" --output /dev/null --cache-path "$cache"
    local plandir="$work/plan-$(date +%s%N)"; mkdir -p "$plandir"
    measure d "$bin" plan "$dir" --dir "$plandir/refactoring" --quiet --cache-path "$work/empty-$(date +%s%N)"
  done
  # (e) on a private copy: plan once, then per run one file changes and `update` follows.
  local upd="$work/update-copy"; rm -rf "$upd"; cp -R "$dir" "$upd"
  rm -rf "$work/cache-update"
  "$bin" plan "$upd" --quiet --cache-path "$work/cache-update" >/dev/null 2>&1 || true
  local target; target=$(find "$upd" -name '*.swift' -not -path '*/refactoring/*' | sort | awk 'NR == 1')
  for i in $(seq "$runs"); do
    echo "// benchmark edit $i" >>"$target"
    measure e "$bin" update "$upd" --quiet --cache-path "$work/cache-update"
  done
  # (f) audit after a one-line comment (every file's facts unchanged: the stored report is reused
  # once the edited file is parsed); (g) after a one-line code edit (a top-level constant: its
  # facts change, so the analysis runs again from the cached facts of every other file).
  rm -rf "$work/cache-edit"
  "$bin" audit "$upd" --quiet --format "$format" --output /dev/null --cache-path "$work/cache-edit" || [ $? = 2 ]
  for i in $(seq "$runs"); do
    echo "// benchmark comment $i" >>"$target"
    measure f "$bin" audit "$upd" --quiet --format "$format" --output /dev/null --cache-path "$work/cache-edit"
    echo "let benchmarkEdit$i = $i" >>"$target"
    measure g "$bin" audit "$upd" --quiet --format "$format" --output /dev/null --cache-path "$work/cache-edit"
  done
  rm -rf "$upd" "$work/cache-edit"
  local base cbase; base=$(cut -d' ' -f1 "$work/a.runs" | median); cbase=$(cut -d' ' -f3 "$work/a.runs" | median)
  printf "%-34s %9s %8s %8s %9s %8s %12s\n" command "median s" "MB/s" "× (a)" "CPU s" "CPU ×(a)" "peak RSS MB"
  for row in "a:(a) parse-only" "b:(b) audit cold, --no-cache" "b2:(b') audit cold, empty cache" "c:(c) audit warm" "d:(d) plan cold" "e:(e) update, one file changed" "f:(f) audit, one comment line added" "g:(g) audit, one code line added"; do
    local key=${row%%:*} name=${row#*:} s rss cpu
    s=$(cut -d' ' -f1 "$work/$key.runs" | median)
    rss=$(cut -d' ' -f2 "$work/$key.runs" | sort -n | tail -1)
    cpu=$(cut -d' ' -f3 "$work/$key.runs" | median)
    awk -v n="$name" -v s="$s" -v b="$base" -v mb="$mb" -v r="$rss" -v c="$cpu" -v cb="$cbase" \
      'BEGIN { printf "%-34s %9.3f %8.1f %8.2f %9.2f %8.2f %12.0f\n", n, s, mb / (s > 0 ? s : 0.01), s / (b > 0 ? b : 0.01), c, c / (cb > 0 ? cb : 0.01), r / 1024 }'
  done
}

# growth LABEL DIR : peak RSS at 0.25×, 0.5× and 1× of a corpus (every 4th / every 2nd file of
# each folder, hard-linked, so each fraction looks like the whole), one run each.
growth() {
  local label=$1 dir=$2
  echo
  echo "== $label: peak RSS MB as the corpus grows (one run each)"
  printf "%-6s %7s %9s %11s %11s %11s %11s %11s %9s\n" size files lines parse-only "audit cold" "audit warm" "plan cold" "update**" "cold s*"
  for pct in 25 50 100; do
    local part="$work/part-$pct"
    if [ "$pct" = 100 ]; then part=$dir; else
      rm -rf "$part"; mkdir -p "$part"
      (cd "$dir" && swift_files . | LC_ALL=C sort | awk -v p="$pct" 'NR % 100 < p') |
      while IFS= read -r f; do mkdir -p "$part/$(dirname "$f")"; ln "$dir/$f" "$part/$f" 2>/dev/null || cp "$dir/$f" "$part/$f"; done
    fi
    rm -f "$work"/*.runs; rm -rf "$work/cache-part"
    measure a "$bin" parse-only "$part" --quiet
    measure b "$bin" audit "$part" --quiet --format "$format" --output /dev/null --cache-path "$work/cache-part"
    measure c "$bin" audit "$part" --quiet --format "$format" --output /dev/null --cache-path "$work/cache-part"
    local plandir="$work/plan-growth-$pct-$(date +%s%N)"; mkdir -p "$plandir"
    measure d "$bin" plan "$part" --dir "$plandir/refactoring" --quiet --no-cache
    measure e "$bin" update "$part" --dir "$plandir/refactoring" --quiet --cache-path "$work/cache-part"
    local plines pfiles
    local summary; summary=$("$bin" parse-only "$part" --quiet)
    pfiles=$(sed -E 's/parsed ([0-9]+) files.*/\1/' <<<"$summary")
    plines=$(sed -E 's/.* files, ([0-9]+) lines.*/\1/' <<<"$summary")
    printf "%-6s %7s %9s %11.0f %11.0f %11.0f %11.0f %11.0f %9.2f\n" "$(awk -v p="$pct" 'BEGIN { printf "%g×", p / 100 }')" "$pfiles" "$plines" \
      "$(( $(cut -d' ' -f2 "$work/a.runs") / 1024 ))" "$(( $(cut -d' ' -f2 "$work/b.runs") / 1024 ))" \
      "$(( $(cut -d' ' -f2 "$work/c.runs") / 1024 ))" "$(( $(cut -d' ' -f2 "$work/d.runs") / 1024 ))" \
      "$(( $(cut -d' ' -f2 "$work/e.runs") / 1024 ))" "$(cut -d' ' -f1 "$work/b.runs")"
    [ "$pct" = 100 ] || rm -rf "$part"
  done
  rm -rf "$work/cache-part"
  echo "* audit cold into an empty cache, seconds; ** update of that plan, sources unchanged (the fact cache warm)"
}

# Folders given: one corpus (several folders side by side in one temporary folder).
if (( $# == 1 )); then
  bench "$(basename "$1")" "$1"
  growth "$(basename "$1")" "$1"
elif (( $# > 1 )); then
  combined="$work/combined"; rm -rf "$combined"; mkdir -p "$combined"
  names=()
  for dir in "$@"; do cp -R "$dir" "$combined/$(basename "$dir")"; names+=("$(basename "$dir")"); done
  label="$(IFS=+; echo "${names[*]}") (one folder)"
  bench "$label" "$combined"
  growth "$label" "$combined"
fi

if [ "${SYNTHETIC:-1}" = 1 ]; then
  synth="$work/synthetic"
  Scripts/make-synthetic-corpus.sh "$synth" "${SYNTHETIC_LINES:-1000000}" >/dev/null
  bench "synthetic (Samples ×N, types renamed)" "$synth"
  growth "synthetic" "$synth"
fi
rm -rf "$work/cache" "$work"/empty-* "$work/combined" "$work"/plan-*

if (( $# > 0 )) && [ "${FUZZ:-1}" = 1 ]; then
  echo
  echo "== fuzz: mutated files of $(IFS=+; echo "$*")"
  Scripts/fuzz.sh "$@"
fi
