#!/usr/bin/env bash
# engines/install/dlgo.sh: installs dlgo 0.2 (PyPI, --no-deps: its goboard and scoring need nothing else) into engines/bin/python.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
pip_install dlgo==0.2 "dlgo.goboard, dlgo.scoring"
