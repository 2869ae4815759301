#!/usr/bin/env bash
# The example package Examples/scripting (HuntKit as a library, by path) is built and run on the
# photo hunt; its leaderboard must be what `hunt judge` gives for the hunt file it wrote (the
# example's hunt, with the task it adds in code), its report must be written, and every Swift
# block of the "Scripting HuntKit" article must be code of the example (so the article compiles).
# Leaves nothing in the tree: the build goes to .build/examples, the outputs to a temporary folder.
# Usage: HUNT=path/to/hunt .ci/check/scripting-example.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
hunt="${HUNT:-$(swift build --product hunt --show-bin-path)/hunt}"
out="$(mktemp -d)"
resolved=Examples/scripting/Package.resolved
keep_resolved=0
[ -e "$resolved" ] && keep_resolved=1
cleanup() { rm -rf "$out"; [ "$keep_resolved" = 1 ] || rm -f "$resolved"; }
trap cleanup EXIT
fail() { echo "scripting example: $*" >&2; exit 1; }

scratch=.build/examples/scripting
swift build --package-path Examples/scripting --scratch-path "$scratch" >"$out/build.log" 2>&1 \
    || { cat "$out/build.log" >&2; fail "the example package does not build"; }
"$scratch/debug/scripting" Examples/photo-scavenger-hunt "$out" >"$out/teams.txt" 2>"$out/stderr.txt" \
    || { cat "$out/stderr.txt" >&2; fail "the example failed"; }
[ -s "$out/report.html" ] || fail "no report.html"
[ -s "$out/areas/meadows.geojson" ] || fail "no areas/meadows.geojson beside hunt.yaml"
grep -Eq '^rehearsal: ([0-9]+) of \1 photos judged as planned$' "$out/stderr.txt" || { cat "$out/stderr.txt" >&2; fail "the rehearsal was not judged as planned"; }
grep -q '^IMG_0001.jpg was taken at 2026-05-02 ' "$out/stderr.txt" || { cat "$out/stderr.txt" >&2; fail "no capture time"; }
status=0
"$hunt" judge "$out/hunt.yaml" Examples/photo-scavenger-hunt/submissions --format json >"$out/results.json" 2>/dev/null || status=$?
[ "$status" -le 1 ] || fail "hunt judge on the example's hunt.yaml failed ($status)"
python3 - "$out/results.json" "$out/teams.txt" <<'PY' || fail "the example's leaderboard differs from hunt judge's"
import json, sys
results = json.load(open(sys.argv[1]))
expected = "".join(f"team {t['id']} {t['points']} {t['rank']}\n" for t in results["teams"])
got = open(sys.argv[2]).read()
if got != expected:
    sys.stderr.write(f"hunt judge:\n{expected}example:\n{got}")
    sys.exit(1)
PY
python3 - Sources/HuntKit/HuntKit.docc/ScriptingHuntKit.md Examples/scripting/Sources/scripting/main.swift <<'PY' || fail "the article quotes code the example does not have"
import re, sys
article, example = open(sys.argv[1]).read(), open(sys.argv[2]).read()
lines = {l.strip() for l in example.splitlines()}
for block in re.findall(r"```swift\n(.*?)```", article, re.S):
    for line in block.splitlines():
        if line.strip() and line.strip() not in lines:
            sys.stderr.write(f"not in the example: {line.strip()}\n")
            sys.exit(1)
PY
echo "scripting example: built, ran, and agrees with hunt judge ($(wc -l <"$out/teams.txt") teams)" >&2
