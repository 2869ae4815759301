#!/usr/bin/env bash
# Makes (or checks) the examples' photos and expected outcomes:
#   Examples/<name>/submissions/   real JPEGs from `hunt simulate` (fixed seed, every team)
#   Examples/<name>/expected.json  per photo: the verdict and reasons simulate planned;
#                                  per team: points and rank from judging them (golden);
#                                  per team and `choose` task: what of its set simulate planned done
# Usage: .ci/check/judge-examples.sh            check: judge each example, compare with expected.json
#        .ci/check/judge-examples.sh --update   regenerate photos and expected.json (review the diff!)
# HUNT=path/to/hunt to use a built binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${HUNT:-}" ]; then
    swift build --product hunt >&2
    HUNT="$(swift build --product hunt --show-bin-path)/hunt"
fi
UPDATE=0
[ "${1:-}" = "--update" ] && UPDATE=1
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
status=0
for dir in Examples/*/; do
    name=$(basename "$dir")
    hunt="$dir/hunt.yaml"
    [ -f "$hunt" ] || continue
    # An example checked by its own script (buenos-aires: the languages) may have no expected.json.
    if [ $UPDATE = 0 ] && [ ! -f "$dir/expected.json" ]; then
        echo "$name: no expected.json, skipped" >&2
        continue
    fi
    # An example with answers (answers.jsonl) has a hand-written expected.json, from the answers' meaning.
    if [ $UPDATE = 1 ] && [ -f "$dir/submissions/answers.jsonl" ]; then
        echo "$name: has answers.jsonl; its expected.json is written by hand, left as it is" >&2
        continue
    fi
    if [ $UPDATE = 1 ]; then
        rm -rf "$dir/submissions" "$WORK/$name"
        "$HUNT" simulate "$hunt" --photos-per-team 12 --seed 2026 --out "$WORK/$name" > /dev/null
        mv "$WORK/$name/submissions" "$dir/submissions"
        cp "$WORK/$name/answers.json" "$WORK/$name.answers.json"
    fi
    "$HUNT" judge "$hunt" "$dir/submissions" --format json > "$WORK/$name.results.json" 2> /dev/null || true
    python3 - "$dir/expected.json" "$WORK/$name.results.json" "$UPDATE" "$WORK/$name.answers.json" <<'PY'
import json, sys, os
expected_path, results_path, update = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
results = json.load(open(results_path))
if update:
    answers = json.load(open(sys.argv[4]))
    expected = {
        "about": "Expected outcome of `hunt judge` on this example: per photo, the verdict and reasons `hunt simulate` planned "
                 "(seed 2026); per team, the points and rank. Regenerate with .ci/check/judge-examples.sh --update.",
        "submissions": [{k: a[k] for k in ("path", "team", "task", "kind", "verdict", "reasons")} for a in answers["submissions"]],
        "teams": [{"id": t["id"], "points": t["points"], "rank": t["rank"]} for t in results["teams"]],
    }
    if answers.get("choices"):
        expected["choices"] = answers["choices"]
    with open(expected_path, "w") as f:
        json.dump(expected, f, indent=2, sort_keys=True, ensure_ascii=False)
        f.write("\n")
expected = json.load(open(expected_path))
got = {s["path"]: s for s in results["submissions"]}
bad = [e for e in expected["submissions"] if e["path"] not in got
       or got[e["path"]]["verdict"] != e["verdict"] or got[e["path"]]["reasons"] != e["reasons"]]
teams = [{"id": t["id"], "points": t["points"], "rank": t["rank"]} for t in results["teams"]]
# `choose` tasks: each team's places or group tasks done, in order, as simulate planned them.
progress = {(p["team"], t["id"]): p["done"] for t in results["tasks"] for p in t.get("progress") or []}
bad += [c for c in expected.get("choices", []) if progress.get((c["team"], c["task"]), []) != c["done"]]
name = os.path.basename(os.path.dirname(expected_path))
print(f"{name}: {len(expected['submissions']) - len(bad)}/{len(expected['submissions'])} photos as expected; "
      f"leaderboard {'as expected' if teams == expected['teams'] else 'DIFFERS'}")
sys.exit(1 if bad or teams != expected["teams"] else 0)
PY
    [ $? = 0 ] || status=1
done
exit $status
