"""Test photos for the browser checks: a JPEG with EXIF GPS built here, and the console's id of a submission."""
import os, struct


def photo_at(source, target, lat, lon, minute, accuracy=5, day="2026:05:02", offset="+02:00", hour=11):
    """A copy of the JPEG `source` whose EXIF (built here) says it was taken at lat, lon, at
    HH:MM (11:MM unless told) on `day` (the hunt's day unless told) at `offset`, with that accuracy."""
    data = open(source, "rb").read()
    kept, i = [], 2
    while data[i + 1] != 0xDA:
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if data[i + 1] != 0xE1:
            kept.append(data[i:i + 2 + length])
        i += 2 + length

    def ifd(entries, base):
        head, extra = struct.pack("<H", len(entries)), b""
        after = base + 2 + 12 * len(entries) + 4
        for tag, kind, count, raw in sorted(entries):
            if len(raw) <= 4:
                head += struct.pack("<HHI", tag, kind, count) + raw.ljust(4, b"\0")
            else:
                head += struct.pack("<HHII", tag, kind, count, after + len(extra))
                extra += raw + b"\0" * (len(raw) % 2)
        return head + struct.pack("<I", 0) + extra

    def dms(value):
        value = abs(value)
        degrees, minutes = int(value), int(value * 60) % 60
        seconds = round((value * 3600 - degrees * 3600 - minutes * 60) * 10000)
        return struct.pack("<6I", degrees, 1, minutes, 1, seconds, 10000)

    exif = ifd([(0x9003, 2, 20, b"%s %02d:%02d:00\0" % (day.encode(), hour, minute)), (0x9011, 2, 7, offset.encode() + b"\0")], 38)
    gps = ifd([(0, 1, 4, bytes([2, 3, 0, 0])), (1, 2, 2, b"N\0" if lat >= 0 else b"S\0"), (2, 5, 3, dms(lat)),
               (3, 2, 2, b"E\0" if lon >= 0 else b"W\0"), (4, 5, 3, dms(lon)), (0x1F, 5, 1, struct.pack("<2I", accuracy * 100, 100))],
              38 + len(exif))
    tiff = b"II*\0" + struct.pack("<I", 8) + ifd([(0x8769, 4, 1, struct.pack("<I", 38)), (0x8825, 4, 1, struct.pack("<I", 38 + len(exif)))], 8)
    tiff += exif + gps
    app1 = b"Exif\0\0" + tiff
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as f:
        f.write(b"\xff\xd8\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + b"".join(kept) + data[i:])


