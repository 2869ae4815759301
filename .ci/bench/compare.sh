#!/usr/bin/env bash
# Benchmark: several commits side by side on validate, judge and report, in the same run.
#
#   .ci/bench/compare.sh 6505653 HEAD          (ROUNDS=n, default 9)
#
# Each commit gets a release build (in a worktree under bench-data/compare, once per commit)
# and its own Templates. Then every round runs each command once per binary, the binaries'
# order rotated each round (the first of a round runs slower on a busy machine), and the
# medians are printed against the first commit. Inputs: validate-generate.py's 10,000 tasks;
# judge.sh's 300 teams × 67 photos (run .ci/bench/judge.sh once first); for the reports, each
# binary's own results.json. Needs python3 and git.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: .ci/bench/compare.sh COMMIT COMMIT..." >&2; exit 2; }
OUT=bench-data/compare
JUDGE=bench-data/judge
[ -d "$JUDGE/sim/submissions" ] || { echo "run .ci/bench/judge.sh once first: it makes $JUDGE" >&2; exit 2; }
mkdir -p "$OUT"
[ -f "$OUT/v10k.yaml" ] || python3 .ci/bench/validate-generate.py "$OUT/v10k.yaml" 10000 >&2

bins=()
for commit in "$@"; do
    sha=$(git rev-parse --short=7 "$commit")
    if [ ! -x "$OUT/hunt-$sha" ]; then
        [ -d "$OUT/wt" ] || git worktree add -q --detach "$OUT/wt" "$sha"
        git -C "$OUT/wt" checkout -q --detach "$sha"
        echo "building $sha (release)…" >&2
        (cd "$OUT/wt" && swift build -c release --product hunt >"../build-$sha.log" 2>&1) || { echo "$sha did not build: $OUT/build-$sha.log" >&2; exit 1; }
        cp "$OUT/wt/.build/release/hunt" "$OUT/hunt-$sha"
    fi
    # A copied binary finds no bundle: it reads its own commit's templates through HUNT_TEMPLATES.
    [ -d "$OUT/tpl-$sha/Templates" ] || { mkdir -p "$OUT/tpl-$sha" && git archive "$sha" Templates | tar -x -C "$OUT/tpl-$sha"; }
    bins+=("$sha")
done

python3 - "$OUT" "$JUDGE" "${ROUNDS:-9}" "${bins[@]}" <<'PY'
import os, statistics, subprocess, sys, time
out, judge, rounds, shas = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
def cmds(sha):
    b = f"{out}/hunt-{sha}"
    return {
        "validate 10k": [b, "validate", "--quiet", f"{out}/v10k.yaml"],
        "judge 20k": [b, "judge", f"{judge}/hunt.yaml", f"{judge}/sim/submissions", "--out", f"{out}/judged-{sha}"],
        "report md": [b, "report", f"{out}/judged-{sha}/results.json", "--format", "md", "--out", f"{out}/report-{sha}.md"],
        "report html": [b, "report", f"{out}/judged-{sha}/results.json", "--format", "html", "--out", f"{out}/report-{sha}.html"],
    }
def run(sha, command):
    env = dict(os.environ, HUNT_TEMPLATES=f"{out}/tpl-{sha}/Templates")
    p = subprocess.run(cmds(sha)[command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    if p.returncode not in (0, 1) or b"error:" in p.stderr:  # 1: photos to review
        sys.exit(f"{sha} {command}: exit {p.returncode}\n{p.stderr.decode()[-500:]}")
names = list(cmds(shas[0]))
for sha in shas:  # warm up; each binary judges for its own reports
    for c in names: run(sha, c)
times = {(c, s): [] for c in names for s in shas}
for r in range(rounds):
    for c in names:
        for sha in shas[r % len(shas):] + shas[:r % len(shas)]:
            t = time.monotonic(); run(sha, c); times[(c, sha)].append((time.monotonic() - t) * 1000)
for c in names:
    base = statistics.median(times[(c, shas[0])])
    print(f"{c}: " + ", ".join(f"{s} {statistics.median(times[(c, s)]):.0f} ms ({statistics.median(times[(c, s)]) / base - 1:+.0%})" for s in shas))
PY
