#!/usr/bin/env bash
# Uses isolation-probe the way a user installs it: ./install.sh --static
# (the README's install: a release build with the Swift runtime linked in,
# both executables copied into a folder it creates), run from a third
# directory with an empty home and cache. It must list, explain, run the
# cases that trap and the two that link SafeBox/LoggingSink (9a, 9b: built
# from the sources the binary carries), lint a file with a loophole, and
# triage a crash report; isolation-lint and triage must run with no Swift
# runtime or toolchain in reach.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/isolation-probe-installed.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/elsewhere"

echo "== ./install.sh --static $work/bin (a folder that does not exist yet)"
start=$(date +%s)
"$repo/install.sh" --static "$work/bin" > "$work/install.log"
echo "release build: $(( $(date +%s) - start )) s"
grep -q "installed isolation-probe and isolation-lint in $work/bin" "$work/install.log" \
    || { echo "FAIL: install.sh did not say where it installed" >&2; cat "$work/install.log" >&2; exit 1; }
for tool in isolation-probe isolation-lint; do
    test -x "$work/bin/$tool" || { echo "FAIL: install.sh did not install $tool" >&2; exit 1; }
    if ldd "$work/bin/$tool" | grep -q 'libswift'; then
        echo "FAIL: $tool links the Swift runtime dynamically:" >&2; ldd "$work/bin/$tool" >&2; exit 1
    fi
done

cd "$work/elsewhere"
probe() {  # runs the installed binary with nothing of the checkout or the developer's cache in reach
    env -u ISOLATION_PROBE_CACHE_DIR -u XDG_CACHE_HOME HOME="$work/home" "$work/bin/isolation-probe" "$@"
}
expect_status() {  # $1 = expected status, rest = probe arguments; output kept in $work/out
    local want=$1; shift
    set +e
    probe "$@" > "$work/out" 2> "$work/err"
    local got=$?
    set -e
    if [ "$got" != "$want" ]; then
        echo "FAIL: isolation-probe $* exited $got, expected $want" >&2
        cat "$work/out" "$work/err" >&2
        exit 1
    fi
    echo "ok: isolation-probe $* (exit $got)"
}

expect_status 0 --version
grep -q '^isolation-probe [0-9]' "$work/out"
expect_status 0 list
grep -q 'unchecked-box' "$work/out"
expect_status 0 explain 1
grep -q 'fix' "$work/out"
expect_status 0 run 1 4 9a 9b
grep -q 'summary: 4 observation(s): 4 as expected' "$work/out"
grep -q 'from the sources this probe carries' "$work/err" || {
    echo "FAIL: the first run did not say it built SafeBox/LoggingSink" >&2; cat "$work/err" >&2; exit 1; }
expect_status 0 run 9a
if grep -q 'from the sources this probe carries' "$work/err"; then
    echo "FAIL: the libraries were built again on the second run" >&2; exit 1
fi

cat > "$work/elsewhere/Logging.swift" <<'SOURCE'
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
public enum Logging {
    private static let storage = Box<(String) -> Void>({ print($0) })
    public static var sink: (String) -> Void {
        get { storage.value }
        set { storage.value = newValue }
    }
}
SOURCE
expect_status 1 lint Logging.swift
grep -q 'Logging.swift:6:.*warning:.*\[unchecked-box-of-closure\]' "$work/out"
# isolation-lint, on a PATH with no Swift toolchain
set +e
env -i HOME="$work/home" PATH=/nonexistent "$work/bin/isolation-lint" Logging.swift > "$work/out" 2> "$work/err"
status=$?
set -e
if [ "$status" != 1 ] || ! grep -q '\[unchecked-box-of-closure\]' "$work/out"; then
    echo "FAIL: isolation-lint without a toolchain exited $status" >&2; cat "$work/out" "$work/err" >&2; exit 1
fi
echo "ok: isolation-lint Logging.swift with an empty PATH (exit 1)"

# Triage a crash the installed binary did not produce itself: case 1's run,
# as the Swift runtime's backtracer printed it.
cat > "$work/elsewhere/crash.txt" <<'REPORT'
*** Program crashed: Illegal instruction at 0x00007f3a1c0b52a2 ***

Thread 1 crashed:

0 [ra]      0x00007f3a1c0b52a2 _dispatch_assert_queue_fail + 157 in libdispatch.so
1 [ra]      0x00007f3a1c0b5204 dispatch_assert_queue + 195 in libdispatch.so
2 [ra]      0x00007f3a1c4d7c1e swift_task_isCurrentExecutorWithFlagsImpl(swift::SerialExecutorRef, swift::swift_task_is_current_executor_flag) + 301 in libswift_Concurrency.so
3 [ra]      0x000055d0c2a0b3e5 closure #1 in HostApp.init() + 52 in program at /tmp/Case_unchecked_box/UncheckedBox.swift:35:31
4 [ra]      0x000055d0c2a0b6c9 closure #1 in Uploader.flush() + 88 in program at /tmp/Case_unchecked_box/UncheckedBox.swift:24:13
REPORT
expect_status 0 triage crash.txt
grep -q 'isolation-trap' "$work/out"
grep -q 'HostApp.init' "$work/out"
env -i HOME="$work/home" PATH=/nonexistent "$work/bin/isolation-probe" triage crash.txt > "$work/out" \
    || { echo "FAIL: triage without a toolchain failed" >&2; cat "$work/out" >&2; exit 1; }
grep -q 'HostApp.init' "$work/out"
echo "ok: isolation-probe triage crash.txt with an empty PATH (exit 0)"

# Nothing may be written where the user stands; the cache is the user's.
if [ -n "$(ls -A "$work/elsewhere" | grep -Ev '^(Logging.swift|crash.txt)$')" ]; then
    echo "FAIL: the probe wrote into the current directory:" >&2; ls -la "$work/elsewhere" >&2; exit 1
fi
test -d "$work/home/.cache/isolation-probe" || { echo "FAIL: no cache in ~/.cache/isolation-probe" >&2; exit 1; }
echo "installed probe: OK"
