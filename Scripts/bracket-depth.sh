#!/usr/bin/env bash
# How long SwiftParser takes on nested `[` (the measurement behind BracketScan.maximumDepth).
# For each shape and depth it writes a one-file project and times the release build's hidden
# `parse-only --unguarded` (a bare parse, no pre-scan), one thread, capped at CAP seconds.
#   literal    let v = [[[…1…]]]          type       let v: [[[…Int…]]] = []
#   unclosed   let v = [[[[…              lines      one `let vK = [` per line, never closed
#   braces     one `func fK() { let v = [ }` per line
# Usage: Scripts/bracket-depth.sh [DEPTH…]   (default 8 12 14 16 17 18 19 20 22 24); CAP=20
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$PWD/.build/release/viper-planner
[ -x "$bin" ] || { echo "build first: swift build -c release" >&2; exit 1; }
cap=${CAP:-20}
depths=("$@"); [ ${#depths[@]} -gt 0 ] || depths=(8 12 14 16 17 18 19 20 22 24)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

repeat() { local out=""; for ((k = 0; k < $2; k++)); do out+=$1; done; printf '%s' "$out"; }
shape() {   # shape NAME DEPTH
  case $1 in
    literal)  echo "let v = $(repeat '[' "$2")1$(repeat ']' "$2")" ;;
    type)     echo "let v: $(repeat '[' "$2")Int$(repeat ']' "$2") = []" ;;
    unclosed) echo "let v = $(repeat '[' "$2")" ;;
    lines)    for ((k = 0; k < $2; k++)); do echo "let v$k = ["; done ;;
    braces)   for ((k = 0; k < $2; k++)); do echo "func f$k() { let v = [ }"; done ;;
  esac
}

printf '%-9s' depth; printf '%8s' "${depths[@]}"; echo
for name in literal type unclosed lines braces; do
  printf '%-9s' "$name"
  for depth in "${depths[@]}"; do
    rm -rf "$work/p"; mkdir "$work/p"; shape "$name" "$depth" >"$work/p/A.swift"
    start=$(date +%s%N)
    if timeout "$cap" "$bin" parse-only "$work/p" --unguarded --jobs 1 --quiet >/dev/null 2>&1; then
      printf '%8s' "$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')"
    else
      printf '%8s' ">$cap"
    fi
  done
  echo
done
