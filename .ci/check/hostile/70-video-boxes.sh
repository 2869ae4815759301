# A player's "video" built to make the QuickTime/MP4 reader loop, nest, allocate or read without
# end: box sizes of 2^64-1 and 0, a moov past the end of a 64 GB sparse file, 30,000 empty boxes,
# udta nested 10,000 deep, a keys list announcing 2^32-1 entries, an ilst item naming key 2^32-1,
# data boxes that overrun their item. Each must get a row (a result or a clear error) from
# `hunt exif`, fast, in bounded memory; never a crash.
# fast
set -euo pipefail
python3 - "$WORK" <<'PY'
import os, struct, sys
w = sys.argv[1]
def box(t, p=b""): return struct.pack(">I", len(p) + 8) + t + p
ftyp = box(b"ftyp", b"mp42\0\0\0\0mp42isom")
cases = {
    "huge-64bit.mp4": ftyp + struct.pack(">I4sQ", 1, b"moov", 2**64 - 1),
    "size-zero-moov.mov": ftyp + struct.pack(">I4s", 0, b"moov") + box(b"mvhd", b"\0" * 100),
    "many-boxes.mp4": ftyp + box(b"moov", box(b"free") * 30000),
    "deep.mp4": ftyp + box(b"moov", __import__("functools").reduce(lambda acc, _: box(b"udta", acc), range(10000), b"")),
    "keys-count.mov": ftyp + box(b"moov", box(b"meta", box(b"hdlr", b"\0" * 8 + b"mdta" + b"\0" * 13)
                                 + box(b"keys", b"\0\0\0\0" + struct.pack(">I", 2**32 - 1) + box(b"mdta", b"com.apple.quicktime.location.ISO6709"))
                                 + box(b"ilst", struct.pack(">I4s", 24, struct.pack(">I", 2**32 - 1)) + b"\0" * 16
                                       + box(struct.pack(">I", 1), struct.pack(">I4s", 999, b"data") + b"\0" * 8 + b"+52.0+005.0/")))),
    "mvhd-v1-max.mp4": ftyp + box(b"moov", box(b"mvhd", b"\1\0\0\0" + b"\xff" * 28)),
    "tkhd-short.mp4": ftyp + box(b"moov", box(b"trak", box(b"tkhd", b"\0" * 3))),
    "xyz-garbage.mov": ftyp + box(b"moov", box(b"udta", box(b"\xa9xyz", b"\xff\xff\0\0+99999999999999999999999999999999+0/"))),
}
for name, data in cases.items():
    open(os.path.join(w, name), "wb").write(data)
with open(os.path.join(w, "moov-past-end.mov"), "wb") as f:   # 64 GB sparse: mdat, then a cut-off moov
    f.write(ftyp + struct.pack(">I4sQ", 1, b"mdat", 64 << 30))
    f.seek((64 << 30) - 16, 1)
    f.write(struct.pack(">I4s", 4096, b"moov"))
PY
start=$(date +%s)
set +e
(ulimit -v 4000000; timeout 20 "$HUNT" exif --format csv "$WORK" > "$WORK/out.csv" 2> "$WORK/err.txt")
status=$?
set -e
[ $status -le 1 ] || { echo "hunt exif exited $status on hostile videos: $(head -c 300 "$WORK/err.txt")"; exit 1; }
[ $(( $(date +%s) - start )) -le 10 ] || { echo "hunt exif took more than 10 s on hostile videos"; exit 1; }
rows=$(($(wc -l < "$WORK/out.csv") - 1))
[ "$rows" -eq 9 ] || { echo "expected 9 rows (one per hostile video), got $rows"; exit 1; }
exit 0
