#!/usr/bin/env bash
# Benchmark: an announcement from the judges' console to TEAMS teams (300) × PHONES phones (3),
# every phone's team page holding its event stream (900 on loopback): the time until each page
# has it, p50/p99/max over ROUNDS (5) announcements (goal: p99 < 2 s), and the server's memory a
# connected page. Exit 1 when a page missed one or p99 is over the goal.
# Run from the checkout (HUNT=path/to/hunt to use a built binary). Data in bench-data/live-announce.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${HUNT:-}" ]; then
    swift build -c release --product hunt >&2
    HUNT="$(swift build -c release --product hunt --show-bin-path)/hunt"
fi
DATA=bench-data/live-announce
rm -rf "$DATA"
status=0
python3 .ci/bench/live-announce.py "$HUNT" "$DATA" || status=$?
rm -rf "$DATA"
exit $status
