#!/usr/bin/env bash
# engines/install/tromp-taylor.sh: makes sure the project's own binary is built at target/release/tromp-taylor (the path the manifest names).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
bin="$ENGINES/../target/release/tromp-taylor"
[ -x "$bin" ] && exit 0
command -v cargo >/dev/null 2>&1 || fail "no cargo: build tromp-taylor with cargo build --release"
# The manifest names target/release, so build there whatever CARGO_TARGET_DIR says.
(cd "$ENGINES/.." && run_logged "cargo build --release" env -u CARGO_TARGET_DIR cargo build --release -q)
[ -x "$bin" ] || fail "cargo build --release left no target/release/tromp-taylor"
