#!/usr/bin/env bash
# engines/install/wgo.sh: installs WGo.js (npm `wgo`, the version pinned in engines/node/wgo/package.json) into engines/node/wgo/node_modules.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
npm_folder_install wgo wgo
answer="$(printf 'name\nquit\n' | timeout 60 node "$ENGINES/node/wgo_gtp.js" 2>/dev/null | sed -n 1p)"
case "$answer" in
  "= WGo.js"*) ;;
  *) fail "wgo_gtp.js did not start (answered: ${answer:-nothing})" ;;
esac
