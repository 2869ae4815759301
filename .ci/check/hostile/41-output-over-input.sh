#!/usr/bin/env bash
# Outputs named as (or linked to) an input of the same run: refused, the input kept byte for byte.
# fast
set -euo pipefail
FIX="$(cd "$(dirname "$0")/../../.." && pwd)/Tests/HuntKitTests/Fixtures/judging"
cd "$WORK"
cp "$FIX"/* .
timeout 60 "$HUNT" simulate campus-hunt.yaml --teams 2 --photos-per-team 3 --out sim > /dev/null
timeout 60 "$HUNT" judge campus-hunt.yaml sim/submissions --out out > /dev/null
ln -s campus-hunt.yaml alias.html
ln out/results.json hard.json
sums() { sha256sum campus-hunt.yaml cafes.geojson out/results.json; find sim -type f | sort | xargs sha256sum; }
before=$(sums)
try() {
    if timeout 60 "$HUNT" "$@" > /dev/null 2> err; then echo "accepted: hunt $*"; exit 1; fi
    grep -q -e "input of this run" -e "which this run reads" err || { echo "hunt $*: unclear message: $(head -1 err)"; exit 1; }
}
try sheets campus-hunt.yaml -o campus-hunt.yaml --format html
try sheets campus-hunt.yaml -o alias.html
try export campus-hunt.yaml --format geojson -o cafes.geojson
try report out/results.json --format json --out out/results.json
try report out/results.json --format json --out hard.json
try judge campus-hunt.yaml sim/submissions --out sim/submissions/foxes
[ "$before" = "$(sums)" ] || { echo "an input changed"; exit 1; }
