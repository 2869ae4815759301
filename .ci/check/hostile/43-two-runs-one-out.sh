#!/usr/bin/env bash
# Two judges writing into the same --out at once: the second is refused, naming the first's pid,
# and the files are all from the first.
# fast
set -euo pipefail
HUNTFILE="$(cd "$(dirname "$0")/../../.." && pwd)/Tests/HuntKitTests/Fixtures/judging/campus-hunt.yaml"
cd "$WORK"
timeout 60 "$HUNT" simulate "$HUNTFILE" --teams 2 --photos-per-team 20 --out sim > /dev/null
HUNT_JUDGE_THROTTLE_MS=30 "$HUNT" judge "$HUNTFILE" sim/submissions --out out --format text,csv > /dev/null 2>&1 & first=$!
for _ in $(seq 100); do [ -e out/.hunt.lock ] && break; sleep 0.02; done
if timeout 60 "$HUNT" judge "$HUNTFILE" sim/submissions --out out --format text,html > /dev/null 2> err; then
    echo "the second run was allowed to write into the same folder"; exit 1
fi
grep -q "another run is writing here (pid $first)" err || { echo "unclear message: $(cat err)"; exit 1; }
wait $first || { echo "the first run failed"; exit 1; }
[ "$(ls -A out | tr '\n' ' ')" = "leaderboard.csv results.json submissions.csv " ] || { echo "out holds: $(ls -A out)"; exit 1; }
