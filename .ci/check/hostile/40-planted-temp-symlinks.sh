#!/usr/bin/env bash
# A player plants symlinks where the judge's temporary files used to go (`.NAME.<pid>.tmp`), all
# pointing at a file of the organizer's: no output may be written through them.
# fast
set -euo pipefail
HUNTFILE="$(cd "$(dirname "$0")/../../.." && pwd)/Tests/HuntKitTests/Fixtures/judging/campus-hunt.yaml"
cd "$WORK"
timeout 60 "$HUNT" simulate "$HUNTFILE" --teams 2 --photos-per-team 5 --out sim > /dev/null
mkdir out
echo precious > victim
next=$(sh -c 'echo $$')
for name in results.json report.html report.md submissions.csv leaderboard.csv; do
    for p in $(seq "$next" $((next + 300))); do ln -s "$WORK/victim" "out/.$name.$p.tmp"; done
done
timeout 60 "$HUNT" judge "$HUNTFILE" sim/submissions --out out --format text,html,csv,md > /dev/null 2>&1 || { echo "judge failed"; exit 1; }
[ "$(cat victim)" = precious ] || { echo "victim overwritten through a planted temporary link"; exit 1; }
for name in results.json report.html report.md submissions.csv leaderboard.csv; do
    [ -f "out/$name" ] && [ ! -L "out/$name" ] || { echo "out/$name is not a regular file"; exit 1; }
done
