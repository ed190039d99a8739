#!/usr/bin/env bash
# release-notes.sh VERSION [CHANGELOG]: prints the CHANGELOG's section for
# VERSION (the lines under "## [VERSION]" up to the next "## [" heading),
# for the release's notes; exits 1, saying so, when there is no such section
# or it is empty.
set -euo pipefail
version="${1:?usage: release-notes.sh VERSION [CHANGELOG]}"
version="${version#v}"
changelog="${2:-CHANGELOG.md}"
notes=$(awk -v v="$version" '
  /^## \[/ { inside = (index($0, "## [" v "]") == 1); next }
  inside { print }
' "$changelog")
if [ -z "$(printf '%s' "$notes" | tr -d '[:space:]')" ]; then
  echo "no section \"## [$version]\" with notes in $changelog" >&2
  exit 1
fi
printf '%s\n' "$notes"
