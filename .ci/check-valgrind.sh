#!/usr/bin/env bash
# valgrind's helgrind and DRD on a SafeBox with a pthread policy: clean when
# every access is locked, a race reported when one is not. Installs valgrind
# if needed. See Tests/Helgrind/run.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v valgrind >/dev/null; then
    SUDO=""
    [[ "$(id -u)" == 0 ]] || SUDO="sudo"
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq valgrind >/dev/null
fi
bash Tests/Helgrind/run.sh normal errorCheck
