/// Why a photo could not be read: the file, what went wrong, and what to do about it.
///
/// A photo that *was* read but has no position or no EXIF is not an error: it is a
/// `PhotoMetadata` with `position == nil` and a warning.
public struct PhotoReadError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A stable, kebab-case identifier that scripts can match.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// The path does not exist.
        case notFound = "not-found"
        /// The file exists but may not be read.
        case permissionDenied = "permission-denied"
        /// A folder that could not be listed, a device, a FIFO.
        case notAFile = "not-a-file"
        /// Zero bytes.
        case empty
        /// Not a JPEG, HEIC/HEIF/AVIF, PNG, WebP or TIFF file, by its first bytes.
        case notAPhoto = "not-a-photo"
        /// The file ends inside a structure it announces (a cut-off upload or copy).
        case truncated
        /// The container's structure is broken.
        case corrupt
        /// A real variant this reader does not handle (BigTIFF, a HEIF Exif item built by reference).
        case unsupported
        /// The operating system reported an error while reading.
        case ioError = "io-error"
    }

    /// The path as it was given.
    public var path: String
    /// The format, when the file got far enough to tell.
    public var format: PhotoMetadata.Format?
    /// What kind of failure it is, as a stable kebab-case code scripts can match.
    public var code: Code
    /// What went wrong, e.g. "truncated JPEG: the file ends inside the EXIF segment".
    public var message: String
    /// What to do, e.g. "re-send the original photo".
    public var fix: String?

    /// An error about the file at `path`; give a `fix` when there is something the player or organizer can do.
    public init(path: String, format: PhotoMetadata.Format? = nil, code: Code, message: String, fix: String? = nil) {
        self.path = path
        self.format = format
        self.code = code
        self.message = message
        self.fix = fix
    }

    /// `message — fix`, for a table cell or a CSV column.
    public var summary: String { fix.map { "\(message) — \($0)" } ?? message }

    /// `path: error: message — fix`.
    public var description: String { "\(path): error: \(summary)" }
}
