/// Hostile HEIC files for tests: a grid picture that declares any size over one tile, a few
/// hundred bytes in all (ISO/IEC 14496-12 `meta` with `iinf`, `iloc`, `iref`, `iprp`, `idat`;
/// ISO/IEC 23008-12 6.6.2.3 the grid's ImageGrid data). The tile's HEVC configuration holds a
/// sequence parameter set declaring 64×64 and nothing else a decoder needs, and its data is a few
/// bytes: a decoder that got that far would fail, so a test that sees a refusal knows the file was
/// refused before any decoding.
public enum HEIFBomb {
    /// A grid whose header asks for `side`×`side` pixels and whose `ispe` declares `ispe`×`ispe`
    /// (the same unless a lying `ispe` is wanted), made of `tiles`×`tiles` references to one tile
    /// whose parameter set declares `frame`×`frame`.
    public static func grid(side: Int, ispe: Int? = nil, frame: Int = 64, tiles: Int = 1) -> [UInt8] {
        let declared = UInt32(ispe ?? side)
        // Version 0, 32-bit fields, rows and columns less one.
        let gridData: [UInt8] = [0, 1, UInt8(tiles - 1), UInt8(tiles - 1)] + be32(UInt32(side)) + be32(UInt32(side))
        // H.265 7.3.2.2: VPS 0, one sub-layer, profile/tier/level, then SPS 0, 4:2:0, the frame's
        // width and height (ue(v) each) and the stop bit.
        let sps: [UInt8] =
            [0x42, 0x01, 0x01, 0x01, 0x60, 0x60, 0x60, 0x60, 0xB0, 1, 1, 1, 1, 1, 0x5A]
            + bytes(ofBits: [1] + exponentialGolomb(1) + exponentialGolomb(frame) + exponentialGolomb(frame) + [1])
        let hvcC = box(
            "hvcC",
            [
                1, 0x01, 0x60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x5A, 0xF0, 0, 0xFC, 0xFD, 0xF8, 0xF8, 0, 0, 0x0F, 1,
                0xA1
            ] + be16(1) + be16(sps.count) + sps)
        let properties = box(
            "ipco",
            fullBox("ispe", 0, 0, be32(declared) + be32(declared)) + hvcC
                + fullBox("ispe", 0, 0, be32(64) + be32(64)))
        let ipma = fullBox("ipma", 0, 0, be32(2) + be16(1) + [1, 0x81] + be16(2) + [2, 0x82, 0x83])
        let infe =
            fullBox("infe", 2, 0, be16(1) + be16(0) + Array("grid".utf8) + [0])
            + fullBox("infe", 2, 1, be16(2) + be16(0) + Array("hvc1".utf8) + [0])
        let tile: [UInt8] = [0, 0, 0, 2, 0x26, 0x01]
        func meta(mdatStart: Int) -> [UInt8] {
            let iloc = fullBox(
                "iloc", 1, 0,
                [0x44, 0x00] + be16(2)
                    + be16(1) + be16(1) + be16(0) + be16(1) + be32(0) + be32(UInt32(gridData.count))
                    + be16(2) + be16(0) + be16(0) + be16(1) + be32(UInt32(mdatStart + 8)) + be32(UInt32(tile.count)))
            return fullBox(
                "meta", 0, 0,
                fullBox("hdlr", 0, 0, be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
                    + fullBox("pitm", 0, 0, be16(1)) + iloc + fullBox("iinf", 0, 0, be16(2) + infe)
                    + fullBox(
                        "iref", 0, 0, box("dimg", be16(1) + be16(tiles * tiles) + Array(repeating: be16(2), count: tiles * tiles).flatMap { $0 }))
                    + box("iprp", properties + ipma) + box("idat", gridData))
        }
        let ftyp = box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8))
        let size = meta(mdatStart: 0).count
        return ftyp + meta(mdatStart: ftyp.count + size) + box("mdat", tile)
    }

    static func exponentialGolomb(_ value: Int) -> [UInt8] {
        let code = (0..<(Int.bitWidth - (value + 1).leadingZeroBitCount)).reversed().map { UInt8((value + 1) >> $0 & 1) }
        return [UInt8](repeating: 0, count: code.count - 1) + code
    }

    static func bytes(ofBits bits: [UInt8]) -> [UInt8] {
        let padded = bits + [UInt8](repeating: 0, count: (8 - bits.count % 8) % 8)
        return stride(from: 0, to: padded.count, by: 8).map { i in padded[i..<(i + 8)].reduce(0) { $0 << 1 | $1 } }
    }

    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload }
    static func fullBox(_ type: String, _ version: UInt8, _ flags: UInt32, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(be32(flags).dropFirst()) + payload)
    }
}
