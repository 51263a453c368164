#!/usr/bin/env bash
# Compiles the C shims (Sources/CPThreadShim, Sources/CLoggingSinkSupport)
# for Linux on arm64 with the toolchain's clang and Debian's arm64 cross
# headers, both with the futex and with the parking lot that platforms
# without a futex use. This checks only that the C compiles, warning-free:
# no Swift is built for arm64 and nothing runs (no arm64 Swift SDK or
# machine is available here). See Sources/SafeBox/SafeBox.docc/Platforms.md.
#
#   bash .ci/check-c-shims-arm64.sh
set -euo pipefail
cd "$(dirname "$0")/.."

sysroot=/usr/aarch64-linux-gnu
if [[ ! -f "$sysroot/include/pthread.h" || ! -f "$sysroot/include/linux/futex.h" ]]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libc6-dev-arm64-cross linux-libc-dev-arm64-cross
fi

objects="$(mktemp -d)"
trap 'rm -rf "$objects"' EXIT
for variant in futex parking-lot; do
    defines=()
    [[ "$variant" == parking-lot ]] && defines=(-DCPTS_USE_PARKING_LOT)
    for source in Sources/CPThreadShim/*.c Sources/CLoggingSinkSupport/*.c; do
        clang --target=aarch64-linux-gnu --sysroot="$sysroot" -isystem "$sysroot/include" \
            -std=gnu11 -O2 -Wall -Wextra -Werror "${defines[@]}" \
            -I Sources/CPThreadShim/include -I Sources/CLoggingSinkSupport/include \
            -c "$source" -o "$objects/$(basename "$source" .c).o"
    done
    echo "arm64 C shims ($variant): compiled"
done
