#!/usr/bin/env bash
# Builds the DocC documentation of SafeBox, LoggingSink and LoggingSinkSwiftLog
# with warnings treated as errors (every ``symbol`` link and <doc:article>
# link must resolve), then compiles every Swift example of the articles and
# doc comments against the built modules (Tests/DocumentationTests).
#
#   bash .ci/check-docs.sh                 # archives in .build/docs/
#   bash .ci/check-docs.sh --links-only    # docc only (CI: swift test compiled the examples)
#   DOCS_OUTPUT=/tmp/site bash .ci/check-docs.sh
#
# Only the toolchain's own tools are used (swift build,
# swift-symbolgraph-extract, docc), so adopters of SafeBox and LoggingSink
# never resolve swift-docc-plugin. Open an archive with
# `docc preview Sources/SafeBox/SafeBox.docc --additional-symbol-graph-dir
# .build/docs/symbol-graphs/SafeBox`, or serve .build/docs/*.doccarchive
# statically.
set -euo pipefail
cd "$(dirname "$0")/.."

output="${DOCS_OUTPUT:-.build/docs}"
graphs="$output/symbol-graphs"
modules=(SafeBox LoggingSink LoggingSinkSwiftLog)

# Symbol graphs come from the modules as built: doc comments are read back
# through the build's source locations, so the build must be current.
swift build --target LoggingSinkSwiftLog
build_dir="$(swift build --show-bin-path)"
triple="$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -n 1)"

rm -rf "$graphs"
for module in "${modules[@]}"; do
    mkdir -p "$graphs/$module"
    swift-symbolgraph-extract \
        -module-name "$module" \
        -target "$triple" \
        -I "$build_dir/Modules" \
        -I Sources/CPThreadShim/include \
        -I Sources/CLoggingSinkSupport/include \
        -minimum-access-level public \
        -skip-inherited-docs \
        -output-dir "$graphs/$module"
done

for module in "${modules[@]}"; do
    echo "docc: $module"
    archive="$output/$module.doccarchive"
    rm -rf "$archive"
    catalog=()
    if [[ -d "Sources/$module/$module.docc" ]]; then
        catalog=("Sources/$module/$module.docc")
    fi
    docc convert "${catalog[@]}" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "$module" \
        --output-dir "$archive" \
        --warnings-as-errors
done

if [[ "${1:-}" == "--links-only" ]]; then
    # .ci/run's `swift test` already compiled every example (DocumentationTests).
    echo "docs: examples left to swift test (--links-only)"
else
    echo "docs: every code example compiles"
    # One "started" line per example is noise; failures and the summary remain.
    swift test --filter DocumentationTests | grep -v '^◇ Test case passing'
fi

echo "docs: built into $output"
