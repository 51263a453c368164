#!/usr/bin/env bash
# Builds isolation-probe and isolation-lint in release mode and installs
# both into one folder, creating it:
#
#   ./install.sh                  # into ~/.local/bin
#   ./install.sh /usr/local/bin   # or any folder
#   ./install.sh --static DIR     # Swift runtime linked in (--static-swift-stdlib), for machines without it
#
# What needs a Swift toolchain on PATH at run time: `isolation-probe` with no
# command, `run`, `matrix` (swiftc compiles the cases) and `detect` (builds
# and runs your program). `lint`, `isolation-lint`, `triage` (which demangles
# with `swift demangle` when it is there), `list` and `explain` need none;
# built with --static they run on a machine with no Swift at all.
set -euo pipefail

static=()
if [ "${1:-}" = "--static" ]; then
    static=(--static-swift-stdlib)
    shift
fi
destination=${1:-"$HOME/.local/bin"}
repo=$(cd "$(dirname "$0")" && pwd)
cd "$repo"

for product in isolation-probe isolation-lint; do
    echo "== swift build -c release ${static[*]} --product $product" >&2
    swift build -c release "${static[@]}" --product "$product" >&2
done
bin=$(swift build -c release "${static[@]}" --show-bin-path)
mkdir -p "$destination"
for product in isolation-probe isolation-lint; do
    install -m 755 "$bin/$product" "$destination/$product"
done
destination=$(cd "$destination" && pwd)
echo "installed isolation-probe and isolation-lint in $destination"
case ":$PATH:" in
    *":$destination:"*) ;;
    *) echo "$destination is not on your PATH; add it, e.g.: export PATH=\"$destination:\$PATH\"" ;;
esac
