#!/usr/bin/env python3
"""Makes the decodable HEIF/AVIF fixtures of Tests/HuntKitTests/Fixtures/heif (pictures whose
colours say which way up they were decoded), and hostile HEIC files for the hostile-input check.

usage (from the project root):
  python3 .ci/check/make-heif-fixtures.py                 # rewrite the fixtures (needs heif-enc,
                                                          # Debian libheif-examples: .ci/install-deps libheif-examples)
  python3 .ci/check/make-heif-fixtures.py bomb OUT.heic [--exif-from PHOTO.jpg] [--size 20000]
          [--ispe W]                                      # a grid declaring SIZE×SIZE (no heif-enc needed)

Every picture is 64×48 (the grid 128×96) in four quadrants: red top left, green top right, blue bottom left, white
bottom right, so a test can tell a turn or a mirror from the corners of the decoded copy. The
single pictures are heif-enc's own output; rotated, mirrored and grid files are ISOBMFF written
here (ISO/IEC 14496-12 `meta`/`iinf`/`iloc`/`iref`/`iprp`; ISO/IEC 23008-12 6.5.10 `irot`,
6.5.12 `imir`, 6.6.2.3 the grid's ImageGrid data) around HEVC tiles that heif-enc coded, copied
with their `hvcC`. A bomb is a 1×1 grid whose one 32×24 tile is stretched to SIZE×SIZE, with
`ispe` saying SIZE (or W, when a lying `ispe` is wanted): a few kilobytes."""
import os, struct, subprocess, sys, tempfile, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "..", "Tests", "HuntKitTests", "Fixtures", "heif"))
RED, GREEN, BLUE, WHITE = (230, 20, 20), (20, 200, 20), (20, 20, 230), (250, 250, 250)


def png(width, height, colour_at):
    rows = b"".join(b"\0" + b"".join(bytes(colour_at(x, y)) for x in range(width)) for y in range(height))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def quadrants(x, y, w=64, h=48):
    return [[RED, GREEN], [BLUE, WHITE]][y >= h // 2][x >= w // 2]


def heif_enc(png_bytes, avif=False):
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in.png"), os.path.join(d, "out.avif" if avif else "out.heic")
        open(src, "wb").write(png_bytes)
        subprocess.run(["heif-enc", "-q", "90", "-p", "chroma=444"] + (["-A"] if avif else []) + ["-o", dst, src],
                       check=True, capture_output=True)
        return open(dst, "rb").read()


def boxes(data, start=0, end=None):
    end = len(data) if end is None else end
    i = start
    while i + 8 <= end:
        size, typ = struct.unpack(">I4s", data[i:i + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", data[i + 8:i + 16])[0], 16
        elif size == 0:
            size = end - i
        yield typ.decode("latin-1"), data[i:i + size], i, header
        i += size


def coded_picture(heic):
    """The first coded item (`hvc1` or `av01`) of a file heif-enc wrote: its configuration box
    (`hvcC`/`av1C`), its data and the size its `ispe` declares."""
    meta = next(b for t, b, _, _ in boxes(heic) if t == "meta")
    children = {t: b for t, b, _, _ in boxes(meta, 12)}
    infe = [b for _, b, _, _ in boxes(children["iinf"], 14)]
    item = next(struct.unpack(">H", b[12:14])[0] for b in infe if b[16:20] in (b"hvc1", b"av01"))
    sub = {t: b for t, b, _, _ in boxes(children["iprp"], 8)}
    props = [b for _, b, _, _ in boxes(sub["ipco"], 8)]
    ipma = sub["ipma"]
    i, mine = 16, []
    for _ in range(struct.unpack(">I", ipma[12:16])[0]):
        owner, n = struct.unpack(">HB", ipma[i:i + 3]); i += 3
        if owner == item:
            mine = [props[(k & 0x7F) - 1] for k in ipma[i:i + n]]
        i += n
    config = next(p for p in mine if p[4:8] in (b"hvcC", b"av1C"))
    width, height = struct.unpack(">II", next(p for p in mine if p[4:8] == b"ispe")[12:20])
    iloc = children["iloc"]
    version, sizes = iloc[8], (iloc[12], iloc[13])
    off, length, base = sizes[0] >> 4, sizes[0] & 15, sizes[1] >> 4
    index_size = sizes[1] & 15 if version >= 1 else 0
    read = lambda n, at: int.from_bytes(iloc[at:at + n], "big")
    i = 16
    for _ in range(struct.unpack(">H", iloc[14:16])[0]):
        owner = struct.unpack(">H", iloc[i:i + 2])[0]; i += 2 + (2 if version >= 1 else 0) + 2
        base_offset = read(base, i); i += base
        data = b""
        extents = struct.unpack(">H", iloc[i:i + 2])[0]; i += 2
        for _ in range(extents):
            i += index_size
            e_off = read(off, i); i += off
            e_len = read(length, i); i += length
            data += heic[base_offset + e_off:base_offset + e_off + e_len]
        if owner == item:
            return config, data, width, height
    raise SystemExit("no coded item data")


def box(typ, payload):
    return struct.pack(">I4s", 8 + len(payload), typ.encode()) + payload


def fullbox(typ, version, flags, payload):
    return box(typ, struct.pack(">I", version << 24 | flags) + payload)


def exif_item(photo):
    """The Exif item of a JPEG's APP1 EXIF segment (offset field 6, then `Exif\\0\\0` and the TIFF block, as Apple writes it)."""
    i = 2
    while photo[i] == 0xFF and 0xE0 <= photo[i + 1] <= 0xEF:
        n = struct.unpack(">H", photo[i + 2:i + 4])[0]
        if photo[i + 1] == 0xE1 and photo[i + 4:i + 10] == b"Exif\0\0":
            return struct.pack(">I", 6) + photo[i + 4:i + 2 + n]
        i += 2 + n
    raise SystemExit("no EXIF segment in the photo")


def write_heif(pictures, primary_props, grid=None, exif=None, thumbnail=None, brand="heic"):
    """ISOBMFF around coded `pictures` [(config box, data, w, h)]. Without `grid` the one picture is
    the primary item and takes `primary_props` (extra property boxes: irot, imir); with `grid` =
    (rows, columns, out_w, out_h, ispe_w, ispe_h) item 1 is a grid over the pictures as tiles.
    `thumbnail`, a coded picture, becomes the primary's thumbnail item (`thmb`)."""
    items = []   # (id, type, data or None for idat, properties, hidden)
    if grid:
        rows, cols, out_w, out_h, ispe_w, ispe_h = grid
        wide = out_w > 0xFFFF or out_h > 0xFFFF
        grid_data = bytes([0, 1 if wide else 0, rows - 1, cols - 1]) + struct.pack(">II" if wide else ">HH", out_w, out_h)
        items.append((1, "grid", grid_data, [fullbox("ispe", 0, 0, struct.pack(">II", ispe_w, ispe_h))] + primary_props, False))
        for n, (config, data, w, h) in enumerate(pictures):
            items.append((2 + n, "hvc1", data, [config, fullbox("ispe", 0, 0, struct.pack(">II", w, h))], True))
    else:
        config, data, w, h = pictures[0]
        kind = "av01" if config[4:8] == b"av1C" else "hvc1"
        items.append((1, kind, data, [config, fullbox("ispe", 0, 0, struct.pack(">II", w, h))] + primary_props, False))
    if thumbnail:
        config, data, w, h = thumbnail
        items.append((len(items) + 1, "hvc1", data, [config, fullbox("ispe", 0, 0, struct.pack(">II", w, h))], False))
    if exif:
        items.append((len(items) + 1, "Exif", exif, [], True))
    props, assoc = [], []
    for item, _, _, its, _ in items:
        indexes = []
        for p in its:
            if p not in props:
                props.append(p)
            indexes.append(props.index(p) + 1)
        assoc.append((item, indexes))
    ipma = struct.pack(">I", len(assoc)) + b"".join(
        struct.pack(">HB", item, len(ix)) + bytes(0x80 | k for k in ix) for item, ix in assoc)
    iprp = box("iprp", box("ipco", b"".join(props)) + fullbox("ipma", 0, 0, ipma))
    infe = b"".join(fullbox("infe", 2, 1 if hidden else 0, struct.pack(">HH4s", item, 0, kind.encode()) + b"\0")
                    for item, kind, _, _, hidden in items)
    iinf = fullbox("iinf", 0, 0, struct.pack(">H", len(items)) + infe)
    refs = []
    if grid:
        tiles = [item for item, kind, _, _, hidden in items if kind == "hvc1" and hidden]
        refs.append(box("dimg", struct.pack(">HH", 1, len(tiles)) + b"".join(struct.pack(">H", t) for t in tiles)))
    if thumbnail:
        refs.append(box("thmb", struct.pack(">HHH", len(pictures) + 2 if grid else 2, 1, 1)))
    if exif:
        refs.append(box("cdsc", struct.pack(">HHH", items[-1][0], 1, 1)))
    iref = fullbox("iref", 0, 0, b"".join(refs)) if refs else b""
    hdlr = fullbox("hdlr", 0, 0, struct.pack(">I4s12s", 0, b"pict", b"") + b"\0")
    pitm = fullbox("pitm", 0, 0, struct.pack(">H", 1))
    compat = [b"mif1", b"avif", b"miaf"] if brand == "avif" else [b"mif1", b"heic"]
    ftyp = box("ftyp", brand.encode() + struct.pack(">I", 0) + b"".join(compat))

    def layout(mdat_start):
        # iloc version 1: offsets and lengths of 4 bytes; the grid's data in idat (construction method 1).
        entries, payload, at = b"", b"", mdat_start + 8
        idat = b""
        for item, kind, data, _, _ in items:
            if kind == "grid":
                entries += struct.pack(">HHHHII", item, 1, 0, 1, len(idat), len(data))
                idat += data
            else:
                entries += struct.pack(">HHHHII", item, 0, 0, 1, at, len(data))
                payload += data
                at += len(data)
        iloc = fullbox("iloc", 1, 0, bytes([0x44, 0x00]) + struct.pack(">H", len(items)) + entries)
        meta = fullbox("meta", 0, 0, hdlr + pitm + iloc + iinf + iref + iprp + (box("idat", idat) if idat else b""))
        return meta, box("mdat", payload)
    meta, _ = layout(0)
    meta, mdat = layout(len(ftyp) + len(meta))
    return ftyp + meta + mdat


def irot(quarter_turns_ccw):
    return box("irot", bytes([quarter_turns_ccw & 3]))


def imir(axis):
    return box("imir", bytes([axis & 1]))


def tile(colour, side=64):
    return coded_picture(heif_enc(png(side, side, lambda x, y: colour)))


def bomb(path, size, ispe, exif_from, tile_from):
    picture = coded_picture(open(tile_from, "rb").read())
    exif = exif_item(open(exif_from, "rb").read()) if exif_from else None
    open(path, "wb").write(write_heif([picture], [], grid=(1, 1, size, size, ispe, ispe), exif=exif))


def main():
    args = sys.argv[1:]
    if args and args[0] == "bomb":
        opts = dict(zip(args[2::2], args[3::2]))
        size = int(opts.get("--size", 20000))
        bomb(args[1], size, int(opts.get("--ispe", size)), opts.get("--exif-from"),
             opts.get("--tile-from", os.path.join(OUT, "heic-quadrants.heic")))
        return
    os.makedirs(OUT, exist_ok=True)
    picture = png(64, 48, quadrants)
    single = heif_enc(picture)
    write = lambda name, data: open(os.path.join(OUT, name), "wb").write(data)
    write("heic-quadrants.heic", single)
    write("avif-quadrants.avif", heif_enc(picture, avif=True))
    coded = coded_picture(single)   # 64×64 as x265 coded it; the grid of one crops it to 64×48, as heif-enc does
    write("heic-irot-90.heic", write_heif([coded], [irot(1)], grid=(1, 1, 64, 48, 64, 48)))
    write("heic-irot-270-imir.heic", write_heif([coded], [irot(3), imir(1)], grid=(1, 1, 64, 48, 64, 48)))
    tiles = [tile(RED), tile(GREEN), tile(BLUE), tile(WHITE)]
    write("heic-grid-2x2.heic", write_heif(tiles, [], grid=(2, 2, 128, 96, 128, 96)))   # 64×64 tiles, the lower two cut to 32 rows
    # A thumbnail picture (green all over, 64×64) that differs from the primary, to tell which was decoded.
    write("heic-grid-2x2-green-thumbnail.heic", write_heif(tiles, [], grid=(2, 2, 128, 96, 128, 96), thumbnail=tile(GREEN)))
    # The grid as an iPhone would send the photo the Examples' herons took at the Educatorium: its EXIF (position, time).
    photo = os.path.join(HERE, "..", "..", "Examples", "photo-scavenger-hunt", "submissions", "herons", "educatorium", "IMG_0001.jpg")
    write("heic-grid-2x2-with-exif.heic",
          write_heif(tiles, [], grid=(2, 2, 128, 96, 128, 96), exif=exif_item(open(photo, "rb").read())))
    write("heic-truncated.heic", single[:len(single) - 200])


if __name__ == "__main__":
    main()
