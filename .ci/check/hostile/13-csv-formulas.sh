#!/usr/bin/env bash
# CSV from `hunt exif` and `hunt where` neutralises text that a spreadsheet would run as a
# formula (=, +, -, @), and keeps numbers (a negative longitude, a typed -33.8,-151.2) as numbers.
# fast
set -uo pipefail
root=$OLDPWD
cd "$WORK"
python3 - "$root/Tests/HuntKitTests/Fixtures/photos/jpeg-gps-complete.jpg" <<'PY'
import sys
data = open(sys.argv[1], "rb").read().replace(b"HuntKit\0", b"=1+2*3\0\0", 1)
open("-2+3.jpg", "wb").write(data)
PY
out=$(timeout 20 "$HUNT" exif --format csv -- -2+3.jpg 2>&1) || { echo "exif failed: $out"; exit 1; }
row=$(sed -n 2p <<<"$out")
[[ $row == "'-2+3.jpg,"* ]] || { echo "path not neutralised: $row"; exit 1; }
grep -q ",'=1+2\*3," <<<"$row" || { echo "Make not neutralised: $row"; exit 1; }
printf 'lat,lon,name\n-33.8,-151.2,=HYPERLINK("x")\n' > places.csv
out=$(timeout 20 "$HUNT" where --to places.csv --format csv -- "-33.8,-151.2" 2>&1) || { echo "where failed: $out"; exit 1; }
row=$(sed -n 2p <<<"$out")
# The typed label is only numbers, so it runs nothing and stays as typed; the coordinates are
# numbers (kept negative).
[[ $row == "\"-33.8,-151.2\",-33.8000000,-151.2000000,"* ]] || { echo "where row wrong: $row"; exit 1; }
grep -q "'=HYPERLINK" <<<"$row" || { echo "place name not neutralised: $row"; exit 1; }
exit 0
