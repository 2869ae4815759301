#!/usr/bin/env bash
# A player links their photo's XMP sidecar to a file outside the submissions folder (another
# photo's sidecar, or any file with a GPS position): the judge and `hunt exif` must not read it,
# and a photo swapped for a link after judging gets no thumbnail in `hunt report`.
# fast
set -euo pipefail
PHOTOS="$(cd "$(dirname "$0")/../../.." && pwd)/Tests/HuntKitTests/Fixtures/photos"
cd "$WORK"
cat > hunt.yaml <<'YAML'
hunt: Sidecars
timezone: UTC
teams: [{ id: foxes, name: Foxes }]
tasks:
  - { id: tower, title: Tower, at: "52.09067, 5.12133", radius: 100 m }
YAML
mkdir -p subs/foxes/tower elsewhere
cp "$PHOTOS/jpeg-no-exif.jpg" subs/foxes/tower/a.jpg
cp "$PHOTOS/jpeg-with-sidecar.xmp" elsewhere/position.xmp
ln -s ../../../elsewhere/position.xmp subs/foxes/tower/a.xmp
timeout 30 "$HUNT" judge hunt.yaml subs --format json > results.json || true
python3 - <<'PY'
import json, sys
s = {x["path"]: x for x in json.load(open("results.json"))["submissions"]}["foxes/tower/a.jpg"]
if s["verdict"] == "accepted" or "no-position" not in s["reasons"]:
    sys.exit(f"judge followed the sidecar link: {s['verdict']} {s['reasons']}")
PY
if timeout 30 "$HUNT" exif --format csv subs/foxes/tower/a.jpg subs | grep -q '52\.09'; then
    echo "hunt exif followed the sidecar link"; exit 1
fi
# A judged photo replaced by a link to an outside photo: no thumbnail made through it.
cp "$PHOTOS/jpeg-gps-complete.jpg" subs/foxes/tower/b.jpg
timeout 30 "$HUNT" judge hunt.yaml subs --out out --format json,html > /dev/null 2>&1 || true
cp "$PHOTOS/jpeg-gps-complete.jpg" elsewhere/secret.jpg
rm subs/foxes/tower/b.jpg
ln -s ../../../elsewhere/secret.jpg subs/foxes/tower/b.jpg
timeout 30 "$HUNT" report out/results.json --format html --photos subs --out report > /dev/null 2>&1 || true
if grep -q 'data:image/jpeg' report/*.html 2>/dev/null; then
    echo "hunt report made a thumbnail through a symbolic link"; exit 1
fi
