/// What a container reader found: the EXIF block (a TIFF structure starting `II*\0` or `MM\0*`,
/// ready for libexif), an XMP packet, and what the container itself says about the image.
struct ContainerScan: Sendable {
    var format: PhotoMetadata.Format
    /// The TIFF-structured EXIF block, without any `Exif\0\0` prefix.
    var exif: [UInt8]?
    /// The XMP packet (UTF-8 XML), when the container has one.
    var xmp: [UInt8]?
    var pixelWidth: Int?
    var pixelHeight: Int?
    /// A JPEG's frame and first scan header, when the walk reached them (not after a quick scan
    /// that stopped early): what decoding it would cost.
    var jpegFrame: JPEGFrame?
    /// Structural oddities that did not stop the read.
    var warnings: [String] = []
    /// The reader stopped once it had the EXIF block, before looking at every header (JPEG quick scan).
    var stoppedEarly = false

    init(format: PhotoMetadata.Format) { self.format = format }
}

/// Decides a file's format from its first bytes, never from its name.
enum FormatSniffer {
    enum Sniffed: Equatable {
        /// A photo or a video format this reader handles.
        case photo(PhotoMetadata.Format)
        /// A format this reader does not handle, named for the user ("a PDF document").
        case other(String)
    }

    /// Bytes needed for a verdict.
    static let headLength = 64

    static func sniff(_ head: [UInt8]) -> Sniffed {
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .photo(.jpeg) }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] as [UInt8]) { return .photo(.png) }
        if head.count >= 12, head.starts(with: "RIFF"), head.starts(with: "WEBP", at: 8) { return .photo(.webp) }
        if head.count >= 12, head.starts(with: "RIFF"), head.starts(with: "AVI ", at: 8) { return .other("an AVI video (RIFF AVI)") }
        if head.count >= 4,
            (head[0] == 0x49 && head[1] == 0x49 && head[2] == 0x2A && head[3] == 0)
                || (head[0] == 0x4D && head[1] == 0x4D && head[2] == 0 && head[3] == 0x2A)
        {
            return .photo(.tiff)
        }
        if head.count >= 4, (head.starts(with: "II") && head[2] == 0x2B) || (head.starts(with: "MM") && head[3] == 0x2B) {
            return .other("a BigTIFF file")
        }
        if head.count >= 12, head.starts(with: "ftyp", at: 4) {
            let ftypSize = Int(head.u32be(0))
            var brands = [head.fourCC(8)]
            var i = 16
            while i + 4 <= min(ftypSize, head.count) { brands.append(head.fourCC(i)); i += 4 }
            if let format = ISOBMFFReader.imageFormat(forBrands: brands) { return .photo(format) }
            // Brands beyond the head of a file whose major brand is not a video's: the HEIF reader checks them all.
            if ftypSize > head.count, ["mif1", "msf1", "heic", "avif"].contains(brands[0]) { return .photo(.heic) }
            if let video = QuickTimeReader.videoFormat(forBrands: brands) { return .photo(video) }
            let kind = brands[0] == "crx " ? "a Canon CR3 raw file" : "an MP4 audio file or another ISOBMFF file"
            return .other("\(kind) (brand `\(brands[0])`)")
        }
        // A QuickTime movie from before `ftyp` (2001) starts with one of a few box types.
        if head.count >= 8, QuickTimeReader.classicFirstBoxes.contains(head.fourCC(4)), head.u32be(0) == 1 || head.u32be(0) >= 8 {
            return .photo(.mov)
        }
        return .other(describe(head))
    }

    /// "a PDF document (starts with %PDF)", "starts with 00 00 00 00".
    static func describe(_ head: [UInt8]) -> String {
        let known: [(String, String)] = [
            ("%PDF", "a PDF document"), ("GIF8", "a GIF image"), ("BM", "a BMP image"), ("PK\u{3}\u{4}", "a ZIP archive"),
            ("<?xml", "an XML file"), ("<x:xmpmeta", "an XMP sidecar"), ("<!DOCTYPE html", "an HTML page"), ("<html", "an HTML page"),
            ("8BPS", "a Photoshop document"), ("\u{1A}E\u{DF}\u{A3}", "a Matroska/WebM video"), ("OggS", "an Ogg file")
        ]
        for (magic, name) in known where head.starts(with: magic.utf8Bytes) {
            return "\(name) (starts with \(printable(Array(head.prefix(magic.utf8.count)))))"
        }
        let first = head.prefix(8)
        if first.allSatisfy({ (0x20...0x7e).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return "text (starts with \(printable(Array(first))))"
        }
        return "starts with " + first.map { hex($0) }.joined(separator: " ")
    }

    private static func printable(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.map { (0x20...0x7e).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
    }

    private static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }
}

extension String {
    var utf8Bytes: [UInt8] { Array(utf8) }
}

extension Array where Element == UInt8 {
    func starts(with prefix: [UInt8], at i: Int = 0) -> Bool {
        count >= i + prefix.count && self[i..<i + prefix.count].elementsEqual(prefix)
    }
}

extension PhotoMetadata.Format {
    /// The photo or video format of a file that starts with `bytes`, told by its content
    /// (`FormatSniffer`); nil for any other kind of file.
    public init?(sniffing bytes: [UInt8]) {
        guard case .photo(let format) = FormatSniffer.sniff(Array(bytes.prefix(FormatSniffer.headLength))) else { return nil }
        self = format
    }
}
