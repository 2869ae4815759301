/// Finds the EXIF APP1 segment of a JPEG by walking its marker segments from SOI to SOS.
///
/// Walking the segments ourselves matters: libexif's own JPEG loader gives up when an APP6–9,
/// APP12 or APP15 segment precedes the EXIF APP1, and `exif_data_load_data` on the whole file
/// gives up after a leading COM segment. Source: ITU T.81 (JPEG) B.1.1; CIPA DC-008 (Exif 2.32)
/// 4.5.4 for the APP1 layout; Adobe XMP Specification Part 3, 1.1.3 for the XMP APP1.
enum JPEGReader {
    static let exifHeader: [UInt8] = Array("Exif\0\0".utf8)
    static let xmpHeader: [UInt8] = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    /// No real JPEG has this many segments before its image data; the cap keeps a hostile file bounded.
    static let maxSegments = 4096

    /// - Parameter quick: stop at the first segment past the first 64 KiB page once the EXIF block
    ///   is found (the remaining headers matter only for an XMP position fallback; the caller
    ///   scans again without `quick` when it needs one). Sets `scan.stoppedEarly`.
    static func scan(_ reader: PagedReader, quick: Bool = false) throws(ContainerError) -> ContainerScan {
        var scan = ContainerScan(format: .jpeg)
        var offset: UInt64 = 2
        var segments = 0
        while segments < maxSegments {
            segments += 1
            if quick, scan.exif != nil, offset + 4 > UInt64(PagedReader.pageSize) {
                scan.stoppedEarly = true
                return scan
            }
            var head = try reader.bytes(at: offset, count: 4)
            guard head.count >= 2 else {
                if scan.exif == nil { throw .truncated("the file ends before the JPEG image data") }
                scan.warnings.append("the file ends before the JPEG image data")
                return scan
            }
            guard head[0] == 0xFF else {
                let message = "no JPEG marker at byte \(offset) (found 0x\(String(head[0], radix: 16, uppercase: true)))"
                if scan.exif == nil && segments == 1 { throw .corrupt(message) }
                scan.warnings.append(message)
                return scan
            }
            // Fill bytes: any number of 0xFF before a marker.
            var fill = 0
            while head.count >= 2, head[1] == 0xFF, fill < 64 {
                offset += 1
                fill += 1
                head = try reader.bytes(at: offset, count: 4)
            }
            guard head.count >= 2 else { continue }
            let marker = head[1]
            // libjpeg skips any number of fill bytes; stop rather than read a different segment than it would.
            if marker == 0xFF {
                scan.warnings.append("more than 64 fill bytes at byte \(offset)")
                return scan
            }
            switch marker {
            case 0xD8, 0x01, 0xD0...0xD7:  // stand-alone markers (a repeated SOI, TEM, RSTn)
                offset += 2
                continue
            case 0xD9:  // EOI: the headers are over
                return scan
            case 0xDA:  // SOS: the headers are over; its Ns tells whether the first scan holds every component
                if let ns = try reader.bytes(at: offset + 4, count: 1).first { scan.jpegFrame?.firstScanComponents = Int(ns) }
                return scan
            default:
                break
            }
            guard head.count == 4 else {
                throw .truncated("the file ends inside a JPEG header segment at byte \(offset)")
            }
            let length = Int(head.u16be(2))
            guard length >= 2 else { throw .corrupt("JPEG segment at byte \(offset) has length \(length)") }
            let payload = offset + 4
            let payloadLength = length - 2
            let end = payload + UInt64(payloadLength)
            if marker == 0xE1 {
                let intro = try reader.bytes(at: payload, count: min(payloadLength, xmpHeader.count))
                if intro.starts(with: exifHeader) {
                    if end > reader.size {
                        throw .truncated("the file ends inside the EXIF segment")
                    }
                    if scan.exif == nil {
                        scan.exif = try reader.exactly(at: payload + 6, count: payloadLength - 6, "the file ends inside the EXIF segment")
                    } else {
                        scan.warnings.append("a second EXIF segment at byte \(offset) was ignored")
                    }
                } else if intro.starts(with: xmpHeader), scan.xmp == nil, end <= reader.size {
                    scan.xmp = try reader.bytes(at: payload + UInt64(xmpHeader.count), count: payloadLength - xmpHeader.count)
                }
            } else if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC, payloadLength >= 5 {
                // SOFn: precision, height, width, then the components.
                let sof = try reader.bytes(at: payload, count: min(payloadLength, 6 + 3 * 255))
                if sof.count >= 5 {
                    scan.pixelHeight = Int(sof.u16be(1))
                    scan.pixelWidth = Int(sof.u16be(3))
                }
                if scan.jpegFrame != nil {
                    scan.jpegFrame?.repeated = true
                } else {
                    scan.jpegFrame = JPEGFrame(marker: marker, payload: sof)
                }
            }
            if end > reader.size {
                if scan.exif == nil { throw .truncated("the file ends inside a JPEG header segment at byte \(offset)") }
                scan.warnings.append("the file ends inside a JPEG header segment at byte \(offset)")
                return scan
            }
            offset = end
        }
        scan.warnings.append("stopped after \(maxSegments) JPEG segments without reaching the image data")
        return scan
    }
}
