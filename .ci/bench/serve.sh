#!/usr/bin/env bash
# Benchmark: `hunt serve` on 20,000 simulated submissions from 300 teams (the judge benchmark's
# data). Goals: the queue page's first item in < 100 ms; a decision round trip (POST → re-scored
# → SSE event) < 50 ms median and < 200 ms p99 under 4 concurrent judges; a photo added to the
# folder on the leaderboard in < 2 s; memory < 300 MB, flat over a soak (SOAK=seconds, default 60).
#
# Run from the checkout: .ci/bench/serve.sh   (HUNT=path/to/hunt to use a built binary).
# TEAM_STREAMS=3 serves with --players and keeps 3 event streams open per team's page (900 for
# the 300 teams) through the decisions: goal, decision round trip median ≤ 10 ms, p99 ≤ 30 ms.
# REVIEWED=N starts with a reviews file that already decides N photos (late in a hunt day: each
# decision edits and checks that whole file). Needs python3. The judge benchmark's data is reused (bench-data/judge) through hard links in
# bench-data/serve, so photos added here never touch it.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${HUNT:-}" ]; then
    swift build -c release --product hunt >&2
    HUNT="$(swift build -c release --product hunt --show-bin-path)/hunt"
fi
if [ ! -f bench-data/judge/sim/answers.json ]; then
    RUNS=1 HUNT="$HUNT" .ci/bench/judge.sh >/dev/null
fi
DATA=bench-data/serve
rm -rf "$DATA"
mkdir -p "$DATA"
cp bench-data/judge/hunt.yaml "$DATA/hunt.yaml"
cp -al bench-data/judge/sim/submissions "$DATA/submissions"
if [ "${REVIEWED:-0}" -gt 0 ]; then
    (cd "$DATA/submissions" && find . -type f -name '*.jpg' | sed 's|^\./||' | sort | awk -v n="$REVIEWED" 'NR <= n' |
        awk '{ printf "\"%s\":\n  decision: accept\n  by: \"bench\"\n  at: \"2026-05-02T12:00:00Z\"\n", $0 }') > "$DATA/reviews.yaml"
fi
python3 .ci/bench/serve-load.py "$HUNT" "$DATA" "${SOAK:-60}"
