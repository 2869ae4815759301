#!/usr/bin/env bash
# Benchmark: `hunt serve --players` taking photos from phones. TEAMS teams × PHOTOS photos of
# SIZE_MB each (every one unique, a real JPEG with GPS padded with comment segments), sent by
# CLIENTS concurrent clients while every team's page listens to its event stream. Goals: the
# server's resident memory under 300 MB; upload to verdict on the team page (the upload's answer
# to the `state` event that shows it judged) median under 2 s. The issue's full run is
# TEAMS=300 PHOTOS=20 SIZE_MB=4 CLIENTS=50 (24 GB written); the default is 60 teams (4.8 GB).
#
# Run from the checkout: .ci/bench/players.sh   (HUNT=path/to/hunt to use a built binary).
# The data goes to bench-data/players and is removed afterwards (KEEP=1 keeps it).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${HUNT:-}" ]; then
    swift build -c release --product hunt >&2
    HUNT="$(swift build -c release --product hunt --show-bin-path)/hunt"
fi
DATA=bench-data/players
status=0
python3 .ci/bench/players-load.py "$HUNT" "$DATA" || status=$?
[ -n "${KEEP:-}" ] || rm -rf "$DATA"
exit $status
