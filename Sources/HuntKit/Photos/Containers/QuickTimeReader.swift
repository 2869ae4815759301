/// What a video's movie box (`moov`) says: position, time, device, size and length.
struct VideoScan: Sendable {
    var format: PhotoMetadata.Format
    /// `com.apple.quicktime.location.ISO6709` (the `mdta` keys), as written.
    var appleLocation: String?
    /// `moov/udta/©xyz` (Android, cameras, ffmpeg), as written.
    var userDataLocation: String?
    /// `moov/udta/loci` (3GPP TS 26.244 location), already decoded.
    var locationInformation: ISO6709.Point?
    /// `com.apple.quicktime.location.accuracy.horizontal`, metres.
    var horizontalAccuracyMetres: Double?
    /// `com.apple.quicktime.creationdate`, as written (`2019-06-24T17:34:52+0200`).
    var creationDate: String?
    var make: String?
    var model: String?
    var software: String?
    /// `com.apple.quicktime.content.identifier`: the same UUID as the still of a Live Photo.
    var contentIdentifier: String?
    /// The movie header's creation time, seconds since 1904-01-01 UTC; nil when 0 (unset).
    var movieCreated: UInt64?
    var durationSeconds: Double?
    /// The first video track's size (the track header's, before rotation), pixels.
    var width: Int?
    var height: Int?
    /// The first video track's rotation from its matrix, degrees clockwise: 0, 90, 180 or 270.
    var rotationDegrees: Int?
    var warnings: [String] = []

    init(format: PhotoMetadata.Format) { self.format = format }
}

/// Reads the metadata of a QuickTime (`.mov`) or ISOBMFF (`.mp4`, `.m4v`, `.3gp`) movie by
/// walking box headers and seeking: the top-level boxes, then only the parts of `moov` that hold
/// metadata (`mvhd`, each `trak`'s `tkhd` and handler, `udta`, `meta`). Media data (`mdat`) and
/// sample tables are never read, so a `moov` at the end of a 2 GB file costs a few reads.
///
/// Sources: ISO/IEC 14496-12 8.2.2 `mvhd`, 8.3.2 `tkhd` (matrix), 8.4.3 `hdlr`; Apple, "QuickTime
/// File Format": "Metadata" (`keys`, `ilst`, `data` type indicators) and "User Data Atoms"
/// (`©xyz` and other international text); 3GPP TS 26.244 8.10 `loci`.
///
/// Bounded on any input: at most `maxBoxes` box headers in all, `maxDepth` levels, and no single
/// read larger than `maxKeysBytes`.
enum QuickTimeReader {
    static let maxTopLevelBoxes = 4096
    static let maxBoxes = 20_000
    static let maxDepth = 8
    static let maxTracks = 64
    static let maxKeysBytes = 1 << 20
    static let maxValueBytes = 64 << 10
    /// Seconds from 1904-01-01 (the QuickTime epoch) to 1970-01-01.
    static let epochOffset1904: Int64 = 2_082_844_800

    /// Top-level box types that may open a QuickTime file written without `ftyp` (before 2001).
    static let classicFirstBoxes: Set<String> = ["moov", "mdat", "wide", "free", "skip", "pnot"]

    /// The video format named by an `ftyp` major brand and its compatible brands, nil for an
    /// image (HEIF/AVIF), a Canon CR3 raw file or an audio-only MP4.
    static func videoFormat(forBrands brands: [String]) -> PhotoMetadata.Format? {
        guard let major = brands.first else { return nil }
        if ISOBMFFReader.imageFormat(forBrands: brands) != nil { return nil }
        if ["crx ", "M4A ", "M4B ", "M4P ", "F4A ", "F4B "].contains(major) { return nil }
        if major == "qt  " { return .mov }
        if major.hasPrefix("3g") { return .threeGP }
        return .mp4
    }

    private struct Walk {
        let reader: PagedReader
        var boxes = 0
        var tracks = 0
        var scan: VideoScan

        /// The header of the box at `offset` inside a parent ending at `end`, nil at the end.
        mutating func box(at offset: UInt64, end: UInt64, in parent: String) throws(ContainerError) -> ISOBMFFReader.Box? {
            guard offset < end, end - offset >= 8 else { return nil }
            boxes += 1
            guard boxes <= QuickTimeReader.maxBoxes else { throw .unsupported("more than \(QuickTimeReader.maxBoxes) boxes in the movie") }
            let head = try reader.bytes(at: offset, count: Int(min(16, end - offset)))
            guard head.count >= 8 else { throw .truncated("the file ends inside a box header at byte \(offset)") }
            guard let box = try ISOBMFFReader.boxHeader(head, at: 0, base: offset, limit: end) else { return nil }
            // QuickTime ends some lists with a 4-byte zero terminator, read here as a box of size 0… or junk.
            guard box.end <= end else {
                if box.end > reader.size { throw .truncated("the file ends inside the `\(box.type)` box in `\(parent)`") }
                throw .corrupt("the `\(box.type)` box overruns the `\(parent)` box")
            }
            return box
        }

        /// Calls `visit` with each child box of `parent`, from `start` (the payload, or later for full boxes).
        mutating func children(
            of parent: ISOBMFFReader.Box, from start: UInt64, depth: Int,
            _ visit: (inout Walk, ISOBMFFReader.Box, Int) throws(ContainerError) -> Void
        ) throws(ContainerError) {
            guard depth <= QuickTimeReader.maxDepth else { return }
            var offset = start
            while let child = try box(at: offset, end: parent.end, in: parent.type) {
                try visit(&self, child, depth + 1)
                offset = child.end
            }
        }

        /// A box's payload (after `skip` more bytes), at most `limit` bytes.
        func payload(_ box: ISOBMFFReader.Box, skip: UInt64 = 0, limit: Int) throws(ContainerError) -> [UInt8] {
            let start = box.payload + skip
            guard start < box.end else { return [] }
            let count = Int(min(box.end - start, UInt64(limit)))
            return try reader.exactly(at: start, count: count, "the file ends inside the `\(box.type)` box")
        }
    }

    static func scan(_ reader: PagedReader, format: PhotoMetadata.Format) throws(ContainerError) -> VideoScan {
        var walk = Walk(reader: reader, scan: VideoScan(format: format))
        var offset: UInt64 = 0
        var types: [String] = []
        for _ in 0..<maxTopLevelBoxes {
            guard offset < reader.size else { break }
            let head = try reader.bytes(at: offset, count: 16)
            guard head.count >= 8, let box = try ISOBMFFReader.boxHeader(head, at: 0, base: offset, limit: reader.size) else {
                throw .truncated("the file ends inside a box header at byte \(offset)")
            }
            types.append(box.type)
            if box.type == "ftyp" {
                if let named = videoFormat(forBrands: try ISOBMFFReader.brands(of: box, reader)) { walk.scan.format = named }
            } else if box.type == "moov" {
                guard box.end <= reader.size else { throw .truncated("the file ends inside the movie box (`moov`)") }
                try walk.children(of: box, from: box.payload, depth: 0) { (walk, child, depth) throws(ContainerError) in
                    try readMovieChild(&walk, child, depth: depth)
                }
                return walk.scan
            } else if box.end > reader.size {
                throw .truncated("the file ends inside the `\(box.type)` box, before the movie box (`moov`) that holds the metadata")
            }
            offset = box.end
        }
        if types.first != "ftyp", !classicFirstBoxes.contains(types.first ?? "") {
            throw .corrupt("the first box is `\(types.first ?? "?")`, not `ftyp`")
        }
        throw .corrupt("no movie box (`moov`) among \(types.count) top-level boxes (\(types.prefix(6).map { "`\($0)`" }.joined(separator: ", ")))")
    }

    private static func readMovieChild(_ walk: inout Walk, _ box: ISOBMFFReader.Box, depth: Int) throws(ContainerError) {
        switch box.type {
        case "mvhd":
            readMovieHeader(try walk.payload(box, limit: 32), into: &walk.scan)
        case "trak":
            walk.tracks += 1
            guard walk.tracks <= maxTracks else { return }
            var header: [UInt8] = []
            var handler: String?
            try walk.children(of: box, from: box.payload, depth: depth) { (walk, child, depth) throws(ContainerError) in
                if child.type == "tkhd" { header = try walk.payload(child, limit: 96) }
                if child.type == "mdia" {
                    try walk.children(of: child, from: child.payload, depth: depth) { (walk, grandchild, _) throws(ContainerError) in
                        if grandchild.type == "hdlr" {
                            let h = try walk.payload(grandchild, limit: 12)
                            if h.count >= 12 { handler = h.fourCC(8) }
                        }
                    }
                }
            }
            if handler == "vide" || (handler == nil && walk.scan.width == nil) { readTrackHeader(header, into: &walk.scan) }
        case "udta":
            try walk.children(of: box, from: box.payload, depth: depth) { (walk, child, depth) throws(ContainerError) in
                try readUserData(&walk, child, depth: depth)
            }
        case "meta":
            try readMeta(&walk, box, depth: depth)
        default:
            break
        }
    }

    /// `mvhd`: creation time (0 = unset) and duration, in 32-bit (version 0) or 64-bit (version 1) fields.
    static func readMovieHeader(_ p: [UInt8], into scan: inout VideoScan) {
        guard p.count >= 20 else { scan.warnings.append("the movie header (`mvhd`) is too short"); return }
        let created: UInt64, timescale: UInt32, duration: UInt64
        if p[0] == 1 {
            guard p.count >= 32 else { scan.warnings.append("the movie header (`mvhd`) is too short"); return }
            created = p.u64be(4)
            timescale = p.u32be(20)
            duration = p.u64be(24)
        } else {
            created = UInt64(p.u32be(4))
            timescale = p.u32be(12)
            duration = UInt64(p.u32be(16))
        }
        // Beyond the year 9999 is not a time; 0 is "not set".
        if created > 0, created < 253_402_300_800 + UInt64(epochOffset1904) { scan.movieCreated = created }
        // An all-ones duration means "unknown" (fragmented files).
        if timescale > 0, duration != UInt64(UInt32.max), duration != UInt64.max {
            scan.durationSeconds = Double(duration) / Double(timescale)
        }
    }

    /// `tkhd`: the track's matrix (rotation) and its width and height (16.16 fixed point).
    static func readTrackHeader(_ p: [UInt8], into scan: inout VideoScan) {
        let base = p.first == 1 ? 4 + 32 : 4 + 20  // after the times, track id and duration
        let matrix = base + 8 + 8  // reserved, layer, alternate group, volume, reserved
        guard p.count >= matrix + 36 + 8 else { return }
        let a = Int32(bitPattern: p.u32be(matrix)), b = Int32(bitPattern: p.u32be(matrix + 4))
        let width = Int(p.u32be(matrix + 36) >> 16), height = Int(p.u32be(matrix + 40) >> 16)
        guard width > 0, height > 0 else { return }
        scan.width = width
        scan.height = height
        switch (a.signum(), b.signum()) {
        case (0, 1): scan.rotationDegrees = 90
        case (-1, 0): scan.rotationDegrees = 180
        case (0, -1): scan.rotationDegrees = 270
        default: scan.rotationDegrees = 0
        }
    }

    /// A `moov/udta` child: QuickTime international text (`©xyz`, `©mak`, `©mod`, `©swr`),
    /// a 3GPP `loci`, or an iTunes-style `meta`.
    private static func readUserData(_ walk: inout Walk, _ box: ISOBMFFReader.Box, depth: Int) throws(ContainerError) {
        switch box.type {
        case "?xyz", "?mak", "?mod", "?swr":
            guard let text = userDataText(try walk.payload(box, limit: maxValueBytes)) else { return }
            apply(key: box.type, text: text, number: nil, to: &walk.scan)
        case "loci":
            walk.scan.locationInformation = locationInformation(try walk.payload(box, limit: 1024))
        case "meta":
            try readMeta(&walk, box, depth: depth)
        default:
            break
        }
    }

    /// International text: a 16-bit length, a 16-bit language code, the text; or (some writers)
    /// an iTunes `data` box.
    static func userDataText(_ p: [UInt8]) -> String? {
        if p.count >= 16, p.starts(with: "data", at: 4) { return dataValue(p[...]).text }
        guard p.count >= 4 else { return nil }
        let length = Int(p.u16be(0))
        let text = p[4..<min(p.count, 4 + length)]
        return decodeText(Array(text))
    }

    /// `loci`: version/flags, language, a NUL-terminated name, role, then longitude, latitude and
    /// altitude as signed 16.16 fixed point.
    static func locationInformation(_ p: [UInt8]) -> ISO6709.Point? {
        var i = 6
        guard i < p.count else { return nil }
        if p.count >= i + 2, p[i] == 0xFE, p[i + 1] == 0xFF {  // UTF-16 name
            i += 2
            while i + 1 < p.count, p[i] != 0 || p[i + 1] != 0 { i += 2 }
            i += 2
        } else {
            while i < p.count, p[i] != 0 { i += 1 }
            i += 1
        }
        i += 1  // role
        guard i + 12 <= p.count else { return nil }
        func fixed(_ at: Int) -> Double { Double(Int32(bitPattern: p.u32be(at))) / 65_536 }
        let point = ISO6709.Point(latitude: fixed(i + 4), longitude: fixed(i), altitudeMetres: fixed(i + 8))
        guard abs(point.latitude) <= 90, abs(point.longitude) <= 180 else { return nil }
        return point
    }

    /// `meta`: a QuickTime `mdta` list (`keys` + `ilst` whose items are key indices) or an
    /// iTunes list (`ilst` items named `©xyz`…). QuickTime's `meta` is a plain box, ISO's a full
    /// box (4 bytes of version and flags first): the first child's type tells which.
    private static func readMeta(_ walk: inout Walk, _ box: ISOBMFFReader.Box, depth: Int) throws(ContainerError) {
        let peek = try walk.payload(box, limit: 12)
        let start = peek.count >= 12 && peek.starts(with: [0, 0, 0, 0]) && !peek.starts(with: "hdlr", at: 4) ? box.payload + 4 : box.payload
        var keys: [String]?
        var list: ISOBMFFReader.Box?
        try walk.children(of: box, from: start, depth: depth) { (walk, child, _) throws(ContainerError) in
            if child.type == "keys", keys == nil {
                guard child.size <= UInt64(maxKeysBytes) else {
                    walk.scan.warnings.append("the metadata key list (`keys`) is \(child.size) bytes; skipped")
                    return
                }
                keys = metadataKeys(try walk.payload(child, limit: maxKeysBytes))
            }
            if child.type == "ilst", list == nil { list = child }
        }
        guard let list else { return }
        try walk.children(of: list, from: list.payload, depth: depth + 1) { (walk, item, _) throws(ContainerError) in
            let key: String
            if let keys {
                let raw = try walk.reader.exactly(at: item.start + 4, count: 4, "the file ends inside a metadata item")
                let number = Int(raw.u32be(0))
                guard number >= 1, number <= keys.count else { return }
                key = keys[number - 1]
            } else {
                key = item.type
            }
            guard interestingKeys.contains(key) || shortKeys[key] != nil else { return }
            let value = dataValue(try walk.payload(item, limit: maxValueBytes)[...])
            apply(key: key, text: value.text, number: value.number, to: &walk.scan)
        }
    }

    static let interestingKeys: Set<String> = [
        "com.apple.quicktime.location.ISO6709", "com.apple.quicktime.location.accuracy.horizontal",
        "com.apple.quicktime.creationdate", "com.apple.quicktime.make", "com.apple.quicktime.model",
        "com.apple.quicktime.software", "com.apple.quicktime.content.identifier",
        "?xyz", "?mak", "?mod", "?swr"
    ]

    /// `keys`: version/flags, a count, then entries of (size, namespace, name). Only `mdta` names are kept;
    /// others keep their place as "" so indices stay right.
    static func metadataKeys(_ p: [UInt8]) -> [String] {
        guard p.count >= 8 else { return [] }
        let count = Int(p.u32be(4))
        var keys: [String] = []
        var i = 8
        while keys.count < count, i + 8 <= p.count {
            let size = Int(p.u32be(i))
            guard size >= 8, size <= p.count - i else { break }
            keys.append(p.starts(with: "mdta", at: i + 4) ? String(decoding: p[(i + 8)..<(i + size)], as: UTF8.self) : "")
            i += size
        }
        return keys
    }

    /// The first `data` box inside an item: its value as text, and as a number when it is one.
    /// Type indicators (QuickTime "Well-known types"): 1 UTF-8, 2 UTF-16, 21 signed and 22
    /// unsigned big-endian integers, 23 and 24 big-endian floats.
    static func dataValue(_ item: ArraySlice<UInt8>) -> (text: String?, number: Double?) {
        let p = Array(item)
        var i = 0
        while i + 16 <= p.count {
            let size = Int(p.u32be(i))
            guard size >= 16, size <= p.count - i else { return (nil, nil) }
            if p.starts(with: "data", at: i + 4) {
                let type = p.u32be(i + 8) & 0xFF_FFFF
                let value = Array(p[(i + 16)..<(i + size)])
                switch type {
                case 1: return (decodeText(value), nil)
                case 2: return (String(decoding: stride(from: 0, to: value.count - 1, by: 2).map { value.u16be($0) }, as: UTF16.self), nil)
                case 23 where value.count == 4: return (nil, Double(Float(bitPattern: value.u32be(0))))
                case 24 where value.count == 8: return (nil, Double(bitPattern: value.u64be(0)))
                case 21, 22:
                    guard [1, 2, 4, 8].contains(value.count) else { return (nil, nil) }
                    var n = value.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                    if type == 21, value[0] & 0x80 != 0, value.count < 8 { n |= ~UInt64(0) << (8 * value.count) }
                    return (nil, type == 21 ? Double(Int64(bitPattern: n)) : Double(n))
                default: return (decodeText(value), nil)
                }
            }
            i += size
        }
        return (nil, nil)
    }

    static func decodeText(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        let trimmed = text.trimmingBlanks
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Keys written without Apple's prefix (ffmpeg's `-movflags use_metadata_tags`): the same meaning.
    static let shortKeys = [
        "location": "com.apple.quicktime.location.ISO6709", "make": "com.apple.quicktime.make",
        "model": "com.apple.quicktime.model", "software": "com.apple.quicktime.software"
    ]

    private static func apply(key: String, text: String?, number: Double?, to scan: inout VideoScan) {
        switch shortKeys[key] ?? key {
        case "com.apple.quicktime.location.ISO6709": scan.appleLocation = text
        case "?xyz": if scan.userDataLocation == nil { scan.userDataLocation = text }
        case "com.apple.quicktime.location.accuracy.horizontal":
            if let value = number ?? text.flatMap(Double.init), value.isFinite, value >= 0 { scan.horizontalAccuracyMetres = value }
        case "com.apple.quicktime.creationdate": scan.creationDate = text
        case "com.apple.quicktime.make": scan.make = text
        case "?mak": if scan.make == nil { scan.make = text }
        case "com.apple.quicktime.model": scan.model = text
        case "?mod": if scan.model == nil { scan.model = text }
        case "com.apple.quicktime.software": scan.software = text
        case "?swr": if scan.software == nil { scan.software = text }
        case "com.apple.quicktime.content.identifier": scan.contentIdentifier = text
        default: break
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    var trimmingBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
