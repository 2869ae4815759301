import Foundation

/// A tiny baseline JPEG encoder for synthetic photos: YCbCr 4:4:4, each 8×8 block one flat colour
/// (DC coefficients only, every block ends at once with EOB).
///
/// Enough to make real, decodable images of a few hundred bytes that differ from each other, so
/// that `hunt simulate` makes duplicates only on purpose. Follows ITU-T T.81 (JPEG baseline,
/// sequential Huffman): SOF0, one DQT, the Annex K.3 luminance DC table and a one-symbol AC
/// table, one interleaved scan.
package struct SyntheticImage: Sendable, Hashable {
    /// Pixels across and down; multiples of 8.
    public var width: Int
    /// Pixels down; a multiple of 8.
    public var height: Int
    /// One colour per 8×8 block, row by row: (Y, Cb, Cr), each 0...255.
    public var blocks: [(UInt8, UInt8, UInt8)]

    public static func == (a: SyntheticImage, b: SyntheticImage) -> Bool {
        a.width == b.width && a.height == b.height && a.blocks.elementsEqual(b.blocks) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        for b in blocks { hasher.combine(b.0); hasher.combine(b.1); hasher.combine(b.2) }
    }

    /// A 64×48 picture: a soft gradient in a hue chosen by `hue` (0...1), with the 48 bits of
    /// `identity` written as lighter and darker blocks so that different identities give different images.
    public init(identity: UInt64, hue: Double) {
        width = 64
        height = 48
        let columns = width / 8, rows = height / 8
        // A hue as a (Cb, Cr) direction; saturation fixed.
        let angle = hue * 2 * Double.pi
        let cb = UInt8(clamping: Int(128 + 60 * cos(angle)))
        let cr = UInt8(clamping: Int(128 + 60 * sin(angle)))
        var blocks: [(UInt8, UInt8, UInt8)] = []
        blocks.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let index = row * columns + column
                let bit = (identity >> UInt64(index % 64)) & 1
                let base = 70 + (row * 90) / rows + (column * 40) / columns
                let y = UInt8(clamping: base + (bit == 1 ? 24 : 0))
                blocks.append((y, cb, cr))
            }
        }
        self.blocks = blocks
    }

    /// An image of `width` × `height` pixels (multiples of 8) from one (Y, Cb, Cr) colour per 8×8 block, row by row; traps on a mismatch.
    public init(width: Int, height: Int, blocks: [(UInt8, UInt8, UInt8)]) {
        precondition(width % 8 == 0 && height % 8 == 0 && blocks.count == (width / 8) * (height / 8))
        self.width = width
        self.height = height
        self.blocks = blocks
    }

    /// The encoded JPEG: SOI, DQT, SOF0, DHT, SOS, scan, EOI. `app1` (an EXIF segment's payload
    /// without marker and length) goes right after SOI when given.
    public func jpegBytes(app1: [UInt8]? = nil) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        if let app1 {
            precondition(app1.count + 2 <= 0xFFFF, "an APP1 segment holds at most 65533 bytes")
            out += [0xFF, 0xE1] + Self.bigEndian16(app1.count + 2) + app1
        }
        // DQT: table 0, 8-bit, every step 16.
        out += [0xFF, 0xDB] + Self.bigEndian16(67) + [0x00] + [UInt8](repeating: Self.quantStep, count: 64)
        // SOF0: 8-bit, height, width, three components, 1×1 sampling, quant table 0.
        out += [0xFF, 0xC0] + Self.bigEndian16(17) + [8] + Self.bigEndian16(height) + Self.bigEndian16(width) + [3]
        for id: UInt8 in 1...3 { out += [id, 0x11, 0x00] }
        // DHT: DC table 0 (Annex K.3 luminance) and AC table 0 holding only EOB.
        let dc = Self.dcBits + Self.dcValues
        out += [0xFF, 0xC4] + Self.bigEndian16(2 + 1 + dc.count) + [0x00] + dc
        let ac: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0x00]
        out += [0xFF, 0xC4] + Self.bigEndian16(2 + 1 + ac.count) + [0x10] + ac
        // SOS: three components, all on tables 0/0, spectral 0...63.
        out += [0xFF, 0xDA] + Self.bigEndian16(12) + [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]
        out += scan()
        out += [0xFF, 0xD9]
        return out
    }

    private func scan() -> [UInt8] {
        var bits = BitWriter()
        var predictors = [0, 0, 0]
        for block in blocks {
            let levels = [block.0, block.1, block.2]
            for component in 0..<3 {
                // A flat block of value v has DCT DC coefficient 8·(v − 128).
                let dc = Int(((Double(levels[component]) - 128) * 8 / Double(Self.quantStep)).rounded())
                let diff = dc - predictors[component]
                predictors[component] = dc
                let size = diff == 0 ? 0 : (Int.bitWidth - abs(diff).leadingZeroBitCount)
                let (code, length) = Self.dcCodes[size]
                bits.write(code, count: length)
                if size > 0 {
                    let amplitude = diff > 0 ? diff : diff + (1 << size) - 1
                    bits.write(amplitude, count: size)
                }
                bits.write(0, count: 1)  // EOB, the AC table's only code
            }
        }
        return bits.finish()
    }

    static let quantStep: UInt8 = 16
    /// Annex K.3, Table K.3: code lengths 1...16 and the categories 0...11.
    static let dcBits: [UInt8] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    static let dcValues: [UInt8] = Array(0...11)
    /// Canonical Huffman codes (Annex C) for the DC categories, indexed by category.
    static let dcCodes: [(Int, Int)] = {
        var codes = [(Int, Int)](repeating: (0, 0), count: 12)
        var code = 0, k = 0
        for length in 1...16 {
            for _ in 0..<Int(dcBits[length - 1]) {
                codes[Int(dcValues[k])] = (code, length)
                code += 1
                k += 1
            }
            code <<= 1
        }
        return codes
    }()

    static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
}

/// Packs bits most significant first, stuffing a zero byte after every 0xFF (T.81 F.1.2.3).
private struct BitWriter {
    var bytes: [UInt8] = []
    var accumulator = 0
    var count = 0

    mutating func write(_ value: Int, count length: Int) {
        for i in stride(from: length - 1, through: 0, by: -1) {
            accumulator = (accumulator << 1) | ((value >> i) & 1)
            count += 1
            if count == 8 { flushByte() }
        }
    }

    private mutating func flushByte() {
        let byte = UInt8(accumulator & 0xFF)
        bytes.append(byte)
        if byte == 0xFF { bytes.append(0) }
        accumulator = 0
        count = 0
    }

    /// Pads the last byte with one bits.
    mutating func finish() -> [UInt8] {
        while count != 0 { write(1, count: 1) }
        return bytes
    }
}
