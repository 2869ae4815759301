#!/usr/bin/env bash
# Check: `hunt exif` on videos agrees with `exiftool -n` on position (GPSLatitude/GPSLongitude,
# from Keys, UserData ©xyz or 3GPP loci), capture time and offset (Keys:CreationDate), the movie
# header's time (QuickTime:CreateDate, UTC), rotation, duration and size.
#
# usage (from the checkout):  .ci/check/video-metadata.sh [DIR_OR_FILE...]
#   HUNT=path/to/hunt (default: a release build)
# Files checked: the test fixtures (Tests/HuntKitTests/Fixtures/videos), the videos `hunt simulate
# --video-share 1` writes for two example hunts (MOV with Apple's keys, MP4/3GP with ©xyz,
# rotations, no-GPS ones), movies made here with ffmpeg when it is installed, and any paths
# given — e.g. metadata-extractor-images' mov/ mp4/ 3gp/ folders or exiftool's
# t/images/QuickTime.mov, which are not committed (their licences differ). Needs exiftool
# (Debian: libimage-exiftool-perl). Exit 1 on any disagreement.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v exiftool > /dev/null || { echo "video-metadata: needs exiftool (apt-get install libimage-exiftool-perl)" >&2; exit 2; }
if [ -z "${HUNT:-}" ]; then
    swift build -c release --product hunt >&2
    HUNT="$(swift build -c release --product hunt --show-bin-path)/hunt"
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

inputs=(Tests/HuntKitTests/Fixtures/videos)
for hunt in Examples/photo-scavenger-hunt/hunt.yaml Examples/booze-your-credit/hunt.yaml; do
    name=$(basename "$(dirname "$hunt")")
    "$HUNT" simulate "$hunt" --photos-per-team 12 --video-share 1 --failure-share 0.3 --out "$WORK/sim-$name" > /dev/null
    inputs+=("$WORK/sim-$name/submissions")
done
if command -v ffmpeg > /dev/null; then
    mkdir -p "$WORK/ffmpeg"
    make() { ffmpeg -loglevel error -y -f lavfi -i color=c=blue:s=64x48:d=1 -c:v mpeg4 "$@"; }
    make -metadata location="+48.8584+002.2945/" -metadata creation_time="2026-05-02T08:00:00Z" "$WORK/ffmpeg/xyz-degrees.mov"
    make -metadata location="-3348.128+15112.558+012.0/" "$WORK/ffmpeg/xyz-degree-minutes.mov"
    make -metadata location="+40.6892-074.0445+093.000/" "$WORK/ffmpeg/loci.mp4"
    make -metadata location="+35.6586+139.7454/" -f 3gp -c:v h263 -s 176x144 "$WORK/ffmpeg/loci.3gp"
    make -movflags use_metadata_tags -metadata "com.apple.quicktime.location.ISO6709=+51.5007-000.1246+015.250/" \
         -metadata "com.apple.quicktime.creationdate=2026-05-02T09:30:00-0400" -metadata "com.apple.quicktime.make=Apple" \
         "$WORK/ffmpeg/apple-keys.mov"
    inputs+=("$WORK/ffmpeg")
fi
inputs+=("$@")

files=()
while IFS= read -r -d '' f; do files+=("$f"); done < <(find "${inputs[@]}" -type f \
    \( -iname '*.mov' -o -iname '*.mp4' -o -iname '*.m4v' -o -iname '*.3gp' -o -iname '*.3g2' \) -print0 | sort -z)
"$HUNT" exif "${files[@]}" --format json > "$WORK/hunt.json" || true
exiftool -n -j -GPSLatitude -GPSLongitude -Keys:CreationDate -QuickTime:CreateDate -Rotation -QuickTime:Duration \
    -Track1:ImageWidth -Track1:ImageHeight "${files[@]}" > "$WORK/exiftool.json" 2> /dev/null || true

python3 - "$WORK/hunt.json" "$WORK/exiftool.json" <<'PY'
import json, sys
ours = {r["path"]: r for r in json.load(open(sys.argv[1]))}
theirs = {r["SourceFile"]: r for r in json.load(open(sys.argv[2]))}
problems, compared, refused = [], 0, []
def iso(exif):            # "2026:05:02 12:15:30+02:00" -> ("2026-05-02T12:15:30", "+02:00")
    date, time = exif[:10].replace(":", "-"), exif[11:19]
    return date + "T" + time, exif[19:] or None
for path, t in sorted(theirs.items()):
    o = ours.get(path)
    if o is None:
        problems.append(f"{path}: no row from hunt exif")
        continue
    if o["error"]:
        # A damaged file (exiv2's proof-of-concept files): an error is right when exiftool found
        # none of the fields either; it is a disagreement when exiftool read some.
        found = [k for k in ("GPSLatitude", "CreationDate", "CreateDate", "Duration", "ImageWidth") if k in t]
        if found:
            problems.append(f"{path}: hunt exif: {o['error']['message']}; exiftool read {', '.join(found)}")
        else:
            refused.append(path)
        continue
    compared += 1
    def differ(what, a, b): problems.append(f"{path}: {what}: hunt {a!r}, exiftool {b!r}")
    if "GPSLatitude" in t:
        if o["latitude"] is None or abs(o["latitude"] - t["GPSLatitude"]) > 1e-5 or abs(o["longitude"] - t["GPSLongitude"]) > 1e-5:
            differ("position", (o["latitude"], o["longitude"]), (t["GPSLatitude"], t["GPSLongitude"]))
    elif o["latitude"] is not None:
        differ("position", (o["latitude"], o["longitude"]), None)
    if "CreationDate" in t:
        local, offset = iso(t["CreationDate"])
        if (o["captured_at"], o["offset"]) != (local, offset):
            differ("CreationDate", (o["captured_at"], o["offset"]), t["CreationDate"])
    created = t.get("CreateDate")
    if created and not created.startswith("0000"):
        if (o["media_created"] or "")[:19] != iso(created)[0]:
            differ("CreateDate", o["media_created"], created)
        if "CreationDate" not in t and (o["captured_at"], o["offset"]) != (iso(created)[0], "+00:00"):
            differ("capture time from CreateDate (UTC)", (o["captured_at"], o["offset"]), created)
    elif o["media_created"] is not None:
        differ("CreateDate", o["media_created"], created)
    if "Rotation" in t and o["rotation"] is not None and o["rotation"] != t["Rotation"]:
        differ("Rotation", o["rotation"], t["Rotation"])
    if "Duration" in t and (o["duration_s"] is None or abs(o["duration_s"] - t["Duration"]) > 0.001):
        differ("Duration", o["duration_s"], t["Duration"])
    if "ImageWidth" in t and (o["width"], o["height"]) != (t["ImageWidth"], t.get("ImageHeight")):
        differ("size", (o["width"], o["height"]), (t["ImageWidth"], t.get("ImageHeight")))
for p in problems[:20]:
    print("  " + p)
print(f"video-metadata: {compared} videos compared with exiftool -n, {len(problems)} disagreement(s)"
      + (f"; {len(refused)} damaged file(s) refused, where exiftool read none of the fields either" if refused else ""))
sys.exit(1 if problems else 0)
PY
