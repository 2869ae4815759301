#!/usr/bin/env bash
# Measurement: a venue's phones behind one address (its Wi-Fi, a carrier's CGNAT, or the TLS
# proxy in front of `hunt serve`): TEAMS teams (300) × PHONES phones (3), each holding its team
# page's event stream, then SENDERS phones (300) sending two photos at once, all from one client
# address. Prints the streams open and closed, the uploads taken and failed, and the server's
# memory a stream; exit 1 when the server closed anything. Arguments go to `hunt serve`, e.g.
#   .ci/bench/players-venue.sh --connections-per-address 128
# Run from the checkout (HUNT=path/to/hunt to use a built binary). Data in bench-data/players-venue.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${HUNT:-}" ]; then
    swift build -c release --product hunt >&2
    HUNT="$(swift build -c release --product hunt --show-bin-path)/hunt"
fi
DATA=bench-data/players-venue
rm -rf "$DATA"
status=0
python3 .ci/bench/players-venue.py "$HUNT" "$DATA" "$@" || status=$?
rm -rf "$DATA"
exit $status
