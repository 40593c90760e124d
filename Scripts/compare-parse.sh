#!/usr/bin/env bash
# Release timing of `audit` against a bare SwiftParser parse of the same files, same run,
# same threads, audit without the cache (Scripts/benchmark.sh measures cold and warm).
# Usage: Scripts/compare-parse.sh DIR [DIR…]   (median of 3 runs each)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release >/dev/null
bin=.build/release/viper-planner
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf "%-28s %6s %9s %7s %9s %9s %7s %9s\n" app files lines MB parse_s audit_s ratio MB/s
for dir in "$@"; do
  files=$(find "$dir" -name '*.swift' -not -path '*/Pods/*' -not -path '*/Carthage/*' | wc -l)
  json=$(mktemp); "$bin" audit "$dir" --format json --quiet --no-cache --output "$json"
  lines=$(python3 -c "import json,sys; print(json.load(open('$json'))['summary']['lines'])")
  mb=$("$bin" parse-only "$dir" --quiet | sed -E 's/.*files, ([0-9.]+) MB.*/\1/')
  parse=$(for i in 1 2 3; do /usr/bin/time -f %e "$bin" parse-only "$dir" --quiet 2>&1 >/dev/null; done | median)
  audit=$(for i in 1 2 3; do /usr/bin/time -f %e "$bin" audit "$dir" --format json --quiet --no-cache --output /dev/null 2>&1; done | median)
  python3 -c "print('%-28s %6s %9s %7s %9s %9s %7.2f %9.1f' % ('$(basename "$dir")', '$files', '$lines', '$mb', '$parse', '$audit', $audit/max($parse,0.01), $mb/max($audit,0.01)))"
  rm -f "$json"
done
