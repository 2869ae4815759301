import Foundation

/// What a photo or video file says about where and when it was taken, read from a photo's EXIF
/// (or XMP), or a video's QuickTime metadata.
public struct PhotoMetadata: Sendable, Hashable {
    /// The file's container format, recognised from its bytes (not its extension); decides how it is read.
    public enum Format: String, Sendable, Hashable, Codable, CaseIterable {
        case jpeg = "JPEG", heic = "HEIC", avif = "AVIF", png = "PNG", webp = "WEBP", tiff = "TIFF"
        /// QuickTime movie (`.mov`), MPEG-4 (`.mp4`, `.m4v`) and 3GPP (`.3gp`) video.
        case mov = "MOV", mp4 = "MP4", threeGP = "3GP"

        /// Whether a file of this format is a still photo or a video, as a task's `evidence:` asks.
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
    /// The container format found in the file; nil when it is not one HuntKit reads.
    public var format: Format?
    /// Where the photo was taken (WGS 84 latitude and longitude), from EXIF GPS, XMP or a sidecar; nil when the file records none.
    public var position: Coordinate?
    /// Where `position` came from: the EXIF GPS IFD, an XMP packet inside the file, or a `.xmp`
    /// sidecar beside it.
    public var positionSource: PositionSource?
    /// Metres; negative below sea level.
    public var altitudeMetres: Double?
    /// GPSHPositioningError, metres.
    public var horizontalAccuracyMetres: Double?
    /// GPSDOP as the receiver wrote it (unitless; larger is worse); evidence only, not used for judging.
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
    /// EXIF Make (or a video's QuickTime make): the camera or phone maker, shown as evidence.
    public var make: String?
    /// EXIF Model (or a video's QuickTime model): the camera or phone, shown as evidence.
    public var model: String?
    /// EXIF Software (or a video's QuickTime software); an editor's name here gives the photo an `edited` finding.
    public var software: String?
    /// The image's or video's width in pixels, as stored (before `orientation` or rotation).
    public var pixelWidth: Int?
    /// The image's or video's height in pixels, as stored (before `orientation` or rotation).
    public var pixelHeight: Int?
    /// EXIF Orientation (1–8, 1 upright): how the picture must be turned to show the right way up; thumbnails carry it.
    public var orientation: Int?
    /// Whether the EXIF data carries an embedded thumbnail image.
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

    /// Metadata with nothing read yet for the file at `path`; readers fill in what they find.
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
