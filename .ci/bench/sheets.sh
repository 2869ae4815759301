#!/usr/bin/env bash
# Benchmark: `hunt sheets` on a 200-task hunt must give its PDF in under 2 s (issue 7), median of
# hyperfine runs of the release build. Also times the answer key and the HTML page.
#
# Run: .ci/bench/sheets.sh            (builds the release binary into .build-bench-sheets)
#      HUNT=path/to/hunt .ci/bench/sheets.sh   (times an existing binary)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${HUNT:-}" ]; then
    swift build -c release --scratch-path .build-bench-sheets --product hunt >&2
    HUNT=.build-bench-sheets/release/hunt
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A 200-task hunt: accented titles, clues of varied length, hints, two teams.
python3 .ci/bench/sheets-hunt.py "$work/hunt.yaml" 200
# With every position as a QR code, the heaviest cards (players' cards have none by default).
echo "sheets: { positions: qr }" >> "$work/hunt.yaml"

"$HUNT" sheets "$work/hunt.yaml" -o "$work/check.pdf"
echo "pages (2 teams): $(pdfinfo "$work/check.pdf" | awk '/^Pages:/ {print $2}')" >&2

hyperfine --warmup 2 --runs 10 --export-json "$work/bench.json" \
    -n "sheets 200 tasks, 1 team" "$HUNT sheets $work/hunt.yaml --team a -o $work/one.pdf" \
    -n "sheets 200 tasks, 2 teams" "$HUNT sheets $work/hunt.yaml -o $work/all.pdf" \
    -n "answer key 200 tasks" "$HUNT sheets $work/hunt.yaml --answer-key -o $work/key.pdf" \
    -n "html 200 tasks, 2 teams" "$HUNT sheets $work/hunt.yaml -o $work/all.html"

python3 - "$work/bench.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
limit = 2.0
failed = False
for r in results:
    median = r["median"]
    print(f"{r['command']}: median {median:.3f} s ({median / limit:.2f} of the 2 s limit)")
    failed |= r["command"].startswith("sheets 200 tasks, 1 team") and median >= limit
sys.exit(1 if failed else 0)
PY
