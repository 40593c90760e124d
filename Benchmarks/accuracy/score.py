#!/usr/bin/env python3
"""Per-family precision and recall of `viper-planner audit --format json` against the blind labels.
Usage: score.py BIN WORK_DIR LABELS.json...   (WORK_DIR/<name> holds each app of corpora.tsv)
A label's cell marked in `ambiguous` is not scored; families are scored on view controllers only."""
import json, os, subprocess, sys
from collections import defaultdict

FAMILIES = ["networking", "persistence", "formatting", "navigation"]
HERE = os.path.dirname(os.path.abspath(__file__))


def app_dirs(work):
    dirs = {}
    for line in open(os.path.join(HERE, "corpora.tsv")):
        if line.startswith("#") or not line.strip():
            continue
        name, repo, ref = line.rstrip("\n").split("\t")[:3]
        dirs[f"{repo.replace('/', '+')}@{ref}"] = os.path.join(work, name)
    return dirs


def audit(bin, folder, memo={}):
    if folder not in memo:
        out = subprocess.run([bin, "audit", folder, "--format", "json", "--quiet"], capture_output=True, text=True).stdout
        by_name = defaultdict(list)
        for t in json.loads(out).get("types", []):
            by_name[t["name"]].append(t)
        memo[folder] = by_name
    return memo[folder]


def main():
    bin, work, label_files = sys.argv[1], sys.argv[2], sys.argv[3:]
    dirs = app_dirs(work)
    counts = {f: defaultdict(int) for f in FAMILIES + ["viewController"]}
    misses = []
    for path in label_files:
        for label in json.load(open(path)):
            folder = dirs[label["corpus"]]
            found = audit(bin, folder).get(label["class"], [])
            same_file = [t for t in found if t.get("file") == label["file"]] or found
            t = same_file[0] if same_file else {}
            app = os.path.basename(folder)
            truth, said = bool(label["is_view_controller"]), t.get("role") == "viewController"
            counts["viewController"][("tp" if said else "fn") if truth else ("fp" if said else "tn")] += 1
            if not truth:
                continue
            for f in FAMILIES:
                if (label.get("ambiguous") or {}).get(f):
                    continue
                truth, said = bool(label[f]), f in t.get("families", [])
                key = ("tp" if said else "fn") if truth else ("fp" if said else "tn")
                counts[f][key] += 1
                if key in ("fp", "fn"):
                    misses.append(f"{key} {f:11s} {label['class']} ({app})")
    for f, c in counts.items():
        p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 1.0
        r = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 1.0
        print(f"{f:14s} precision {p:.2f} recall {r:.2f}  (tp {c['tp']} fp {c['fp']} fn {c['fn']} tn {c['tn']})")
    for m in misses:
        print("  ", m)


if __name__ == "__main__":
    main()
