#!/usr/bin/env bash
# engines/install/openspiel.sh: installs OpenSpiel 2.0.2 (PyPI `open-spiel`, its CPython wheel) into engines/bin/venv-openspiel and checks the GTP adapter starts.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
venv_install openspiel open-spiel==2.0.2 pyspiel
# The whole answer first, then its first line: `| head -n 1` under pipefail could fail the script silently.
answer="$(printf 'name\nquit\n' | timeout 60 "$BIN/venv-openspiel/bin/python" "$ENGINES/python/openspiel_gtp.py" 2>/dev/null || true)"
answer="${answer%%$'\n'*}"
case "$answer" in
  "= OpenSpiel"*) ;;
  *) fail "openspiel_gtp.py did not start (answered: ${answer:-nothing})" ;;
esac
