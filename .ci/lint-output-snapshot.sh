#!/usr/bin/env bash
# Records what lint prints (text, JSON, SARIF, --fix --dry-run, a baseline,
# --help) for the lint fixtures and a copy of Sources, so a refactoring of the
# lint engine can be checked byte for byte against the build before it:
#
#   bash .ci/lint-output-snapshot.sh OLD_BIN_DIR /tmp/before   # with the old build
#   bash .ci/lint-output-snapshot.sh .build/debug /tmp/after /tmp/before/input
#   diff -r /tmp/before/out /tmp/after/out && echo identical
#
# The inputs are copied once (into OUT/input) and reused, so the project's own
# Sources are compared as they were, not as the refactoring changed them.
# Timings (seconds, lines per second) are the only parts masked.
set -euo pipefail
bin="$(cd "$1" && pwd)"
out="$2"
input="${3:-$out/input}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
if [ ! -d "$input" ]; then
    mkdir -p "$input"
    cp -R "$repo/Tests/IsolationProbeTests/Fixtures/Lint" "$input/Lint"
    cp -R "$repo/Sources" "$input/Sources"
fi
rm -rf "$out/out"
mkdir -p "$out/out"
cd "$input"

mask() {
    sed -E -e 's/("(seconds|linesPerSecond)" : )[0-9.e+-]+/\1T/' \
        -e 's/, [0-9.]+ s \([0-9]+ lines\/s\)/, T s (T lines\/s)/'
}
record() {  # name, command...
    local name="$1"; shift
    local status=0
    "$@" > "$out/out/$name.stdout" 2> "$out/out/$name.stderr" || status=$?
    echo "$status" > "$out/out/$name.status"
    mask < "$out/out/$name.stdout" > "$out/out/$name.stdout.m" && mv "$out/out/$name.stdout.m" "$out/out/$name.stdout"
    mask < "$out/out/$name.stderr" > "$out/out/$name.stderr.m" && mv "$out/out/$name.stderr.m" "$out/out/$name.stderr"
}

targets=(Lint Lint/Clean Lint/Fix Lint/Fix/Seed Lint/Fix/Mixed Lint/Planted Lint/Suppressions Sources)
for target in "${targets[@]}"; do
    slug="${target//\//_}"
    for format in text json sarif; do
        record "lint-$slug-$format" "$bin/isolation-lint" "$target" --format "$format"
        record "probe-$slug-$format" "$bin/isolation-probe" lint "$target" --format "$format"
    done
    record "fix-$slug" "$bin/isolation-lint" "$target" --fix --dry-run
done
record "severity-Planted" "$bin/isolation-lint" Lint/Planted \
    --rule unchecked-sendable-generic-box=error --rule unchecked-box-of-closure=off
record "unknown-rule" "$bin/isolation-lint" Lint/Planted --rule no-such-rule=error
record "baseline-write" "$bin/isolation-lint" Lint/Planted --write-baseline snapshot-baseline.json
mv snapshot-baseline.json "$out/out/baseline.json"
record "help-lint" "$bin/isolation-lint" --help
record "help-probe-lint" "$bin/isolation-probe" lint --help
