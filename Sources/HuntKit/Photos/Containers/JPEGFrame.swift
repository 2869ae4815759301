/// What a JPEG's frame header (SOFn) and first scan header (SOS) say about decoding it: enough to
/// know, before anything is decoded, how much memory libjpeg will ask for. ITU T.81 B.2.2 (frame
/// header), B.2.3 (scan header), Table B.1 (SOFn markers).
///
/// The point is the coefficient buffer. libjpeg decodes a single-scan sequential JPEG one MCU row
/// at a time, but for a progressive JPEG, or a sequential one whose first scan does not hold every
/// component, it keeps the whole image's DCT coefficients — 128 bytes per 8×8 block per
/// component, at full size whatever the output scale (libjpeg `jdinput.c` `initial_setup`,
/// `jdcoefct.c`). A 1 MB progressive 15000×15000 file asks for 1.3 GB.
struct JPEGFrame: Sendable, Hashable {
    /// A component's sampling factors (1…4 each in a valid file).
    struct Component: Sendable, Hashable {
        var horizontal: Int
        var vertical: Int
    }

    /// The SOFn marker's second byte: 0xC0 baseline, 0xC1 extended, 0xC2 progressive, 0xC9/0xCA
    /// the same with arithmetic coding; the others (lossless, hierarchical) libjpeg-turbo 2.x refuses.
    var marker: UInt8
    var pixelWidth: Int
    var pixelHeight: Int
    var components: [Component]
    /// How many components the first scan (SOS Ns) holds; nil when the headers end before it.
    var firstScanComponents: Int?
    /// More than one SOFn before the image data (libjpeg refuses such a file).
    var repeated = false

    /// Parses an SOFn payload (after the length): precision, height, width, Nf, then Nf × (id, H/V, Tq).
    /// Nil when it is shorter than it says.
    init?(marker: UInt8, payload: [UInt8]) {
        guard payload.count >= 6 else { return nil }
        let count = Int(payload[5])
        guard payload.count >= 6 + 3 * count else { return nil }
        self.marker = marker
        pixelHeight = Int(payload[1]) << 8 | Int(payload[2])
        pixelWidth = Int(payload[3]) << 8 | Int(payload[4])
        components = (0..<count).map { i in
            let factors = payload[6 + 3 * i + 1]
            return Component(horizontal: Int(factors >> 4), vertical: Int(factors & 0x0F))
        }
    }

    /// Sequential DCT: baseline, extended Huffman, extended arithmetic.
    var isSequential: Bool { [0xC0, 0xC1, 0xC9].contains(marker) }
    var isProgressive: Bool { [0xC2, 0xCA].contains(marker) }
    /// Arithmetic entropy coding (SOF9, SOF10).
    var isArithmetic: Bool { [0xC9, 0xCA].contains(marker) }

    /// Whether libjpeg will keep every coefficient of the image in memory. True unless the file is
    /// known to be sequential with one scan holding every component; so true for anything odd.
    var buffersWholeImage: Bool {
        !(isSequential && firstScanComponents == components.count) || repeated
    }

    /// Whether the header is one libjpeg can start decoding: 1…10 components (libjpeg's
    /// MAX_COMPONENTS), sampling factors 1…4, a width and a height (no DNL), one SOFn.
    var isDecodable: Bool {
        pixelWidth > 0 && pixelHeight > 0 && (1...10).contains(components.count) && !repeated
            && components.allSatisfy { (1...4).contains($0.horizontal) && (1...4).contains($0.vertical) }
    }

    /// Bytes of libjpeg's whole-image coefficient buffer: per component, its size in 8×8 blocks
    /// (rounded up to whole sampling units) × 64 coefficients × 2 bytes. The buffer only exists
    /// when `buffersWholeImage`.
    var coefficientBufferBytes: Int {
        let maxH = components.map(\.horizontal).max() ?? 1, maxV = components.map(\.vertical).max() ?? 1
        guard maxH > 0, maxV > 0 else { return 0 }
        func roundUp(_ value: Int, _ multiple: Int) -> Int { (value + multiple - 1) / max(multiple, 1) * max(multiple, 1) }
        return components.reduce(0) { total, c in
            let blocksAcross = roundUp((pixelWidth * c.horizontal + maxH * 8 - 1) / (maxH * 8), c.horizontal)
            let blocksDown = roundUp((pixelHeight * c.vertical + maxV * 8 - 1) / (maxV * 8), c.vertical)
            return total + blocksAcross * blocksDown * 128
        }
    }
}
