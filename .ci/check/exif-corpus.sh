#!/usr/bin/env bash
# Checks `hunt exif` against the reference values of the shared photo corpus.
#
# usage (from the project root):  .ci/check/exif-corpus.sh
#   HUNT=path/to/hunt   the binary to check (default: built here, release, in .build-photos)
# Runs ../shared/tools/check-exif-corpus (which compares latitude, longitude, altitude,
# captured_at, make and model of every file of ../shared/corpus/photos with expected.csv) and
# exits with its status. Skips, exit 0, when the shared corpus is not beside the checkout.
set -euo pipefail
cd "$(dirname "$0")/../.."
checker=../shared/tools/check-exif-corpus
if [ ! -x "$checker" ] || [ ! -d ../shared/corpus/photos ]; then
    echo "exif-corpus: no ../shared corpus here; skipped" >&2
    exit 0
fi
if [ -z "${HUNT:-}" ]; then
    swift build -c release --scratch-path .build-photos --product hunt >&2
    HUNT=$PWD/.build-photos/release/hunt
fi
HUNT=$HUNT "$checker"
