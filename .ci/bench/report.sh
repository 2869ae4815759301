#!/usr/bin/env bash
# Benchmark: `hunt report` on 20,000 submissions (issue 6): the HTML page written in under 3 s and
# under 30 MB, CSV and Markdown in under 1 s; medians of hyperfine runs of the release build.
# Input: an 80-team copy of Examples/photo-scavenger-hunt, `hunt simulate` 76 teams × 500 photos
# (the simulator keeps about 266 per team: 20,219 submissions),
# `hunt judge` → results.json. Anchor in the same run: `hunt report --format json` (decode the
# results and encode the report model, no layout), and python's json.load of results.json.
#
# CPU times (user + sys) are printed too: on a loaded machine they say more than wall times.
#
# Run: .ci/bench/report.sh            (builds the release binary into .build-bench-report)
#      HUNT=path/to/hunt .ci/bench/report.sh   (times an existing binary)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${HUNT:-}" ]; then
    swift build -c release --scratch-path .build-bench-report --product hunt >&2
    HUNT=.build-bench-report/release/hunt
fi
HUNT=$(cd "$(dirname "$HUNT")" && pwd)/$(basename "$HUNT")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - Examples/photo-scavenger-hunt/hunt.yaml "$work/hunt.yaml" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
teams = "teams:\n" + "".join(f"  - {{ id: team{i:02d}, name: Team {i:02d} <{i}> & co }}\n" for i in range(80))
text = re.sub(r"teams:\n(  - .*\n)+", teams, text)
open(sys.argv[2], "w").write(text)
PY
"$HUNT" simulate "$work/hunt.yaml" --teams 76 --photos-per-team 500 --out "$work/sim" >/dev/null
(cd "$work" && "$HUNT" judge hunt.yaml sim/submissions --out out >/dev/null) || true
results="$work/out/results.json"
echo "submissions: $(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['submissions']))" "$results"), review queue: $(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['review_queue']))" "$results")" >&2

cd "$work"
"$HUNT" report out/results.json --out check.html 2>&1 >&2
html_bytes=$(stat -c %s check.html)
echo "report.html: $html_bytes bytes ($(python3 -c "print(round($html_bytes/1048576, 1))") MiB), thumbnails: $(grep -o 'data:image/jpeg' check.html | wc -l)" >&2
if grep -Eq '(src|href)="https?:' check.html; then echo "report.html references the network" >&2; exit 1; fi

hyperfine --warmup 1 --runs 7 --export-json bench.json \
    -n "anchor: python json.load results.json" "python3 -c 'import json; json.load(open(\"out/results.json\"))'" \
    -n "anchor: report --format json" "$HUNT report out/results.json --format json --out r.json" \
    -n "html" "$HUNT report out/results.json --format html --out r.html" \
    -n "html, no thumbnails" "$HUNT report out/results.json --format html --thumbnails 0 --out r0.html" \
    -n "csv" "$HUNT report out/results.json --format csv --out csv/" \
    -n "md" "$HUNT report out/results.json --format md --out r.md"

python3 - bench.json "$html_bytes" <<'PY'
import json, sys
results = {r["command"]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
limits = {"html": 3.0, "csv": 1.0, "md": 1.0}
anchor = results["anchor: report --format json"]
failed = False
cpu = {r["command"]: r["user"] + r["system"] for r in json.load(open(sys.argv[1]))["results"]}
for name, median in results.items():
    line = f"{name}: median {median:.3f} s, cpu {cpu[name]:.3f} s ({median / anchor:.2f}× the json anchor)"
    if name in limits:
        line += f", {median / limits[name]:.2f} of the {limits[name]:.0f} s limit"
        failed |= median >= limits[name]
    print(line)
size = int(sys.argv[2])
print(f"html size: {size / 1048576:.1f} MiB ({size / (30 * 1048576):.2f} of the 30 MB limit)")
failed |= size >= 30 * 1000 * 1000
sys.exit(1 if failed else 0)
PY
