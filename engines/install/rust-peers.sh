#!/usr/bin/env bash
# engines/install/rust-peers.sh: builds peer-gtp (crate tromp-taylor-peers, engines/rust/: the goban 0.20 and board-game 0.8 crates behind our GTP server) with cargo and copies it to engines/bin/peer-gtp.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
command -v cargo >/dev/null 2>&1 || fail "no cargo: install Rust (rustup.rs)"
ROOT="$(cd "$ENGINES/.." && pwd)"
# cargo builds only what changed (a second run takes about a second), so the
# copy is never older than the sources. CARGO_TARGET_DIR is honoured.
run_logged "cargo build --release -p tromp-taylor-peers" \
  cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml" -p tromp-taylor-peers --bin peer-gtp
target="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$target" in /*) ;; *) target="$ROOT/$target" ;; esac
[ -x "$target/release/peer-gtp" ] || fail "cargo built no $target/release/peer-gtp"
cp -f "$target/release/peer-gtp" "$BIN/peer-gtp.tmp" && mv -f "$BIN/peer-gtp.tmp" "$BIN/peer-gtp"
printf 'list_commands\nquit\n' | "$BIN/peer-gtp" --engine goban | grep -q '^is_legal$' || fail "engines/bin/peer-gtp does not answer list_commands"
