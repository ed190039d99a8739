#!/usr/bin/env bash
# engines/install/gnugo.sh: installs GNU Go 3.8 (Debian's gnugo) unless /usr/games/gnugo is there.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ -x /usr/games/gnugo ] && exit 0
apt_install gnugo
[ -x /usr/games/gnugo ] || fail "gnugo installed but /usr/games/gnugo is missing"
