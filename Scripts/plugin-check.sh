#!/usr/bin/env bash
# The SwiftPM plugins end to end, on a throw-away package (the Feed fixture) that depends on this
# one by path: `swift package plugin --list` shows the command; the build-tool plugin turns the
# fixture's finding into a warning line of `swift build` and a second build does not audit again;
# `swift package viper-planner audit` prints what the command-line tool prints;
# `swift package --allow-writing-to-package-directory viper-planner plan` writes refactoring/.
# Slow (the package builds the tool and swift-syntax in its own scratch folder, ~5 min on 2 cores),
# hence not part of `swift test`; .ci/run runs it.
# Usage: Scripts/plugin-check.sh [BINARY]   (the CLI to compare with; default .build/debug/viper-planner)
# VIPER_PLANNER_PLUGIN_CHECK_DIR keeps the package and its build there between runs.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
binary="${1:-$repo/.build/debug/viper-planner}"
case "$binary" in /*) ;; *) binary="$PWD/$binary" ;; esac
[ -x "$binary" ] || { echo "no binary at $binary: run swift build first" >&2; exit 1; }
if [ -n "${VIPER_PLANNER_PLUGIN_CHECK_DIR:-}" ]; then
    work="$VIPER_PLANNER_PLUGIN_CHECK_DIR"; mkdir -p "$work"
else
    work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
fi
fail() { echo "plugin check FAILED: $*" >&2; exit 1; }
passed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }

# SwiftPM names a path dependency after its folder: the clone's, whatever it is called (a symbolic
# link to it would give a fixed name but makes every build relink the tool and audit again).
identity="$(basename "$repo" | tr '[:upper:]' '[:lower:]')"
pkg="$work/FeedApp"
rm -rf "$pkg"
cp -R "$repo/Tests/Fixtures/Feed" "$pkg"
cat >"$pkg/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FeedApp",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$repo")],
    targets: [
        .target(name: "UIKitStandIn"),
        .target(name: "Feed", dependencies: ["UIKitStandIn"],
                plugins: [.plugin(name: "ViperPlannerBuildToolPlugin", package: "$identity")]),
    ],
    swiftLanguageModes: [.v5]   // legacy UIKit code, as the tool meets it
)
MANIFEST
scratch=(--scratch-path "$work/build")
cd "$pkg"

swift package "${scratch[@]}" plugin --list >"$work/list.log" 2>&1 || { cat "$work/list.log"; fail "plugin --list"; }
grep -q "‘viper-planner’ (plugin ‘ViperPlannerPlugin’" "$work/list.log" || { cat "$work/list.log"; fail "plugin --list does not show viper-planner"; }
ok "swift package plugin --list shows viper-planner"

start=$(date +%s)
swift build "${scratch[@]}" >"$work/build1.log" 2>&1 || { tail -40 "$work/build1.log"; fail "swift build of the fixture"; }
echo "   (first build of the fixture package: $(( $(date +%s) - start )) s)"
warning="$pkg/Sources/Feed/FeedViewController.swift:[0-9]+:[0-9]+: warning: FeedViewController.load\(\) does networking itself: .* \(vc-networking, high\)"
grep -Eq "^$warning\$" "$work/build1.log" || { tail -40 "$work/build1.log"; fail "no warning line for the finding in swift build's output"; }
ok "the build-tool plugin's warning: $(grep -E "^$warning\$" "$work/build1.log")"
# In a new scratch folder SwiftPM 6.3 links the plugins' copy of the tool again on the next few
# builds (its plugin-tools plan and its main plan both build it); the tool is an input of the
# step, so those builds audit again. Build until the tool stays put, then check.
for _ in 1 2 3 4 5; do
    swift build "${scratch[@]}" >"$work/settle.log" 2>&1 || { tail -40 "$work/settle.log"; fail "swift build (settling)"; }
    grep -q "Linking viper-planner-tool" "$work/settle.log" || break
    echo "   (the build relinked the plugins' tool copy and audited again: building once more)"
done
stamp="$(find "$work/build" -name ViperPlannerAudit.swift -path '*ViperPlannerBuildToolPlugin*' | head -n1)"
[ -n "$stamp" ] || fail "the build step wrote no stamp"
before="$(ls -l --time-style=full-iso "$stamp")"
swift build "${scratch[@]}" >"$work/build2.log" 2>&1 || { tail -40 "$work/build2.log"; fail "second swift build"; }
! grep -q "viper-planner audit Feed\|vc-networking" "$work/build2.log" || { cat "$work/build2.log"; fail "the second build ran the audit again"; }
[ "$before" = "$(ls -l --time-style=full-iso "$stamp")" ] || fail "the second build rewrote the stamp"
ok "a second build with no change does not audit again"
touch "$pkg/Sources/Feed/FeedViewController.swift"
swift build "${scratch[@]}" >"$work/build3.log" 2>&1 || { tail -40 "$work/build3.log"; fail "third swift build"; }
grep -Eq "^$warning\$" "$work/build3.log" || { cat "$work/build3.log"; fail "a changed source did not audit again"; }
ok "a changed source audits again"
config="$(cat "$pkg/.viper-planner.yml")"
printf '%s\nfail_on: high\n' "$config" >"$pkg/.viper-planner.yml"
if swift build "${scratch[@]}" >"$work/build4.log" 2>&1; then fail "a finding at fail_on did not fail the build"; fi
grep -Eq "^${warning/warning:/error:}\$" "$work/build4.log" || { cat "$work/build4.log"; fail "no error line for the finding at fail_on"; }
printf '%s\n' "$config" >"$pkg/.viper-planner.yml"
ok "with fail_on: high the finding is an error and the build fails"

# The command plugin and the CLI on the same folder print the same report.
swift package "${scratch[@]}" viper-planner audit --no-color >"$work/plugin-audit.log" 2>"$work/plugin-audit.err" \
    || { cat "$work/plugin-audit.log" "$work/plugin-audit.err"; fail "swift package viper-planner audit"; }
"$binary" audit "$pkg" --no-color --no-cache >"$work/cli-audit.log"
grep -q "vc-networking" "$work/cli-audit.log" || fail "the CLI found nothing to compare"
# SwiftPM prints the tool's standard error (the configuration it loaded) into the plugin's output.
grep -v '^Using configuration ' "$work/plugin-audit.log" >"$work/plugin-audit.report" || true
diff "$work/cli-audit.log" "$work/plugin-audit.report" || fail "swift package viper-planner audit differs from the CLI"
ok "swift package viper-planner audit prints what viper-planner audit prints ($(grep -c . "$work/cli-audit.log") lines)"

# plan writes into the package (macOS's plugin sandbox needs the permission; Linux has none).
swift package "${scratch[@]}" --allow-writing-to-package-directory viper-planner plan >"$work/plan.log" 2>&1 \
    || { cat "$work/plan.log"; fail "swift package --allow-writing-to-package-directory viper-planner plan"; }
[ -f "$pkg/refactoring/README.md" ] && [ -f "$pkg/refactoring/feed.md" ] || { cat "$work/plan.log"; ls -R "$pkg"; fail "plan wrote no refactoring/"; }
ok "swift package --allow-writing-to-package-directory viper-planner plan wrote refactoring/ ($(ls "$pkg/refactoring" | tr '\n' ' '))"
swift package "${scratch[@]}" viper-planner status >"$work/status.log" 2>&1 || { cat "$work/status.log"; fail "status"; }
grep -q "0 new" "$work/status.log" || { cat "$work/status.log"; fail "status after plan"; }
ok "swift package viper-planner status: $(grep -m1 'resolved' "$work/status.log")"
echo "plugin-check: $passed passed, 0 failed"
