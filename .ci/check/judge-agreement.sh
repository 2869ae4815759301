#!/usr/bin/env bash
# Check: for several seeds and every example hunt (plus a 300-team hunt at a larger size),
# `hunt simulate` then `hunt judge`, and every submission must get the verdict and reasons the
# answer file planned. Then again with videos (--video-share 0.3: MOV, MP4, 3GP and Live Photo
# motion files, which must pair with their stills and so never appear as submissions of their
# own), and on a hunt whose tasks ask for `evidence: video` and `evidence: photo`; and on a hunt
# with live tasks (`live: true`: the players' page's browser fix beside each photo, some photos
# chosen from the gallery, which the judge finds `not-live`). For `choose`
# tasks, each team's progress and completion must be the answer file's `choices`.
# Exit 1 on any disagreement (the first few are printed).
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
answer_file = json.load(open(sys.argv[1]))
answers = answer_file["submissions"]
result_file = json.load(open(sys.argv[2]))
results = {s["path"]: s for s in result_file["submissions"]}
bad = [a for a in answers if a["path"] not in results
       or results[a["path"]]["verdict"] != a["verdict"] or results[a["path"]]["reasons"] != a["reasons"]]
# `choose` tasks: what of each set each team did, and whether it completed, as planned.
tasks = {t["id"]: t for t in result_file["tasks"]}
for c in answer_file.get("choices") or []:
    task = tasks[c["task"]]
    done = next((p["done"] for p in task.get("progress") or [] if p["team"] == c["team"]), [])
    complete = any(d["team"] == c["team"] for d in task["completed_by"])
    if done != c["done"] or complete != c["complete"]:
        print(f"  {c['team']} {c['task']}: expected {c['done']} (complete: {c['complete']}), got {done} (complete: {complete})")
        bad.append(c)
for a in bad[:5]:
    got = results.get(a["path"], {})
    print(f"  {a['path']} ({a['kind']}): expected {a['verdict']} {a['reasons']}, got {got.get('verdict')} {got.get('reasons')}")
# A Live Photo's motion file is not a submission: it must have paired with its still.
extra = sorted(set(results) - {a["path"] for a in answers})
for path in extra[:5]:
    print(f"  {path}: judged, but planned as no submission (an unpaired Live Photo motion file?)")
videos = sum(1 for s in results.values() if s["evidence"].get("media") == "video")
live = sum(1 for s in results.values() if s["evidence"].get("motion"))
print(f"{len(answers) + len(answer_file.get('choices') or []) - len(bad)}/{len(answers) + len(answer_file.get('choices') or [])} agree" + (f" ({videos} videos, {live} Live Photos)" if videos or live else ""))
sys.exit(1 if bad or extra else 0)
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
# The photo hunt with its first task asking for a video and its second for a photo.
python3 - "$WORK/evidence.yaml" <<'PY'
import re, sys
src = open("Examples/photo-scavenger-hunt/hunt.yaml").read()
items = [m.start() for m in re.finditer(r"^  - id: ", src, re.M)]
tasks_at = src.index("tasks:\n")
first, second = [i for i in items if i > tasks_at][:2]
def add(text, at, kind):
    line_end = text.index("\n", at)
    return text[:line_end + 1] + f"    evidence: {kind}\n" + text[line_end + 1:]
src = add(src, second, "photo")
src = add(src, first, "video")
open(sys.argv[1], "w").write(src.replace("photo-scavenger-hunt", "evidence"))
PY
# The photo hunt with its first two tasks live (`live: true`): photos sent from the players'
# page's camera with the browser's fix beside them, and some chosen from the gallery (not-live).
python3 - "$WORK/live.yaml" <<'PY'
import re, sys
src = open("Examples/photo-scavenger-hunt/hunt.yaml").read()
tasks_at = src.index("tasks:\n")
items = [m.start() for m in re.finditer(r"^  - id: ", src, re.M) if m.start() > tasks_at][:2]
for at in reversed(items):
    line_end = src.index("\n", at)
    src = src[:line_end + 1] + "    live: true\n" + src[line_end + 1:]
open(sys.argv[1], "w").write(src.replace("photo-scavenger-hunt", "live"))
PY

status=0
for seed in $SEEDS; do
    for hunt in Examples/*/hunt.yaml "$WORK/big.yaml" "$WORK/live.yaml"; do
        dir="$WORK/run"
        rm -rf "$dir"
        photos=$PHOTOS
        [ "$hunt" = "$WORK/big.yaml" ] && photos=40
        "$HUNT" simulate "$hunt" --photos-per-team "$photos" --seed "$seed" --failure-share 0.35 --out "$dir" > /dev/null
        "$HUNT" judge "$hunt" "$dir/submissions" --out "$dir/out" > /dev/null 2>&1 || true
        printf '%-45s seed %-3s ' "$hunt" "$seed"
        compare "$dir" || status=1
    done
    for hunt in Examples/*/hunt.yaml "$WORK/evidence.yaml" "$WORK/live.yaml"; do
        dir="$WORK/run"
        rm -rf "$dir"
        "$HUNT" simulate "$hunt" --photos-per-team "$PHOTOS" --seed "$seed" --failure-share 0.35 --video-share 0.3 --out "$dir" > /dev/null
        "$HUNT" judge "$hunt" "$dir/submissions" --out "$dir/out" > /dev/null 2>&1 || true
        printf '%-45s seed %-3s ' "${hunt/#$WORK\//} +video" "$seed"
        compare "$dir" || status=1
    done
done
exit $status
