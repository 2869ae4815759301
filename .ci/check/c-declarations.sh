#!/usr/bin/env bash
# Sources/CCairo/shim.h declares the cairo and pango functions HuntSheets loads at run time (so
# that `hunt` does not link them; see the header). This compiles it after the real headers, with
# HUNT_CHECK_AGAINST_HEADERS, where every function type, enum integer type, constant and struct
# field it declares must match cairo's and pango's own (static assertions), then runs the result
# for the one string constant. Part of `make test`. Needs libpango1.0-dev and libcairo2-dev
# (.ci/install-deps installs them).
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/check.c" <<'C'
#include <pango/pangocairo.h>
#include <cairo-pdf.h>
#include <string.h>
#define HUNT_CHECK_AGAINST_HEADERS
#include "shim.h"
int main(void) { return strcmp(CAIRO_TAG_LINK, "Link") != 0; }
C
# The Swift toolchain's clang (what SwiftPM compiles C with), else the system's compiler.
compiler=${CC:-$(command -v clang || command -v cc)}
# shellcheck disable=SC2046  # pkg-config's flags are meant to split
"$compiler" -std=c11 -Wall -Werror $(pkg-config --cflags pangocairo) -I Sources/CCairo "$work/check.c" -o "$work/check"
"$work/check" || { echo "c-declarations: CAIRO_TAG_LINK differs from cairo's" >&2; exit 1; }
echo "c-declarations: Sources/CCairo/shim.h matches cairo's and pango's headers"
