internal import CEXIF
import Foundation

/// What `JPEGWriter` writes into a photo's EXIF: the fields the judge reads.
public struct PhotoTags: Sendable, Hashable {
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
    public var make: String?
    public var model: String?
    public var software: String?

    public init(position: Coordinate? = nil, altitudeMetres: Double? = nil, horizontalAccuracyMetres: Double? = nil,
                capturedAt: LocalDateTime? = nil, offsetSeconds: Int? = nil, gpsTime: Date? = nil,
                make: String? = nil, model: String? = nil, software: String? = nil) {
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
/// For `hunt simulate`, tests and examples. The only file that sees libexif's writing API.
public enum JPEGWriter {
    /// The bytes of a JPEG with `tags` in its EXIF and `image` as its picture.
    public static func jpeg(tags: PhotoTags, image: SyntheticImage) -> [UInt8] {
        image.jpegBytes(app1: exifSegment(tags, width: image.width, height: image.height))
    }

    /// Writes a JPEG atomically (temporary file, then rename), creating folders as needed.
    public static func write(tags: PhotoTags, image: SyntheticImage, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(jpeg(tags: tags, image: image)).write(to: url, options: .atomic)
    }

    /// The APP1 payload: `Exif\0\0` and a TIFF structure, as `exif_data_save_data` lays it out.
    static func exifSegment(_ tags: PhotoTags, width: Int, height: Int) -> [UInt8] {
        guard let data = exif_data_new() else { fatalError("libexif could not allocate ExifData") }
        defer { exif_data_unref(data) }
        // We add entries ourselves; stop libexif from "fixing" the IFDs by its own tag tables on save.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_INTEL)
        let builder = EntryBuilder(data: data)

        builder.ascii(.ifd0, 0x010F, tags.make)        // Make
        builder.ascii(.ifd0, 0x0110, tags.model)       // Model
        builder.ascii(.ifd0, 0x0131, tags.software)    // Software
        builder.short(.ifd0, 0x0112, 1)                // Orientation: upright

        if let t = tags.capturedAt {
            builder.ascii(.exif, 0x9003, String(format: "%04d:%02d:%02d %02d:%02d:%02d",
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
        builder.long(.exif, 0xA002, UInt32(width))     // PixelXDimension
        builder.long(.exif, 0xA003, UInt32(height))    // PixelYDimension

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
            builder.rationals(.gps, 0x0007, [(UInt32(c.hour!), 1), (UInt32(c.minute!), 1),
                                              (UInt32((seconds * 100).rounded(.down)), 100)])  // GPSTimeStamp
            builder.ascii(.gps, 0x001D, String(format: "%04d:%02d:%02d", c.year!, c.month!, c.day!))  // GPSDateStamp
        }

        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(data, &buffer, &size)
        guard let buffer, size > 0 else { fatalError("libexif could not save EXIF data") }
        defer { free(buffer) }
        return [UInt8](UnsafeBufferPointer(start: buffer, count: Int(size)))
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

/// Adds entries of a given tag, format and value to an ExifData's IFDs.
private struct EntryBuilder {
    enum IFD { case ifd0, exif, gps }

    let data: UnsafeMutablePointer<ExifData>

    func ascii(_ ifd: IFD, _ tag: UInt32, _ text: String?) {
        guard let text else { return }
        let bytes = Array(text.utf8) + [0]
        add(ifd, tag, EXIF_FORMAT_ASCII, components: bytes.count) { pointer, _ in
            pointer.update(from: bytes, count: bytes.count)
        }
    }

    func bytes(_ ifd: IFD, _ tag: UInt32, _ values: [UInt8]) {
        add(ifd, tag, EXIF_FORMAT_BYTE, components: values.count) { pointer, _ in
            pointer.update(from: values, count: values.count)
        }
    }

    func short(_ ifd: IFD, _ tag: UInt32, _ value: UInt16) {
        add(ifd, tag, EXIF_FORMAT_SHORT, components: 1) { pointer, order in exif_set_short(pointer, order, value) }
    }

    func long(_ ifd: IFD, _ tag: UInt32, _ value: UInt32) {
        add(ifd, tag, EXIF_FORMAT_LONG, components: 1) { pointer, order in exif_set_long(pointer, order, value) }
    }

    func rationals(_ ifd: IFD, _ tag: UInt32, _ values: [(UInt32, UInt32)]) {
        add(ifd, tag, EXIF_FORMAT_RATIONAL, components: values.count) { pointer, order in
            for (i, value) in values.enumerated() {
                exif_set_rational(pointer + 8 * i, order, ExifRational(numerator: value.0, denominator: value.1))
            }
        }
    }

    private func add(_ ifd: IFD, _ tag: UInt32, _ format: ExifFormat, components: Int,
                     fill: (UnsafeMutablePointer<UInt8>, ExifByteOrder) -> Void) {
        let ifds = data.pointee.ifd
        let target: UnsafeMutablePointer<ExifContent>? = switch ifd {
        case .ifd0: ifds.0
        case .exif: ifds.2
        case .gps: ifds.3
        }
        guard let content = target, let entry = exif_entry_new() else { fatalError("libexif could not allocate an entry") }
        defer { exif_entry_unref(entry) }
        let size = Int(exif_format_get_size(format)) * components
        guard let mem = exif_mem_new_default(), let storage = exif_mem_alloc(mem, ExifLong(size)) else {
            fatalError("libexif could not allocate \(size) bytes")
        }
        exif_mem_unref(mem)
        let pointer = storage.assumingMemoryBound(to: UInt8.self)
        fill(pointer, exif_data_get_byte_order(data))
        entry.pointee.tag = ExifTag(rawValue: tag)
        entry.pointee.format = format
        entry.pointee.components = UInt(components)
        entry.pointee.size = UInt32(size)
        entry.pointee.data = pointer
        exif_content_add_entry(content, entry)
    }
}
