#!/usr/bin/env bash
# Benchmark: a day of answers and check-ins on the players' page (issue 40): TEAMS teams (300) × PER_TEAM
# answers (40) to eight answer and choice tasks and CHECKINS (20) to four check-in tasks, spread over MINUTES (10), open loop on loopback:
# answer → verdict median and p99 (goals 200 ms and 1 s) and the server's memory before and at its
# peak against a photo-only day of as many photos (goal: at most +50 MB). Exit 1 when an answer went unanswered or a goal was missed.
# Run from the checkout (HUNT=path/to/hunt to use a built binary). Data in bench-data/answers.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${HUNT:-}" ]; then
    swift build -c release --product hunt >&2
    HUNT="$(swift build -c release --product hunt --show-bin-path)/hunt"
fi
DATA=bench-data/answers
rm -rf "$DATA"
status=0
python3 .ci/bench/answers-load.py "$HUNT" "$DATA" || status=$?
rm -rf "$DATA"
exit $status
