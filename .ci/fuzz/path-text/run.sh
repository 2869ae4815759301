#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer, with AddressSanitizer) of PathText: file names as text
# (`\xHH` for bytes that are not UTF-8, `\\` for a backslash) must map back to exactly one name.
#
# Usage: .ci/fuzz/path-text/run.sh [SECONDS]      (default 60; a crash stops it and leaves crash-* files)
set -euo pipefail
cd "$(dirname "$0")"
root=../../..
seconds=${1:-60}
work=${TMPDIR:-/tmp}/huntkit-fuzz-path-text
mkdir -p "$work/corpus"
printf 'foxes/tower/IMG_0001.jpg' > "$work/corpus/plain"
printf 'bad\377name.jpg' > "$work/corpus/not-utf8"
printf 'back\\slash.jpg' > "$work/corpus/backslash"
printf 'bad\\xFFname.jpg' > "$work/corpus/escaped"
printf 'cafe\314\201.jpg' > "$work/corpus/nfd"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name HuntFuzz \
    main.swift "$root/Sources/HuntKit/Support/PathText.swift" \
    -o "$work/fuzz-path-text"
"$work/fuzz-path-text" -max_total_time="$seconds" -max_len=64 -print_final_stats=1 "$work/corpus"
