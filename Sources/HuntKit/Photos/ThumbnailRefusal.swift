/// Why a photo that could be decoded gets no thumbnail: decoding it would cost more than the
/// report allows. A hostile player can send a 1 MB progressive JPEG that declares 15000×15000
/// pixels; libjpeg would need 1.3 GB to decode it at any scale. A HEIC of a few kilobytes can
/// declare a 20000×20000 grid, which libheif would decode whole. Reports show a placeholder
/// ("too large to preview") and a warning naming the photo.
public enum ThumbnailRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is larger than `PhotoThumbnail.maxDecodeBytes`.
    case fileTooLarge(bytes: Int, limitBytes: Int)
    /// More pixels than `PhotoThumbnail.maxDecodePixels`: libjpeg visits every block, even at 1/8
    /// scale, and libheif decodes every pixel.
    case tooManyPixels(width: Int, height: Int, limitPixels: Int)
    /// The decode would need `neededBytes`, more than the whole thumbnail budget.
    case needsTooMuchMemory(width: Int, height: Int, layout: Layout, neededBytes: Int, budgetBytes: Int)
    /// The file is far too short for the picture it declares: every 8×8 block of Huffman-coded
    /// data costs at least one bit, so `bytes` below `blocks / 8` means most of it is missing —
    /// and libjpeg would still visit every block (a 672-byte file declaring 20000×20000 costs
    /// half a second of CPU).
    case truncated(width: Int, height: Int, bytes: Int, minimumBytes: Int)
    /// A HEIF's coded data asks for more than the `width`×`height` picture its `ispe` declares:
    /// a coded frame (the HEVC parameter set, the AV1 sequence header) larger than the picture,
    /// tiles that add up to far more, or a grid whose own header asks for more (which libheif,
    /// its size limit set to the declared size, refuses before allocating). `detail` says which.
    case largerThanDeclared(width: Int, height: Int, detail: String)
    /// More scans than a real progressive JPEG has (about 10): each scan is another pass over
    /// the whole image, so thousands of tiny scans cost minutes.
    case tooManyScans(count: Int, limit: Int)

    /// How the photo's image data is laid out, which decides what decoding it keeps in memory.
    public enum Layout: String, Sendable, Hashable {
        /// One scan holding every component: decoded a row of blocks at a time.
        case sequential
        /// Refined over several scans: libjpeg keeps every coefficient of the image.
        case progressive
        /// Sequential, but one scan per component (or group): libjpeg keeps every coefficient too.
        case multiScan = "multi-scan"
        /// A HEIF/HEIC or AVIF picture: libheif decodes all of it, at full size, as RGB.
        case heif = "HEIF"
    }

    public var description: String {
        switch self {
        case .fileTooLarge(let bytes, let limit):
            return "the file is \(Self.size(bytes)), over the \(Self.size(limit)) read to make a thumbnail"
        case .tooManyPixels(let width, let height, let limit):
            return "\(width)×\(height) is \(width * height / 1_000_000) megapixels, over the \(limit / 1_000_000)-megapixel limit for a thumbnail"
        case .needsTooMuchMemory(let width, let height, .heif, let needed, let budget):
            return
                "a \(width)×\(height) HEIF picture needs about \(Self.size(needed)) to decode (libheif decodes the whole picture, at full size), over the \(Self.size(budget)) set aside for thumbnails"
        case .needsTooMuchMemory(let width, let height, let layout, let needed, let budget):
            let why = layout == .sequential ? "" : " (libjpeg keeps a \(layout.rawValue) JPEG's whole image in memory, at any scale)"
            return
                "a \(width)×\(height) \(layout.rawValue) JPEG needs about \(Self.size(needed)) to decode\(why), over the \(Self.size(budget)) set aside for thumbnails"
        case .truncated(let width, let height, let bytes, let minimum):
            return
                "the file is \(bytes) bytes, too short for the \(width)×\(height) picture it declares (at least \(minimum) bytes): most of it is missing"
        case .largerThanDeclared(let width, let height, let detail):
            return "the file declares a \(width)×\(height) picture, but its coded data asks for more (\(detail))"
        case .tooManyScans(let count, let limit):
            return "the JPEG has \(count) scans, over the \(limit) a thumbnail decodes (each scan is another pass over the whole picture)"
        }
    }

    /// What a warning about it suggests.
    public var fix: String {
        "the report shows a placeholder; for a preview, re-save the photo as a baseline JPEG of at most 50 megapixels"
    }

    /// "1.3 GiB", "192 MiB".
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 30 {
            let tenths = (bytes * 10 + (1 << 29)) >> 30
            return "\(tenths / 10).\(tenths % 10) GiB"
        }
        return "\((bytes + (1 << 19)) >> 20) MiB"
    }
}
