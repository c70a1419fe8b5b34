#!/usr/bin/env bash
# Regenerate NOTICE: every module linked into the mjref binary, with its licence text as shipped in
# the module (and the extra licences of the embedded fonts). Run after adding a dependency:
#   bash .ci/notice.sh > NOTICE
set -euo pipefail
cd "$(dirname "$0")/.."
cat <<'HEAD'
mjref
Copyright (c) 2026 The mjref authors. Licensed under the MIT License (see LICENSE).

mjref links the following modules into its binary. Each is distributed under its own licence,
reproduced below as the module ships it. Notably:
  - codeberg.org/go-fonts/liberation embeds the Liberation fonts, under the SIL Open Font
    License 1.1 (reproduced with the module's own licence): the charts' text is drawn with
    Liberation Sans.
HEAD
modcache=$(go env GOMODCACHE)
go list -deps -f '{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}}{{end}}{{end}}' . | sort -u |
while read -r path version; do
  dir="$modcache/$(echo "$path" | sed 's/[A-Z]/!\L&/g')@$version"
  printf '\n================================================================================\n%s %s\n================================================================================\n' "$path" "$version"
  for f in "$dir"/LICENSE* "$dir"/LICENCE* "$dir"/COPYING*; do
    [ -f "$f" ] || continue
    if [ "$(basename "$f")" != "LICENSE" ] && [ "$(basename "$f")" != "LICENSE.txt" ] && [ "$(basename "$f")" != "LICENSE.md" ]; then
      printf '\n--- %s ---\n' "$(basename "$f")"
    fi
    cat "$f"
  done
  for f in "$dir"/NOTICE*; do # Apache-2.0 section 4(d): a module's NOTICE goes with it
    [ -f "$f" ] || continue
    printf '\n--- %s ---\n' "$(basename "$f")"
    cat "$f"
  done
done
