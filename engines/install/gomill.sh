#!/usr/bin/env bash
# engines/install/gomill.sh: installs gomill 0.8.3 (PyPI) into engines/bin/python.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
pip_install gomill==0.8.3 gomill.boards
