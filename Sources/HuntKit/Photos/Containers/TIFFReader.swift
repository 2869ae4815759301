/// Reads the metadata IFDs of a TIFF file (TIFF, DNG, and drone/thermal TIFFs) and rebuilds them
/// as one small EXIF block for libexif.
///
/// libexif reads at most 64 KiB of a block, but a TIFF's IFDs may lie anywhere in a file of many
/// megabytes (a FLIR/DJI TIFF puts IFD0 after the image, 670 KB in). So the entries that matter —
/// IFD0's camera fields, the Exif IFD's capture time, and the whole GPS IFD — are read with seeks
/// and written into a fresh TIFF structure of a few hundred bytes, in the file's own byte order,
/// values untouched. The same compaction serves EXIF blocks of HEIF items, PNG or WebP chunks that
/// exceed libexif's limit. Source: TIFF 6.0 Specification, section 2 (image file structure);
/// CIPA DC-008 (Exif 2.32) 4.6.3 for the Exif and GPS IFD pointers.
enum TIFFReader {
    /// libexif caps a block at 0xFFFE bytes including the 6-byte `Exif\0\0` header.
    static let libexifLimit = 0xFFFE - 6
    static let maxEntriesPerIFD = 1024
    static let maxValueBytes = 4096

    static let exifIFDPointer: UInt16 = 0x8769
    static let gpsIFDPointer: UInt16 = 0x8825
    static let xmpTag: UInt16 = 0x02BC
    /// IFD0: ImageWidth, ImageLength, Make, Model, Orientation, Software, DateTime.
    static let ifd0Tags: Set<UInt16> = [0x0100, 0x0101, 0x010F, 0x0110, 0x0112, 0x0131, 0x0132]
    /// Exif IFD: ExifVersion, DateTimeOriginal, DateTimeDigitized, OffsetTime*, SubSecTime*, PixelX/YDimension.
    static let exifTags: Set<UInt16> = [0x9000, 0x9003, 0x9004, 0x9010, 0x9011, 0x9012, 0x9290, 0x9291, 0x9292, 0xA002, 0xA003]

    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        /// The value in the file's byte order.
        var value: [UInt8]
    }

    /// Bytes per component of each TIFF field type (1 BYTE … 13 IFD).
    static func typeSize(_ type: UInt16) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: nil
        }
    }

    /// A TIFF file: its metadata as a compact EXIF block.
    static func scan(_ reader: PagedReader) throws(ContainerError) -> ContainerScan {
        var scan = ContainerScan(format: .tiff)
        let compacted = try compact(reader)
        scan.exif = compacted.block
        scan.xmp = compacted.xmp
        scan.warnings = compacted.warnings
        if let width = compacted.width, let height = compacted.height {
            scan.pixelWidth = width
            scan.pixelHeight = height
        }
        return scan
    }

    /// An EXIF block that libexif can take whole: as it is when small enough, compacted otherwise.
    static func fitForLibexif(_ block: [UInt8]) throws(ContainerError) -> [UInt8] {
        guard block.count > libexifLimit else { return block }
        return try compact(PagedReader(MemoryByteSource(block))).block
    }

    struct Compacted {
        var block: [UInt8]
        var xmp: [UInt8]?
        var width: Int?
        var height: Int?
        var warnings: [String] = []
    }

    static func compact(_ reader: PagedReader) throws(ContainerError) -> Compacted {
        let header = try reader.exactly(at: 0, count: 8, "the file ends inside the TIFF header")
        let bigEndian: Bool
        switch (header[0], header[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: throw .corrupt("no TIFF byte-order mark")
        }
        let magic = header.u16(2, bigEndian: bigEndian)
        if magic == 43 { throw .unsupported("BigTIFF") }
        guard magic == 42 else { throw .corrupt("TIFF magic number \(magic), expected 42") }
        let ifd0Offset = UInt64(header.u32(4, bigEndian: bigEndian))

        var warnings: [String] = []
        let ifd0 = try readIFD(reader, at: ifd0Offset, bigEndian: bigEndian, name: "IFD0")
        var xmp: [UInt8]?
        var kept0 = ifd0.filter { ifd0Tags.contains($0.tag) && $0.value.count <= maxValueBytes }
        if let xmpEntry = try readLargeValue(reader, ifd: ifd0Offset, tag: xmpTag, bigEndian: bigEndian, limit: 4 << 20) {
            xmp = xmpEntry
        }

        func subIFD(_ pointerTag: UInt16, _ name: String, keep: (Entry) -> Bool) throws(ContainerError) -> [Entry] {
            guard let pointer = ifd0.first(where: { $0.tag == pointerTag }), pointer.value.count >= 4 else { return [] }
            let offset = UInt64(pointer.value.u32(0, bigEndian: bigEndian))
            do {
                return try readIFD(reader, at: offset, bigEndian: bigEndian, name: name).filter(keep)
            } catch {
                warnings.append("the \(name) could not be read: \(error)")
                return []
            }
        }
        let exif = try subIFD(exifIFDPointer, "Exif IFD") { exifTags.contains($0.tag) && $0.value.count <= maxValueBytes }
        let gps = try subIFD(gpsIFDPointer, "GPS IFD") { $0.value.count <= 1024 }

        func number(_ entries: [Entry], _ tag: UInt16) -> Int? {
            guard let e = entries.first(where: { $0.tag == tag }) else { return nil }
            if e.type == 3, e.value.count >= 2 { return Int(e.value.u16(0, bigEndian: bigEndian)) }
            if e.type == 4, e.value.count >= 4 { return Int(e.value.u32(0, bigEndian: bigEndian)) }
            return nil
        }

        // Layout: header, IFD0, Exif IFD, GPS IFD, each followed by its out-of-line values.
        let placeholder = Entry(tag: 0, type: 4, count: 1, value: [0, 0, 0, 0])
        if !exif.isEmpty { kept0.append(Entry(tag: exifIFDPointer, type: 4, count: 1, value: placeholder.value)) }
        if !gps.isEmpty { kept0.append(Entry(tag: gpsIFDPointer, type: 4, count: 1, value: placeholder.value)) }
        let ifd0Start = 8
        let exifStart = ifd0Start + encodedSize(kept0)
        let gpsStart = exifStart + (exif.isEmpty ? 0 : encodedSize(exif))
        for i in kept0.indices {
            if kept0[i].tag == exifIFDPointer { kept0[i].value = encode32(UInt32(exifStart), bigEndian: bigEndian) }
            if kept0[i].tag == gpsIFDPointer { kept0[i].value = encode32(UInt32(gpsStart), bigEndian: bigEndian) }
        }
        var block: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 0x2A] : [0x49, 0x49, 0x2A, 0]
        block += encode32(UInt32(ifd0Start), bigEndian: bigEndian)
        block += encodeIFD(kept0, at: ifd0Start, bigEndian: bigEndian)
        if !exif.isEmpty { block += encodeIFD(exif, at: exifStart, bigEndian: bigEndian) }
        if !gps.isEmpty { block += encodeIFD(gps, at: gpsStart, bigEndian: bigEndian) }
        return Compacted(
            block: block, xmp: xmp,
            width: number(exif, 0xA002) ?? number(ifd0, 0x0100),
            height: number(exif, 0xA003) ?? number(ifd0, 0x0101),
            warnings: warnings)
    }

    /// The entries of one IFD, each with its value read (out-of-line values up to `maxValueBytes`;
    /// larger ones keep an empty value and are dropped by the caller).
    static func readIFD(_ reader: PagedReader, at offset: UInt64, bigEndian: Bool, name: String) throws(ContainerError) -> [Entry] {
        guard offset >= 8, offset < reader.size else { throw .truncated("the \(name) offset (\(offset)) lies beyond the end of the file") }
        let countBytes = try reader.exactly(at: offset, count: 2, "the file ends inside the \(name)")
        let count = Int(countBytes.u16(0, bigEndian: bigEndian))
        guard count <= maxEntriesPerIFD else { throw .corrupt("the \(name) claims \(count) entries") }
        let table = try reader.exactly(at: offset + 2, count: count * 12, "the file ends inside the \(name)")
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for i in 0..<count {
            let base = i * 12
            let tag = table.u16(base, bigEndian: bigEndian)
            let type = table.u16(base + 2, bigEndian: bigEndian)
            let components = table.u32(base + 4, bigEndian: bigEndian)
            guard let unit = typeSize(type), components <= 1 << 24 else { continue }
            let size = unit * Int(components)
            var value: [UInt8] = []
            if size <= 4 {
                value = Array(table[base + 8..<base + 8 + size])
            } else if size <= maxValueBytes {
                let at = UInt64(table.u32(base + 8, bigEndian: bigEndian))
                value = try reader.bytes(at: at, count: size)
                if value.count != size { continue }  // a value beyond the end: drop this entry only
            } else {
                value = [UInt8](repeating: 0, count: maxValueBytes + 1)  // marks "too large"
            }
            entries.append(Entry(tag: tag, type: type, count: components, value: value))
        }
        return entries
    }

    /// A large value (XMP) read on its own, up to `limit` bytes.
    static func readLargeValue(_ reader: PagedReader, ifd: UInt64, tag: UInt16, bigEndian: Bool, limit: Int) throws(ContainerError) -> [UInt8]? {
        let countBytes = try reader.exactly(at: ifd, count: 2, "the file ends inside IFD0")
        let count = min(Int(countBytes.u16(0, bigEndian: bigEndian)), maxEntriesPerIFD)
        let table = try reader.exactly(at: ifd + 2, count: count * 12, "the file ends inside IFD0")
        for i in 0..<count where table.u16(i * 12, bigEndian: bigEndian) == tag {
            let type = table.u16(i * 12 + 2, bigEndian: bigEndian)
            guard let unit = typeSize(type) else { return nil }
            let size = Int(table.u32(i * 12 + 4, bigEndian: bigEndian)) * unit
            guard size > 4, size <= limit else { return nil }
            let bytes = try reader.bytes(at: UInt64(table.u32(i * 12 + 8, bigEndian: bigEndian)), count: size)
            return bytes.count == size ? bytes : nil
        }
        return nil
    }

    static func encodedSize(_ entries: [Entry]) -> Int {
        2 + 12 * entries.count + 4 + entries.reduce(0) { $0 + ($1.value.count > 4 ? ($1.value.count + 1) & ~1 : 0) }
    }

    static func encodeIFD(_ unsorted: [Entry], at start: Int, bigEndian: Bool) -> [UInt8] {
        let entries = unsorted.sorted { $0.tag < $1.tag }
        var table: [UInt8] = encode16(UInt16(entries.count), bigEndian: bigEndian)
        var data: [UInt8] = []
        let dataStart = start + 2 + 12 * entries.count + 4
        for entry in entries {
            table += encode16(entry.tag, bigEndian: bigEndian)
            table += encode16(entry.type, bigEndian: bigEndian)
            table += encode32(entry.count, bigEndian: bigEndian)
            if entry.value.count <= 4 {
                table += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                table += encode32(UInt32(dataStart + data.count), bigEndian: bigEndian)
                data += entry.value
                if data.count & 1 == 1 { data.append(0) }
            }
        }
        table += [0, 0, 0, 0]  // no next IFD
        return table + data
    }

    static func encode16(_ v: UInt16, bigEndian: Bool) -> [UInt8] {
        bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
    }

    static func encode32(_ v: UInt32, bigEndian: Bool) -> [UInt8] {
        let b = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        return bigEndian ? b : b.reversed()
    }
}
