#!/usr/bin/env bash
# valgrind's thread checkers against a SafeBox with a pthread policy:
#   - the stress program with every access inside the box must be clean;
#   - the same program with a deliberately unguarded counter (--race) must
#     be reported as a data race.
# Helgrind and DRD each run both, for the pthread kinds given (default:
# normal and errorCheck).
#
#   bash Tests/Helgrind/run.sh [kind ...]
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "run.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift build -c release --product pthread-policy-stress >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
# valgrind 3.19 cannot read the DWARF 5 the Swift compiler emits ("unhandled
# dwarf2 abbrev form code 0x25 ... I can't recover"): run a copy without it.
binary="$work/pthread-policy-stress"
cp "$(swift build -c release --show-bin-path)/pthread-policy-stress" "$binary"
strip --strip-debug "$binary"

kinds=("$@")
(( ${#kinds[@]} > 0 )) || kinds=(normal errorCheck)
failures=0

check() {  # tool kind clean|race
    local tool="$1" kind="$2" mode="$3" log="$work/$1-$2-$3.log"
    local args=("$kind")
    [[ "$mode" == race ]] && args+=(--race)
    valgrind --tool="$tool" "$binary" "${args[@]}" >"$log" 2>&1 || true
    local errors races
    errors="$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$log" | tail -1)"
    races="$(grep -cE 'Possible data race|Conflicting (load|store)' "$log" || true)"
    if [[ "$mode" == clean && "$errors" == 0 ]] && grep -q "increments" "$log"; then
        echo "ok    $tool pthread($kind): 0 errors"
    elif [[ "$mode" == race && "$races" -gt 0 ]]; then
        echo "ok    $tool pthread($kind) --race: the unguarded counter is reported ($errors errors)"
    else
        echo "FAIL  $tool pthread($kind) $mode: errors=${errors:-?}, race reports=$races"
        sed -n '1,60p' "$log"
        failures=$((failures + 1))
    fi
}

for kind in "${kinds[@]}"; do
    for tool in helgrind drd; do
        check "$tool" "$kind" clean
        check "$tool" "$kind" race
    done
done
(( failures == 0 )) || { echo "run.sh: $failures check(s) failed" >&2; exit 1; }
echo "run.sh: helgrind and DRD find the pthread-backed SafeBox clean and catch the unguarded access"
