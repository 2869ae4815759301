#!/usr/bin/env bash
# hunt serve --players on an emulated phone (390×844, touch, a geolocation override, the
# permission granted through the DevTools protocol), in Debian's chromium through chromium-driver
# and Python selenium, as serve-browser.sh: opens a team's URL, sends a JPEG without GPS and one
# with GPS, sees both judged on the page with their reasons, decides the first in the judges'
# console and sees the team page change, withdraws a third; a live task opens the camera, and over
# plain HTTP (a name, no secure context) the page says positions come only from the photos. At
# 360 px: with the submissions folder gone, an upload is told at once as the organizers' problem
# (the task never called sent) and is a line on the organizer's terminal, Try again sends it once
# the folder is back; a file that is no photo says what to send instead.
# Then players-words.py at 360 px: a group's card and progress, a live task's gallery button
# marked "won't count", "already sent", and a five-year-old photo's reason in players' words.
# Then players-offline.py at 360 px with DevTools offline: a photo chosen with no signal waits on
# the phone (IndexedDB) and goes when the signal is back, also after the page was closed.
# Then players-guide.py: live: bands says cold/warm/hot/found and warmer/colder as the position
# moves, live: direction turns an arrow and counts the distance down; NaN and 1e308 refused.
# Then players-answers.py at 360 px: "Seven" accepted on the spot for `number: 7`, a wrong answer
# with the tries left, a choice in the team's own order, and `hunt judge` agreeing with the page.
# Then players-codes.py at 360 px: a poster's QR code (hunt sheets --posters, read by zbarimg) opened
# on the phone that opened its team's page fills the code in there, accepted; a wrong code with the
# tries left; a phone that never opened a team page told to open its link first.
# Then players-checkin.py at 360 px: "Check in here" 60 m away says how far, moved inside it is
# accepted; a 20 s stay shows the time stayed and counts only after it; NaN and 1e308 refused.
# Then players-hints.py at 360 px: a hint opening by itself ~20 s after a window that starts now,
# one bought for its points after the page asks (the points drop, hints.jsonl holds it once), a
# cancelled one that costs nothing, and `hunt judge` charging as the page did.
# Then live-browser.py at 360 px: an announcement from the console on two teams' pages within 1 s
# and on a third's once it reconnects, one to a single team seen by no other, Pause refusing an
# upload with the paused words and Resume taking it, End with a results time.
# Screenshots go to $SCREENS (.build/players-screens). Part of `make test`. Usage: HUNT=path/to/hunt .ci/check/players-browser.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
hunt="${HUNT:-.build/debug/hunt}"
python=python3
"$python" -c 'import selenium' 2>/dev/null || python=/usr/bin/python3
export SCREENS="${SCREENS:-$PWD/.build/players-screens}"
mkdir -p "$SCREENS"
status=0
"$python" .ci/check/players-browser.py "$hunt" Examples/photo-scavenger-hunt Tests/HuntKitTests/Fixtures || status=1
"$python" .ci/check/players-words.py "$hunt" Examples/photo-scavenger-hunt || status=1
"$python" .ci/check/players-offline.py "$hunt" Examples/photo-scavenger-hunt || status=1
"$python" .ci/check/players-guide.py "$hunt" Examples/photo-scavenger-hunt || status=1
"$python" .ci/check/players-answers.py "$hunt" Examples/orientation-day || status=1
"$python" .ci/check/players-codes.py "$hunt" Examples/orientation-day || status=1
"$python" .ci/check/players-checkin.py "$hunt" Examples/orientation-day || status=1
"$python" .ci/check/players-hints.py "$hunt" || status=1
"$python" .ci/check/live-browser.py "$hunt" Examples/photo-scavenger-hunt || status=1
exit $status
