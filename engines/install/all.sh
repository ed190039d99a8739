#!/usr/bin/env bash
# engines/install/all.sh: runs the install script of every engine manifest (engines/*.toml) and prints one line per engine: installed, or skipped and why. Always exits 0.
#
#   bash engines/install/all.sh            every engine
#   bash engines/install/all.sh --quick    only the manifests with quick = true
#
# An engine counts as installed when its install script exits 0 and its
# program then exists ({engines} replaced by the absolute path of engines/;
# a bare name is looked up on PATH). The reason for a skip is the script's
# last line on standard error.
set -uo pipefail
ENGINES="$(cd "$(dirname "$0")/.." && pwd)"
quick_only=0
[ "${1:-}" = "--quick" ] && quick_only=1

# value KEY FILE: the first top-level `KEY = "..."` (or bare value) of a manifest.
value() {
  sed -n "s/^$1[[:space:]]*=[[:space:]]*//p" "$2" | head -n 1 | sed -e 's/[[:space:]]*#.*$//' -e 's/^"\(.*\)"$/\1/'
}

for manifest in "$ENGINES"/*.toml; do
  name="$(value name "$manifest")"
  install="$(value install "$manifest")"
  program="$(value program "$manifest")"
  program="${program//\{engines\}/$ENGINES}"
  quick="$(value quick "$manifest")"
  if [ "$quick_only" = 1 ] && [ "$quick" != "true" ]; then
    echo "$name: skipped: not in the quick profile"
    continue
  fi
  start=$(date +%s)
  reason=""
  if [ -n "$install" ]; then
    err="$(mktemp)"
    if ! bash "$ENGINES/$install" 2>"$err" >/dev/null; then
      reason="$(grep -v '^[[:space:]]*$' "$err" | tail -n 1)"
      reason="${reason:-$install failed}"
    fi
    rm -f "$err"
  fi
  if [ -z "$reason" ]; then
    case "$program" in
      "{tromp-taylor}") ;;  # the binary that runs the matrix
      */*) [ -x "$program" ] || reason="$program is missing after install" ;;
      *) command -v "$program" >/dev/null 2>&1 || reason="$program is not on PATH" ;;
    esac
  fi
  took=$(( $(date +%s) - start ))
  if [ -z "$reason" ]; then
    echo "$name: installed (${took} s)"
  else
    echo "$name: skipped: $reason (${took} s)"
  fi
done
exit 0
