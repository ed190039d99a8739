#!/usr/bin/env bash
# fuzz/to_regression.sh: turns a fuzz crash into a regression case, in one
# command, so that `cargo test` replays it from then on:
#
#   bash fuzz/to_regression.sh TARGET ARTIFACT NAME "CAUSE"
#
# differential, fast_invariants: the input's Debug is its game's SGF
#   (`cargo fuzz fmt`); it is written to testdata/regressions/NNNN-NAME.sgf
#   with C[cause: CAUSE] in its root, where tests/regressions.rs replays
#   it on spec and fast.
# every other target: the input itself is copied to
#   fuzz/corpus/TARGET/seed-regression-NAME, where tests/fuzz_corpus.rs
#   runs it through the target's checks on stable Rust (and the fuzzer
#   starts from it).
#
# Then fix the bug: until then the new test fails, which is the point.
set -euo pipefail
if [ $# -ne 4 ]; then
  sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
target=$1 artifact=$2 name=$3 cause=$4
root=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -f "$artifact" ]; then
  echo "to_regression.sh: $artifact: no such file" >&2; exit 2
fi
if [ ! -f "$root/fuzz/fuzz_targets/$target.rs" ]; then
  echo "to_regression.sh: $target: no such fuzz target (fuzz/fuzz_targets/)" >&2; exit 2
fi
case "$name" in
  *[!a-z0-9-]*|"") echo "to_regression.sh: NAME: lower-case letters, digits and dashes" >&2; exit 2 ;;
esac
case "$cause" in
  *"]"*|"") echo "to_regression.sh: CAUSE: a sentence without ]" >&2; exit 2 ;;
esac
case "$target" in
  differential|fast_invariants)
    if rustc --version | grep -q nightly; then fuzz=(cargo fuzz); else fuzz=(cargo +nightly fuzz); fi
    artifact=$(cd "$(dirname "$artifact")" && pwd)/$(basename "$artifact")
    sgf=$(cd "$root/fuzz" && "${fuzz[@]}" fmt "$target" "$artifact" 2>&1 | grep '^(;' || true)
    if [ -z "$sgf" ]; then
      echo "to_regression.sh: cargo fuzz fmt printed no SGF for $artifact" >&2; exit 1
    fi
    last=$(ls "$root/testdata/regressions" | sed -n 's/^\([0-9]\{4\}\)-.*/\1/p' | sort | tail -n 1)
    next=$(printf '%04d' $((10#${last:-0} + 1)))
    file="$root/testdata/regressions/$next-$name.sgf"
    printf '%s\n' "(;C[cause: fuzz target $target: $cause]${sgf#(;}" > "$file"
    echo "written: ${file#$root/}"
    ;;
  *)
    file="$root/fuzz/corpus/$target/seed-regression-$name"
    cp "$artifact" "$file"
    echo "written: ${file#$root/}"
    ;;
esac
