#!/usr/bin/env bash
# Benchmark: `hunt judge` on 20,000 simulated submissions from 300 teams, against `hunt exif`
# over the same files in the same run (the anchor). Goals: ≥ 5,000 submissions/s warm, within
# 1.5× the time of `hunt exif --format csv`, peak memory < 300 MB.
#
# Run from the checkout: .ci/bench/judge.sh   (HUNT=path/to/hunt to use a built binary;
# RUNS=n for more hyperfine runs). Needs hyperfine and python3. Data goes to bench-data/judge.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${HUNT:-}" ]; then
    swift build -c release --product hunt >&2
    HUNT="$(swift build -c release --product hunt --show-bin-path)/hunt"
fi
RUNS="${RUNS:-5}"
DATA=bench-data/judge
mkdir -p "$DATA"

# A hunt with 300 teams: the photo-hunt example's tasks and policy, a generated roster.
python3 - "$DATA/hunt.yaml" <<'PY'
import sys
src = open("Examples/photo-scavenger-hunt/hunt.yaml").read()
head, rest = src.split("teams:\n", 1)
_, tasks = rest.split("tasks:\n", 1)
teams = "".join(f"  - {{ id: team-{i:03d}, name: Team {i} }}\n" for i in range(1, 301))
open(sys.argv[1], "w").write(head + "teams:\n" + teams + "\ntasks:\n" + tasks)
PY

if [ ! -f "$DATA/sim/answers.json" ]; then
    rm -rf "$DATA/sim"
    "$HUNT" simulate "$DATA/hunt.yaml" --teams 300 --photos-per-team 67 --seed 42 --out "$DATA/sim" >&2
fi
FILES=$(find "$DATA/sim/submissions" -type f | wc -l)
echo "files: $FILES" >&2

hyperfine --warmup 1 --runs "$RUNS" --export-json "$DATA/hyperfine.json" \
    -n exif "$HUNT exif --format csv $DATA/sim/submissions" \
    -n judge "$HUNT judge $DATA/hunt.yaml $DATA/sim/submissions --out $DATA/out" >&2

/usr/bin/time -v "$HUNT" judge "$DATA/hunt.yaml" "$DATA/sim/submissions" --out "$DATA/out" > /dev/null 2> "$DATA/time.txt" || true
PEAK_KB=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$DATA/time.txt")

python3 - "$DATA/hyperfine.json" "$FILES" "$PEAK_KB" "$DATA/sim/answers.json" "$DATA/out/results.json" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
files, peak_kb = int(sys.argv[2]), int(sys.argv[3])
exif, judge = runs["exif"]["median"], runs["judge"]["median"]
rate, ratio, peak_mb = files / judge, judge / exif, peak_kb / 1024
answers = {a["path"]: a for a in json.load(open(sys.argv[4]))["submissions"]}
results = {s["path"]: s for s in json.load(open(sys.argv[5]))["submissions"]}
disagree = sum(1 for p, a in answers.items()
               if p not in results or results[p]["verdict"] != a["verdict"] or results[p]["reasons"] != a["reasons"])
print(f"hunt exif median {exif:.3f} s; hunt judge median {judge:.3f} s")
print(f"judge: {rate:.0f} submissions/s (goal >= 5000); {ratio:.2f}x exif (goal <= 1.5); peak {peak_mb:.0f} MB (goal < 300)")
print(f"agreement with the answer file: {len(answers) - disagree}/{len(answers)}")
ok = rate >= 5000 and ratio <= 1.5 and peak_mb < 300 and disagree == 0
print("PASS" if ok else "FAIL")
sys.exit(0 if ok else 1)
PY
