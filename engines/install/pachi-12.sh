#!/usr/bin/env bash
# engines/install/pachi-12.sh: builds Pachi 12.90 from its git tag pachi-12.90 (github.com/pasky/pachi), without the neural networks, into engines/bin/pachi-12/pachi.
#
#   bash engines/install/pachi-12.sh                        clones the tag from GitHub
#   PACHI_SRC=/path/to/pachi bash engines/install/pachi-12.sh   builds a tree already at that tag
set -euo pipefail
. "$(dirname "$0")/lib.sh"
out="$BIN/pachi-12/pachi"
pachi_ready "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -n "${PACHI_SRC:-}" ]; then
  [ -f "$PACHI_SRC/Makefile" ] || fail "PACHI_SRC=$PACHI_SRC is not a Pachi tree (no Makefile)"
  cp -r "$PACHI_SRC" "$work/pachi"
  if [ ! -d "$work/pachi/.git" ]; then
    # Its Makefile reads the branch and hash from .git: a tree written out
    # without one says the tag instead.
    mkdir -p "$work/pachi/.git"
    touch -d '1 minute ago' "$work/pachi/.git/HEAD" "$work/pachi/.git/index"
    printf '#define PACHI_GIT_BRANCH   "pachi-12.90"\n#define PACHI_GIT_HASH     "pachi-12.90"\n' > "$work/pachi/build.h.git"
  fi
else
  command -v git >/dev/null 2>&1 || apt_install git ca-certificates
  run_logged "git clone pachi-12.90" git clone -q --depth 1 --branch pachi-12.90 https://github.com/pasky/pachi "$work/pachi"
fi
# DCNN=0: no Caffe; JOSEKIFIX=0: no joseki-fix data. Only -e random's board is audited.
run_logged "make (Pachi 12.90)" make -C "$work/pachi" -j2 DCNN=0 JOSEKIFIX=0
mkdir -p "$BIN/pachi-12"
cp "$work/pachi/pachi" "$out.tmp"
mv "$out.tmp" "$out"
"$out" -e random </dev/null >/dev/null 2>&1 || fail "the built pachi does not run"
