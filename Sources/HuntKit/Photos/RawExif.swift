/// The EXIF entries HuntKit reads, copied out of libexif as raw bytes with their TIFF type, so
/// that everything after decoding is plain Swift (and testable without libexif).
struct RawExif: Sendable {
    struct Entry: Sendable, Equatable {
        /// TIFF field type: 1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 7 UNDEFINED, 9 SLONG, 10 SRATIONAL…
        var type: UInt16
        var count: Int
        /// The value bytes in the block's byte order.
        var bytes: [UInt8]
    }

    var bigEndian: Bool
    var ifd0: [UInt16: Entry] = [:]
    var exif: [UInt16: Entry] = [:]
    /// Read from the GPS IFD itself (never via a search of all IFDs, which finds Interop tags
    /// 0x1/0x2 where GPS latitude ref/latitude should be).
    var gps: [UInt16: Entry] = [:]
    var hasThumbnail = false
    /// What libexif logged while loading (corrupt maker notes and the like).
    var log: [String] = []

    init(bigEndian: Bool) { self.bigEndian = bigEndian }

    /// Tags copied from IFD0: ImageWidth, ImageLength, Make, Model, Orientation, Software. (Six
    /// tags: an array is searched faster than a set is hashed, for every entry of every photo.)
    static let ifd0Tags: [UInt16] = [0x0100, 0x0101, 0x010F, 0x0110, 0x0112, 0x0131]
    /// Tags copied from the Exif IFD: DateTimeOriginal, OffsetTimeOriginal, SubSecTimeOriginal, PixelX/YDimension,
    /// MakerNote (for an iPhone's Live Photo content identifier).
    static let exifTags: [UInt16] = [0x9003, 0x9011, 0x9291, 0xA002, 0xA003, 0x927C]
}

extension RawExif.Entry {
    /// Unsigned integers of a BYTE, SHORT or LONG entry.
    func unsigned(bigEndian: Bool) -> [UInt32] {
        switch type {
        case 1, 7: bytes.prefix(count).map(UInt32.init)
        case 3: (0..<min(count, bytes.count / 2)).map { UInt32(bytes.u16($0 * 2, bigEndian: bigEndian)) }
        case 4: (0..<min(count, bytes.count / 4)).map { bytes.u32($0 * 4, bigEndian: bigEndian) }
        default: []
        }
    }

    /// Numerator/denominator pairs of a RATIONAL or SRATIONAL entry.
    func rationals(bigEndian: Bool) -> [(numerator: Int64, denominator: Int64)] {
        guard type == 5 || type == 10 else { return [] }
        return (0..<min(count, bytes.count / 8)).map { i in
            let n = bytes.u32(i * 8, bigEndian: bigEndian), d = bytes.u32(i * 8 + 4, bigEndian: bigEndian)
            return type == 10 ? (Int64(Int32(bitPattern: n)), Int64(Int32(bitPattern: d))) : (Int64(n), Int64(d))
        }
    }

    /// The text of an ASCII entry (or of any byte entry, for writers that use the wrong type):
    /// up to the first NUL, whitespace trimmed, nil when empty.
    var text: String? {
        guard type == 2 || type == 7 || type == 1 else { return nil }
        var end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        var start = bytes.startIndex
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
    }
}
