# A player sends HEIC bombs: files of a few hundred bytes whose grid declares 20000×20000 pixels
# (libheif would decode the whole 1.2 GB picture, then copy it), one of them with an `ispe` that
# lies (64×64) so that only libheif's own limit, set to the declared size, stands in the way. Both
# carry a real photo's EXIF, so they are judged like it and their thumbnails are wanted.
# Promise: `hunt judge --format html` and `hunt report --format html` end within seconds under
# 300 MB peak RSS, show "too large to preview" tiles, and warn naming each photo.
# fast
set -euo pipefail
ulimit -v $((2 * 1024 * 1024))   # KiB: a build that decoded the bombs fails here rather than take the machine's memory
root=$OLDPWD
cd "$WORK"
cp "$root/Examples/photo-scavenger-hunt/hunt.yaml" .
"$HUNT" simulate hunt.yaml --teams 1 --photos-per-team 3 --failure-share 0 --out sim >/dev/null 2>&1
mapfile -t photos < <(find sim/submissions -name '*.jpg' | sort)
[ ${#photos[@]} -eq 3 ] || { echo "simulate made ${#photos[@]} photos, not 3"; exit 1; }
bombs=("${photos[0]%.jpg}.heic" "${photos[1]%.jpg}.heic")
python3 "$root/.ci/check/make-heif-fixtures.py" bomb "${bombs[0]}" --exif-from "${photos[0]}" --size 20000
python3 "$root/.ci/check/make-heif-fixtures.py" bomb "${bombs[1]}" --exif-from "${photos[1]}" --size 20000 --ispe 64
rm "${photos[0]}" "${photos[1]}"
limit_kb=$((300 * 1024))
check() {   # what, stderr file, html file, time file
    local rss
    rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$4")
    [ "$rss" -lt "$limit_kb" ] || { echo "$1: peak RSS $((rss / 1024)) MiB, over 300 MiB"; exit 1; }
    grep -qF "${bombs[0]}: warning: no thumbnail: a 20000×20000 HEIF picture needs about" "$2" \
        || { echo "$1: no warning naming ${bombs[0]}: $(head -c 300 "$2")"; exit 1; }
    grep -qF "${bombs[1]}: warning: no thumbnail: the file declares a 64×64 picture, but its coded data asks for more" "$2" \
        || { echo "$1: no warning naming ${bombs[1]}: $(head -c 300 "$2")"; exit 1; }
    [ "$(grep -o 'too large to preview' "$3" | wc -l)" -eq 2 ] || { echo "$1: not two 'too large to preview' tiles"; exit 1; }
    [ "$(grep -o 'data:image/jpeg' "$3" | wc -l)" -eq 1 ] || { echo "$1: the ordinary photo lost its thumbnail"; exit 1; }
}
status=0
timeout 60 /usr/bin/time -v -o judge.time "$HUNT" judge hunt.yaml sim/submissions --out out --format text,html >/dev/null 2>judge.err || status=$?
[ $status -eq 0 ] || { echo "hunt judge exited $status: $(tail -2 judge.err)"; exit 1; }
grep -q "3 accepted" <("$HUNT" judge hunt.yaml sim/submissions --format text 2>/dev/null) || { echo "the bombs were not judged as the photos they copy"; exit 1; }
check "hunt judge --format html" judge.err out/report.html judge.time
timeout 60 /usr/bin/time -v -o report.time "$HUNT" report out/results.json --format html --out report.html >/dev/null 2>report.err || status=$?
[ $status -eq 0 ] || { echo "hunt report exited $status: $(tail -2 report.err)"; exit 1; }
check "hunt report --format html" report.err report.html report.time
