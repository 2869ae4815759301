import Foundation

/// A small JPEG picture of a photo, for reports.
public struct PhotoThumbnail: Sendable, Hashable {
    /// Where the picture came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The thumbnail the camera stored in the EXIF block (IFD1), as stored.
        case exif
        /// A copy of the JPEG decoded at 1/2…1/8 scale and re-encoded (libjpeg-turbo).
        case scaled
    }

    /// JPEG bytes (start with FF D8).
    public var jpeg: [UInt8]
    public var source: Source

    /// The longest side of a scaled copy, pixels.
    public static let defaultMaxPixels = 160
    /// Photos larger than this are not decoded for a scaled copy.
    public static let maxDecodeBytes = 64 << 20

    /// The thumbnail of the photo at `path`, or nil when there is none to be had.
    ///
    /// - The EXIF thumbnail when the photo's EXIF block has one (JPEG, HEIC/HEIF/AVIF, PNG, WebP;
    ///   TIFF files only when their EXIF block is small enough to hand to libexif whole), found
    ///   through the same container readers as `PhotoReader` and read with libexif.
    /// - Else, for a JPEG, a scaled copy at most `maxPixels` on its longest side (decoded at 1/8
    ///   scale where that is still large enough, so a 12-megapixel photo costs a few milliseconds).
    /// - Else nil: HEIC, AVIF, PNG, WebP and TIFF photos without an EXIF thumbnail, unreadable or
    ///   missing files. Reports show a neutral placeholder for those.
    ///
    /// Never throws and never traps on bad input. The file is opened read-only.
    public static func read(path: String, maxPixels: Int = defaultMaxPixels) -> PhotoThumbnail? {
        guard let file = try? InputFile(path: path) else { return nil }
        return read(file, maxPixels: maxPixels)
    }

    /// The thumbnail of a photo already opened (relative to the submissions folder, by the report).
    public static func read(_ file: InputFile, maxPixels: Int = defaultMaxPixels) -> PhotoThumbnail? {
        let source = FileByteSource(file)
        guard source.size > 0 else { return nil }
        let reader = PagedReader(source)
        guard let head = try? reader.bytes(at: 0, count: FormatSniffer.headLength),
              case .photo(let format) = FormatSniffer.sniff(head) else { return nil }
        if let scan = try? PhotoReader.scan(reader, format: format), let block = scan.exif,
           let embedded = exifThumbnail(block) {
            return PhotoThumbnail(jpeg: embedded, source: .exif)
        }
        guard format == .jpeg, source.size <= UInt64(maxDecodeBytes),
              let whole = try? source.read(at: 0, count: Int(source.size)),
              let scaled = JPEGScaler.scaled(whole, maxPixels: maxPixels) else { return nil }
        return PhotoThumbnail(jpeg: scaled, source: .scaled)
    }

    /// The IFD1 thumbnail of a TIFF-structured EXIF block, when it is a JPEG; libexif finds it
    /// (`ExifData.data`, from JPEGInterchangeFormat/JPEGInterchangeFormatLength).
    static func exifThumbnail(_ block: [UInt8]) -> [UInt8]? {
        // libexif takes at most one APP1 segment; a larger block (only TIFF files have one) is
        // compacted by `fitForLibexif`, which keeps no thumbnail.
        guard let thumbnail = LibExif.thumbnail(block) else { return nil }
        // Some cameras store an uncompressed (TIFF strip) thumbnail; only JPEG ones are usable here.
        guard thumbnail[0] == 0xFF, thumbnail[1] == 0xD8 else { return nil }
        return thumbnail
    }
}
