#!/usr/bin/env bash
# Builds the explorer's WebAssembly into explorer/www/pkg/: cargo for
# wasm32-unknown-unknown (the size-optimised `wasm` profile of the root
# Cargo.toml), then wasm-bindgen's JavaScript glue for a page (--target web).
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the version
# of the wasm-bindgen crate in Cargo.lock (README.md says how to install both).
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"
want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "wasm-bindgen $want is needed (found: ${have:-none}):" >&2
  echo "  cargo install wasm-bindgen-cli --locked --version $want" >&2
  exit 2
fi
cargo build --profile wasm --target wasm32-unknown-unknown -p tromp-taylor-explorer
rm -rf explorer/www/pkg
wasm-bindgen --target web --no-typescript --out-dir explorer/www/pkg \
  "$target_dir/wasm32-unknown-unknown/wasm/tromp_taylor_explorer.wasm"
wasm=explorer/www/pkg/tromp_taylor_explorer_bg.wasm
raw=$(wc -c < "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "explorer/www/pkg: the wasm is $raw bytes, $gz gzipped (the limit is 200 KB gzipped)"
if [ "$gz" -gt 204800 ]; then
  echo "the wasm is over 200 KB gzipped" >&2
  exit 1
fi
