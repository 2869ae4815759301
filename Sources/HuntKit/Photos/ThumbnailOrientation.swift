/// Makes a report thumbnail show the right way up by giving the thumbnail's own JPEG the photo's
/// EXIF Orientation (TIFF 6.0 / EXIF 2.32 tag 0x0112, values 1…8).
///
/// Both kinds of thumbnail keep the photo's stored pixel order: an EXIF (IFD1) thumbnail is stored
/// like the main picture, and the scaled copy is decoded from the stored pixels. So a portrait
/// phone photo (Orientation 6) gives a sideways thumbnail. Rather than re-encoding the pixels,
/// the thumbnail gets a 36-byte APP1 segment holding only that tag, and the browser turns it:
/// CSS Images 3 makes `image-orientation: from-image` the default for `<img>` (Chromium 81,
/// Firefox 77, Safari 13.1 and later). The turned picture is the image's intrinsic picture, so
/// the page's fixed thumbnail boxes (`object-fit: cover`) keep their size on screen and in print.
///
/// Orientation 1, no tag, or a value outside 1…8 leaves the bytes exactly as they were.
enum ThumbnailOrientation {
    /// The values that say how to turn a picture; 1 is "as stored".
    static let valid = 1...8

    /// `jpeg` with an APP1 `Exif` segment holding only Orientation = `orientation`, placed after SOI
    /// and any leading APP0 (JFIF) segment; the thumbnail's own `Exif` APP1 segments, if it had any,
    /// are dropped so that browsers read this one. Unchanged when `orientation` is nil, 1 or not in
    /// 1…8, or when `jpeg` does not start with SOI.
    static func tagged(_ jpeg: [UInt8], orientation: Int?) -> [UInt8] {
        guard let orientation, orientation != 1, valid.contains(orientation),
            jpeg.count >= 2, jpeg[0] == 0xFF, jpeg[1] == 0xD8
        else { return jpeg }
        var insertAt = 2
        var dropped: [Range<Int>] = []
        var sawOtherSegment = false
        var i = 2
        // Walk the header segments (APPn and COM, each FF xx + 16-bit length) up to the first other marker.
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            guard (0xE0...0xEF).contains(marker) || marker == 0xFE else { break }
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            guard length >= 2, i + 2 + length <= jpeg.count else { break }
            let segment = i..<(i + 2 + length)
            if marker == 0xE0, !sawOtherSegment {
                insertAt = segment.upperBound
            } else {
                sawOtherSegment = true
                if marker == 0xE1, length >= 8, Array(jpeg[(i + 4)..<(i + 10)]) == exifHeader { dropped.append(segment) }
            }
            i = segment.upperBound
        }
        var out: [UInt8] = []
        out.reserveCapacity(jpeg.count + 36)
        out += jpeg[0..<insertAt]
        out += segment(orientation: UInt16(orientation))
        var from = insertAt
        for range in dropped {
            out += jpeg[from..<range.lowerBound]
            from = range.upperBound
        }
        out += jpeg[from...]
        return out
    }

    static let exifHeader: [UInt8] = Array("Exif\0\0".utf8)

    /// FF E1, length, `Exif\0\0`, then a big-endian TIFF structure whose IFD0 has one SHORT entry
    /// (0x0112 = `orientation`) and no next IFD.
    static func segment(orientation: UInt16) -> [UInt8] {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // "MM", 42, IFD0 at 8
            0x00, 0x01,  // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01,  // Orientation, SHORT, count 1
            UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00
        ]  // no IFD1
        let length = 2 + exifHeader.count + tiff.count
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exifHeader + tiff
    }
}
