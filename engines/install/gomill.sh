#!/usr/bin/env bash
# engines/install/gomill.sh: installs gomill 0.8.3 (PyPI) into engines/bin/python.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
python_venv
if "$BIN/python/bin/python" -c 'import gomill.boards' 2>/dev/null; then exit 0; fi
run_logged "pip install gomill==0.8.3" "$BIN/python/bin/pip" install -q --no-deps gomill==0.8.3
"$BIN/python/bin/python" -c 'import gomill.boards' 2>/dev/null || fail "gomill installed but gomill.boards does not import"
