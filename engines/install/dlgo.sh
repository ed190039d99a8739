#!/usr/bin/env bash
# engines/install/dlgo.sh: installs dlgo 0.2 (PyPI, --no-deps: its goboard and scoring need nothing else) into engines/bin/python.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
python_venv
if "$BIN/python/bin/python" -c 'import dlgo.goboard, dlgo.scoring' 2>/dev/null; then exit 0; fi
run_logged "pip install dlgo==0.2" "$BIN/python/bin/pip" install -q --no-deps dlgo==0.2
"$BIN/python/bin/python" -c 'import dlgo.goboard, dlgo.scoring' 2>/dev/null || fail "dlgo installed but dlgo.goboard does not import"
