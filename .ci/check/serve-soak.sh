#!/usr/bin/env bash
# `hunt serve` held for a while, in two checks that stop by themselves (loopback only):
#  - serve-soak.py: 4 judges decide and undo as fast as answered, with --out, while photos are
#    added and removed; no request may go unanswered for 2 s, SIGTERM must stop the server, and
#    the audit log must hold every decision in the reviews file.
#  - serve-connections.py (under `ulimit -n 1024`): half-open and idle connections and dropped
#    event streams cannot starve a judge.
# `make test` runs a short version (DECISIONS=1500, SOAK=20); a maintainer runs it longer:
#   SOAK=600 DECISIONS=60000 HUNT=.build/release/hunt .ci/check/serve-soak.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
hunt="${HUNT:-.build/debug/hunt}"
python3 .ci/check/serve-soak.py "$hunt" Examples/photo-scavenger-hunt "${DECISIONS:-60000}" "${SOAK:-600}"
python3 .ci/check/serve-connections.py "$hunt" Examples/photo-scavenger-hunt "${SOAK:-0}"
