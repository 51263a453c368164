#!/usr/bin/env bash
# Long fuzz run of `isolation-probe lint` (not part of .ci/run, which runs the
# bounded LintFuzzTests). Extracts real packages from the local mirrors and
# feeds the linter damaged copies of every Swift file in them.
#
#   .ci/lint-fuzz.sh [ITERATIONS] [SEED]     # defaults: 20000, the current time
#
# A crash or hang fails the test run; the seed is printed so a failure can be
# replayed with LINT_FUZZ_SEED.
set -euo pipefail
cd "$(dirname "$0")/.."

iterations="${1:-20000}"
seed="${2:-$(date +%s)}"
corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT

mirrors=/opt/swift-packages
for entry in "apple/swift-nio 2.101.3" "apple/swift-log 1.16.2" "groue/GRDB.swift 7.10.0" \
             "OpenCombine/OpenCombine 0.14.0" "apple/swift-certificates 1.21.1"; do
    set -- $entry
    repository="$mirrors/$1.git"
    if [ -d "$repository" ]; then
        mkdir -p "$corpus/$1"
        git -C "$repository" archive "$2" | tar -x -C "$corpus/$1"
    fi
done
if [ -z "$(find "$corpus" -name '*.swift' -print -quit)" ]; then
    echo "lint-fuzz: no package mirrors under $mirrors; fuzzing the repository's own sources" >&2
    cp -R Sources "$corpus/"
fi

echo "lint-fuzz: $iterations iterations, seed $seed, corpus $(find "$corpus" -name '*.swift' | wc -l) files"
LINT_FUZZ_ITERATIONS="$iterations" LINT_FUZZ_SEED="$seed" LINT_FUZZ_CORPUS="$corpus" \
    swift test --filter LintFuzzTests
