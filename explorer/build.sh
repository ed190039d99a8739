#!/usr/bin/env bash
# Builds the explorer's WebAssembly into explorer/www/pkg/ (or OUT_DIR/pkg/,
# with the page's files copied beside it): cargo for wasm32-unknown-unknown
# (the size-optimised `wasm` profile of the root Cargo.toml), then
# wasm-bindgen's JavaScript glue for a page (--target web), and pkg/config.js,
# which says where the page links the rules: EXPLORER_RULES_URL, by default
# the published book's rules page (the book, docs/build-book.sh, sets
# ../rules.html, its own page beside the explorer's folder).
# Usage: explorer/build.sh [OUT_DIR]
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at the version
# of the wasm-bindgen crate in Cargo.lock (README.md says how to install both).
set -euo pipefail
cd "$(dirname "$0")/.."
rules_url="${EXPLORER_RULES_URL:-https://tromp-taylor.github.io/tromp-taylor/rules.html}"
out="${1:-explorer/www}"
target_dir="${CARGO_TARGET_DIR:-target}"
want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "wasm-bindgen $want is needed (found: ${have:-none}):" >&2
  echo "  cargo install wasm-bindgen-cli --locked --version $want" >&2
  exit 2
fi
case "$rules_url" in
  *'"'* | *'\'* | *'<'* | *$'\n'*) echo "EXPLORER_RULES_URL cannot hold \", \\, < or a newline" >&2; exit 2 ;;
esac
cargo build --profile wasm --target wasm32-unknown-unknown -p tromp-taylor-explorer
if [ "$out" != explorer/www ]; then
  mkdir -p "$out"
  cp explorer/www/index.html explorer/www/explorer.js explorer/www/explorer.css "$out"/
fi
rm -rf "$out/pkg"
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section --out-dir "$out/pkg" \
  "$target_dir/wasm32-unknown-unknown/wasm/tromp_taylor_explorer.wasm"
cat > "$out/pkg/config.js" <<JS
// Written by explorer/build.sh: where the page links the rules (EXPLORER_RULES_URL).
export const RULES_URL = "$rules_url";
JS
wasm="$out/pkg/tromp_taylor_explorer_bg.wasm"
raw=$(wc -c < "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "$out/pkg: the wasm is $raw bytes, $gz gzipped (the limit is 200,000 bytes gzipped); the rules at $rules_url"
if [ "$gz" -gt 200000 ]; then
  echo "the wasm is over 200,000 bytes gzipped" >&2
  exit 1
fi
