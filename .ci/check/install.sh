#!/usr/bin/env bash
# `make install` and `make uninstall` into a temporary DESTDIR: the installed binary finds its
# Templates (hunt init, hunt sheets), the man pages and completions are where each tool looks, and
# uninstall leaves nothing behind. Not part of `make test` (it needs a release build).
set -euo pipefail
cd "$(dirname "$0")/../.."
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
prefix=/usr/local
make --no-print-directory install DESTDIR="$stage" PREFIX="$prefix" >/dev/null
root="$stage$prefix"
fail() { echo "install check: $*" >&2; exit 1; }
for f in bin/hunt share/hunt/Templates/hunt.schema.json share/hunt/Templates/hunts/photo-hunt/hunt.yaml \
         share/hunt/Templates/sheets/default/layout.yaml share/man/man1/hunt.1 share/man/man1/hunt.where.1 \
         share/bash-completion/completions/hunt share/zsh/site-functions/_hunt share/fish/vendor_completions.d/hunt.fish; do
    [ -f "$root/$f" ] || fail "$f was not installed"
done
# The installed copy has no debug information (make install strips it), the build's copy keeps it.
! readelf -S "$root/bin/hunt" | grep -q '\.debug_info' || fail "the installed hunt still carries its debug information"
bash -n "$root/share/bash-completion/completions/hunt" || fail "the bash completion does not parse"
# The installed binary, run from elsewhere, uses the installed Templates (not the checkout's).
work="$stage/work"
mkdir -p "$work"
(cd "$work" && HUNT_TEMPLATES= "$root/bin/hunt" init sydney 2>/dev/null) || fail "hunt init failed"
head -1 "$work/sydney/hunt.yaml" | grep -qF "\$schema=$root/share/hunt/Templates/hunt.schema.json" \
    || fail "hunt init did not use the installed Templates: $(head -1 "$work/sydney/hunt.yaml")"
"$root/bin/hunt" validate -q "$work/sydney/hunt.yaml" || fail "the installed starter hunt does not validate"
(cd "$work/sydney" && "$root/bin/hunt" sheets hunt.yaml -o sheets.pdf 2>/dev/null) || fail "hunt sheets (installed layouts) failed"
make --no-print-directory uninstall DESTDIR="$stage" PREFIX="$prefix" >/dev/null
left="$(find "$root" -type f)"
[ -z "$left" ] || fail "uninstall left: $left"
echo "install check: make install and make uninstall into DESTDIR work" >&2
