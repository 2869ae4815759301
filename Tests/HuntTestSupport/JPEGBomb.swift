/// Decompression bombs for tests: valid JPEGs of one flat grey that declare any size up to
/// 65535×65535 while holding little data, written directly (no pixels are ever made).
///
/// Every block's DC difference is 0 and every block ends at once, so the entropy-coded data is
/// one or two zero bits per block: a 15000×15000 progressive file is 1.3 MB, and libjpeg needs
/// 1.3 GB of coefficients to decode it (ITU T.81: SOF0/SOF2, a one-code Huffman table per class).
public enum JPEGBomb {
    public enum Layout: Sendable {
        /// SOF0, one interleaved scan: decoded a row of blocks at a time.
        case sequential
        /// SOF2, one DC scan: libjpeg keeps every coefficient of the image.
        case progressive
        /// SOF0, one scan per component: libjpeg keeps every coefficient too.
        case multiScan
    }

    /// The bomb's bytes. `lumaSampling` 2×2 gives 4:2:0 colour. `exifFrom` is a photo whose
    /// leading APPn segments (its EXIF: position, time…) the bomb takes over, so that the judge
    /// treats it as that photo.
    public static func jpeg(
        width: Int, height: Int, layout: Layout, lumaSampling: (h: Int, v: Int) = (1, 1),
        exifFrom photo: [UInt8]? = nil
    ) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        if let photo { out += leadingSegments(photo) }
        out += segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        let factors: [(h: Int, v: Int)] = [lumaSampling, (1, 1), (1, 1)]
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
        for (i, f) in factors.enumerated() { frame += [UInt8(i + 1), UInt8(f.h << 4 | f.v), 0] }
        out += segment(layout == .progressive ? 0xC2 : 0xC0, frame)
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0x00]  // one code, "0", for symbol 0
        out += segment(0xC4, [0x00] + oneCode)  // DC table 0: category 0
        out += segment(0xC4, [0x10] + oneCode)  // AC table 0: end of block
        let maxH = lumaSampling.h, maxV = lumaSampling.v
        func ceilDiv(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }
        switch layout {
        case .progressive, .sequential:
            let mcus = ceilDiv(width, 8 * maxH) * ceilDiv(height, 8 * maxV)
            let bitsPerBlock = layout == .progressive ? 1 : 2
            out += segment(0xDA, [3, 1, 0, 2, 0, 3, 0, 0, layout == .progressive ? 0 : 63, 0])
            out += [UInt8](repeating: 0, count: ceilDiv(mcus * (maxH * maxV + 2) * bitsPerBlock, 8))
        case .multiScan:
            for (i, f) in factors.enumerated() {
                let blocks = ceilDiv(ceilDiv(width * f.h, maxH), 8) * ceilDiv(ceilDiv(height * f.v, maxV), 8)
                out += segment(0xDA, [1, UInt8(i + 1), 0, 0, 63, 0])
                out += [UInt8](repeating: 0, count: ceilDiv(blocks * 2, 8))
            }
        }
        return out + [0xFF, 0xD9]
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// The APPn segments right after SOI.
    static func leadingSegments(_ jpeg: [UInt8]) -> [UInt8] {
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF, (0xE0...0xEF).contains(jpeg[i + 1]) {
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        return Array(jpeg[2..<min(i, jpeg.count)])
    }
}
