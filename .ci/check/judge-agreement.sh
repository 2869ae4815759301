#!/usr/bin/env bash
# Check: for several seeds and every example hunt (plus a 300-team hunt at a larger size),
# `hunt simulate` then `hunt judge`, and every submission must get the verdict and reasons the
# answer file planned. Exit 1 on any disagreement (the first few are printed).
#
# Run from the checkout: .ci/check/judge-agreement.sh   (HUNT=path/to/hunt; SEEDS="1 2 3";
# PHOTOS=per-team count for the examples, default 60)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${HUNT:-}" ]; then
    swift build -c release --product hunt >&2
    HUNT="$(swift build -c release --product hunt --show-bin-path)/hunt"
fi
SEEDS="${SEEDS:-1 2 3 4 5}"
PHOTOS="${PHOTOS:-60}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

compare() {
    python3 - "$1/answers.json" "$1/out/results.json" <<'PY'
import json, sys
answers = json.load(open(sys.argv[1]))["submissions"]
results = {s["path"]: s for s in json.load(open(sys.argv[2]))["submissions"]}
bad = [a for a in answers if a["path"] not in results
       or results[a["path"]]["verdict"] != a["verdict"] or results[a["path"]]["reasons"] != a["reasons"]]
for a in bad[:5]:
    got = results.get(a["path"], {})
    print(f"  {a['path']} ({a['kind']}): expected {a['verdict']} {a['reasons']}, got {got.get('verdict')} {got.get('reasons')}")
print(f"{len(answers) - len(bad)}/{len(answers)} agree")
sys.exit(1 if bad else 0)
PY
}

python3 - "$WORK/big.yaml" <<'PY'
import sys
src = open("Examples/photo-scavenger-hunt/hunt.yaml").read()
head, rest = src.split("teams:\n", 1)
_, tasks = rest.split("tasks:\n", 1)
teams = "".join(f"  - {{ id: team-{i:03d}, name: Team {i} }}\n" for i in range(1, 101))
open(sys.argv[1], "w").write(head + "teams:\n" + teams + "\ntasks:\n" + tasks)
PY

status=0
for seed in $SEEDS; do
    for hunt in Examples/*/hunt.yaml "$WORK/big.yaml"; do
        dir="$WORK/run"
        rm -rf "$dir"
        photos=$PHOTOS
        [ "$hunt" = "$WORK/big.yaml" ] && photos=40
        "$HUNT" simulate "$hunt" --photos-per-team "$photos" --seed "$seed" --failure-share 0.35 --out "$dir" > /dev/null
        "$HUNT" judge "$hunt" "$dir/submissions" --out "$dir/out" > /dev/null 2>&1 || true
        printf '%-45s seed %-3s ' "$hunt" "$seed"
        compare "$dir" || status=1
    done
done
exit $status
