#!/usr/bin/env bash
# engines/install/pettingzoo-go.sh: installs PettingZoo 1.27.0 (PyPI) with what its go_v5 imports (numpy, gymnasium, pygame-ce, pinned) into engines/bin/venv-pettingzoo, then checks the adapter answers.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
# go_v5 needs pettingzoo's own dependencies (numpy, gymnasium) and pygame, which
# pettingzoo/classic/go/go.py imports at the top; the rest of the "classic"
# extra (chess, rlcard, shimmy, open_spiel) is for other games and not installed.
venv_install pettingzoo numpy==2.4.6 numpy
venv_install pettingzoo gymnasium==1.4.0 gymnasium
venv_install pettingzoo pygame-ce==2.5.8 pygame
venv_install pettingzoo pettingzoo==1.27.0 "pettingzoo.classic.go_v5"
# The whole answer is read (no `head`: a reader that stops early would break the
# adapter's pipe, and pipefail would fail the script without a word).
err="$(mktemp)"
out="$(printf 'name\nquit\n' | timeout 60 "$BIN/venv-pettingzoo/bin/python" "$ENGINES/python/pettingzoo_gtp.py" 2>"$err" || true)"
answer="${out%%$'\n'*}"
said="$(grep -v '^[[:space:]]*$' "$err" | tail -n 1 || true)"
rm -f "$err"
case "$answer" in
  "= PettingZoo go_v5"*) ;;
  *) fail "pettingzoo_gtp.py did not start (answered: ${answer:-nothing}${said:+; said: $said})" ;;
esac
