#!/usr/bin/env bash
# The GitHub Action's logic (action.yml runs it; Scripts/action-check.sh tests it).
#
#   action.sh key     print the cache key of the binary: a hash of the tool's sources and manifest
#   action.sh build   build the binary into $VIPER_PLANNER unless the cache restored it
#   action.sh run     audit INPUT_PATH: SARIF for code scanning, annotations, a step summary,
#                     and with INPUT_CHECK_PLAN=true `update --check`
#
# Environment: GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP as GitHub sets
# them; VIPER_PLANNER the binary; INPUT_PATH (default .), INPUT_FAIL_ON (critical|high|medium or
# empty), INPUT_CHECK_PLAN (true|false). With a plan (PATH/refactoring), only findings the plan
# does not track yet are reported (`--new-only`): the backlog does not fail every pull request.
set -euo pipefail

source_dir="$(cd "$(dirname "$0")/.." && pwd)"

case "${1:-}" in
key)
    cd "$source_dir"
    # sha256sum on Linux, shasum on macOS runners.
    sum() { if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi; }
    hash="$(find Package.swift Sources -type f | LC_ALL=C sort | while read -r f; do echo "$f"; cat "$f"; done | sum | cut -c1-16)"
    toolchain="$(swift --version 2>&1 | head -n1 | sum | cut -c1-8)"
    echo "viper-planner-$(uname -s)-$(uname -m)-$toolchain-$hash"
    ;;
build)
    : "${VIPER_PLANNER:?VIPER_PLANNER names where the binary goes}"
    if [ -x "$VIPER_PLANNER" ]; then echo "viper-planner restored from the cache"; exit 0; fi
    swift build -c release --product viper-planner --package-path "$source_dir"
    mkdir -p "$(dirname "$VIPER_PLANNER")"
    cp "$(swift build -c release --product viper-planner --package-path "$source_dir" --show-bin-path)/viper-planner" "$VIPER_PLANNER"
    ;;
run)
    : "${VIPER_PLANNER:?VIPER_PLANNER names the binary}"
    : "${GITHUB_WORKSPACE:?}" "${GITHUB_OUTPUT:?}" "${RUNNER_TEMP:?}"
    path="${INPUT_PATH:-.}"
    path="${path%/}"
    cd "$GITHUB_WORKSPACE"
    cache=(--cache-path "$RUNNER_TEMP/viper-planner-cache")
    new_only=()
    if [ -d "$path/refactoring" ]; then new_only=(--new-only); fi
    fail_on=()
    if [ -n "${INPUT_FAIL_ON:-}" ]; then fail_on=(--fail-on "$INPUT_FAIL_ON"); fi
    status=0

    sarif="$RUNNER_TEMP/viper-planner.sarif"
    # Exit 2 (findings at `fail_on:` of the configuration) still wrote the report; only 1 is an error.
    "$VIPER_PLANNER" audit "$path" ${new_only[@]+"${new_only[@]}"} --format sarif --output "$sarif" --quiet "${cache[@]}" || [ $? -eq 2 ]
    # Code scanning reads locations relative to the repository; the report's are relative to PATH.
    if [ "$path" != "." ]; then
        sed "s#\"uri\" : \"#\"uri\" : \"$path/#" "$sarif" >"$sarif.tmp" && mv "$sarif.tmp" "$sarif"
    fi
    echo "sarif=$sarif" >>"$GITHUB_OUTPUT"

    # Annotations on the pull request: the runner reads `::warning file=…` lines from standard output.
    "$VIPER_PLANNER" audit "$path" ${new_only[@]+"${new_only[@]}"} --format github ${fail_on[@]+"${fail_on[@]}"} "${cache[@]}" || status=$?

    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
        {
            if [ ${#new_only[@]} -gt 0 ]; then echo "Findings the plan in \`$path/refactoring\` does not track yet:"; echo; fi
            "$VIPER_PLANNER" audit "$path" ${new_only[@]+"${new_only[@]}"} --format markdown --quiet "${cache[@]}" || [ $? -eq 2 ]
        } >>"$GITHUB_STEP_SUMMARY"
    fi

    if [ "${INPUT_CHECK_PLAN:-false}" = "true" ]; then
        "$VIPER_PLANNER" update "$path" --check --quiet "${cache[@]}" || { s=$?; [ "$status" -ne 0 ] || status=$s; }
    fi
    exit "$status"
    ;;
*)
    echo "usage: action.sh key|build|run" >&2
    exit 64
    ;;
esac
