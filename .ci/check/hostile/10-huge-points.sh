#!/usr/bin/env bash
# Points at the ends of Int (hunt file, results.json) and counts past any real need
# (simulate) must give an error that says what to type, never "arithmetic overflow".
# fast
set -uo pipefail
cd "$WORK"
cat > hunt.yaml <<'YAML'
hunt: Overflow
timezone: UTC
teams:
  - { id: foxes, name: Foxes }
tasks:
  - { id: a, title: A, at: "52.0, 5.0", points: 9223372036854775807 }
  - { id: b, title: B, at: "52.1, 5.1", points: 9223372036854775807 }
rewards:
  - { points: 5, reward: x }
YAML
out=$(timeout 20 "$HUNT" validate hunt.yaml 2>&1); rc=$?
[ $rc = 1 ] || { echo "validate exited $rc (want 1): $out"; exit 1; }
grep -q 'points-too-large' <<<"$out" || { echo "no points-too-large error: $out"; exit 1; }
grep -q -- 'give -2' <<<"$out" && { echo "wrapped total in the warning: $out"; exit 1; }
for cmd in "sheets hunt.yaml -o sheets.pdf" "judge hunt.yaml ."; do
    out=$(timeout 20 $HUNT $cmd 2>&1); rc=$?
    [ $rc -ge 128 ] || grep -qi 'overflow' <<<"$out" && { echo "hunt $cmd crashed ($rc): $out"; exit 1; }
done
out=$(timeout 20 "$HUNT" simulate hunt.yaml --photos-per-team 9223372036854775807 --out sim 2>&1); rc=$?
[ $rc = 2 ] || { echo "simulate --photos-per-team huge exited $rc (want 2): $out"; exit 1; }
grep -q -- '--photos-per-team must be from 1 to' <<<"$out" || { echo "simulate: no usage message: $out"; exit 1; }
out=$(timeout 20 "$HUNT" exif --jobs 9223372036854775807 . 2>&1); rc=$?
[ $rc = 2 ] || { echo "exif --jobs huge exited $rc (want 2): ${out:0:300}"; exit 1; }
# A results file with points at Int.max, made from a real judge run.
sed 's/points: 9223372036854775807/points: 10/' hunt.yaml > ok.yaml
mkdir -p subs/foxes/a
cp "$OLDPWD/Tests/HuntKitTests/Fixtures/photos/jpeg-gps-complete.jpg" subs/foxes/a/p.jpg 2>/dev/null || true
timeout 60 "$HUNT" judge ok.yaml subs --out judged >/dev/null 2>&1
[ -f judged/results.json ] || { echo "judge wrote no results.json"; exit 1; }
sed -E 's/"points": [0-9]+/"points": 9223372036854775807/g' judged/results.json > huge.json
for f in md csv json html; do
    out=$(timeout 30 "$HUNT" report huge.json --format $f 2>&1 >/dev/null); rc=$?
    [ $rc -lt 2 ] || { echo "report --format $f exited $rc: $out"; exit 1; }
done
exit 0
