#!/usr/bin/env bash
# engines/install/leela-zero.sh: installs Leela Zero 0.17 (Debian's leela-zero) and writes the tiny all-zero network it needs (engines/bin/leelaz/tiny-network.txt).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ -x /usr/games/leelaz ] || apt_install leela-zero
[ -x /usr/games/leelaz ] || fail "leela-zero installed but /usr/games/leelaz is missing"
net="$BIN/leelaz/tiny-network.txt"
if [ ! -s "$net" ]; then
  mkdir -p "$BIN/leelaz"
  run_logged "make_tiny_net.py" python3 "$ENGINES/leelaz/make_tiny_net.py" "$net.tmp"
  mv "$net.tmp" "$net"
fi
# It must load and answer on CPU.
answer="$(printf 'name\nquit\n' | timeout 60 /usr/games/leelaz --gtp --cpu-only --noponder -t 1 -q -w "$net" 2>/dev/null | sed -n 1p)"
[ "$answer" = "= Leela Zero" ] || fail "leelaz did not start with the tiny network (answered: ${answer:-nothing})"
