#!/usr/bin/env bash
# engines/install/tenuki.sh: installs tenuki (npm, the version pinned in engines/node/tenuki/package.json) into engines/node/tenuki/node_modules and checks its adapter answers.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
npm_folder_install tenuki tenuki
answer="$(printf 'name\nquit\n' | timeout 60 node "$ENGINES/node/tenuki_gtp.js" 2>/dev/null | head -n 1)"
case "$answer" in
  "= tenuki"*) ;;
  *) fail "tenuki_gtp.js did not start (answered: ${answer:-nothing})" ;;
esac
