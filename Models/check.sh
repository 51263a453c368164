#!/usr/bin/env bash
# Model-checks the Promela models in this folder with spin: every real
# configuration must verify with no errors, and every mutant (a model with
# one deliberate protocol bug, selected by -DMUTANT_...) must be rejected.
#
#   bash Models/check.sh            # all of it (CI: .ci/check-models.sh)
#   KEEP=1 bash Models/check.sh     # keep the work folder (trails) for spin -t
#
# Each run is an exhaustive safety search (pan -DSAFETY): assertions and
# invalid end states (a process blocked for ever = deadlock or lost wake-up).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v spin >/dev/null || { echo "check.sh: spin is not installed (apt-get install spin)" >&2; exit 2; }
work="$(mktemp -d)"
[[ -n "${KEEP:-}" ]] || trap 'rm -rf "$work"' EXIT
failures=0

# verify MODEL EXPECT DEFINES...: EXPECT is "pass" or "fail".
verify() {
    local model="$1" expect="$2"; shift 2
    local dir="$work/$(basename "$model" .pml)$(printf '%s' "$*" | tr -c 'A-Za-z0-9_=' '_')"
    mkdir -p "$dir"
    cp "$here/$model" "$dir/"
    local result errors
    (cd "$dir" && spin -a "$@" "$model" >spin.log 2>&1 && cc -O2 -DSAFETY -DCOLLAPSE -o pan pan.c 2>cc.log \
        && ./pan -m1000000 >pan.log 2>&1) || true
    if [[ ! -f "$dir/pan.log" ]]; then
        echo "FAIL  $model $* : did not build (see $dir/spin.log, cc.log)"; failures=$((failures + 1)); return
    fi
    errors="$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$dir/pan.log")"
    local states; states="$(sed -n 's/^ *\([0-9.e+]*\) states, stored.*/\1/p' "$dir/pan.log")"
    if grep -q "max search depth too small" "$dir/pan.log"; then
        echo "FAIL  $model $* : search depth too small, the search was incomplete"; failures=$((failures + 1)); return
    fi
    local what; what="$(grep -m1 -oE 'assertion violated.*|invalid end state.*' "$dir/pan.log" || true)"
    if [[ "$expect" == pass && "$errors" == 0 ]]; then
        echo "ok    $model $* : verified, $states states"
    elif [[ "$expect" == fail && "$errors" != 0 && -n "$errors" ]]; then
        echo "ok    $model $* : rejected as it must be ($what)"
    else
        echo "FAIL  $model $* : expected $expect, got errors=${errors:-?} ${what}"; failures=$((failures + 1))
    fi
}

echo "== lock word (Sources/CPThreadShim/cpts_lock.c)"
# Two threads for two rounds each (a thread can starve, request, be served
# and come back), three threads for one round (a requester among two
# others); three threads for two rounds is beyond a few GB of states.
for policy in ADAPTIVE PLAIN CHECKED_POLICY; do
    verify lock-word.pml pass -DTHREADS=2 -DPOLICY=$policy
    verify lock-word.pml pass -DTHREADS=3 -DROUNDS=1 -DPOLICY=$policy
    verify lock-word.pml pass -DTHREADS=3 -DROUNDS=1 -DPOLICY=$policy -DPARKING_LOT
done
# The engine study's compare-exchange release.
verify lock-word.pml pass -DTHREADS=2 -DPOLICY=ADAPTIVE -DCAS_RELEASE
verify lock-word.pml pass -DTHREADS=3 -DROUNDS=1 -DPOLICY=ADAPTIVE -DCAS_RELEASE
# One mutant per property (some properties have two), each in the
# configuration that can show it.
verify lock-word.pml fail -DTHREADS=2 -DPOLICY=ADAPTIVE -DMUTANT_CLAIM_WHILE_HELD      # P1 mutual exclusion
verify lock-word.pml fail -DTHREADS=2 -DPOLICY=PLAIN -DMUTANT_NO_WAKE                  # P2 lost wake-up
verify lock-word.pml fail -DTHREADS=2 -DPOLICY=PLAIN -DMUTANT_NO_PARKED_MARK           # P2 lost wake-up
verify lock-word.pml fail -DTHREADS=3 -DROUNDS=1 -DPOLICY=PLAIN -DMUTANT_CLEAR_MARK_WHEN_HELD  # P2 lost wake-up
verify lock-word.pml fail -DTHREADS=2 -DPOLICY=ADAPTIVE -DMUTANT_NO_GRANT              # P2 requester never woken
verify lock-word.pml fail -DTHREADS=2 -DPOLICY=ADAPTIVE -DMUTANT_NO_WITHDRAW           # P3 nothing left behind
verify lock-word.pml fail -DTHREADS=2 -DPOLICY=ADAPTIVE -DMUTANT_DEADLINE_BEFORE_CLAIM # P3 timed give-up
verify lock-word.pml fail -DTHREADS=2 -DPOLICY=CHECKED_POLICY -DMUTANT_OWNER_KEPT      # P4 checked owner
verify lock-word.pml fail -DTHREADS=2 -DPOLICY=CHECKED_POLICY -DMUTANT_OWNER_BLIND_CLEAR  # P4 checked owner (inline release)
verify lock-word.pml fail -DTHREADS=2 -DPOLICY=ADAPTIVE -DMUTANT_BARGE_PAST_FAIR       # P5 starving waiter served
verify lock-word.pml fail -DTHREADS=2 -DPOLICY=ADAPTIVE -DMUTANT_SPIN_GUESS_KEEPS_FAIR # P5 starving waiter served (the spin's guess)
verify lock-word.pml fail -DTHREADS=3 -DROUNDS=1 -DPOLICY=ADAPTIVE -DMUTANT_RELEASE_EXCHANGE  # P2 (a blind exchange drops the PARKED and FAIR marks)

echo "== condition waits (cpts_lock_wait / cpts_lock_notify_all)"
verify condition-wait.pml pass -DPAIRS=1
verify condition-wait.pml pass -DPAIRS=2
verify condition-wait.pml pass -DPAIRS=2 -DUNTIMED
verify condition-wait.pml fail -DPAIRS=2 -DMUTANT_NOTIFY_NO_BUMP         # P1 lost wake-up
verify condition-wait.pml fail -DPAIRS=2 -DMUTANT_COUNT_AFTER_RELEASE    # P1 lost wake-up
verify condition-wait.pml fail -DPAIRS=2 -DMUTANT_NOTIFY_ONLY_IF_FREE   # P1 lost wake-up

echo "== LoggingSink publication (Sources/LoggingSink/Internal/Publication.swift)"
verify publication.pml pass -DREADERS=1
verify publication.pml pass -DREADERS=2 -DMESSAGES=1
verify publication.pml pass -DREADERS=2 -DREPLACEMENTS=2
verify publication.pml pass -DREADERS=2 -DMESSAGES=1 -DREADER_FENCE
verify publication.pml fail -DREADERS=1 -DMUTANT_NO_RECHECK -DNO_LEAK_CHECK        # P1 use after free
verify publication.pml fail -DREADERS=1 -DMUTANT_NO_FENCE -DNO_LEAK_CHECK          # P1 use after free
verify publication.pml fail -DREADERS=1 -DMUTANT_SCAN_BEFORE_SWAP -DNO_LEAK_CHECK  # P1 use after free
verify publication.pml fail -DREADERS=1 -DMUTANT_CALL_BOTH                         # P2 exactly one handler
verify publication.pml fail -DREADERS=1 -DMUTANT_NEVER_RECLAIM                     # P3 nothing leaks

if (( failures > 0 )); then
    echo "check.sh: $failures check(s) failed" >&2
    exit 1
fi
echo "check.sh: all models verified and all mutants rejected"
