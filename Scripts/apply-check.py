#!/usr/bin/env python3
"""Checks `apply` on real projects: for the first five PRs of each project's Next-up queue, the
patch `apply --patch` prints (or the refusal and its reasons), whether it applies with `git apply`,
whether every changed file parses (`swiftc -parse`), whether a re-audit shows the PR's findings
gone and no new finding, and whether `update` then ticks exactly the PR's tasks.

    python3 Scripts/apply-check.py BIN OUTDIR PROJECT...

Each project is copied to OUTDIR/<name> (a git repository there), planned, and its accepted PRs
applied one after another; OUTDIR/report.md gets one table row per PR and the totals.
"""
import json, os, re, shutil, subprocess, sys

def run(args, cwd, check=False):
    r = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if check and r.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: {r.stderr.strip()[:300]}")
    return r

def fingerprints(binary, root):
    out = run([binary, "audit", ".", "--format", "json", "--no-cache"], root).stdout
    return {f["fingerprint"] for f in json.loads(out)["findings"]}

def ticked(text):
    return {m.group(1) for m in re.finditer(r"^- \[x\] \*\*([A-Z]+\d+):", text, re.M)}

def pr_tasks(text, number):
    for line in text.splitlines():
        if line.startswith(f"| {number} | "):
            return {c.split(" ")[0] for c in line.split(" | ")[2].split(", ")}
    return set()

def pr_prints(text, tasks):
    found = set()
    for line in text.splitlines():
        m = re.match(r"^- \[ \] \*\*([A-Z]+\d+):.*<!-- vp:([0-9a-f ]+) -->", line)
        if m and m.group(1) in tasks:
            found.update(m.group(2).split())
    return found

def check(binary, out, project):
    name = os.path.basename(project.rstrip("/"))
    root = os.path.join(out, name)
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(project, root, symlinks=True, ignore=shutil.ignore_patterns(".git", "refactoring"))
    run(["git", "init", "-q"], root); run(["git", "add", "-A"], root); run(["git", "commit", "-qm", "base"], root)
    run([binary, "plan", ".", "--quiet", "--no-cache"], root, check=True)
    run(["git", "add", "-A"], root); run(["git", "commit", "-qm", "plan"], root)
    readme = open(os.path.join(root, "refactoring/README.md")).read()
    queue = re.findall(r"^\d+\. \[[^\]]+\]\(([^)]+)\.md\) PR (\d+):", readme.split("## Next up", 1)[-1], re.M)[:5]
    rows = []
    for feature, number in queue:
        spec = f"{feature}:{number}"
        text = open(os.path.join(root, f"refactoring/{feature}.md")).read()
        tasks = pr_tasks(text, number)
        prints = pr_prints(text, tasks)
        r = run([binary, "apply", ".", "--pr", spec, "--patch", "--no-cache"], root)
        if r.returncode != 0:
            reasons = [l.strip().removeprefix("error:").strip() for l in r.stderr.splitlines()[1:]]
            rows.append((name, spec, "refused", "; ".join(reasons)[:400]))
            continue
        patch = r.stdout
        if not patch:
            rows.append((name, spec, "nothing", "")); continue
        before = fingerprints(binary, root)
        open(os.path.join(out, "p.patch"), "w").write(patch)
        applied = run(["git", "apply", os.path.join(out, "p.patch")], root).returncode == 0
        changed = re.findall(r"^\+\+\+ b/(.+)$", patch, re.M)
        parses = all(run(["swiftc", "-parse", f], root).returncode == 0 for f in changed)
        after = fingerprints(binary, root)
        closed = len(prints & before) - len(prints & after)
        new = after - before
        was = ticked(text)
        run([binary, "update", ".", "--quiet", "--no-cache"], root)
        now = ticked(open(os.path.join(root, f"refactoring/{feature}.md")).read())
        exact = (now - was) == tasks
        ok = applied and parses and not (prints & after) and not new and exact
        detail = f"git apply {applied}, parses {parses}, closed {closed}/{len(prints & before)}, new {len(new)}, ticks exact {exact} ({sorted(now - was)})"
        rows.append((name, spec, "accepted" if ok else "FAILED", detail))
        run(["git", "add", "-A"], root); run(["git", "commit", "-qm", spec], root)
    return rows

def main():
    binary, out, projects = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    rows = []
    for project in projects:
        added = check(binary, out, os.path.abspath(project))
        for row in added:
            print(*row, sep=" | ", flush=True)
        rows += added
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("| project | PR | result | detail |\n|---|---|---|---|\n")
        for row in rows:
            f.write("| " + " | ".join(x.replace("|", "\\|") for x in row) + " |\n")
        for kind in ["accepted", "refused", "FAILED", "nothing"]:
            f.write(f"\n{kind}: {sum(1 for r in rows if r[2] == kind)}")
        f.write("\n")
    print(open(os.path.join(out, "report.md")).read().split("\n\n")[-1])

if __name__ == "__main__":
    main()
