#!/usr/bin/env bash
# Regenerates every benchmark report in one command:
#
#   ./run-report.sh            # from Benchmarks/: the full report into Results/ (about 40 min on 2 cores)
#   QUICK=1 ./run-report.sh    # a first look in under 3 minutes (after the build) into Results/quick/
#   RESULTS_DIR=Results/hosts/NAME ./run-report.sh   # the full report of another host, beside the reference one
#   PACK=DIR ./run-report.sh   # build both benchmarks with the Swift runtime linked in, for a machine without Swift
#   BIN_DIR=DIR ./run-report.sh   # run the report from a PACK directory: no toolchain needed
#
# A machine without a Swift toolchain gets the binaries from PACK (stripped and gzipped, about 22 MB
# each, with the toolchain they were built by; libc, libm and libstdc++ must be there) and runs them
# with BIN_DIR; without sink-benchmark there, the report is written without sink.md. THREADS=2,4,8,16
# sets the thread counts (default: 1, 2, 4, 8, doubling up to 4 × the cores). On a many-core machine
# with little time, smaller RUNS, DURATION_MS and GOAL_LATENCY_RUNS make it fit.
#
# Full: RUNS=5 DURATION_MS=500 LATENCY_RUNS=15 GOAL_LATENCY_RUNS=150 by default (the last: SafeBox
# and Mutex (next) in the producer/consumer shape, where their p99 decides issue 24's goal). Writes
#   Results/contention.md   tables for every workload, the starvation (Gini) and
#                           producer/consumer latency tables, the verdict against
#                           Mutex (next) and the issue-4 goals
#   Results/contention.svg  counter workloads: throughput vs threads
#   Results/dictionary.svg  dictionary workloads: throughput vs threads
#   Results/latency.svg     producer/consumer: acquire-latency percentiles per lock
#   Results/runs.tsv, Results/latency.tsv   every run, raw, with the machine's load
#   Results/instructions.tsv  callgrind instructions per uncontended lock+increment+unlock
#   Results/sink.md         the LoggingSink benchmark (sink-benchmark)
# (RESULTS_DIR=DIR writes all of these into DIR instead)
# QUICK=1 runs everything once, shorter, without callgrind, into Results/quick/
# (not committed): the same tables, too noisy to quote.
# INSTRUCTIONS_ONLY=1 writes instructions.tsv and stops: callgrind
# counts do not depend on the machine's load, so they can be refreshed on a
# busy machine, where the timed tables cannot.
#
# Needs valgrind for the instruction counts; without it the report is
# written without that column.
set -euo pipefail
cd "$(dirname "$0")"

if [ -n "${PACK:-}" ]; then
    # Both products statically linked against the Swift runtime (libc, libm
    # and libstdc++ stay shared), in their own scratch path so the normal
    # build is untouched; stripped and gzipped to fit a 64 MiB transfer.
    for product in contention-report sink-benchmark; do
        swift build -c release --product "$product" --static-swift-stdlib --scratch-path .build-static
    done
    STATIC_DIR="$(swift build -c release --static-swift-stdlib --scratch-path .build-static --show-bin-path)"
    mkdir -p "$PACK"
    for product in contention-report sink-benchmark; do
        strip -o "$PACK/$product" "$STATIC_DIR/$product"
        gzip -f -9 "$PACK/$product"
    done
    swift --version 2>&1 | head -1 > "$PACK/toolchain.txt"
    echo "packed into $PACK: $(cd "$PACK" && ls | tr '\n' ' ')($(du -sh "$PACK" | cut -f1)); run there: BIN_DIR=$PACK ./run-report.sh"
    exit 0
fi

if [ "${QUICK:-0}" = 1 ]; then
    if [ -n "${RESULTS_DIR:-}" ]; then
        echo "run-report.sh: RESULTS_DIR is for a full report; QUICK=1 always writes Results/quick" >&2
        exit 2
    fi
    RUNS="${RUNS:-1}"
    DURATION_MS="${DURATION_MS:-60}"
    LATENCY_RUNS="${LATENCY_RUNS:-1}"
    GOAL_LATENCY_RUNS="${GOAL_LATENCY_RUNS:-1}"
    REPEAT_PASSES="${REPEAT_PASSES:-0}"
    SINK_ARGS=(--repetitions 1 --duration-ms 40)
    OUT=Results/quick
else
    RUNS="${RUNS:-5}"
    DURATION_MS="${DURATION_MS:-500}"
    LATENCY_RUNS="${LATENCY_RUNS:-15}"
    GOAL_LATENCY_RUNS="${GOAL_LATENCY_RUNS:-150}"
    REPEAT_PASSES="${REPEAT_PASSES:-3}"
    SINK_ARGS=(--repetitions 7 --duration-ms 200)
    OUT="${RESULTS_DIR:-Results}"
fi

if [ -n "${BIN_DIR:-}" ]; then
    # A PACK directory: unpack what is still gzipped. contention-report must
    # be there; sink-benchmark may be left behind where the transfer is
    # small (each is about 22 MB gzipped), and then sink.md is not written.
    for product in contention-report sink-benchmark; do
        if [ ! -x "$BIN_DIR/$product" ] && [ -f "$BIN_DIR/$product.gz" ]; then
            gzip -dc "$BIN_DIR/$product.gz" > "$BIN_DIR/$product"
            chmod +x "$BIN_DIR/$product"
        fi
    done
    [ -x "$BIN_DIR/contention-report" ] || {
        echo "run-report.sh: BIN_DIR=$BIN_DIR has no contention-report or contention-report.gz (make it with PACK=DIR)" >&2
        exit 2
    }
    SWIFT_VERSION="$(cat "$BIN_DIR/toolchain.txt" 2>/dev/null || echo unknown) (prebuilt, statically linked)"
else
    swift build -c release --product contention-report
    [ "${INSTRUCTIONS_ONLY:-0}" = 1 ] || swift build -c release --product sink-benchmark
    BIN_DIR="$(swift build -c release --show-bin-path)"
    SWIFT_VERSION="$(swift --version 2>&1 | head -1)"
fi
BIN="$BIN_DIR/contention-report"
mkdir -p "$OUT"

# Beside the report it belongs to: another host's report (RESULTS_DIR) must
# not overwrite the reference's file, least of all from a statically linked
# build (BIN_DIR), whose runtime calls count other instructions.
INSTRUCTIONS="$OUT/instructions.tsv"
INSTRUCTION_ARGS=()
if [ "${QUICK:-0}" = 1 ]; then
    echo "QUICK=1: no callgrind instruction counts" >&2
elif command -v valgrind >/dev/null; then
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
fi
if [ "${INSTRUCTIONS_ONLY:-0}" = 1 ]; then
    [ -n "${INSTRUCTION_ARGS[*]}" ] || { echo "INSTRUCTIONS_ONLY=1 needs valgrind, and no QUICK=1" >&2; exit 1; }
    echo "wrote $INSTRUCTIONS"
    exit 0
fi

# What else ran on the machine just before: the report records other
# processes' CPU share per run, this says who they were.
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
THREAD_ARGS=()
[ -z "${THREADS:-}" ] || THREAD_ARGS=(--threads "$THREADS")
COMMAND="./run-report.sh (RUNS=$RUNS DURATION_MS=$DURATION_MS REPEAT_PASSES=$REPEAT_PASSES LATENCY_RUNS=$LATENCY_RUNS GOAL_LATENCY_RUNS=$GOAL_LATENCY_RUNS${THREADS:+ THREADS=$THREADS})"
if [ "${QUICK:-0}" = 1 ]; then COMMAND="QUICK=1 $COMMAND"; fi
if [ -n "${RESULTS_DIR:-}" ]; then COMMAND="RESULTS_DIR=$RESULTS_DIR $COMMAND"; fi
REPORT_SWIFT_VERSION="$SWIFT_VERSION" \
REPORT_MACHINE="$(uname -srm), $(nproc) CPUs" \
    "$BIN" report --runs "$RUNS" --duration-ms "$DURATION_MS" --latency-runs "$LATENCY_RUNS" \
    --goal-latency-runs "$GOAL_LATENCY_RUNS" \
    --repeat-passes "$REPEAT_PASSES" --out "$OUT" "${THREAD_ARGS[@]}" \
    "${INSTRUCTION_ARGS[@]}" --command "$COMMAND" > /dev/null

SINK_MD=", $OUT/sink.md"
if [ -x "$BIN_DIR/sink-benchmark" ]; then
    "$BIN_DIR/sink-benchmark" "${SINK_ARGS[@]}" --output "$OUT/sink.md" > /dev/null
else
    echo "BIN_DIR=$BIN_DIR has no sink-benchmark: sink.md not written" >&2
    SINK_MD=""
fi
echo "wrote $OUT/contention.md, $OUT/contention.svg, $OUT/dictionary.svg, $OUT/latency.svg, $OUT/runs.tsv, $OUT/latency.tsv$SINK_MD${INSTRUCTION_ARGS:+, $INSTRUCTIONS}"
