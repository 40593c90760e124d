#!/usr/bin/env python3
"""Checks `scaffold` on real projects: for each PROJECT (a git repository with a plan, as
Scripts/apply-check.py leaves them), the largest feature that has a module of its own is scaffolded
PR by PR (`scaffold` without `--pr` writes the next PR that creates module files, until none is
left), in UIKit and in SwiftUI style, each from a fresh plan made for that style. Each
step must stay within its PR's estimate and the 200-line cap and name only the types its PR row
creates; every new or edited file must parse (`swiftc -parse`), and the new files raise no finding.
Everything is removed again afterwards.

    python3 Scripts/scaffold-check.py BIN PROJECT...
"""
import json, os, re, subprocess, sys
BIN = os.path.abspath(sys.argv[1])


def run(root, *args):
    return subprocess.run([BIN, *args], cwd=root, capture_output=True, text=True)


def largest(root, plan):
    feats = []
    for f in os.listdir(f"{root}/{plan}"):
        if not f.endswith(".md") or f in ("README.md", "discovered.md", "cross-cutting.md"): continue
        m = re.search(r"\*\*Context\*\*: .*?: (\d+) code lines", open(f"{root}/{plan}/{f}").read())
        if m: feats.append((int(m.group(1)), f[:-3]))
    return [f for _, f in sorted(feats, reverse=True)]


def check(root, style):
    app, plan = os.path.basename(root), f"refactoring-{style}"
    run(root, "plan", ".", "--target", style, "--dir", plan, "--quiet")
    steps, problems, touched = [], [], set()
    for feature in largest(root, plan):
        r = run(root, "scaffold", ".", feature, "--dir", plan, "--quiet")
        if "shared bases" in r.stderr: continue
        while r.returncode == 0 and "nothing to scaffold" not in r.stdout and len(steps) < 40:
            head = r.stdout.splitlines()[0]
            m = re.match(r"PR (\d+) of \S+: wrote (\d+) files?(?: and edit \d+)?, (\d+) lines \(the PR's estimate with its moves: ~(\d+) / (\d+)\)", head)
            if not m:
                problems.append(f"unreadable: {head}"); break
            pr, lines, estimate, cap = int(m.group(1)), int(m.group(3)), int(m.group(4)), int(m.group(5))
            if lines > estimate or estimate > cap or cap > 200: problems.append(f"PR {pr}: {lines} lines, estimate {estimate} / {cap}")
            steps.append(f"PR {pr} {lines}/{estimate}")
            status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all", "--", "."], cwd=root, capture_output=True, text=True).stdout
            touched |= {l[3:] for l in status.splitlines() if l[3:].endswith(".swift")}
            r = run(root, "scaffold", ".", feature, "--dir", plan, "--quiet")
        if r.returncode != 0: problems.append(f"refused: {r.stderr.strip()[:300]}")
        break
    bad = [f for f in sorted(touched) if subprocess.run(["swiftc", "-parse", f], cwd=root, capture_output=True).returncode != 0]
    audit = json.loads(run(root, "audit", ".", "--format", "json").stdout or '{"findings":[]}')
    new = {f for f in touched if subprocess.run(["git", "ls-files", "--error-unmatch", f], cwd=root, capture_output=True).returncode != 0}
    found = [f"{x['rule']} {x['file']}:{x['line']}" for x in audit["findings"] if x.get("file") in new]
    subprocess.run(["git", "clean", "-fdq", "--", "."], cwd=root)
    subprocess.run(["git", "checkout", "-q", "--", "."], cwd=root)
    return (f"{app} {feature} {style}: {len(steps)} PRs ({', '.join(steps)}), {len(touched)} files, "
            f"parse failures {bad}, findings in new files {found}, problems {problems}")


for root in map(os.path.abspath, sys.argv[2:]):
    for style in ["uikit", "swiftui"]:
        print(check(root, style), flush=True)
