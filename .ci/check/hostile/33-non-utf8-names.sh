#!/usr/bin/env bash
# Names that are not UTF-8 or hold a backslash: every file is judged under its own path (no two
# collapse into one), folders with such names are listed, and the reviews file and a manifest
# can name each of them by the path results.json gives.
# fast
set -euo pipefail
PHOTOS="$(cd "$(dirname "$0")/../../.." && pwd)/Tests/HuntKitTests/Fixtures/photos"
cd "$WORK"
cat > hunt.yaml <<'YAML'
hunt: Names
timezone: UTC
teams: [{ id: foxes, name: Foxes }, { id: owls, name: Owls }]
tasks:
  - { id: tower, title: Tower, at: "52.09067, 5.12133", radius: 100 m }
YAML
mkdir -p subs/foxes/tower "subs/foxes/$(printf 'dir\377')"
for name in "$(printf 'bad\377name.jpg')" "$(printf 'bad\376name.jpg')" 'back\slash.jpg'; do
    cp "$PHOTOS/jpeg-gps-complete.jpg" "subs/foxes/tower/$name"
done
cp "$PHOTOS/jpeg-gps-complete.jpg" "subs/foxes/$(printf 'dir\377')/x.jpg"
timeout 30 "$HUNT" judge hunt.yaml subs --format json > r1.json 2> err.txt || true
python3 - <<'PY'
import json, sys
paths = sorted(s["path"] for s in json.load(open("r1.json"))["submissions"])
want = ["foxes/dir\\xFF/x.jpg", "foxes/tower/back\\\\slash.jpg", "foxes/tower/bad\\xFEname.jpg", "foxes/tower/bad\\xFFname.jpg"]
if paths != want: sys.exit(f"paths {paths}, wanted {want}")
bad = [s["path"] for s in json.load(open("r1.json"))["submissions"] if s["verdict"] != "accepted"]
if bad: sys.exit(f"not judged from their real bytes: {bad}")
PY
cat > reviews.yaml <<'YAML'
foxes/tower/bad\xFFname.jpg: reject
'foxes/tower/back\\slash.jpg': reject
foxes/dir\xFF/x.jpg: reject
YAML
printf 'team,task,path\nowls,tower,foxes/tower/bad\\xFEname.jpg\n' > manifest.csv
timeout 30 "$HUNT" judge hunt.yaml subs --reviews reviews.yaml --manifest manifest.csv --format json > r2.json 2> err2.txt || { cat err2.txt; exit 1; }
python3 - <<'PY'
import json, sys
s = {x["path"]: x for x in json.load(open("r2.json"))["submissions"]}
for p in ["foxes/tower/bad\\xFFname.jpg", "foxes/tower/back\\\\slash.jpg", "foxes/dir\\xFF/x.jpg"]:
    if s[p]["verdict"] != "rejected": sys.exit(f"the review of {p} was not applied")
if s["foxes/tower/bad\\xFEname.jpg"]["team"] != "owls": sys.exit("the manifest row did not name its file")
if s["foxes/tower/bad\\xFFname.jpg"]["team"] != "foxes": sys.exit("a manifest row applied to the wrong file")
PY
