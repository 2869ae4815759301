/// JSON: an array of one object per file, streamed. Absent values are `null`; numbers are
/// numbers; `error` is `null` or `{code, message, fix}`.
///
///     [
///     {"path":"IMG_1.jpg","format":"JPEG","latitude":52.09067,"longitude":5.12133,…,"error":null}
///     ]
package struct PhotoJSONRenderer: PhotoRenderer {
    /// A JSON renderer; it has no settings.
    public init() {}

    /// Opens the array.
    public var header: String { "[\n" }
    /// A comma and a line end between two objects, one object a line.
    public var separator: String { ",\n" }
    /// Closes the array, with a final line end.
    public var footer: String { "\n]\n" }

    /// The file's JSON object, on one line: its display path, every field (null when absent), and `error`.
    public func row(_ input: PhotoInput, _ result: PhotoReadResult) -> String {
        let f = PhotoFields(result)
        var fields: [(String, String)] = [
            ("path", JSONText.quote(input.displayPath)), ("format", Self.stringOrNull(f.format)),
            ("latitude", Self.number(f.latitude)), ("longitude", Self.number(f.longitude)),
            ("altitude_m", Self.number(f.altitude)), ("accuracy_m", Self.number(f.accuracy)), ("dop", Self.number(f.dop)),
            ("direction_deg", Self.number(f.direction)), ("position_source", Self.stringOrNull(f.positionSource)),
            ("captured_at", Self.stringOrNull(f.capturedAt)), ("offset", Self.stringOrNull(f.offset)),
            ("gps_time", Self.stringOrNull(f.gpsTime)),
            ("make", Self.stringOrNull(f.make)), ("model", Self.stringOrNull(f.model)), ("software", Self.stringOrNull(f.software)),
            ("width", Self.number(f.width)), ("height", Self.number(f.height)), ("orientation", Self.number(f.orientation)),
            ("has_thumbnail", f.thumbnail.isEmpty ? "null" : f.thumbnail), ("content_hash", Self.stringOrNull(f.contentHash)),
            ("media", Self.stringOrNull(f.media)), ("duration_s", Self.number(f.duration)), ("rotation", Self.number(f.rotation)),
            ("media_created", Self.stringOrNull(f.mediaCreated)), ("content_identifier", Self.stringOrNull(f.contentIdentifier)),
            ("warnings", "[" + f.warnings.map(JSONText.quote).joined(separator: ",") + "]")
        ]
        if case .failure(let e) = result {
            fields.append(
                (
                    "error",
                    "{\"code\":\(JSONText.quote(e.code.rawValue)),\"message\":\(JSONText.quote(e.message)),\"fix\":\(e.fix.map(JSONText.quote) ?? "null")}"
                ))
        } else {
            fields.append(("error", "null"))
        }
        let object = "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        return object
    }

    static func number(_ text: String) -> String { text.isEmpty ? "null" : text }
    static func stringOrNull(_ text: String) -> String { text.isEmpty ? "null" : JSONText.quote(text) }
}
