#!/usr/bin/env bash
# engines/install/sabaki-go-board.sh: installs Sabaki's board (npm `@sabaki/go-board`, the version pinned in engines/node/sabaki/package.json) into engines/node/sabaki/node_modules and checks its adapter answers.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
npm_folder_install sabaki @sabaki/go-board
answer="$(printf 'name\nquit\n' | timeout 60 node "$ENGINES/node/sabaki_gtp.js" 2>/dev/null | head -n 1)"
case "$answer" in
  "= Sabaki go-board"*) ;;
  *) fail "sabaki_gtp.js did not start (answered: ${answer:-nothing})" ;;
esac
