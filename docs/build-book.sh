#!/usr/bin/env bash
# build-book.sh [MATRIX_SITE]: builds the book (docs/ as an mdBook, with
# `mdbook build docs`) into target/book, puts the explorer beside it under
# explorer/ (explorer/www, once explorer/build.sh has built its wasm), and
# the matrix site given (a `matrix --out` folder) under matrix/.
set -euo pipefail
cd "$(dirname "$0")/.."
mdbook build docs
if [ -d explorer/www/pkg ]; then
  rm -rf target/book/explorer
  cp -r explorer/www target/book/explorer
  echo "the explorer: target/book/explorer/index.html"
else
  echo "explorer/www/pkg is missing (run explorer/build.sh first): the book's explorer page will have no explorer" >&2
fi
if [ -n "${1:-}" ]; then
  rm -rf target/book/matrix
  cp -r "$1" target/book/matrix
  echo "the matrix site: target/book/matrix/index.html"
fi
echo "the book: target/book/index.html"
