#!/usr/bin/env bash
# Special files given for every input the tool reads: /dev/zero (endless) and a FIFO with no
# writer (blocks). Each run must end promptly with an error naming the file, in bounded memory.
# fast
set -euo pipefail
PHOTOS="$(cd "$(dirname "$0")/../../.." && pwd)/Tests/HuntKitTests/Fixtures/photos"
cd "$WORK"
ulimit -v 4000000
mkfifo fifo
cat > hunt.yaml <<'YAML'
hunt: Special
timezone: UTC
teams: [{ id: foxes, name: Foxes }]
tasks:
  - { id: tower, title: Tower, at: "52.09067, 5.12133" }
YAML
mkdir -p subs/foxes/tower out
cp "$PHOTOS/jpeg-gps-complete.jpg" subs/foxes/tower/a.jpg
mkfifo subs/foxes/tower/b.jpg
timeout 30 "$HUNT" judge hunt.yaml subs --out out > /dev/null 2>&1 || true
[ -f out/results.json ] || { echo "judge did not finish beside a FIFO photo"; exit 1; }
for special in /dev/zero fifo; do
    run() {
        local what="$1"; shift
        local status=0
        out=$(timeout 20 "$HUNT" "$@" 2>&1 >/dev/null) || status=$?
        if [ $status -eq 124 ] || [ $status -ge 128 ]; then echo "$what on $special: hung or crashed (status $status)"; exit 1; fi
        if [ $status -eq 0 ]; then echo "$what on $special: accepted"; exit 1; fi
        if printf '%s' "$out" | grep -qi "permission"; then echo "$what on $special: says permission: $out"; exit 1; fi
    }
    run "validate" validate "$special"
    run "sheets" sheets "$special" -o s.pdf
    run "judge --reviews" judge hunt.yaml subs --reviews "$special" --format json
    run "judge --manifest" judge hunt.yaml subs --manifest "$special" --format json
    run "report" report "$special" --format md
    run "import" import "$special"
    run "exif" exif "$special"
    run "sheets --template" sheets hunt.yaml --template "$special" -o s.pdf
    run "where --to" where 52.1,5.1 --to "$special"
done
