/// Finds the `eXIf` chunk of a PNG (and an XMP `iTXt` chunk), reading only chunk headers and the
/// chunks it wants. Source: PNG Specification, Third Edition, 11.3.6.1 `eXIf`; XMP Specification
/// Part 3, 1.1.5 (iTXt keyword `XML:com.adobe.xmp`).
enum PNGReader {
    /// Chunks to look at after the first `IDAT`: `eXIf` should precede the image data, but some
    /// writers put it after; a cap keeps a PNG of many small IDAT chunks from being read whole.
    static let maxChunksAfterImageData = 1024
    static let maxChunks = 65_536

    static func scan(_ reader: PagedReader) throws(ContainerError) -> ContainerScan {
        var scan = ContainerScan(format: .png)
        var offset: UInt64 = 8
        var afterImageData = 0
        for _ in 0..<maxChunks {
            let head = try reader.bytes(at: offset, count: 8)
            guard head.count == 8 else {
                if head.isEmpty && offset == reader.size {
                    scan.warnings.append("the PNG ends without an IEND chunk")
                    return scan
                }
                throw .truncated("the file ends inside a PNG chunk header at byte \(offset)")
            }
            let length = UInt64(head.u32be(0))
            let type = head.fourCC(4)
            let data = offset + 8
            let end = data + length + 4  // + CRC
            switch type {
            case "IHDR" where length >= 8:
                let ihdr = try reader.exactly(at: data, count: 8, "the file ends inside the PNG header")
                scan.pixelWidth = Int(ihdr.u32be(0))
                scan.pixelHeight = Int(ihdr.u32be(4))
            case "eXIf":
                guard data + length <= reader.size else { throw .truncated("the file ends inside the PNG eXIf chunk") }
                guard length <= UInt64(ISOBMFFReader.maxItemBytes) else { throw .unsupported("an eXIf chunk of \(length) bytes") }
                if scan.exif == nil {
                    var block = try reader.exactly(at: data, count: Int(length), "the file ends inside the PNG eXIf chunk")
                    if block.starts(with: JPEGReader.exifHeader) { block.removeFirst(6) }
                    scan.exif = block
                }
            case "iTXt" where scan.xmp == nil && length <= 4 << 20:
                let keyword = Array("XML:com.adobe.xmp\0".utf8)
                let intro = try reader.bytes(at: data, count: keyword.count + 4)
                // keyword, NUL, compression flag 0 (uncompressed), method, empty language and translated keyword
                if intro.starts(with: keyword), intro.count == keyword.count + 4, intro[keyword.count] == 0 {
                    let body = try reader.bytes(at: data, count: Int(length))
                    var i = keyword.count + 2
                    for _ in 0..<2 {  // language tag, translated keyword: NUL-terminated
                        while i < body.count, body[i] != 0 { i += 1 }
                        i += 1
                    }
                    if i < body.count { scan.xmp = Array(body[i...]) }
                }
            case "IDAT":
                afterImageData += 1
            case "IEND":
                return scan
            default:
                if afterImageData > 0 { afterImageData += 1 }
            }
            if afterImageData > maxChunksAfterImageData {
                scan.warnings.append("stopped looking for eXIf after \(maxChunksAfterImageData) chunks past the image data")
                return scan
            }
            if end > reader.size {
                scan.warnings.append("the file ends inside the PNG `\(type)` chunk")
                return scan
            }
            offset = end
        }
        scan.warnings.append("stopped after \(maxChunks) PNG chunks")
        return scan
    }
}
