/// Finds the `EXIF` chunk of a WebP (RIFF) file, with or without an `Exif\0\0` prefix, and the
/// `XMP ` chunk. Source: Google, "WebP Container Specification" (extended format, `VP8X`).
enum WebPReader {
    static let maxChunks = 4096

    static func scan(_ reader: PagedReader) throws(ContainerError) -> ContainerScan {
        var scan = ContainerScan(format: .webp)
        let riff = try reader.exactly(at: 0, count: 12, "the file ends inside the RIFF header")
        let riffEnd = min(reader.size, 8 + UInt64(riff.u32le(4)))
        var offset: UInt64 = 12
        for _ in 0..<maxChunks {
            guard offset + 8 <= riffEnd else { return scan }
            let head = try reader.exactly(at: offset, count: 8, "the file ends inside a WebP chunk header")
            let type = head.fourCC(0)
            let length = UInt64(head.u32le(4))
            let data = offset + 8
            switch type {
            case "VP8X" where length >= 10:
                let vp8x = try reader.exactly(at: data, count: 10, "the file ends inside the VP8X chunk")
                scan.pixelWidth = Int(UInt32(vp8x[4]) | UInt32(vp8x[5]) << 8 | UInt32(vp8x[6]) << 16) + 1
                scan.pixelHeight = Int(UInt32(vp8x[7]) | UInt32(vp8x[8]) << 8 | UInt32(vp8x[9]) << 16) + 1
            case "EXIF":
                guard data + length <= reader.size else { throw .truncated("the file ends inside the WebP EXIF chunk") }
                guard length <= UInt64(ISOBMFFReader.maxItemBytes) else { throw .unsupported("an EXIF chunk of \(length) bytes") }
                var block = try reader.exactly(at: data, count: Int(length), "the file ends inside the WebP EXIF chunk")
                if block.starts(with: JPEGReader.exifHeader) { block.removeFirst(6) }
                if scan.exif == nil { scan.exif = block }
            case "XMP " where length <= 4 << 20 && data + length <= reader.size:
                if scan.xmp == nil { scan.xmp = try reader.bytes(at: data, count: Int(length)) }
            default:
                break
            }
            offset = data + length + (length & 1)  // chunks are padded to an even size
        }
        scan.warnings.append("stopped after \(maxChunks) WebP chunks")
        return scan
    }
}
