#!/usr/bin/env python3
"""Makes the small photo fixtures of Tests/HuntKitTests/Fixtures/photos, one per known trap.

usage (from the project root):  python3 .ci/check/make-photo-fixtures.py
Needs Pillow (for the tiny JPEG/PNG/WebP pixels). The EXIF blocks are built here byte by byte, so
each trap is exactly what real cameras wrote (SRATIONAL latitudes, 0/0 components, refs of the
wrong type, Interop tags 0x1/0x2, malformed GPSDateStamp...). HEIF files are minimal ISOBMFF
structures (ftyp, meta with iinf/iloc/idat, mdat) around an Exif item: enough for a metadata
reader, not for an image decoder. Re-running rewrites the same bytes."""
import io, os, struct, sys
from PIL import Image

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "HuntKitTests", "Fixtures", "photos")
OUT = os.path.normpath(OUT)
os.makedirs(OUT, exist_ok=True)

BYTE, ASCII, SHORT, LONG, RATIONAL, UNDEFINED, SLONG, SRATIONAL = 1, 2, 3, 4, 5, 7, 9, 10
SIZES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8}


class E:
    """One IFD entry: tag, type, count and the value already packed in the block's byte order."""
    def __init__(self, tag, typ, count, raw):
        self.tag, self.typ, self.count, self.raw = tag, typ, count, raw


def entries(bo):
    def ascii(tag, s):
        b = s.encode() + b"\0"
        return E(tag, ASCII, len(b), b)
    def short(tag, *v):
        return E(tag, SHORT, len(v), b"".join(struct.pack(bo + "H", x) for x in v))
    def long(tag, *v):
        return E(tag, LONG, len(v), b"".join(struct.pack(bo + "I", x) for x in v))
    def byte(tag, *v):
        return E(tag, BYTE, len(v), bytes(v))
    def undefined(tag, b):
        return E(tag, UNDEFINED, len(b), b)
    def rational(tag, *pairs):
        return E(tag, RATIONAL, len(pairs), b"".join(struct.pack(bo + "II", n, d) for n, d in pairs))
    def srational(tag, *pairs):
        return E(tag, SRATIONAL, len(pairs), b"".join(struct.pack(bo + "ii", n, d) for n, d in pairs))
    return ascii, short, long, byte, undefined, rational, srational


def tiff(ifd0, exif=None, gps=None, interop=None, bo="<"):
    """A TIFF-structured EXIF block: IFD0 (+ pointers), Exif IFD (+ Interop pointer), GPS IFD, Interop IFD."""
    def size(es):
        return 2 + 12 * len(es) + 4 + sum((len(e.raw) + 1) & ~1 for e in es if len(e.raw) > 4)
    ifd0 = list(ifd0)
    exif = list(exif) if exif is not None else None
    ptr = lambda tag: E(tag, LONG, 1, b"\0\0\0\0")
    if exif is not None: ifd0.append(ptr(0x8769))
    if gps is not None: ifd0.append(ptr(0x8825))
    if interop is not None and exif is not None: exif.append(ptr(0xA005))
    pos = 8
    starts = {}
    for name, es in (("ifd0", ifd0), ("exif", exif), ("gps", gps), ("interop", interop)):
        if es is not None:
            starts[name] = pos
            pos += size(es)
    def patch(es, tag, value):
        for e in es:
            if e.tag == tag: e.raw = struct.pack(bo + "I", value)
    if exif is not None: patch(ifd0, 0x8769, starts["exif"])
    if gps is not None: patch(ifd0, 0x8825, starts["gps"])
    if interop is not None and exif is not None: patch(exif, 0xA005, starts["interop"])
    out = (b"II*\0" if bo == "<" else b"MM\0*") + struct.pack(bo + "I", 8)
    for name in ("ifd0", "exif", "gps", "interop"):
        es = {"ifd0": ifd0, "exif": exif, "gps": gps, "interop": interop}[name]
        if es is None: continue
        start = starts[name]
        es = sorted(es, key=lambda e: e.tag)
        table, data = struct.pack(bo + "H", len(es)), b""
        data_start = start + 2 + 12 * len(es) + 4
        for e in es:
            table += struct.pack(bo + "HHI", e.tag, e.typ, e.count)
            if len(e.raw) <= 4:
                table += e.raw.ljust(4, b"\0")
            else:
                table += struct.pack(bo + "I", data_start + len(data))
                data += e.raw + (b"\0" if len(e.raw) % 2 else b"")
        out += table + b"\0\0\0\0" + data
    return out


def camera(bo="<", make="HuntKit", model="Fixture Cam", software="make-photo-fixtures", orientation=1):
    ascii, short, long, byte, undefined, rational, srational = entries(bo)
    return [ascii(0x010F, make), ascii(0x0110, model), ascii(0x0131, software), short(0x0112, orientation)]


def capture(bo="<", when="2026:05:02 11:22:33", subsec="25", offset="+02:00"):
    ascii, *_ = entries(bo)
    es = [ascii(0x9003, when)]
    if subsec is not None: es.append(ascii(0x9291, subsec))
    if offset is not None: es.append(ascii(0x9011, offset))
    return es


def gps_full(bo="<", lat=(52, 5, 26.4), lon=(5, 7, 16.8), latref="N", lonref="E"):
    ascii, short, long, byte, undefined, rational, srational = entries(bo)
    return [
        byte(0x0000, 2, 3, 0, 0), ascii(0x0001, latref), rational(0x0002, (lat[0], 1), (lat[1], 1), (int(lat[2] * 100), 100)),
        ascii(0x0003, lonref), rational(0x0004, (lon[0], 1), (lon[1], 1), (int(lon[2] * 100), 100)),
        byte(0x0005, 0), rational(0x0006, (1234, 100)), rational(0x0007, (9, 1), (22, 1), (3350, 100)),
        rational(0x000B, (12, 10)), ascii(0x0010, "T"), rational(0x0011, (27125, 100)), ascii(0x001D, "2026:05:02"),
        rational(0x001F, (65, 10)),
    ]


def pixels(fmt, **kw):
    img = Image.new("RGB", (8, 8), (200, 120, 40))
    buf = io.BytesIO()
    img.save(buf, fmt, **kw)
    return buf.getvalue()


def jpeg(block, before=b"", after=b""):
    """A tiny JPEG: SOI, `before` segments, the EXIF APP1 (when given), `after` segments, the rest."""
    plain = pixels("JPEG", quality=50)
    assert plain[:2] == b"\xff\xd8"
    rest = plain[2:]
    # Drop Pillow's JFIF APP0 so that the segments under test come first.
    if rest[:2] == b"\xff\xe0":
        n = struct.unpack(">H", rest[2:4])[0]
        rest = rest[2 + n:]
    app1 = b""
    if block is not None:
        payload = b"Exif\0\0" + block
        app1 = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    return b"\xff\xd8" + before + app1 + after + rest


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def box(typ, payload):
    return struct.pack(">I", 8 + len(payload)) + typ + payload


def fullbox(typ, version, flags, payload):
    return box(typ, bytes([version]) + flags.to_bytes(3, "big") + payload)


def heif(block, brand=b"heic", apple=True, in_idat=False, exif_item=True):
    """ftyp, meta (hdlr, pitm, iinf, iloc[, idat]), mdat; the Exif item after mdat unless in idat."""
    item = (struct.pack(">I", 6) + b"Exif\0\0" + block) if apple else (struct.pack(">I", 0) + block)
    ftyp = box(b"ftyp", brand + b"\0\0\0\0" + b"mif1" + brand + b"miaf")
    hdlr = fullbox(b"hdlr", 0, 0, b"\0\0\0\0" + b"pict" + b"\0" * 12 + b"\0")
    pitm = fullbox(b"pitm", 0, 0, struct.pack(">H", 1))
    infes = fullbox(b"infe", 2, 0, struct.pack(">HH", 1, 0) + b"hvc1" + b"\0")
    if exif_item:
        infes += fullbox(b"infe", 2, 0, struct.pack(">HH", 2, 0) + b"Exif" + b"\0")
    iinf = fullbox(b"iinf", 0, 0, struct.pack(">H", 2 if exif_item else 1) + infes)
    image = b"\0\0\0\x10" + b"not-an-hevc-tile" * 4
    def layout(mdat_offset, exif_offset):
        # iloc version 1: offset_size 4, length_size 4, base_offset_size 0, index_size 0
        items = [(1, 0, mdat_offset, len(image))]
        if exif_item:
            items.append((2, 1 if in_idat else 0, exif_offset, len(item)))
        body = bytes([0x44, 0x00]) + struct.pack(">H", len(items))
        for item_id, method, off, length in items:
            body += struct.pack(">HHH", item_id, method, 0) + struct.pack(">H", 1) + struct.pack(">II", off, length)
        return fullbox(b"iloc", 1, 0, body)
    idat = box(b"idat", item) if in_idat else b""
    meta_len = len(fullbox(b"meta", 0, 0, hdlr + pitm + iinf + layout(0, 0) + idat))
    mdat_payload = len(ftyp) + meta_len + 8
    exif_offset = 0 if in_idat else mdat_payload + len(image) + 8  # after mdat, in a `free` box
    meta = fullbox(b"meta", 0, 0, hdlr + pitm + iinf + layout(mdat_payload, exif_offset) + idat)
    out = ftyp + meta + box(b"mdat", image)
    if not in_idat and exif_item:
        out += box(b"free", item)
    return out


def main():
    L = "<"
    ascii, short, long, byte, undefined, rational, srational = entries(L)
    full = tiff(camera(), capture(), gps_full())
    write("jpeg-gps-complete.jpg", jpeg(full))
    write("jpeg-gps-big-endian.jpg", jpeg(tiff(camera(">"), capture(">"), gps_full(">"), bo=">")))

    # libexif's loader gives up on APP6-9, APP12, APP15 before the EXIF APP1; exif_data_load_data on the
    # whole file gives up after a leading COM.
    ducky = segment(0xEC, b"Ducky\0\x01\0\x04\0\0\0\x50\0\0")
    write("jpeg-app12-app15-before-exif.jpg", jpeg(full, before=segment(0xE6, b"APP6") + ducky + segment(0xEF, b"APP15 junk")))
    write("jpeg-comment-before-exif.jpg", jpeg(full, before=segment(0xFE, b"a comment segment written first")))

    # Interop tags 0x1 ("R98") and 0x2 (version "0100") where a search over all IFDs finds "GPS latitude".
    interop = [ascii(0x0001, "R98"), undefined(0x0002, b"0100")]
    write("jpeg-interop-tags-no-gps.jpg", jpeg(tiff(camera(make="Canon"), capture(), [byte(0x0000, 2, 2, 0, 0)], interop)))
    write("jpeg-interop-tags-with-gps.jpg", jpeg(tiff(camera(make="motorola"), capture(), gps_full(), interop)))

    # SRATIONAL latitude/longitude (Nokia, FLIR), southern and western.
    g = [ascii(0x0001, "S"), srational(0x0002, (33, 1), (51, 1), (5400, 100)), ascii(0x0003, "W"),
         srational(0x0004, (70, 1), (40, 1), (1200, 100))]
    write("jpeg-gps-srational-south-west.jpg", jpeg(tiff(camera(make="Nokia"), capture(), g)))

    zero = [ascii(0x0001, "N"), rational(0x0002, (0, 0), (0, 0), (0, 0)), ascii(0x0003, "E"), rational(0x0004, (0, 0), (0, 0), (0, 0))]
    write("jpeg-gps-all-components-zero-over-zero.jpg", jpeg(tiff(camera(), capture(), zero)))
    secs = [ascii(0x0001, "N"), rational(0x0002, (52, 1), (5, 1), (0, 0)), ascii(0x0003, "E"), rational(0x0004, (5, 1), (7, 1), (0, 0))]
    write("jpeg-gps-seconds-zero-over-zero.jpg", jpeg(tiff(camera(), capture(), secs)))
    null = [ascii(0x0001, "N"), rational(0x0002, (0, 1), (0, 1), (0, 1)), ascii(0x0003, "E"), rational(0x0004, (0, 1), (0, 1), (0, 1))]
    write("jpeg-gps-exactly-zero-zero.jpg", jpeg(tiff(camera(), capture(), null)))
    write("jpeg-gps-version-only.jpg", jpeg(tiff(camera(), capture(), [byte(0x0000, 2, 2, 0, 0)])))
    write("jpeg-gps-altitude-only.jpg", jpeg(tiff(camera(), capture(), [byte(0x0000, 2, 2, 0, 0), byte(0x0005, 1), rational(0x0006, (150, 10))])))
    noref = [ascii(0x0001, "N"), rational(0x0002, (52, 1), (0, 1), (0, 1)), ascii(0x0003, "E"), rational(0x0004, (5, 1), (0, 1), (0, 1)),
             rational(0x0006, (4250, 100))]
    write("jpeg-gps-altitude-without-ref.jpg", jpeg(tiff(camera(), capture(), noref)))
    empty_refs = [E(0x0001, ASCII, 0, b""), rational(0x0002, (52, 1), (30, 1), (0, 1)), ascii(0x0003, ""), rational(0x0004, (4, 1), (54, 1), (0, 1))]
    write("jpeg-gps-empty-refs.jpg", jpeg(tiff(camera(), capture(), empty_refs)))
    wrong = [byte(0x0001, ord("S")), rational(0x0002, (22, 1), (54, 1), (0, 1)), short(0x0003, ord("W")), rational(0x0004, (43, 1), (12, 1), (0, 1))]
    write("jpeg-gps-refs-of-wrong-type.jpg", jpeg(tiff(camera(), capture(), wrong)))

    def stamp(text):
        return gps_full()[:7] + [rational(0x0007, (14, 1), (27, 1), (724, 100)), ascii(0x001D, text)]
    write("jpeg-gps-datestamp-malformed.jpg", jpeg(tiff(camera(), capture(), stamp("2014:09:259"))))
    write("jpeg-gps-datestamp-whole-datetime.jpg", jpeg(tiff(camera(), capture(), stamp("2014:09:25 14:27:07"))))
    write("jpeg-zero-dates.jpg", jpeg(tiff(camera(), capture(when="0000:00:00 00:00:00", subsec=None, offset=None),
                                           gps_full()[:7] + [ascii(0x001D, "0000:00:00")])))

    # A Canon maker note that points outside the block: libexif logs, the rest still reads.
    makernote = struct.pack("<H", 3) + b"".join(struct.pack("<HHII", 0x0001 + i, SHORT, 40000, 0xFFFFFF00) for i in range(3)) + b"\0\0\0\0"
    write("jpeg-corrupt-canon-makernote.jpg", jpeg(tiff(camera(make="Canon"), capture() + [undefined(0x927C, makernote)], gps_full())))

    # XMP fallbacks: an XMP APP1 with a position and EXIF without one; a sidecar beside a photo.
    xmp = ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
           '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" '
           'xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="52,5.44N" exif:GPSLongitude="5,7.28E" '
           'exif:GPSAltitude="1500/100" exif:GPSAltitudeRef="0"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>')
    write("jpeg-xmp-position-only.jpg", jpeg(tiff(camera(), capture()), after=segment(0xE1, b"http://ns.adobe.com/xap/1.0/\0" + xmp.encode())))
    write("jpeg-with-sidecar.jpg", jpeg(tiff(camera(), capture())))
    sidecar = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
               '<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/">'
               '<exif:GPSLatitude>54,59,22.8N</exif:GPSLatitude><exif:GPSLongitude>1,35,58.8W</exif:GPSLongitude>'
               '</rdf:Description></rdf:RDF></x:xmpmeta>')
    write("jpeg-with-sidecar.xmp", sidecar.encode())

    write("jpeg-no-exif.jpg", jpeg(None))
    whole = jpeg(full)
    write("jpeg-truncated-inside-exif.jpg", whole[:60])

    # Other containers.
    write("png-exif-chunk.png", pixels("PNG", exif=b"Exif\0\0" + full))
    write("webp-exif-with-prefix.webp", webp_with_exif_payload(pixels("WEBP", exif=full, lossless=True), b"Exif\0\0" + full))
    write("webp-exif-bare.webp", pixels("WEBP", exif=full, lossless=True))
    write("heic-apple-exif-item-after-mdat.heic", heif(full))
    write("heic-exif-item-in-idat.heic", heif(full, apple=False, in_idat=True))
    write("heic-no-exif-item.heic", heif(full, exif_item=False))
    write("avif-exif-item.avif", heif(full, brand=b"avif", apple=False))

    # A TIFF whose IFD0 comes after the image data (as FLIR/DJI write them), big-endian.
    bo = ">"
    block = tiff(camera(bo, make="DJI", model="XT2"), capture(bo, offset=None), gps_full(bo, lat=(39, 55, 1.2), lon=(2, 49, 30.09), lonref="W"), bo=bo)
    strip = bytes(range(256)) * 8
    head = b"MM\0*" + struct.pack(">I", 8 + len(strip))
    # Re-base the block's offsets: they were relative to its own header at 0; here it starts at 8 + len(strip) - 8.
    write("tiff-ifd-after-image-data.tif", rebase_tiff(block, len(strip), head + strip))
    print(f"wrote {len(os.listdir(OUT))} files to {OUT}")


def webp_with_exif_payload(webp, payload):
    """Rewrites a WebP's EXIF chunk (Pillow strips an `Exif\\0\\0` prefix; some writers keep it)."""
    assert webp[:4] == b"RIFF" and webp[8:12] == b"WEBP"
    i, chunks = 12, []
    while i + 8 <= len(webp):
        typ, n = webp[i:i + 4], struct.unpack("<I", webp[i + 4:i + 8])[0]
        data = webp[i + 8:i + 8 + n]
        chunks.append((typ, payload if typ == b"EXIF" else data))
        i += 8 + n + (n & 1)
    body = b"WEBP" + b"".join(t + struct.pack("<I", len(d)) + d + (b"\0" if len(d) & 1 else b"") for t, d in chunks)
    return b"RIFF" + struct.pack("<I", len(body)) + body


def rebase_tiff(block, shift, prefix):
    """Moves a TIFF block's structure `shift` bytes later in a file that starts with `prefix`."""
    bo = ">" if block[:2] == b"MM" else "<"
    out = bytearray(block[8:])
    def walk(off, seen):
        if off in seen or off < 8: return
        seen.add(off)
        i = off - 8
        n = struct.unpack_from(bo + "H", out, i)[0]
        for k in range(n):
            e = i + 2 + 12 * k
            tag, typ, count = struct.unpack_from(bo + "HHI", out, e)
            size = SIZES.get(typ, 1) * count
            if tag in (0x8769, 0x8825, 0xA005):
                target = struct.unpack_from(bo + "I", out, e + 8)[0]
                walk(target, seen)
                struct.pack_into(bo + "I", out, e + 8, target + shift)
            elif size > 4:
                struct.pack_into(bo + "I", out, e + 8, struct.unpack_from(bo + "I", out, e + 8)[0] + shift)
    walk(8, set())
    return prefix + bytes(out)


if __name__ == "__main__":
    sys.exit(main())
