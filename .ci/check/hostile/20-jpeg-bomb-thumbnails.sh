# A player sends decompression bombs: 1.3 MB JPEGs that declare 15000×15000 pixels (progressive,
# and sequential in one scan per component), with a real position, so they are accepted and their
# thumbnails are wanted. libjpeg would keep 1.3 GB of coefficients for each, at any scale.
# Promise: `hunt judge --format html` and `hunt report --format html` stay under 300 MB peak RSS,
# show placeholder tiles, and warn naming each photo.
# fast
set -euo pipefail
ulimit -v $((2 * 1024 * 1024))   # KiB: a build without the bound fails here rather than take the machine's memory
cd "$WORK"
cp "$OLDPWD/Examples/photo-scavenger-hunt/hunt.yaml" .
"$HUNT" simulate hunt.yaml --teams 1 --photos-per-team 3 --failure-share 0 --out sim >/dev/null 2>&1
mapfile -t photos < <(find sim/submissions -name '*.jpg' | sort)
[ ${#photos[@]} -eq 3 ] || { echo "simulate made ${#photos[@]} photos, not 3"; exit 1; }
python3 - "${photos[0]}" progressive "${photos[1]}" multi-scan <<'PY'
import struct, sys
def seg(marker, payload): return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload
def bomb(photo, layout, w=15000, h=15000):
    i, head = 2, b""   # keep the photo's APPn segments (its EXIF: position, time)
    while photo[i] == 0xFF and 0xE0 <= photo[i + 1] <= 0xEF:
        n = struct.unpack(">H", photo[i + 2:i + 4])[0]; head += photo[i:i + 2 + n]; i += 2 + n
    one_code = bytes([1] + [0] * 15) + b"\x00"   # DC: category 0; AC: end of block
    out = b"\xFF\xD8" + head + seg(0xDB, b"\x00" + b"\x01" * 64)
    out += seg(0xC2 if layout == "progressive" else 0xC0, struct.pack(">BHHB", 8, h, w, 3) + b"".join(bytes([c, 0x11, 0]) for c in (1, 2, 3)))
    out += seg(0xC4, b"\x00" + one_code) + seg(0xC4, b"\x10" + one_code)
    blocks = ((w + 7) // 8) * ((h + 7) // 8)
    if layout == "progressive":   # one DC scan, a zero bit per block
        out += seg(0xDA, bytes([3, 1, 0, 2, 0, 3, 0, 0, 0, 0])) + bytes((3 * blocks + 7) // 8)
    else:                          # one scan per component, two zero bits per block
        for c in (1, 2, 3): out += seg(0xDA, bytes([1, c, 0, 0, 63, 0])) + bytes((2 * blocks + 7) // 8)
    return out + b"\xFF\xD9"
for path, layout in zip(sys.argv[1::2], sys.argv[2::2]):
    data = open(path, "rb").read()
    open(path, "wb").write(bomb(data, layout))
PY
limit_kb=$((300 * 1024))
check() {   # what, stderr file, html file, time file
    local rss
    rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$4")
    [ "$rss" -lt "$limit_kb" ] || { echo "$1: peak RSS $((rss / 1024)) MiB, over 300 MiB"; exit 1; }
    for p in "${photos[0]}" "${photos[1]}"; do
        grep -qF "$p: warning: no thumbnail: a 15000×15000" "$2" || { echo "$1: no warning naming $p: $(head -c 300 "$2")"; exit 1; }
    done
    [ "$(grep -o 'too large to preview' "$3" | wc -l)" -eq 2 ] || { echo "$1: not two 'too large to preview' tiles"; exit 1; }
    [ "$(grep -o 'data:image/jpeg' "$3" | wc -l)" -eq 1 ] || { echo "$1: the ordinary photo lost its thumbnail"; exit 1; }
}
status=0
timeout 60 /usr/bin/time -v -o judge.time "$HUNT" judge hunt.yaml sim/submissions --out out --format text,html >/dev/null 2>judge.err || status=$?
[ $status -eq 0 ] || { echo "hunt judge exited $status: $(tail -2 judge.err)"; exit 1; }
check "hunt judge --format html" judge.err out/report.html judge.time
timeout 60 /usr/bin/time -v -o report.time "$HUNT" report out/results.json --format html --out report.html >/dev/null 2>report.err || status=$?
[ $status -eq 0 ] || { echo "hunt report exited $status: $(tail -2 report.err)"; exit 1; }
check "hunt report --format html" report.err report.html report.time
