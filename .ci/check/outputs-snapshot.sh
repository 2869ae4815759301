#!/usr/bin/env bash
# Runs every command on the Examples (and, with BIG=1, on the 20,000-photo benchmark data) and
# keeps each output file, stdout, stderr and exit status in one folder, so two builds can be
# compared byte for byte — the check for a change that must not change behaviour.
#
# usage (from the project root):
#   .ci/check/outputs-snapshot.sh OUT_DIR                 # snapshot with this checkout's hunt
#   .ci/check/outputs-snapshot.sh --compare OLD_DIR NEW_DIR   # list what differs (exit 1 if any)
# HUNT=path/to/hunt to use a built binary (default: the debug build of this checkout).
# BIG=1 adds the 20,000-photo benchmark data (BENCH_DATA, default bench-data/judge, made by
# .ci/bench/judge.sh; another checkout's folder may be named, it is only read).
set -uo pipefail
cd "$(dirname "$0")/../.."

if [ "${1:-}" = "--compare" ]; then
    old=${2:?old snapshot}; new=${3:?new snapshot}
    if diff -rq "$old" "$new"; then echo "outputs: identical ($(find "$new" -type f | wc -l) files)"; exit 0; fi
    echo "outputs: the files above differ (diff -r $old $new shows how)"; exit 1
fi

out=${1:?usage: outputs-snapshot.sh OUT_DIR | --compare OLD NEW}
if [ -z "${HUNT:-}" ]; then
    swift build --product hunt >&2 || exit 1
    HUNT="$(swift build --product hunt --show-bin-path)/hunt"
fi
# Outputs are made under one fixed relative folder, so the paths they print are the same in
# every checkout, then moved to OUT_DIR.
final=$out
out=.build/outputs-snapshot
rm -rf "$out" "$final"; mkdir -p "$out"

# run NAME ARGS...: stdout, stderr and exit status of one command, kept under NAME.
run() {
    local name=$1; shift
    "$HUNT" "$@" > "$out/$name.stdout" 2> "$out/$name.stderr"
    echo $? > "$out/$name.status"
}

for dir in Examples/*/; do
    ex=$(basename "$dir")
    hunt="$dir/hunt.yaml"
    [ -f "$hunt" ] || continue
    run "$ex.validate" validate "$hunt"
    run "$ex.validate-json" validate --format json "$hunt"
    for f in geojson gpx kml; do run "$ex.export-$f" export "$hunt" --format "$f"; done
    run "$ex.sheets-html" sheets "$hunt" --format html -o "$out/$ex.sheets.html"
    run "$ex.answer-key-html" sheets "$hunt" --answer-key --format html -o "$out/$ex.answer-key.html"
    [ -d "$dir/submissions" ] || continue
    run "$ex.exif-csv" exif --format csv "$dir/submissions"
    run "$ex.exif-json" exif --format json "$dir/submissions"
    run "$ex.judge" judge "$hunt" "$dir/submissions" --out "$out/$ex.out" --format text,html,csv,md
    run "$ex.judge-json" judge "$hunt" "$dir/submissions" --format json
    for f in html md csv json; do run "$ex.report-$f" report "$out/$ex.out/results.json" --format "$f" --photos "$dir/submissions"; done
done

data=${BENCH_DATA:-bench-data/judge}
if [ "${BIG:-0}" = 1 ] && [ -d "$data/sim/submissions" ]; then
    run big.judge judge "$data/hunt.yaml" "$data/sim/submissions" --out "$out/big.out" --format text,csv,md
    for f in md csv json; do run "big.report-$f" report "$out/big.out/results.json" --format "$f"; done
fi
mkdir -p "$(dirname "$final")" && mv "$out" "$final"
echo "snapshot: $(find "$final" -type f | wc -l) files in $final"
