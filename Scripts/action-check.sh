#!/usr/bin/env bash
# Runs the GitHub Action's script (Scripts/action.sh run) the way the runner does, with GitHub's
# variables pointing at temporary folders, on two fixture repositories: one with a plan and a
# screen added after it (one new finding), and a clean one (none).
# Usage: Scripts/action-check.sh [BINARY]   (default .build/debug/viper-planner)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
binary="${1:-$repo/.build/debug/viper-planner}"
case "$binary" in /*) ;; *) binary="$PWD/$binary" ;; esac
[ -x "$binary" ] || { echo "no binary at $binary: run swift build first" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "action check FAILED: $*" >&2; exit 1; }

# One run of the Action's step: prints its exit status; its standard output goes to $1/stdout.
run_action() {
    local repository="$1"; shift
    mkdir -p "$repository.runner"
    : >"$repository.runner/output"; : >"$repository.runner/summary"
    set +e
    env GITHUB_ACTIONS=true CI=true GITHUB_WORKSPACE="$repository" GITHUB_EVENT_NAME=pull_request \
        GITHUB_OUTPUT="$repository.runner/output" GITHUB_STEP_SUMMARY="$repository.runner/summary" \
        GITHUB_REPOSITORY=example/app GITHUB_SHA=0000000000000000000000000000000000000000 \
        RUNNER_TEMP="$repository.runner" RUNNER_OS=Linux VIPER_PLANNER="$binary" "$@" \
        "$repo/Scripts/action.sh" run >"$repository.runner/stdout" 2>"$repository.runner/stderr"
    echo $?
    set -e
}
sarif_results() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['version']=='2.1.0'; print(len(d['runs'][0]['results']))" "$1"; }

# action.yml parses and hands the script what it reads (where PyYAML is installed).
if python3 -c 'import yaml' 2>/dev/null; then
    python3 - "$repo/action.yml" <<'PY' || fail "action.yml"
import sys, yaml
action = yaml.safe_load(open(sys.argv[1]))
assert action["runs"]["using"] == "composite"
steps = {step.get("id"): step for step in action["runs"]["steps"]}
audit = steps["audit"]
assert audit["run"].strip("'\"").endswith("Scripts/action.sh\" run") or "action.sh\" run" in audit["run"], audit["run"]
assert {"VIPER_PLANNER", "INPUT_PATH", "INPUT_FAIL_ON", "INPUT_CHECK_PLAN"} <= set(audit["env"]), audit["env"]
assert any(step.get("uses", "").startswith("github/codeql-action/upload-sarif") for step in action["runs"]["steps"])
assert action["outputs"]["sarif"]["value"] == "${{ steps.audit.outputs.sarif }}"
PY
fi

# A repository with a plan, then a screen added after it: one new finding.
app="$work/app"
cp -R "$repo/Tests/Fixtures/Feed" "$app"
"$binary" plan "$app" --quiet --no-cache >/dev/null
status="$(run_action "$app" INPUT_CHECK_PLAN=true)"
[ "$status" = 0 ] || fail "a fresh plan: exit $status, expected 0 ($(cat "$app.runner/stderr"))"
[ "$(sarif_results "$app.runner/viper-planner.sarif")" = 0 ] || fail "a fresh plan: the SARIF report has results"
cp "$repo/Tests/Fixtures/Additions/ProfileViewController.swift" "$app/Sources/Feed/"
status="$(run_action "$app")"
[ "$status" = 0 ] || fail "one new finding without fail-on: exit $status ($(cat "$app.runner/stderr"))"
grep -qx "sarif=$app.runner/viper-planner.sarif" "$app.runner/output" || fail "no sarif output in GITHUB_OUTPUT"
[ "$(sarif_results "$app.runner/viper-planner.sarif")" = 1 ] || fail "the SARIF report does not have exactly one result"
[ "$(grep -c '^::' "$app.runner/stdout")" = 1 ] || fail "expected one annotation line, got: $(cat "$app.runner/stdout")"
grep -q '^::warning file=Sources/Feed/ProfileViewController.swift,line=[0-9]*,col=[0-9]*,title=vc-persistence' "$app.runner/stdout" \
    || fail "the annotation does not point at the new screen: $(cat "$app.runner/stdout")"
grep -q 'vc-persistence' "$app.runner/summary" || fail "the step summary does not list the finding"
status="$(run_action "$app" INPUT_FAIL_ON=high)"
[ "$status" = 2 ] || fail "a new high finding with fail-on high: exit $status, expected 2"
status="$(run_action "$app" INPUT_CHECK_PLAN=true)"
[ "$status" = 2 ] || fail "a stale plan with check-plan: exit $status, expected 2"
echo "ok: one new finding: 1 SARIF result, 1 annotation, fail-on and check-plan exit 2"

# A repository in a subfolder: SARIF locations are made relative to the repository.
mkdir -p "$work/mono"
cp -R "$repo/Tests/Fixtures/Feed" "$work/mono/ios"
status="$(run_action "$work/mono" INPUT_PATH=ios)"
[ "$status" = 0 ] || fail "a subfolder: exit $status"
grep -q '"uri" : "ios/Sources/Feed/FeedViewController.swift"' "$work/mono.runner/viper-planner.sarif" || fail "SARIF uri not relative to the repository"
grep -q '^::warning file=ios/Sources/Feed/FeedViewController.swift' "$work/mono.runner/stdout" || fail "annotation not relative to the repository"
echo "ok: a subfolder: locations relative to the repository"

# fail_on in the configuration fails the step, after the SARIF report and the annotations.
printf 'fail_on: high\n' >>"$work/mono/ios/.viper-planner.yml"
status="$(run_action "$work/mono" INPUT_PATH=ios)"
[ "$status" = 2 ] || fail "fail_on: high in the configuration: exit $status, expected 2 ($(cat "$work/mono.runner/stderr"))"
[ "$(sarif_results "$work/mono.runner/viper-planner.sarif")" = 1 ] || fail "fail_on: the SARIF report was not written"
grep -q '^::warning file=ios/Sources/Feed/FeedViewController.swift' "$work/mono.runner/stdout" || fail "fail_on: no annotation"
echo "ok: fail_on in the configuration: exit 2 after the SARIF report and the annotation"

# A clean repository: no annotations, an empty SARIF run.
clean="$work/clean"
cp -R "$repo/Tests/Fixtures/Clean" "$clean"
status="$(run_action "$clean" INPUT_FAIL_ON=medium)"
[ "$status" = 0 ] || fail "a clean repository: exit $status ($(cat "$clean.runner/stderr"))"
[ "$(sarif_results "$clean.runner/viper-planner.sarif")" = 0 ] || fail "a clean repository: the SARIF report has results"
! grep -q '^::' "$clean.runner/stdout" || fail "a clean repository has annotations: $(cat "$clean.runner/stdout")"
echo "ok: a clean repository: 0 SARIF results, no annotations"
echo "action-check: 4 passed, 0 failed"
