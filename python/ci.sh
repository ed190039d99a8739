#!/usr/bin/env bash
# The Python package's CI: its Rust gates (it is outside the root workspace,
# so the root's fmt, clippy and doc do not see it), then a fresh venv with
# maturin, pytest and mypy from PyPI, a release wheel built by maturin and
# installed there, its sdist, its type stubs checked against it (stubtest), and the
# tests of python/tests. Exits non-zero on any
# failure. Run from anywhere: bash python/ci.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"

step() { printf '\n== python: %s\n' "$*"; }
started=$SECONDS

step "cargo fmt --check (python/)"
cargo fmt --manifest-path Cargo.toml -- --check

step "cargo clippy (python/)"
cargo clippy --manifest-path Cargo.toml --all-targets -- -D warnings

step "cargo doc (python/, warnings denied)"
RUSTDOCFLAGS="-D warnings" cargo doc --manifest-path Cargo.toml --no-deps

step "a venv with maturin and pytest"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if ! python3 -m venv "$work/venv" 2>/dev/null; then
  # Debian splits venv (and its ensurepip) into python3-venv.
  if command -v apt-get >/dev/null 2>&1; then
    (apt-get update && apt-get install -y python3-venv) >/dev/null 2>&1 || true
  fi
  python3 -m venv "$work/venv"
fi
"$work/venv/bin/python" -m pip install -q --upgrade pip
"$work/venv/bin/python" -m pip install -q maturin pytest "mypy==2.4.1"

step "maturin build --release --locked"
# --locked: the wheel is built from python/Cargo.lock (pyo3 0.30.1 and the
# rest), as committed; a lock file out of step with Cargo.toml fails here.
"$work/venv/bin/maturin" build --release --locked --out "$work/wheels"
"$work/venv/bin/python" -m pip install -q "$work"/wheels/*.whl

step "maturin sdist (what release.yml uploads besides the wheels)"
"$work/venv/bin/maturin" sdist --out "$work/sdist"
ls "$work"/sdist/*.tar.gz

step "the type stubs against the module (mypy's stubtest)"
(cd "$work" && "$work/venv/bin/python" -m mypy.stubtest tromp_taylor --ignore-disjoint-bases \
  --allowlist "$here/stubtest-allowlist.txt")

step "pytest"
# The tests import the installed wheel, not the sources.
(cd "$here" && "$work/venv/bin/python" -m pytest -q tests)

echo "python/ci.sh took $(( SECONDS - started )) s"
