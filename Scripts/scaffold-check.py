#!/usr/bin/env python3
"""Checks `scaffold` on real projects: for each PROJECT (a git repository with a plan, as
Scripts/apply-check.py leaves them), the largest feature that has a module of its own is scaffolded
in UIKit and SwiftUI style; every new file must parse (`swiftc -parse`) and raise no finding. The
new files are removed again afterwards.

    python3 Scripts/scaffold-check.py BIN PROJECT...
"""
import json, os, re, subprocess, sys
BIN = os.path.abspath(sys.argv[1])
out = []
for root in map(os.path.abspath, sys.argv[2:]):
    app = os.path.basename(root)
    feats = []
    for f in os.listdir(root + "/refactoring"):
        if not f.endswith(".md") or f in ("README.md", "discovered.md", "cross-cutting.md"): continue
        m = re.search(r"\*\*Context\*\*: .*?: (\d+) code lines", open(f"{root}/refactoring/{f}").read())
        if m: feats.append((int(m.group(1)), f[:-3]))
    feats.sort(reverse=True)
    for style in ["uikit", "swiftui"]:
        for _, feature in feats:
            r = subprocess.run([BIN, "scaffold", ".", feature, "--target", style, "--no-cache"], cwd=root, capture_output=True, text=True)
            if "shared bases" not in r.stderr: break
        if r.returncode != 0:
            out.append(f"{app} {feature} {style}: refused: {r.stderr.strip()[:300]}"); continue
        new = subprocess.run(["git", "ls-files", "--others", "--exclude-standard"], cwd=root, capture_output=True, text=True).stdout.split()
        bad = [f for f in new if subprocess.run(["swiftc", "-parse", f], cwd=root, capture_output=True).returncode != 0]
        audit = json.loads(subprocess.run([BIN, "audit", ".", "--format", "json", "--no-cache"], cwd=root, capture_output=True, text=True).stdout or '{"findings":[]}')
        inNew = [f"{x['rule']} {x['file']}:{x['line']}" for x in audit["findings"] if x.get("file") in new]
        lines = sum(len(open(f"{root}/{f}").read().splitlines()) for f in new)
        out.append(f"{app} {feature} {style}: {len(new)} files, {lines} lines, parse failures {bad}, findings in new files {inNew}; " + " / ".join(l.strip() for l in r.stdout.splitlines()[1:]))
        subprocess.run(["git", "clean", "-fdq", "--", "."], cwd=root)
        subprocess.run(["git", "checkout", "-q", "--", "."], cwd=root)
    print(out[-2]); print(out[-1], flush=True)
