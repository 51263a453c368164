#!/usr/bin/env bash
# Model checking: installs spin if needed, then verifies the Promela models
# of the lock word and of LoggingSink's publication (Models/), and checks
# that every mutant model is rejected. See Models/check.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v spin >/dev/null; then
    if command -v apt-get >/dev/null; then
        SUDO=""
        [[ "$(id -u)" == 0 ]] || SUDO="sudo"
        $SUDO apt-get update -qq
        $SUDO apt-get install -y -qq spin >/dev/null
    else
        echo "check-models.sh: spin is not installed and apt-get is unavailable" >&2
        exit 2
    fi
fi
spin -V
bash Models/check.sh
