#!/usr/bin/env bash
# hunt serve in a real browser: Debian's chromium through chromium-driver, driven by Python
# selenium (.ci/install-deps installs all three). Opens the review queue with the judge's token,
# decides with the keyboard, watches the leaderboard change live, finds the decision in the
# reviews file, drops a new photo into the folder and sees it judged on the page. Screenshots of
# the queue, the leaderboard and a duplicate comparison go to $SCREENS (.build/serve-screens).
# Part of `make test`. Usage: HUNT=path/to/hunt .ci/check/serve-browser.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
hunt="${HUNT:-.build/debug/hunt}"
python=python3
"$python" -c 'import selenium' 2>/dev/null || python=/usr/bin/python3
export SCREENS="${SCREENS:-$PWD/.build/serve-screens}"
mkdir -p "$SCREENS"
status=0
"$python" .ci/check/serve-browser.py "$hunt" Examples/photo-scavenger-hunt || status=1
# A portrait photo stays inside the window (console-portrait.py).
"$python" .ci/check/console-portrait.py "$hunt" Examples/photo-scavenger-hunt || status=1
# A frozen leaderboard, a restart during the freeze, and the reveal (serve-freeze.py).
"$python" .ci/check/serve-freeze.py "$hunt" Examples/photo-scavenger-hunt || status=1
# The end-of-day show: a team's no, the judges' stars, the slides and the podium (serve-show.py).
"$python" .ci/check/serve-show.py "$hunt" Examples/photo-scavenger-hunt || status=1
exit $status
