import Foundation

/// What `JPEGWriter` writes into a photo's EXIF: the fields the judge reads.
package struct PhotoTags: Sendable, Hashable {
    /// Written as GPSLatitude/GPSLongitude with their refs (WGS 84); nil writes no position.
    public var position: Coordinate?
    /// GPSAltitude with GPSAltitudeRef, metres.
    public var altitudeMetres: Double?
    /// GPSHPositioningError, metres.
    public var horizontalAccuracyMetres: Double?
    /// DateTimeOriginal (and SubSecTimeOriginal when it has a fraction), as the camera's wall clock.
    public var capturedAt: LocalDateTime?
    /// OffsetTimeOriginal, seconds east of UTC.
    public var offsetSeconds: Int?
    /// GPSDateStamp and GPSTimeStamp, UTC.
    public var gpsTime: Date?
    /// Written as EXIF Make: the camera or phone maker.
    public var make: String?
    /// Written as EXIF Model: the camera or phone.
    public var model: String?
    /// Written as EXIF Software; an editor's name here makes the judge find `edited`.
    public var software: String?

    /// Tags to write; each nil field is left out of the EXIF (altitude and accuracy only go with a position).
    public init(
        position: Coordinate? = nil, altitudeMetres: Double? = nil, horizontalAccuracyMetres: Double? = nil,
        capturedAt: LocalDateTime? = nil, offsetSeconds: Int? = nil, gpsTime: Date? = nil,
        make: String? = nil, model: String? = nil, software: String? = nil
    ) {
        self.position = position
        self.altitudeMetres = altitudeMetres
        self.horizontalAccuracyMetres = horizontalAccuracyMetres
        self.capturedAt = capturedAt
        self.offsetSeconds = offsetSeconds
        self.gpsTime = gpsTime
        self.make = make
        self.model = model
        self.software = software
    }
}

/// Writes real JPEG files whose EXIF is built with libexif (`exif_data_new`, entries added to
/// IFD 0, the EXIF IFD and the GPS IFD, `exif_data_save_data`), inserted as APP1 right after SOI.
///
/// For `hunt simulate`, tests and examples. libexif's writing API is wrapped by `LibExif.encode`.
package enum JPEGWriter {
    /// The bytes of a JPEG with `tags` in its EXIF and `image` as its picture.
    public static func jpeg(tags: PhotoTags, image: SyntheticImage) -> [UInt8] {
        image.jpegBytes(app1: exifSegment(tags, width: image.width, height: image.height))
    }

    /// Writes a JPEG atomically (temporary file, then rename), creating folders as needed.
    public static func write(tags: PhotoTags, image: SyntheticImage, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try OutputBatch.write(jpeg(tags: tags, image: image), to: url)
    }

    /// The APP1 payload: `Exif\0\0` and a TIFF structure, as `exif_data_save_data` lays it out.
    static func exifSegment(_ tags: PhotoTags, width: Int, height: Int) -> [UInt8] {
        LibExif.encode { builder in
            builder.ascii(.ifd0, 0x010F, tags.make)  // Make
            builder.ascii(.ifd0, 0x0110, tags.model)  // Model
            builder.ascii(.ifd0, 0x0131, tags.software)  // Software
            builder.short(.ifd0, 0x0112, 1)  // Orientation: upright

            if let t = tags.capturedAt {
                builder.ascii(
                    .exif, 0x9003,
                    String(
                        format: "%04d:%02d:%02d %02d:%02d:%02d",
                        t.year, t.month, t.day, t.hour, t.minute, t.second))  // DateTimeOriginal
                if t.nanosecond > 0 {
                    builder.ascii(.exif, 0x9291, String(format: "%03d", t.nanosecond / 1_000_000))  // SubSecTimeOriginal
                }
            }
            if let offset = tags.offsetSeconds {
                let sign = offset < 0 ? "-" : "+"
                let minutes = abs(offset) / 60
                builder.ascii(.exif, 0x9011, String(format: "%@%02d:%02d", sign, minutes / 60, minutes % 60))  // OffsetTimeOriginal
            }
            builder.long(.exif, 0xA002, UInt32(width))  // PixelXDimension
            builder.long(.exif, 0xA003, UInt32(height))  // PixelYDimension

            if let position = tags.position {
                builder.bytes(.gps, 0x0000, [2, 3, 0, 0])  // GPSVersionID
                builder.ascii(.gps, 0x0001, position.latitude < 0 ? "S" : "N")
                builder.rationals(.gps, 0x0002, degreesMinutesSeconds(abs(position.latitude)))
                builder.ascii(.gps, 0x0003, position.longitude < 0 ? "W" : "E")
                builder.rationals(.gps, 0x0004, degreesMinutesSeconds(abs(position.longitude)))
                if let altitude = tags.altitudeMetres {
                    builder.bytes(.gps, 0x0005, [altitude < 0 ? 1 : 0])
                    builder.rationals(.gps, 0x0006, [(UInt32((abs(altitude) * 100).rounded()), 100)])
                }
                if let accuracy = tags.horizontalAccuracyMetres {
                    builder.rationals(.gps, 0x001F, [(UInt32((accuracy * 1000).rounded()), 1000)])  // GPSHPositioningError
                }
            }
            if let gpsTime = tags.gpsTime {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = TimeZone(identifier: "UTC")!
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: gpsTime)
                let seconds = Double(c.second!) + Double(c.nanosecond!) / 1e9
                builder.rationals(
                    .gps, 0x0007,
                    [
                        (UInt32(c.hour!), 1), (UInt32(c.minute!), 1),
                        (UInt32((seconds * 100).rounded(.down)), 100)
                    ])  // GPSTimeStamp
                builder.ascii(.gps, 0x001D, String(format: "%04d:%02d:%02d", c.year!, c.month!, c.day!))  // GPSDateStamp
            }
        }
    }

    /// Degrees as three rationals: whole degrees, whole minutes, seconds in 1/10000.
    static func degreesMinutesSeconds(_ value: Double) -> [(UInt32, UInt32)] {
        // Round once, in ten-thousandths of a second, so 59.99999″ never becomes 60″.
        let total = UInt64((value * 3600 * 10_000).rounded())
        let degrees = total / (3600 * 10_000)
        let minutes = total / (60 * 10_000) % 60
        let seconds = total % (60 * 10_000)
        return [(UInt32(degrees), 1), (UInt32(minutes), 1), (UInt32(seconds), 10_000)]
    }
}
