#!/bin/bash -eu
# build.sh: builds every cargo-fuzz target of fuzz/ for ClusterFuzzLite or
# OSS-Fuzz, and leaves in $OUT, per target: the binary, its seed corpus
# (TARGET_seed_corpus.zip, from fuzz/corpus/TARGET) and its dictionary
# (TARGET.dict, from fuzz/dict). $SRC is where the repository is checked out
# (as the Dockerfile copies it: $SRC/tromp-taylor); $OUT is where the fuzzers
# go. Run it by hand the same way:
#
#   SRC=/path/to/parent OUT=$(mktemp -d) bash .clusterfuzzlite/build.sh
#
# On OSS-Fuzz's image the default toolchain is nightly and RUSTFLAGS and
# CARGO_BUILD_TARGET carry the sanitizer; elsewhere `cargo +nightly` is used.

cd "$SRC/tromp-taylor/fuzz"
if rustc --version | grep -q nightly; then
  fuzz=(cargo fuzz)
else
  fuzz=(cargo +nightly fuzz)
fi
"${fuzz[@]}" build -O
triple=${CARGO_BUILD_TARGET:-$(rustc -vV | sed -n 's/^host: //p')}
built="target/$triple/release"

# A target reads the dictionary of what it parses: its own when there is
# one, SGF's for `parsers` (it reads SGF among other things), none else.
dictionary_of() {
  case "$1" in
    parsers) echo dict/sgf.dict ;;
    *) if [ -f "dict/$1.dict" ]; then echo "dict/$1.dict"; fi ;;
  esac
}

count=0
for target in $("${fuzz[@]}" list); do
  cp "$built/$target" "$OUT/$target"
  if [ -d "corpus/$target" ]; then
    (cd "corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
  dict=$(dictionary_of "$target")
  if [ -n "$dict" ]; then
    cp "$dict" "$OUT/$target.dict"
  fi
  count=$((count + 1))
done
echo "build.sh: $count fuzz targets in $OUT"
