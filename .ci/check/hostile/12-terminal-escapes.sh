#!/usr/bin/env bash
# Escape sequences, CR and newlines in EXIF strings, file names, team names and hunt values are
# shown, never sent to the terminal raw.
# fast
set -uo pipefail
root=$OLDPWD
cd "$WORK"
esc=$'\e'
# A photo whose Make says ESC]0;pwned BEL + CR (same length as "HuntKit"), in a folder named with ESC[2J.
python3 - "$root/Tests/HuntKitTests/Fixtures/photos/jpeg-gps-complete.jpg" <<'PY'
import os, sys
data = open(sys.argv[1], "rb").read().replace(b"HuntKit\0", b"\x1b]0;p\x07\r\0", 1)
os.makedirs("subs/foxes/\x1b[2Jtask\r", exist_ok=True)
open("subs/foxes/\x1b[2Jtask\r/\x1b[31mphoto.jpg", "wb").write(data)
PY
cat > hunt.yaml <<YAML
hunt: "Hunt ${esc}[2J"
timezone: UTC
teams:
  - { id: foxes, name: "Foxes ${esc}]0;title\u0007\r\nrank 1 fake" }
tasks:
  - { id: a, title: "A ${esc}[5m", at: "52.0906667, 5.1213333", radius: 50 m }
YAML
check() {  # $1: what, $2: the output
    if printf '%s' "$2" | LC_ALL=C grep -q $'\e\|\r\|\a'; then echo "$1 printed a raw control character"; exit 1; fi
}
out=$(timeout 20 "$HUNT" exif subs --format table 2>&1); check "exif table" "$out"
grep -q '␛]0;p␇' <<<"$out" || { echo "exif table does not show the Make visibly: $out"; exit 1; }
out=$(timeout 60 "$HUNT" judge hunt.yaml subs --format text 2>&1); check "judge summary" "$out"
printf 'hunt: x\nunknown\e[2J: 1\n' > bad.yaml
out=$(timeout 20 "$HUNT" validate bad.yaml 2>&1); check "validate" "$out"
out=$(timeout 20 "$HUNT" where $'52.09,5.12' --to "$(printf '52.0,5.0')" 2>&1); check "where" "$out"
out=$(timeout 20 "$HUNT" validate $'no\e[2Jsuch.yaml' 2>&1); check "validate of a missing file" "$out"
exit 0
