/// CSV (RFC 4180): one row per file, `path` as given, empty cells for absent values, `error`
/// filled only for files that could not be read.
package struct PhotoCSVRenderer: PhotoRenderer {
    /// The column names in header order: what a spreadsheet or script reading the CSV can rely on.
    public static let columns = [
        "path", "format", "latitude", "longitude", "altitude", "accuracy_m", "direction", "captured_at", "offset", "gps_time",
        "make", "model", "software", "dop", "width", "height", "orientation", "has_thumbnail", "position_source", "content_hash",
        "media", "duration_s", "rotation", "media_created", "content_identifier", "warnings", "error"
    ]

    /// A CSV renderer; it has no settings.
    public init() {}

    /// The header row, `Self.columns`, with its line end.
    public var header: String {
        var out = CSVWriter()
        out.header(Self.columns)
        return out.text
    }
    /// Nothing: CSV has no closing text.
    public var footer: String { "" }

    /// The file's CSV row: its display path, then its fields (for a file that could not be read, mostly empty with `error` filled).
    public func row(_ input: PhotoInput, _ result: PhotoReadResult) -> String {
        let f = PhotoFields(result)
        var out = CSVWriter()
        // A row is about 250 bytes: one allocation instead of the string doubling its way there.
        out.reserveCapacity(320)
        out.row([
            .text(input.displayPath), .formatted(f.format), .formatted(f.latitude), .formatted(f.longitude), .formatted(f.altitude),
            .formatted(f.accuracy), .formatted(f.direction), .formatted(f.capturedAt), .formatted(f.offset), .text(f.gpsTime),
            .text(f.make), .text(f.model), .text(f.software), .formatted(f.dop), .formatted(f.width), .formatted(f.height),
            .formatted(f.orientation), .formatted(f.thumbnail), .formatted(f.positionSource), .formatted(f.contentHash),
            .formatted(f.media), .formatted(f.duration), .formatted(f.rotation), .formatted(f.mediaCreated), .text(f.contentIdentifier),
            .text(f.warnings.joined(separator: "; ")), .text(f.error)
        ])
        return out.text
    }
}
