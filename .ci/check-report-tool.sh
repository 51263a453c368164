#!/usr/bin/env bash
# The contention report as a tool:
#   1. its command line fails fast and says why: a mistyped number or a
#      missing prebuilt binary stops it with exit status 2 and a message
#      naming the option, never an hour-long report with a default nobody
#      asked for (each call gets 20 s: a report that starts anyway fails
#      here instead of running on);
#   2. `PACK=DIR ./run-report.sh` makes binaries that run where no Swift
#      toolchain is: no Swift library among their shared libraries, and
#      they start with the toolchain off the path and the library path.
#   bash .ci/check-report-tool.sh   # after `swift build -c release` in Benchmarks/
set -euo pipefail

bench=$(cd "$(dirname "$0")/../Benchmarks" && pwd)
bin="$(cd "$bench" && swift build -c release --show-bin-path)/contention-report"
[ -x "$bin" ] || { echo "no $bin: build Benchmarks first (cd Benchmarks && swift build -c release)" >&2; exit 1; }
scratch=$(mktemp -d /tmp/report-tool.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# expect_refusal WANTED-MESSAGE COMMAND...: exit status 2 and the message on stderr.
expect_refusal() {
    local wanted=$1; shift
    local status=0
    timeout 20 "$@" > /dev/null 2> "$scratch/stderr" || status=$?
    if [ "$status" != 2 ] || ! grep -qF -- "$wanted" "$scratch/stderr"; then
        echo "FAIL: $* exited $status, wanted 2 with \"$wanted\"; stderr:" >&2
        cat "$scratch/stderr" >&2
        exit 1
    fi
    echo "ok: $* -> $(head -1 "$scratch/stderr")"
}

out="$scratch/out"
expect_refusal "--runs wants whole numbers of at least 1, got '0'" "$bin" report --runs 0 --out "$out"
expect_refusal "--threads wants whole numbers of at least 1, got 'x'" "$bin" report --threads 2,x --out "$out"
expect_refusal "--threads wants whole numbers of at least 1, got ''" "$bin" report --threads 2,,8 --out "$out"
expect_refusal "--duration-ms wants whole numbers of at least 1, got '500ms'" "$bin" report --duration-ms 500ms --out "$out"
expect_refusal "BIN_DIR=$scratch/empty has no contention-report" \
    env BIN_DIR="$scratch/empty" RESULTS_DIR="$out" "$bench/run-report.sh"
[ ! -e "$out" ] || { echo "FAIL: a refused report wrote $out" >&2; exit 1; }

pack="$scratch/pack"
PACK="$pack" "$bench/run-report.sh" 2>&1 | grep -v "warning: the use of \`mktemp'" | tail -1
for product in contention-report sink-benchmark; do
    gzip -dc "$pack/$product.gz" > "$scratch/$product"
    chmod +x "$scratch/$product"
    if ldd "$scratch/$product" | grep -i swift; then
        echo "FAIL: the packed $product links a Swift library at run time" >&2
        exit 1
    fi
done
env -i PATH=/usr/bin:/bin "$scratch/contention-report" peers | grep -q '^safebox' \
    || { echo "FAIL: the packed contention-report does not list its peers without the toolchain" >&2; exit 1; }
env -i PATH=/usr/bin:/bin "$scratch/contention-report" quick safebox 2 0 20 | grep -q 'ns/op' \
    || { echo "FAIL: the packed contention-report does not run a contended measurement without the toolchain" >&2; exit 1; }
echo "ok: PACK=DIR ./run-report.sh: $(cat "$pack/toolchain.txt"), no Swift library at run time, runs without the toolchain"
