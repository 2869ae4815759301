import Foundation

/// What a photo or video file says about where and when it was taken, read from a photo's EXIF
/// (or XMP), or a video's QuickTime metadata.
public struct PhotoMetadata: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable, Codable, CaseIterable {
        case jpeg = "JPEG", heic = "HEIC", avif = "AVIF", png = "PNG", webp = "WEBP", tiff = "TIFF"
        /// QuickTime movie (`.mov`), MPEG-4 (`.mp4`, `.m4v`) and 3GPP (`.3gp`) video.
        case mov = "MOV", mp4 = "MP4", threeGP = "3GP"

        public var media: Media {
            switch self {
            case .mov, .mp4, .threeGP: .video
            case .jpeg, .heic, .avif, .png, .webp, .tiff: .photo
            }
        }
    }

    /// A still photo or a video.
    public enum Media: String, Sendable, Hashable, Codable, CaseIterable {
        case photo, video
    }

    /// The path as it was given.
    public var path: String
    public var format: Format?
    public var position: Coordinate?
    /// Where `position` came from: the EXIF GPS IFD, an XMP packet inside the file, or a `.xmp`
    /// sidecar beside it.
    public var positionSource: PositionSource?
    /// Metres; negative below sea level.
    public var altitudeMetres: Double?
    /// GPSHPositioningError, metres.
    public var horizontalAccuracyMetres: Double?
    public var dilutionOfPrecision: Double?
    /// GPSImgDirection, degrees.
    public var directionDegrees: Double?
    /// DateTimeOriginal (+ SubSecTimeOriginal) as written, local to the camera: `2021-04-11T15:47:53`.
    /// For a video: `com.apple.quicktime.creationdate`, else the movie header's time in UTC (offset 0).
    public var capturedAt: LocalDateTime?
    /// DateTimeOriginal as written, kept only when it does not parse as a date and time.
    public var capturedAtRaw: String?
    /// OffsetTimeOriginal, seconds east of UTC, when present.
    public var offsetSeconds: Int?
    /// GPSDateStamp + GPSTimeStamp, UTC, when both parse.
    public var gpsTime: Date?
    /// GPSDateStamp and GPSTimeStamp as written, for evidence when they do not parse.
    public var gpsTimeRaw: String?
    public var make: String?
    public var model: String?
    public var software: String?
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    public var orientation: Int?
    public var hasThumbnail: Bool = false
    /// A video's length, seconds.
    public var durationSeconds: Double?
    /// A video's rotation for display, degrees clockwise (0, 90, 180, 270), from its track matrix.
    public var rotationDegrees: Int?
    /// A video's movie-header creation time, UTC (what exiftool calls CreateDate).
    public var mediaCreatedAt: Date?
    /// Apple's content identifier: a Live Photo's still and its motion video share it.
    public var contentIdentifier: String?
    /// A hex digest identifying the file's content (same bytes, same hash).
    public var contentHash: String?
    /// The position the players' page's browser gave at upload, from the sidecar beside the file
    /// (`BrowserFix`); never the photo's own, so it is kept apart from `position`, and the judge
    /// uses it as the policy's `browser_position` says.
    public var browserFix: BrowserFix?
    /// Problems with single fields that did not stop the rest from being read.
    public var warnings: [String] = []

    public init(path: String) { self.path = path }

    /// Photo or video, by the format; nil when the format is unknown.
    public var media: Media? { format?.media }

    /// Where a position was read from.
    public enum PositionSource: String, Sendable, Hashable, Codable {
        case exif, xmp, sidecar
        /// A video's QuickTime metadata (an ISO 6709 string or a 3GPP `loci` box).
        case quicktime
    }
}
