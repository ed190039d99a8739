#!/usr/bin/env bash
# build-book.sh [MATRIX_SITE]: builds the book (docs/ as an mdBook, with
# `mdbook build docs`) into target/book, puts the explorer beside it under
# explorer/ (explorer/build.sh target/book/explorer, its rule links set to
# the book's own rules page, ../rules.html), and the matrix site given (a
# `matrix --out` folder) under matrix/.
set -euo pipefail
cd "$(dirname "$0")/.."
mdbook build docs
rm -rf target/book/explorer
EXPLORER_RULES_URL=../rules.html bash explorer/build.sh target/book/explorer
echo "the explorer: target/book/explorer/index.html"
if [ -n "${1:-}" ]; then
  rm -rf target/book/matrix
  cp -r "$1" target/book/matrix
  echo "the matrix site: target/book/matrix/index.html"
fi
echo "the book: target/book/index.html"
