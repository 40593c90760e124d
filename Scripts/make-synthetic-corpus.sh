#!/usr/bin/env bash
# Builds a large synthetic corpus from Samples/ShopLegacy and Samples/NewsReader: copy K of each
# app goes to OUT/copyK/, with every type the samples declare renamed `S<K>Name` (a prefix, so
# role suffixes such as ViewController or Presenter are kept), until OUT holds ≥ MIN_LINES raw
# lines of Swift. Usage: Scripts/make-synthetic-corpus.sh OUT [MIN_LINES]   (default 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1; min=${2:-1000000}
apps=(Samples/ShopLegacy Samples/NewsReader)
per_copy=$(find "${apps[@]}" -name '*.swift' -print0 | xargs -0 cat | wc -l)
copies=$(( (min + per_copy - 1) / per_copy ))
# Declared type names (CodingKeys and other nested helpers shared by many types stay as they are).
names=$(find "${apps[@]}" -name '*.swift' -print0 | xargs -0 grep -ohE \
  '^[[:space:]]*((public|final|private|fileprivate|internal|open)[[:space:]]+)*(class|struct|enum|protocol|actor)[[:space:]]+[A-Z][A-Za-z0-9_]*' \
  | awk '{print $NF}' | grep -vxE 'CodingKeys|Section|Row|Kind|State' | sort -u | paste -sd'|' -)
mkdir -p "$out"
for k in $(seq 1 "$copies"); do
  dir="$out/copy$k"; [ -d "$dir" ] && continue
  mkdir -p "$dir.tmp"
  for app in "${apps[@]}"; do cp -R "$app" "$dir.tmp/"; done
  find "$dir.tmp" -name '*.swift' -print0 | xargs -0 perl -pi -e "s/\\b($names)\\b/S${k}\$1/g"
  mv "$dir.tmp" "$dir"
done
echo "$out: $copies copies, $(find "$out" -name '*.swift' | wc -l) files, $(find "$out" -name '*.swift' -print0 | xargs -0 cat | wc -l) lines"
