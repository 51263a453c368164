#!/usr/bin/env bash
# Proves the lint plugins on a consumer package that depends on this
# repository by path: a target with a planted loophole shows the finding
# through the command plugin and the build-tool plugin; a clean target shows
# none. Prints how long the first build (plugin tool included) took.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/isolation-lint-consumer.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Planted" "$work/Sources/Clean"

cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version:6.2
import PackageDescription
let lint: [Target.PluginUsage] = [.plugin(name: "IsolationLintBuildPlugin", package: "SafeBox")]
let package = Package(
    name: "Consumer",
    dependencies: [.package(name: "SafeBox", path: "$repo")],
    targets: [
        .target(name: "Planted", plugins: lint),
        .target(name: "Clean", plugins: lint),
    ]
)
MANIFEST
cat > "$work/Sources/Planted/Callbacks.swift" <<'SOURCE'
public final class Callbacks: @unchecked Sendable {
    public var onEvent: (String) -> Void = { _ in }
    public init() {}
}
SOURCE
cat > "$work/Sources/Clean/Callbacks.swift" <<'SOURCE'
public final class Callbacks: Sendable {
    public let onEvent: @Sendable (String) -> Void
    public init(onEvent: @escaping @Sendable (String) -> Void) { self.onEvent = onEvent }
}
SOURCE

cd "$work"
echo "== swift build (first build: the plugin's tool, then both targets)"
start=$(date +%s)
swift build > build.log 2>&1 || { cat build.log; exit 1; }
echo "first build with the build-tool plugin: $(( $(date +%s) - start )) s"
grep -E 'Planted/Callbacks.swift:2:[0-9]+: warning: .*\[unchecked-sendable-stored-closure\]' build.log \
    || { echo "FAIL: swift build did not show the planted finding" >&2; cat build.log >&2; exit 1; }
if grep -q 'Clean/Callbacks.swift:[0-9]*:[0-9]*: warning' build.log; then
    echo "FAIL: the clean target got a warning" >&2; cat build.log >&2; exit 1
fi

echo "== a change to one target relints that target only"
# SwiftPM 6.3 relinks a plugin's tool once more on the build after the
# first (seen here: the second build relints everything, the third nothing),
# so let that happen before measuring what a change reruns.
swift build > settle.log 2>&1 || { cat settle.log; exit 1; }
echo "// touched" >> Sources/Clean/Callbacks.swift
swift build > rebuild.log 2>&1 || { cat rebuild.log; exit 1; }
grep -q 'isolation-lint Clean' rebuild.log || { echo "FAIL: Clean was not relinted" >&2; cat rebuild.log >&2; exit 1; }
if grep -q 'isolation-lint Planted' rebuild.log; then
    echo "FAIL: Planted was relinted although it did not change" >&2; cat rebuild.log >&2; exit 1
fi

echo "== swift package isolation-lint"
set +e
swift package isolation-lint > command.log 2>&1
status=$?
set -e
[ "$status" != 0 ] || { echo "FAIL: the command plugin succeeded despite a finding" >&2; cat command.log >&2; exit 1; }
grep -qE 'Planted/Callbacks.swift:2:[0-9]+: warning: .*\[unchecked-sendable-stored-closure\]' command.log \
    || { echo "FAIL: the command plugin did not print the finding" >&2; cat command.log >&2; exit 1; }
grep -qE 'found isolation loopholes in Planted$' command.log \
    || { echo "FAIL: the command plugin did not blame Planted alone" >&2; cat command.log >&2; exit 1; }
swift package isolation-lint --target Clean > clean.log 2>&1 \
    || { echo "FAIL: the command plugin failed on the clean target" >&2; cat clean.log >&2; exit 1; }
grep -q 'isolation-probe lint: 0 findings' clean.log

echo "== --format and --output pass through"
set +e
swift package isolation-lint --target Planted --format sarif --output lint.sarif > sarif.log 2>&1
set -e
grep -q '"ruleId" : "unchecked-sendable-stored-closure"' lint.sarif \
    || { echo "FAIL: no SARIF report written" >&2; cat sarif.log >&2; exit 1; }

echo "== without the IsolationProbe trait the plugins say how to turn it on"
mkdir -p "$work/traitless/Sources/Planted"
cp Sources/Planted/Callbacks.swift "$work/traitless/Sources/Planted/"
cat > "$work/traitless/Package.swift" <<MANIFEST
// swift-tools-version:6.2
import PackageDescription
let package = Package(
    name: "Traitless",
    dependencies: [.package(name: "SafeBox", path: "$repo", traits: [])],
    targets: [.target(name: "Planted")]
)
MANIFEST
cd "$work/traitless"
set +e
swift package isolation-lint > command.log 2>&1
status=$?
set -e
[ "$status" != 0 ] || { echo "FAIL: the command plugin succeeded without the trait" >&2; cat command.log >&2; exit 1; }
# The line the README quotes, verbatim.
quoted=$(grep '^isolation-lint: the lint plugins need' "$repo/README.md")
grep -qxF "$quoted" command.log \
    || { echo "FAIL: the command plugin did not print the README's line: $quoted" >&2; cat command.log >&2; exit 1; }
if grep -q "no such module" command.log; then
    echo "FAIL: the command plugin compiled the linter without its dependencies" >&2; cat command.log >&2; exit 1
fi
echo "lint plugins: OK"
