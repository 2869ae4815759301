#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer, with AddressSanitizer) of the hand-written parsers of hunt
# files: CoordinateText (coordinates in every accepted form), Length/TimeSpan/Speed (units) and
# DateTimeText (date-times). They are compiled straight from Sources/ with a libFuzzer entry point.
#
# Usage: .ci/fuzz/definition/run.sh [SECONDS]      (default 60; a crash stops it and leaves crash-* files)
set -euo pipefail
cd "$(dirname "$0")"
root=../../..
seconds=${1:-60}
work=${TMPDIR:-/tmp}/huntkit-fuzz-definition
mkdir -p "$work/corpus"
# Seeds: the forms the docs promise.
printf '%s' '52.09067, 5.12133' > "$work/corpus/decimal"
printf '%s' '52°05'"'"'26.4"N 5°07'"'"'16.8"E' > "$work/corpus/dms"
printf '%s' 'N 52° 05.440 E 005° 07.280' > "$work/corpus/dm"
printf '%s' '2026-05-02T10:00:00+02:00' > "$work/corpus/time"
printf '%s' '2026-05-02 10:00' > "$work/corpus/local-time"
printf '%s' '1.5 km' > "$work/corpus/length"
printf '%s' '10 min' > "$work/corpus/duration"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name HuntFuzz \
    main.swift \
    "$root/Sources/HuntKit/Geo/CoordinateText.swift" \
    "$root/Sources/HuntKit/Support/DateTimeText.swift" \
    "$root/Sources/HuntKit/Support/Units.swift" \
    "$root/Sources/HuntKit/Support/TextTrimming.swift" \
    "$root/Sources/HuntKit/Support/ClockText.swift" \
    "$root/Sources/HuntKit/Support/CivilCalendar.swift" \
    "$root/Sources/HuntKit/Geo/Coordinate.swift" \
    -o "$work/fuzz-definition"
"$work/fuzz-definition" -max_total_time="$seconds" -max_len=256 -print_final_stats=1 "$work/corpus"
