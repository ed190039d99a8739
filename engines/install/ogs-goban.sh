#!/usr/bin/env bash
# engines/install/ogs-goban.sh: installs OGS's goban (npm, the version pinned in engines/node/package.json) into engines/node/node_modules.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
command -v node >/dev/null 2>&1 || fail "no node: install Node.js (Debian's nodejs) to audit OGS goban"
command -v npm >/dev/null 2>&1 || fail "no npm: install npm to audit OGS goban"
want="$(node -p "require('$ENGINES/node/package.json').dependencies.goban")"
have="$(node -p "try { require('$ENGINES/node/node_modules/goban/package.json').version } catch (e) { '' }")"
if [ "$have" != "$want" ]; then
  (cd "$ENGINES/node" && run_logged "npm ci (goban $want)" npm ci --no-audit --no-fund --omit=dev)
fi
answer="$(printf 'name\nquit\n' | timeout 60 node "$ENGINES/node/ogs_gtp.js" 2>/dev/null | sed -n 1p)"
case "$answer" in
  "= OGS goban"*) ;;
  *) fail "ogs_gtp.js did not start (answered: ${answer:-nothing})" ;;
esac
