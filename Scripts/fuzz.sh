#!/usr/bin/env bash
# The long fuzz on real code (issue 17): mutated copies of Swift files from real apps, audited by
# the release build in batches. Each batch must end within HANG seconds, exit 0 or 2, print valid
# JSON, and account for every file (audited, or listed as skipped with a reason); every PLAN_EVERY-th
# batch is also given to `plan`, which must write its plan. Prints files, batches, time and the
# skipped files by reason. The mutated files live in a temporary folder that is always removed:
# nothing of the apps is kept or copied into the repository.
#
# Usage: Scripts/fuzz.sh DIR…       folders of Swift code (e.g. checkouts of public apps)
#   FILES=2400  BATCH=200  SEED=17  HANG=120  PLAN_EVERY=4  TIMEOUT=10 (--file-timeout)
#   BIN=…       the binary to fuzz (default: the release build)
# Needs python3 (the mutator and the JSON check) and the release build (built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
(( $# > 0 )) || { echo "usage: Scripts/fuzz.sh DIR…" >&2; exit 64; }
files=${FILES:-2400}; batch=${BATCH:-200}; seed=${SEED:-17}; hang=${HANG:-120}
plan_every=${PLAN_EVERY:-4}; file_timeout=${TIMEOUT:-10}
bin=${BIN:-$PWD/.build/release/viper-planner}
[ -x "$bin" ] || swift build -c release >/dev/null
command -v python3 >/dev/null || { echo "needs python3" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/viper-planner-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The mutator: FILES files, each a random source file with one or two mutations (each kind as
# often), written as batch-N/MutantK.swift. Same seed, same files.
python3 - "$work" "$files" "$batch" "$seed" "$@" <<'PY'
import os, random, sys
work, count, per, seed, dirs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]
skip = ("/Pods/", "/Carthage/", "/.build", "/refactoring/", "/DerivedData/")
sources = sorted(os.path.join(r, f) for d in dirs for r, _, fs in os.walk(d) for f in fs
                 if f.endswith(".swift") and not any(s in os.path.join(r, f) for s in skip))
if not sources: sys.exit("no Swift files in " + " ".join(dirs))
rng = random.Random(seed)

def lines_of(b): return b.split(b"\n")
def joined(ls): return b"\n".join(ls)
def insert(b, text):
    ls = lines_of(b); ls.insert(rng.randrange(len(ls) + 1), text); return joined(ls)

def truncate(b): return b[:rng.randint(0, len(b))]
def byte_noise(b):
    b = bytearray(b)
    for _ in range(max(1, len(b) // 100)):
        if b: b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b)
def punctuation_noise(b):
    b, marks = bytearray(b), b"{}()[]<>\"'\\/*#@$`:;,.!?"
    for _ in range(max(1, len(b) // 50)):
        if b: b[rng.randrange(len(b))] = rng.choice(marks)
    return bytes(b)
def invalid_utf8(b):
    i = rng.randint(0, len(b)); return b[:i] + rng.choice([b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf8\x88", b"\xe2\x82"]) + b[i:]
def delete_lines(b): return joined([l for l in lines_of(b) if rng.randrange(10)])
def duplicate_lines(b):
    ls = lines_of(b)
    for _ in range(rng.randint(1, 20)):
        i = rng.randrange(len(ls)); ls[i:i] = [ls[i]] * rng.randint(1, 5)
    return joined(ls)
def shuffle_lines(b):
    ls = lines_of(b); s = rng.randrange(len(ls)); e = min(len(ls), s + rng.randint(2, 60))
    part = ls[s:e]; rng.shuffle(part); ls[s:e] = part; return joined(ls)
def unbalanced_braces(b):
    for _ in range(rng.randint(1, 8)): b = insert(b, rng.choice([b"{", b"}"]))
    return b
def deep_nesting(b):
    d = rng.randint(50, 3000); o, c = rng.choice([(b"(", b")"), (b"{", b"}"), (b"<", b">"), (b"[a:", b"]")])
    return insert(b, b"let nested = " + o * d + b"1" + (c * d if rng.random() < .5 else b""))
def long_line(b):
    n = int(10_000 * 200 ** rng.random())   # 10 KB to 2 MB, log-uniform
    return insert(b, b'let s = "' + b"x" * n + b'"' if rng.random() < .5 else b"let v = a" + b" + a" * (n // 4))
def deep_brackets(b):
    d = rng.randint(17, 60)
    return insert(b, rng.choice([b"let v = " + b"[" * d + b"1" + b"]" * d, b"let v: " + b"[" * d + b"Int" + b"]" * d + b" = []",
                                 b"let v = " + b"[" * d]))
def open_string_or_comment(b): return insert(b, rng.choice([b"/*", b'"""', b'#"', b'"\\(', b"*/", b"#if X"]))

mutations = [truncate, byte_noise, punctuation_noise, invalid_utf8, delete_lines, duplicate_lines, shuffle_lines,
             unbalanced_braces, deep_nesting, long_line, deep_brackets, open_string_or_comment]
for k in range(count):
    with open(rng.choice(sources), "rb") as f: b = f.read()
    b = mutations[k % len(mutations)](b)
    if rng.randrange(4) == 0: b = rng.choice(mutations)(b)
    folder = os.path.join(work, "batch-%03d" % (k // per))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "Mutant%05d.swift" % k), "wb") as f: f.write(b)
print("mutated %d files from %d source files" % (count, len(sources)))
PY

# check REPORT EXPECTED_FILES : valid JSON accounting for every file; appends skip reasons.
check() {
  python3 - "$1" "$2" "$work/reasons" <<'PY'
import json, re, sys
report, expected, reasons = sys.argv[1], int(sys.argv[2]), sys.argv[3]
try:
    doc = json.load(open(report, encoding="utf-8"))
except Exception as e:
    sys.exit("invalid JSON: %s" % e)
skipped = doc.get("skipped", [])
if doc["summary"]["files"] + len(skipped) != expected:
    sys.exit("%d audited + %d skipped != %d files" % (doc["summary"]["files"], len(skipped), expected))
if any(not s.get("reason") for s in skipped): sys.exit("a skipped file without a reason")
with open(reasons, "a") as out:
    for s in skipped:
        reason = re.sub(r"nested \d+ deep", "nested N deep", s["reason"])
        out.write(re.sub(r"file is \d+ MB", "file is N MB", re.sub(r"longer than [\d.]+ s", "longer than N s", reason)) + "\n")
PY
}

start=$(date +%s%N); batches=0; failures=0; slowest=0
for folder in "$work"/batch-*; do
  n=$(find "$folder" -name '*.swift' | wc -l); batches=$((batches + 1))
  t0=$(date +%s%N); code=0
  timeout "$hang" "$bin" audit "$folder" --format json --no-cache --quiet --jobs 2 --file-timeout "$file_timeout" \
    --output "$work/report.json" 2>"$work/stderr" || code=$?
  t=$(( ($(date +%s%N) - t0) / 1000000 )); (( t > slowest )) && slowest=$t
  if [ "$code" = 124 ]; then echo "$(basename "$folder"): HANG (over $hang s)"; failures=$((failures + 1)); continue; fi
  if [ "$code" != 0 ] && [ "$code" != 2 ]; then
    echo "$(basename "$folder"): exit $code: $(head -c 300 "$work/stderr")"; failures=$((failures + 1)); continue
  fi
  if ! msg=$(check "$work/report.json" "$n" 2>&1); then echo "$(basename "$folder"): $msg"; failures=$((failures + 1)); fi
  if (( (batches - 1) % plan_every == 0 )); then
    code=0
    timeout "$hang" "$bin" plan "$folder" --no-cache --quiet --file-timeout "$file_timeout" --dir "$work/plan-$batches" \
      >/dev/null 2>"$work/stderr" || code=$?
    if [ "$code" != 0 ] || [ ! -f "$work/plan-$batches/README.md" ]; then
      echo "$(basename "$folder"): plan exit $code: $(head -c 300 "$work/stderr")"; failures=$((failures + 1))
    fi
    rm -rf "$work/plan-$batches"
  fi
done
seconds=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
echo "fuzz: $files files in $batches batches of $batch, $seconds s (slowest batch $((slowest / 1000)).$(( slowest % 1000 / 100 )) s), $failures failed batches"
echo "skipped files by reason:"
sort "$work/reasons" 2>/dev/null | uniq -c | sort -rn | sed 's/^/  /'
(( failures == 0 ))
