import Foundation

/// Writes a minimal, valid QuickTime (`.mov`), MPEG-4 (`.mp4`) or 3GPP (`.3gp`) movie that
/// carries the metadata phones write, and no frames: `ftyp`, a `moov` with the movie header, one
/// video track whose sample tables are empty, and the position, time and device in Apple's `mdta`
/// keys or in `udta` (`©xyz`, `©mak`, `©mod`, `©swr`). For `hunt simulate` and for tests; no encoder
/// is needed. Players show an empty movie of the given duration; exiftool and ffprobe read it.
package enum QuickTimeWriter {
    /// What to write.
    public struct Movie: Sendable, Hashable {
        public var format: PhotoMetadata.Format = .mov
        public var position: Coordinate?
        public var altitudeMetres: Double?
        public var horizontalAccuracyMetres: Double?
        /// Decimals of latitude and longitude in the ISO 6709 text: 4 as iPhones and Android write
        /// them (about 11 m), more where the position must survive exactly.
        public var positionDecimals = 4
        /// `com.apple.quicktime.creationdate`: wall clock and offset east of UTC, seconds.
        public var creationDate: LocalDateTime?
        public var creationOffsetSeconds: Int = 0
        /// The movie header's creation time (written as UTC); nil writes 0, "not set".
        public var movieCreated: Date?
        public var make: String?
        public var model: String?
        public var software: String?
        public var contentIdentifier: String?
        public var durationSeconds: Double = 3
        public var width = 1920
        public var height = 1080
        /// 0, 90, 180 or 270, clockwise.
        public var rotationDegrees = 0
        /// Apple's `mdta` keys (iPhone); false writes `udta` text items (Android, cameras).
        public var appleKeys = true
        /// 64-bit (version 1) movie and track headers.
        public var version1Headers = false

        public init(format: PhotoMetadata.Format = .mov) { self.format = format }
    }

    /// The whole file. `mediaDataBytes` of zeros go in an `mdat` before the `moov` (as cameras
    /// write it, movie last) when `movieLast`, else after it.
    public static func bytes(_ movie: Movie, mediaDataBytes: Int = 0, movieLast: Bool = false) -> [UInt8] {
        let parts = layout(movie, mediaDataBytes: UInt64(mediaDataBytes), movieLast: movieLast)
        return parts.head + [UInt8](repeating: 0, count: Int(parts.gap)) + parts.tail
    }

    /// The file as head bytes, a run of `gap` zero bytes (the media data, which a caller may leave
    /// as a hole in a sparse file) and tail bytes.
    public static func layout(_ movie: Movie, mediaDataBytes: UInt64, movieLast: Bool) -> (head: [UInt8], gap: UInt64, tail: [UInt8]) {
        let moov = movieBox(movie)
        let mdatHeader: [UInt8] =
            mediaDataBytes + 8 > UInt64(UInt32.max)
            ? u32(1) + Array("mdat".utf8) + u64(mediaDataBytes + 16)
            : u32(UInt32(mediaDataBytes + 8)) + Array("mdat".utf8)
        let ftyp = fileType(movie.format)
        if movieLast { return (ftyp + mdatHeader, mediaDataBytes, moov) }
        return (ftyp + moov + mdatHeader, mediaDataBytes, [])
    }

    static func fileType(_ format: PhotoMetadata.Format) -> [UInt8] {
        let brands: [String]
        switch format {
        case .threeGP: brands = ["3gp4", "3gp4", "isom"]
        case .mp4: brands = ["mp42", "mp42", "isom"]
        default: brands = ["qt  ", "qt  "]
        }
        return box("ftyp", Array(brands[0].utf8) + u32(0) + brands.dropFirst().flatMap { Array($0.utf8) })
    }

    static func movieBox(_ m: Movie) -> [UInt8] {
        let timescale: UInt32 = 1000
        let duration = UInt64(max(0, (m.durationSeconds * Double(timescale)).rounded()))
        let created = m.movieCreated.map { UInt64(max(0, Int64($0.timeIntervalSince1970.rounded()) + QuickTimeReader.epochOffset1904)) } ?? 0
        var children = [movieHeader(m, created: created, timescale: timescale, duration: duration), track(m, created: created, duration: duration)]
        if m.appleKeys {
            children.append(appleMetadata(m))
        } else {
            var items: [UInt8] = []
            if let text = location(m) { items += box("\u{A9}xyz", text: text) }
            if let make = m.make { items += box("\u{A9}mak", text: make) }
            if let model = m.model { items += box("\u{A9}mod", text: model) }
            if let software = m.software { items += box("\u{A9}swr", text: software) }
            if !items.isEmpty { children.append(box("udta", items)) }
        }
        return box("moov", children.flatMap { $0 })
    }

    static func movieHeader(_ m: Movie, created: UInt64, timescale: UInt32, duration: UInt64) -> [UInt8] {
        var p: [UInt8] =
            m.version1Headers
            ? [1, 0, 0, 0] + u64(created) + u64(created) + u32(timescale) + u64(duration)
            : [0, 0, 0, 0] + u32(UInt32(truncatingIfNeeded: created)) + u32(UInt32(truncatingIfNeeded: created))
                + u32(timescale) + u32(UInt32(truncatingIfNeeded: duration))
        p += u32(0x0001_0000) + [1, 0] + [UInt8](repeating: 0, count: 10)  // rate 1.0, volume 1.0, reserved
        p += matrix(0)
        p += [UInt8](repeating: 0, count: 24) + u32(2)  // pre-defined, next track id
        return box("mvhd", p)
    }

    /// The 3×3 display matrix for a clockwise rotation (a, b, u, c, d, v, x, y, w).
    static func matrix(_ degrees: Int) -> [UInt8] {
        let one: Int32 = 0x1_0000, w: Int32 = 0x4000_0000
        let (a, b, c, d): (Int32, Int32, Int32, Int32) =
            switch degrees {
            case 90: (0, one, -one, 0)
            case 180: (-one, 0, 0, -one)
            case 270: (0, -one, one, 0)
            default: (one, 0, 0, one)
            }
        return [a, b, 0, c, d, 0, 0, 0, w].flatMap { u32(UInt32(bitPattern: $0)) }
    }

    static func track(_ m: Movie, created: UInt64, duration: UInt64) -> [UInt8] {
        let times =
            m.version1Headers
            ? u64(created) + u64(created) + u32(1) + u32(0) + u64(duration)
            : u32(UInt32(truncatingIfNeeded: created)) + u32(UInt32(truncatingIfNeeded: created)) + u32(1) + u32(0)
                + u32(UInt32(truncatingIfNeeded: duration))
        let tkhd = box(
            "tkhd",
            [m.version1Headers ? 1 : 0, 0, 0, 3] + times + [UInt8](repeating: 0, count: 16)
                + matrix(m.rotationDegrees) + u32(UInt32(m.width) << 16) + u32(UInt32(m.height) << 16))
        let mdhd = box("mdhd", [0, 0, 0, 0] + u32(0) + u32(0) + u32(1000) + u32(UInt32(truncatingIfNeeded: duration)) + [0x55, 0xC4, 0, 0])
        let hdlr = box("hdlr", [0, 0, 0, 0] + u32(0) + Array("vide".utf8) + [UInt8](repeating: 0, count: 12) + Array("VideoHandler".utf8) + [0])
        let dinf = box("dinf", box("dref", [0, 0, 0, 0] + u32(1) + box("url ", [0, 0, 0, 1])))
        let empty = [0, 0, 0, 0] + u32(0)
        let stbl = box("stbl", box("stsd", empty) + box("stts", empty) + box("stsc", empty) + box("stsz", empty + u32(0)) + box("stco", empty))
        let minf = box("minf", box("vmhd", [0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)) + dinf + stbl)
        return box("trak", tkhd + box("mdia", mdhd + hdlr + minf))
    }

    /// `meta` with an `mdta` handler, `keys` and `ilst` (QuickTime File Format, "Metadata").
    static func appleMetadata(_ m: Movie) -> [UInt8] {
        var entries: [(String, [UInt8])] = []
        func text(_ key: String, _ value: String?) {
            if let value { entries.append(("com.apple.quicktime." + key, dataBox(type: 1, Array(value.utf8)))) }
        }
        text("location.ISO6709", location(m))
        if let accuracy = m.horizontalAccuracyMetres { text("location.accuracy.horizontal", String(accuracy)) }
        if let local = m.creationDate { text("creationdate", creationText(local, offsetSeconds: m.creationOffsetSeconds)) }
        text("make", m.make)
        text("model", m.model)
        text("software", m.software)
        text("content.identifier", m.contentIdentifier)
        let hdlr = box("hdlr", [0, 0, 0, 0] + u32(0) + Array("mdta".utf8) + [UInt8](repeating: 0, count: 12) + [0])
        let keys = box("keys", [0, 0, 0, 0] + u32(UInt32(entries.count)) + entries.flatMap { box("mdta", Array($0.0.utf8)) })
        let ilst = box("ilst", entries.enumerated().flatMap { index, entry in box(u32(UInt32(index + 1)), entry.1) })
        return box("meta", hdlr + keys + ilst)
    }

    /// `+52.0907+005.1213+002.458/`, as iPhones write it (4 decimals unless `positionDecimals`
    /// says otherwise, altitude with 3).
    static func location(_ m: Movie) -> String? {
        guard let p = m.position else { return nil }
        func signed(_ v: Double, _ width: Int, _ places: Int) -> String {
            var text = DecimalText.trimmed(abs(v), places: places)
            if !text.contains(".") { text += "." }
            text += String(repeating: "0", count: places - (text.count - 1 - text.firstIndex(of: ".")!.utf16Offset(in: text)))
            let whole = text.prefix { $0 != "." }
            return (v < 0 ? "-" : "+") + String(repeating: "0", count: max(0, width - whole.count)) + text
        }
        var text = signed(p.latitude, 2, m.positionDecimals) + signed(p.longitude, 3, m.positionDecimals)
        if let altitude = m.altitudeMetres { text += signed(altitude, 3, 3) }
        return text + "/"
    }

    /// `2026-05-02T10:15:00+0200`.
    static func creationText(_ local: LocalDateTime, offsetSeconds: Int) -> String {
        let minutes = abs(offsetSeconds) / 60
        return local.description + (offsetSeconds < 0 ? "-" : "+") + ClockText.twoDigits(minutes / 60) + ClockText.twoDigits(minutes % 60)
    }

    static func dataBox(type: UInt32, _ value: [UInt8]) -> [UInt8] { box("data", u32(type) + u32(0) + value) }

    /// A user-data text item: 16-bit length, language (0x55C4 = "und"), text.
    static func box(_ type: String, text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return box(type, u16(UInt16(bytes.count)) + u16(0x55C4) + bytes)
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        // `©` is one byte, 0xA9, in a box type (Mac OS Roman).
        box(type.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }, payload)
    }

    static func box(_ type: [UInt8], _ payload: [UInt8]) -> [UInt8] { u32(UInt32(payload.count + 8)) + type + payload }

    static func u16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    static func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func u64(_ v: UInt64) -> [UInt8] { u32(UInt32(v >> 32)) + u32(UInt32(v & 0xFFFF_FFFF)) }
}
