#!/usr/bin/env bash
# Check: printed sheets read back as a person's tools read them (issue 7 acceptance).
#  - pdftotext of each PDF contains every task title, accents intact, and every team's name;
#  - every QR code, rendered at 150 dpi (pdftoppm) and decoded by zbarimg, is the geo: URI of
#    its task's point, and there is one per point task per team where `positions` is qr (none
#    where the hunt does not ask: the default);
#  - the answer key of a hunt whose area is the corpus' France polygon names the file and its
#    vertex count; the HTML page escapes and contains every title.
# Hunts: Templates/hunts/*, the accented test fixture, a generated 200-task hunt.
#
# Run: .ci/check/sheets.sh   (needs poppler-utils, zbar-tools and python3-yaml or PyYAML)
#      HUNT=path/to/hunt .ci/check/sheets.sh   to check an existing binary
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${HUNT:-}" ]; then
    swift build --scratch-path .build-check-sheets --product hunt >&2
    HUNT=.build-check-sheets/debug/hunt
fi
python3 -c "import yaml" 2>/dev/null || { echo "needs PyYAML: apt-get install python3-yaml or pip install pyyaml" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 .ci/bench/sheets-hunt.py "$work/generated.yaml" 200
# The same 200 tasks with their positions as QR codes (players' cards have none by default).
{ cat "$work/generated.yaml"; echo "sheets: { positions: qr }"; } > "$work/generated-qr.yaml"
hunts=(Templates/hunts/*/hunt.yaml Tests/HuntSheetsTests/Fixtures/sheets/accented-hunt.yaml "$work/generated.yaml" "$work/generated-qr.yaml")

france=/work/shared/corpus/geo/FRA.geo.json
if [ -f "$france" ]; then
    cp "$france" "$work/FRA.geo.json"
    cat > "$work/france.yaml" <<'YAML'
hunt: Où est la France ?
timezone: Europe/Paris
tasks:
  - id: france
    title: Approchez-vous de la France
    area: FRA.geo.json
    score: closest
    reveal: La France métropolitaine et la Corse.
YAML
    hunts+=("$work/france.yaml")
fi

failures=0
for hunt in "${hunts[@]}"; do
    name=$(basename "$(dirname "$hunt")")-$(basename "$hunt" .yaml)
    "$HUNT" sheets "$hunt" -o "$work/$name.pdf" 2>/dev/null
    "$HUNT" sheets "$hunt" --answer-key -o "$work/$name-key.pdf" 2>/dev/null
    "$HUNT" sheets "$hunt" -o "$work/$name.html" 2>/dev/null
    pdftotext -enc UTF-8 "$work/$name.pdf" "$work/$name.txt"
    pdftotext -enc UTF-8 "$work/$name-key.pdf" "$work/$name-key.txt"
    mkdir -p "$work/$name-png"
    pdftoppm -r 150 -gray -png "$work/$name.pdf" "$work/$name-png/p"
    (zbarimg --quiet --raw -Sdisable -Sqrcode.enable "$work/$name-png"/*.png 2>/dev/null || true) > "$work/$name.qr"
    if ! python3 - "$hunt" "$work/$name" <<'PY'
import html, re, sys, yaml
hunt_path, base = sys.argv[1], sys.argv[2]
hunt = yaml.safe_load(open(hunt_path, encoding="utf-8"))
text = open(base + ".txt", encoding="utf-8").read()
key = open(base + "-key.txt", encoding="utf-8").read()
page = open(base + ".html", encoding="utf-8").read()
decoded = sorted(l for l in open(base + ".qr", encoding="utf-8").read().split("\n") if l)
flat = " ".join(text.split())
problems = []

def fixed(x):
    s = f"{x:.6f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s

def point(at):
    if isinstance(at, str):
        m = re.fullmatch(r"\s*(-?[0-9.]+)\s*,\s*(-?[0-9.]+)\s*", at)
        return (float(m[1]), float(m[2])) if m else None
    if isinstance(at, list) and len(at) == 2:
        return float(at[0]), float(at[1])
    if isinstance(at, dict):
        return float(at.get("lat")), float(at.get("lon"))
    return None

teams = max(1, len(hunt.get("teams") or []))
expected = []
for task in hunt["tasks"]:
    title = str(task["title"])
    if " ".join(title.split()) not in flat:
        problems.append(f"title missing from the PDF text: {title}")
    if " ".join(title.split()) not in " ".join(key.split()):
        problems.append(f"title missing from the answer key: {title}")
    if html.escape(title, quote=True).replace("&#x27;", "&#39;") not in page:
        problems.append(f"title missing from the HTML: {title}")
    # A point task's QR code prints only where `positions` (the task's, else the hunt's) is qr.
    sheets = hunt.get("sheets") or {}
    hunt_mode = sheets.get("positions") or ("qr" if sheets.get("qr") is True else "none")
    if "at" in task and ((task.get("sheets") or {}).get("positions") or hunt_mode) == "qr":
        p = point(task["at"])
        if p is None:
            print(f"  note: skipped the QR check of {task['id']} (position written as {task['at']!r})")
            continue
        expected += [f"geo:{fixed(p[0])},{fixed(p[1])}"] * teams
for team in hunt.get("teams") or []:
    if str(team["name"]) not in text:
        problems.append(f"team missing: {team['name']}")
if sorted(expected) != decoded:
    missing = sorted(set(expected) - set(decoded))
    extra = sorted(set(decoded) - set(expected))
    problems.append(f"QR codes: {len(decoded)} decoded, {len(expected)} expected; missing {missing[:5]}, unexpected {extra[:5]}")
if "FRA.geo.json" in open(hunt_path, encoding="utf-8").read():
    if not re.search(r"\d+ polygons?, \d+ vertices", key):
        problems.append("the answer key does not give the area's polygons and vertices")
for p in problems:
    print("  " + p)
print(f"  {len(hunt['tasks'])} titles, {len(decoded)} QR codes checked")
sys.exit(1 if problems else 0)
PY
    then
        echo "FAIL $hunt" >&2
        failures=$((failures + 1))
    else
        echo "ok   $hunt"
    fi
done
echo "$(( ${#hunts[@]} - failures )) passed, $failures failed"
[ "$failures" -eq 0 ]
