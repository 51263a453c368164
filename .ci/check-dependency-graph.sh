#!/usr/bin/env bash
# Proves that adopting SafeBox or LoggingSink pulls nothing heavy into a
# user's build. A throwaway consumer package depends on this checkout by
# path and imports both library products:
#   1. with `traits: []`, SwiftPM resolves no other package at all;
#   2. with the default traits, the probe's packages may be cloned, but the
#      consumer's build compiles none of their modules.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/safebox-consumer.XXXXXX)
trap 'rm -rf "$work"' EXIT

heavy='swift-syntax|swift-subprocess|swift-argument-parser|swift-system|benchmark|swift-nio|swift-atomics'

make_consumer() {  # $1 = folder, $2 = extra .package arguments
    mkdir -p "$1/Sources/Host"
    cat > "$1/Package.swift" <<MANIFEST
// swift-tools-version:6.2
import PackageDescription
let package = Package(
    name: "Host",
    dependencies: [.package(name: "SafeBox", path: "$repo"$2)],
    targets: [
        .executableTarget(name: "Host", dependencies: [
            .product(name: "SafeBox", package: "SafeBox"),
            .product(name: "LoggingSink", package: "SafeBox"),
        ]),
    ]
)
MANIFEST
    cat > "$1/Sources/Host/main.swift" <<'SOURCE'
import LoggingSink
import SafeBox

let counter = SafeBox(0)
counter.withLock { $0 += 1 }
print("consumer built against SafeBox: \(counter.withLock { $0 })")
SOURCE
}

echo "== consumer with traits: [] resolves only this package"
make_consumer "$work/minimal" ", traits: []"
(cd "$work/minimal" && swift package show-dependencies --format flatlist > deps.txt 2>resolve.log) || {
    cat "$work/minimal/resolve.log"; exit 1; }
cat "$work/minimal/deps.txt"
if grep -Eq "$heavy" "$work/minimal/deps.txt"; then
    echo "FAIL: a minimal consumer resolved probe or benchmark packages" >&2
    exit 1
fi

echo "== consumer with default traits compiles no probe dependency"
make_consumer "$work/default" ""
(cd "$work/default" && swift build > build.log 2>&1) || { cat "$work/default/build.log"; exit 1; }
(cd "$work/default" && swift run Host)
compiled=$(find "$work/default/.build" -name '*.swiftmodule' -path '*/Modules/*' -printf '%f\n' | sort -u)
echo "$compiled"
if echo "$compiled" | grep -Eiq 'SwiftSyntax|SwiftParser|Subprocess|ArgumentParser|Benchmark|NIO|Atomics'; then
    echo "FAIL: the consumer's build compiled a probe or benchmark module" >&2
    exit 1
fi
echo "dependency graph: OK"
