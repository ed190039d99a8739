#!/bin/sh
# Instructions a turn (callgrind, marginal) of the peers bench's 19x19 light
# playouts (seeds 1 to 4): `fast` (the ten rules), `fast-ko` (simple ko, no
# suicide: the C board's very games) and the C board (fast/limit/), with
# the ratios to the C board. Deterministic: the figures of
# docs/benchmarks.md, issue 39.
#
#   fast/bench/instructions.sh          (from anywhere in the workspace)
#
# Each program runs the games R = 1 and R = 3 times under
# `valgrind --tool=callgrind`; the marginal count a turn is the difference
# of the two totals over the difference of the turns, so the start-up and
# the one-off allocations cancel out. Needs valgrind (apt-get install
# valgrind) and takes about a minute after the build.
set -eu
cd "$(dirname "$0")/../.."
cargo build -q --profile profiling -p tromp-taylor-fast --example workload
cargo build -q --profile profiling -p tromp-taylor-limit --example playout
target="${CARGO_TARGET_DIR:-target}/profiling/examples"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# memset FILE: the instructions counted in libc's memset (valgrind counts
# each byte of a `rep stosb` as an instruction: clearing a table of 16 KB
# once a game counts as 16,384).
memset() {
    callgrind_annotate "$1" 2>/dev/null |
        awk '/memset/ { gsub(",", "", $1); n += $1 } END { print n + 0 }'
}

# count NAME PROGRAM [MODE]: prints the marginal instructions a turn, and
# of them those counted in memset.
count() {
    name=$1
    shift
    for r in 1 3; do
        valgrind -q --tool=callgrind --callgrind-out-file="$out/$name.$r" \
            "$@" "$r" >"$out/$name.$r.turns"
    done
    ir1=$(sed -n 's/^summary: *//p' "$out/$name.1")
    ir3=$(sed -n 's/^summary: *//p' "$out/$name.3")
    m1=$(memset "$out/$name.1")
    m3=$(memset "$out/$name.3")
    t1=$(cat "$out/$name.1.turns")
    t3=$(cat "$out/$name.3.turns")
    echo $(( (ir3 - ir1) / (t3 - t1) )) $(( (m3 - m1) / (t3 - t1) ))
}

set -- $(count fast "$target/workload" games)
fast=$1 fast_memset=$2
set -- $(count fast-ko "$target/workload" games-ko)
ko=$1 ko_memset=$2
set -- $(count c "$target/playout")
c=$1 c_memset=$2
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo "instructions a turn, 19x19 seeds 1-4: fast=$fast fast-ko=$ko c=$c" \
    "fast/c=$(ratio "$fast" "$c") fast-ko/c=$(ratio "$ko" "$c")"
echo "of which memset (a byte of rep stosb counted as an instruction):" \
    "fast=$fast_memset fast-ko=$ko_memset c=$c_memset"
