/// Finds the `Exif` item of a HEIF/HEIC/AVIF file: `meta` → `iinf` (the `infe` whose item type is
/// `Exif`) → `iloc` extents (construction method 0 = file offset, 1 = inside `idat`).
///
/// Only the top-level box headers and the `meta` box are read; the item itself is read with a
/// seek, wherever it lies (often after `mdat`, at the end of the file). Sources: ISO/IEC 14496-12
/// (ISOBMFF) 8.11.3 `iloc`, 8.11.6 `iinf`/`infe`; ISO/IEC 23008-12 (HEIF) Annex A.2.1 for the Exif
/// item payload (a 4-byte offset to the TIFF header, then the EXIF block).
enum ISOBMFFReader {
    static let maxTopLevelBoxes = 4096
    static let maxMetaBytes = 16 << 20
    static let maxItemBytes = 8 << 20

    /// The image format named by a set of ftyp brands, or nil for a non-image ISOBMFF file (MP4, MOV, CR3).
    static func imageFormat(forBrands brands: [String]) -> PhotoMetadata.Format? {
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        let heif: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "mif2", "msf1", "MiHE", "MiHB", "MiPr", "miaf"]
        return brands.contains(where: heif.contains) ? .heic : nil
    }

    struct Box {
        var type: String
        var start: UInt64
        var headerLength: UInt64
        var size: UInt64
        var payload: UInt64 { start + headerLength }
        var end: UInt64 { start + size }
    }

    /// Reads a box header at `offset` of a buffer or file (`limit` = the enclosing end).
    static func boxHeader(_ bytes: [UInt8], at i: Int, base: UInt64, limit: UInt64) throws(ContainerError) -> Box? {
        guard i + 8 <= bytes.count else { return nil }
        var size = UInt64(bytes.u32be(i))
        let type = bytes.fourCC(i + 4)
        var header: UInt64 = 8
        if size == 1 {
            guard i + 16 <= bytes.count else { throw .truncated("the file ends inside the header of the `\(type)` box") }
            size = bytes.u64be(i + 8)
            header = 16
        } else if size == 0 {
            size = limit - (base + UInt64(i))
        }
        let start = base + UInt64(i)
        guard size >= header, size <= UInt64(Int64.max) - start else {
            throw .corrupt("the `\(type)` box at byte \(start) has size \(size)")
        }
        return Box(type: type, start: base + UInt64(i), headerLength: header, size: size)
    }

    /// The brands of an `ftyp` box: the major brand first, then the compatible ones (up to 62).
    static func brands(of ftyp: Box, _ reader: PagedReader) throws(ContainerError) -> [String] {
        let payload = try reader.bytes(at: ftyp.payload, count: Int(min(ftyp.size - ftyp.headerLength, 256)))
        var brands: [String] = []
        if payload.count >= 4 { brands.append(payload.fourCC(0)) }
        var i = 8
        while i + 4 <= payload.count { brands.append(payload.fourCC(i)); i += 4 }
        return brands
    }

    static func scan(_ reader: PagedReader) throws(ContainerError) -> ContainerScan {
        var scan = ContainerScan(format: .heic)
        let (format, meta) = try meta(reader)
        scan.format = format
        guard let meta else {
            scan.warnings.append("HEIF file with no `meta` box")
            return scan
        }
        try readMeta(meta, reader: reader, into: &scan)
        return scan
    }

    /// The image format the `ftyp` brands name, and the whole `meta` box (header included) when
    /// the file has one.
    static func meta(_ reader: PagedReader) throws(ContainerError) -> (PhotoMetadata.Format, [UInt8]?) {
        var format = PhotoMetadata.Format.heic
        var offset: UInt64 = 0
        var sawFtyp = false
        for _ in 0..<maxTopLevelBoxes {
            let head = try reader.bytes(at: offset, count: 16)
            guard !head.isEmpty else { break }
            guard let box = try boxHeader(head, at: 0, base: offset, limit: reader.size) else {
                throw .truncated("the file ends inside a box header at byte \(offset)")
            }
            if box.type == "ftyp" {
                let brands = try brands(of: box, reader)
                guard let found = imageFormat(forBrands: brands) else {
                    throw .unsupported("an ISOBMFF file of brand `\(brands.first ?? "?")` (a video or another non-HEIF file)")
                }
                format = found
                sawFtyp = true
            } else if box.type == "meta" {
                guard sawFtyp else { throw .corrupt("a `meta` box before `ftyp`") }
                guard box.end <= reader.size else { throw .truncated("the file ends inside the HEIF `meta` box") }
                guard box.size <= UInt64(maxMetaBytes) else { throw .unsupported("a `meta` box of \(box.size) bytes") }
                return (format, try reader.exactly(at: box.start, count: Int(box.size), "the file ends inside the HEIF `meta` box"))
            }
            guard sawFtyp else { throw .corrupt("the first box is `\(box.type)`, not `ftyp`") }
            offset = box.end
            if offset >= reader.size { break }
        }
        return (format, nil)
    }

    struct Extent { var offset: UInt64; var length: UInt64 }
    struct Location { var constructionMethod: Int; var baseOffset: UInt64; var extents: [Extent] }

    /// Parses the `meta` box (the whole box, header included, in `meta`).
    static func readMeta(_ meta: [UInt8], reader: PagedReader, into scan: inout ContainerScan) throws(ContainerError) {
        guard let metaBox = try boxHeader(meta, at: 0, base: 0, limit: UInt64(meta.count)) else { return }
        let children = try childBoxes(meta, from: Int(metaBox.headerLength) + 4, to: meta.count, in: "meta")  // full box: version and flags
        guard let iinf = children["iinf"] else {
            scan.warnings.append("HEIF file with no item list (`iinf`)")
            return
        }
        guard let exifID = try items(meta, iinf).first(where: { $0.type == "Exif" })?.id else {
            scan.warnings.append("HEIF file with no Exif item")
            return
        }
        guard let iloc = children["iloc"] else { throw .corrupt("HEIF file with an Exif item but no item locations (`iloc`)") }
        let locations = try itemLocations(meta, iloc)
        guard let location = locations[exifID] else { throw .corrupt("the Exif item \(exifID) has no location in `iloc`") }
        scan.exif = try exifBlock(
            fromItem: itemData(location, of: "Exif", meta: meta, idat: children["idat"], reader: reader, limitBytes: maxItemBytes))
    }

    /// The boxes inside `meta[from..<to]`, the first of each type.
    static func childBoxes(_ meta: [UInt8], from start: Int, to end: Int, in parent: String) throws(ContainerError) -> [String: Box] {
        var children: [String: Box] = [:]
        var i = start
        while i < end {
            guard let child = try boxHeader(meta, at: i, base: 0, limit: UInt64(end)) else { break }
            guard child.end <= UInt64(end) else { throw .corrupt("the `\(child.type)` box overruns the `\(parent)` box") }
            if children[child.type] == nil { children[child.type] = child }
            i = Int(child.end)
        }
        return children
    }

    /// An item's bytes, from the file (construction method 0) or from `idat` (1): at most `limitBytes`.
    static func itemData(
        _ location: Location, of what: String, meta: [UInt8], idat: Box?, reader: PagedReader,
        limitBytes: Int
    ) throws(ContainerError) -> [UInt8] {
        let total = location.extents.reduce(UInt64(0)) { $0 + min($1.length, UInt64(limitBytes) + 1) }
        guard total <= UInt64(limitBytes) else { throw .unsupported("an \(what) item of more than \(limitBytes) bytes") }
        var item: [UInt8] = []
        switch location.constructionMethod {
        case 0:
            for extent in location.extents {
                let (start, overflow) = location.baseOffset.addingReportingOverflow(extent.offset)
                guard !overflow, start < reader.size else { throw .truncated("the file ends before the \(what) item (at byte \(start))") }
                let length = extent.length == 0 ? min(reader.size - start, UInt64(limitBytes)) : extent.length
                item += try reader.exactly(at: start, count: Int(length), "the file ends inside the \(what) item")
            }
        case 1:
            guard let idat else { throw .corrupt("the \(what) item lies in `idat`, but there is none") }
            for extent in location.extents {
                let start = idat.payload &+ location.baseOffset &+ extent.offset
                let length = extent.length == 0 ? idat.end &- start : extent.length
                guard start >= idat.payload, start &+ length <= idat.end, start &+ length >= start else {
                    throw .corrupt("the \(what) item's extent lies outside `idat`")
                }
                item += meta[Int(start)..<Int(start + length)]
            }
        default:
            throw .unsupported("an \(what) item built by reference (`iloc` construction method \(location.constructionMethod))")
        }
        return item
    }

    /// The TIFF block inside an Exif item: skip the 4-byte offset field and the offset itself
    /// (Apple writes 6 and an `Exif\0\0` follows; others write 0).
    static func exifBlock(fromItem item: [UInt8]) throws(ContainerError) -> [UInt8] {
        guard item.count >= 4 else { throw .corrupt("the Exif item is \(item.count) bytes long") }
        let skip = UInt64(item.u32be(0))
        guard skip <= UInt64(item.count - 4) else {
            throw .corrupt("the Exif item's TIFF header offset (\(skip)) lies beyond its \(item.count) bytes")
        }
        var start = 4 + Int(skip)
        if item.starts(with: JPEGReader.exifHeader, at: start) { start += 6 }
        // Tolerate writers that count the offset wrongly: find the TIFF header close by.
        if !isTIFFHeader(item, at: start) {
            guard let found = (4..<max(4, min(item.count - 3, 4 + 64))).first(where: { isTIFFHeader(item, at: $0) }) else {
                throw .corrupt("the Exif item holds no TIFF header")
            }
            start = found
        }
        return Array(item[start...])
    }

    static func isTIFFHeader(_ b: [UInt8], at i: Int) -> Bool {
        guard i >= 0, i + 4 <= b.count else { return false }
        return (b[i] == 0x49 && b[i + 1] == 0x49 && b[i + 2] == 0x2A && b[i + 3] == 0)
            || (b[i] == 0x4D && b[i + 1] == 0x4D && b[i + 2] == 0 && b[i + 3] == 0x2A)
    }

    /// The items of `iinf` with their types (`Exif`, `hvc1`, `grid`…), in list order.
    static func items(_ meta: [UInt8], _ iinf: Box) throws(ContainerError) -> [(id: UInt32, type: String)] {
        var i = Int(iinf.payload)
        guard i + 4 <= Int(iinf.end) else { throw .corrupt("the `iinf` box is too short") }
        let version = meta[i]
        i += 4
        let countWidth = version == 0 ? 2 : 4
        guard i + countWidth <= Int(iinf.end) else { throw .corrupt("the `iinf` box is too short") }
        i += countWidth  // the entry count; the boxes themselves are authoritative
        var items: [(id: UInt32, type: String)] = []
        while i < Int(iinf.end) {
            guard let infe = try boxHeader(meta, at: i, base: 0, limit: iinf.end), infe.end <= iinf.end else { break }
            defer { i = Int(infe.end) }
            guard infe.type == "infe" else { continue }
            let p = Int(infe.payload)
            guard p + 4 <= Int(infe.end) else { continue }
            let infeVersion = meta[p]
            guard infeVersion >= 2 else { continue }  // versions 0 and 1 carry no item type
            let idWidth = infeVersion == 2 ? 2 : 4
            guard p + 4 + idWidth + 2 + 4 <= Int(infe.end) else { continue }
            let id = idWidth == 2 ? UInt32(meta.u16be(p + 4)) : meta.u32be(p + 4)
            items.append((id, meta.fourCC(p + 4 + idWidth + 2)))
        }
        return items
    }

    /// Item locations from `iloc`, by item ID.
    static func itemLocations(_ meta: [UInt8], _ iloc: Box) throws(ContainerError) -> [UInt32: Location] {
        var i = Int(iloc.payload)
        let end = Int(iloc.end)
        func need(_ n: Int) throws(ContainerError) {
            guard i + n <= end else { throw .corrupt("the `iloc` box is cut short") }
        }
        try need(6)
        let version = meta[i]
        guard version <= 2 else { throw .unsupported("`iloc` version \(version)") }
        let offsetSize = Int(meta[i + 4] >> 4), lengthSize = Int(meta[i + 4] & 15)
        let baseOffsetSize = Int(meta[i + 5] >> 4)
        let indexSize = version >= 1 ? Int(meta[i + 5] & 15) : 0
        for size in [offsetSize, lengthSize, baseOffsetSize, indexSize] where ![0, 4, 8].contains(size) {
            throw .corrupt("`iloc` field size \(size)")
        }
        i += 6
        let count: Int
        if version < 2 {
            try need(2); count = Int(meta.u16be(i)); i += 2
        } else {
            try need(4); count = Int(meta.u32be(i)); i += 4
        }
        var locations: [UInt32: Location] = [:]
        for _ in 0..<count {
            let id: UInt32
            if version < 2 {
                try need(2); id = UInt32(meta.u16be(i)); i += 2
            } else {
                try need(4); id = meta.u32be(i); i += 4
            }
            var method = 0
            if version >= 1 {
                try need(2); method = Int(meta.u16be(i) & 15); i += 2
            }
            try need(2 + baseOffsetSize + 2)
            i += 2  // data_reference_index
            let base = meta.uint(i, width: baseOffsetSize); i += baseOffsetSize
            let extentCount = Int(meta.u16be(i)); i += 2
            var extents: [Extent] = []
            for _ in 0..<extentCount {
                try need(indexSize + offsetSize + lengthSize)
                i += indexSize
                let offset = meta.uint(i, width: offsetSize); i += offsetSize
                let length = meta.uint(i, width: lengthSize); i += lengthSize
                extents.append(Extent(offset: offset, length: length))
            }
            if locations[id] == nil { locations[id] = Location(constructionMethod: method, baseOffset: base, extents: extents) }
        }
        return locations
    }
}
