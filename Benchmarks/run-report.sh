#!/usr/bin/env bash
# Regenerates the contention report in one command:
#
#   ./run-report.sh            # from Benchmarks/; RUNS=5 DURATION_MS=500 by default
#
# Writes Results/contention.md (tables, goal check), Results/contention.svg
# (throughput vs threads), Results/runs.tsv (every run) and
# Results/instructions.tsv (callgrind instructions per uncontended
# lock+increment+unlock). Needs valgrind for the instruction counts; without
# it the report is written without that column.
set -euo pipefail
cd "$(dirname "$0")"

RUNS="${RUNS:-5}"
DURATION_MS="${DURATION_MS:-500}"
mkdir -p Results

swift build -c release --product contention-report
BIN="$(swift build -c release --show-bin-path)/contention-report"

INSTRUCTIONS=Results/instructions.tsv
if command -v valgrind >/dev/null; then
    # valgrind 3.19 cannot read the DWARF 5 that Swift emits: count a copy
    # without debug info. Two loop lengths, so start-up and teardown cancel:
    # (instructions(N2) - instructions(N1)) / (N2 - N1).
    STRIPPED="$(mktemp)"
    trap 'rm -f "$STRIPPED"' EXIT
    cp "$BIN" "$STRIPPED"
    strip --strip-debug "$STRIPPED"
    chmod +x "$STRIPPED"
    N1=200000
    N2=400000
    count() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$STRIPPED" loop "$1" "$2" 2>&1 \
            | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    }
    {
        echo "# peer	instructions per uncontended lock+increment+unlock (callgrind, $(valgrind --version))"
        for peer in $("$BIN" peers | cut -f1); do
            [ "$peer" = actor ] && continue
            a="$(count "$peer" "$N1")"
            b="$(count "$peer" "$N2")"
            awk -v p="$peer" -v a="$a" -v b="$b" -v n=$((N2 - N1)) 'BEGIN { printf "%s\t%.1f\n", p, (b - a) / n }'
        done
    } > "$INSTRUCTIONS.tmp"
    mv "$INSTRUCTIONS.tmp" "$INSTRUCTIONS"
    INSTRUCTION_ARGS=(--instructions "$INSTRUCTIONS")
else
    echo "valgrind not found: no instruction counts" >&2
    INSTRUCTION_ARGS=()
fi

REPORT_SWIFT_VERSION="$(swift --version 2>&1 | head -1)" \
REPORT_MACHINE="$(uname -srm), $(nproc) CPUs" \
    "$BIN" report --runs "$RUNS" --duration-ms "$DURATION_MS" --out Results \
    "${INSTRUCTION_ARGS[@]}" --command "./run-report.sh (RUNS=$RUNS DURATION_MS=$DURATION_MS)" > /dev/null
echo "wrote Results/contention.md, Results/contention.svg, Results/runs.tsv, $INSTRUCTIONS"
