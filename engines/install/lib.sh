# engines/install/lib.sh: shared helpers of the install scripts (sourced, not run): where things go, quiet apt-get and pip, one-line failures.
# The folder engines/ and engines/bin/ (gitignored: what is built or downloaded).
ENGINES="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="$ENGINES/bin"
mkdir -p "$BIN"

# fail MESSAGE: print one line on standard error and exit 1 (all.sh shows it as the reason).
fail() {
  echo "$*" >&2
  exit 1
}

# run_logged WHAT CMD...: runs CMD with its output in a log; on failure, fails
# with WHAT and the log's last line.
run_logged() {
  local what="$1"
  shift
  local log
  log="$(mktemp)"
  if ! "$@" >"$log" 2>&1; then
    local last
    # npm's first error after its code (not its pointer to its own log);
    # for anything else, the last line that says something.
    last="$(grep -e '^npm error' "$log" | grep -v -e '^npm error code ' -e 'complete log of this run' | sed -n 1p || true)"
    [ -n "$last" ] || last="$(grep -v '^\s*$' "$log" | tail -n 1)"
    rm -f "$log"
    fail "$what failed: $last"
  fi
  rm -f "$log"
}

# apt_install PACKAGE...: Debian packages, with `apt-get update` at most once a day.
apt_install() {
  command -v apt-get >/dev/null 2>&1 || fail "no apt-get here: install $* by hand"
  local stamp=/var/lib/apt/periodic/tromp-taylor-engines-update
  if [ ! -f "$stamp" ] || [ -n "$(find "$stamp" -mmin +1440 2>/dev/null)" ]; then
    run_logged "apt-get update" apt-get update
    mkdir -p "$(dirname "$stamp")" && touch "$stamp"
  fi
  run_logged "apt-get install $*" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"
}

# python_venv: a virtual environment in engines/bin/python for the Python engines.
python_venv() {
  command -v python3 >/dev/null 2>&1 || fail "no python3"
  if [ ! -x "$BIN/python/bin/python" ]; then
    run_logged "python3 -m venv" python3 -m venv "$BIN/python"
  fi
}

# pip_install SPEC MODULES: pip-installs SPEC (`name==version`, --no-deps) into
# engines/bin/python unless MODULES (as `import` takes them) already import
# there; fails if they still do not import afterwards.
pip_install() {
  local spec="$1" modules="$2"
  python_venv
  if "$BIN/python/bin/python" -c "import $modules" 2>/dev/null; then return 0; fi
  run_logged "pip install $spec" "$BIN/python/bin/pip" install -q --no-deps "$spec"
  "$BIN/python/bin/python" -c "import $modules" 2>/dev/null || fail "${spec%%==*} installed but $modules does not import"
}

# pachi_ready OUT: exits 0 (the install is done) when OUT is a Pachi that
# runs; otherwise makes sure a C compiler and make are there to build one.
pachi_ready() {
  if [ -x "$1" ] && "$1" -e random </dev/null >/dev/null 2>&1; then
    exit 0
  fi
  command -v make >/dev/null 2>&1 && command -v cc >/dev/null 2>&1 || apt_install build-essential
}

# venv_install NAME SPEC MODULES: pip-installs SPEC (`name==version`, with its
# dependencies) into a virtual environment of its own, engines/bin/venv-NAME,
# unless MODULES (as `import` takes them) already import there at that
# version; fails with one line if the version installed is not SPEC's or
# MODULES do not import afterwards.
venv_install() {
  local name="$1" spec="$2" modules="$3"
  local venv="$BIN/venv-$name" dist="${2%%==*}" want="${2##*==}"
  command -v python3 >/dev/null 2>&1 || fail "no python3: install Python 3 to audit $dist"
  if [ ! -x "$venv/bin/python" ]; then
    run_logged "python3 -m venv ($name)" python3 -m venv "$venv"
  fi
  local have
  have="$("$venv/bin/python" -c "from importlib.metadata import version; print(version('$dist'))" 2>/dev/null || true)"
  if [ "$have" != "$want" ] || ! "$venv/bin/python" -c "import $modules" 2>/dev/null; then
    run_logged "pip install $spec" "$venv/bin/pip" install -q "$spec"
  fi
  have="$("$venv/bin/python" -c "from importlib.metadata import version; print(version('$dist'))" 2>/dev/null || true)"
  [ "$have" = "$want" ] || fail "$dist $want wanted, ${have:-none} installed in $venv"
  "$venv/bin/python" -c "import $modules" 2>/dev/null || fail "$spec installed but $modules does not import"
}

# npm_folder_install FOLDER PACKAGE: `npm ci` in engines/node/FOLDER (its own
# package.json and package-lock.json) unless PACKAGE is installed there at the
# version package.json pins; fails with one line if it is not afterwards.
npm_folder_install() {
  local dir="$ENGINES/node/$1" package="$2"
  command -v node >/dev/null 2>&1 || fail "no node: install Node.js to audit $package"
  command -v npm >/dev/null 2>&1 || fail "no npm: install npm (with Node.js) to audit $package"
  local want have
  want="$(node -p "require('$dir/package.json').dependencies['$package']")"
  have="$(node -p "try { require('$dir/node_modules/$package/package.json').version } catch (e) { '' }")"
  if [ "$have" != "$want" ]; then
    (cd "$dir" && run_logged "npm ci ($package $want)" npm ci --no-audit --no-fund --omit=dev)
  fi
  have="$(node -p "try { require('$dir/node_modules/$package/package.json').version } catch (e) { '' }")"
  [ "$have" = "$want" ] || fail "$package $want wanted, ${have:-none} installed in $dir"
}
