/// CSV (RFC 4180): one row per file, `path` as given, empty cells for absent values, `error`
/// filled only for files that could not be read.
public struct PhotoCSVRenderer: PhotoRenderer {
    public static let columns = [
        "path", "format", "latitude", "longitude", "altitude", "accuracy_m", "direction", "captured_at", "offset", "gps_time",
        "make", "model", "software", "dop", "width", "height", "orientation", "has_thumbnail", "position_source", "content_hash",
        "media", "duration_s", "rotation", "media_created", "content_identifier", "warnings", "error",
    ]

    public init() {}

    public var header: String { Self.columns.joined(separator: ",") + "\r\n" }
    public var footer: String { "" }

    public func row(_ input: PhotoInput, _ result: PhotoReadResult) -> String {
        let f = PhotoFields(result)
        let cells = [
            input.displayPath, f.format, f.latitude, f.longitude, f.altitude, f.accuracy, f.direction, f.capturedAt, f.offset, f.gpsTime,
            f.make, f.model, f.software, f.dop, f.width, f.height, f.orientation, f.thumbnail, f.positionSource, f.contentHash,
            f.media, f.duration, f.rotation, f.mediaCreated, f.contentIdentifier, f.warnings.joined(separator: "; "), f.error,
        ]
        return cells.map(Self.escape).joined(separator: ",") + "\r\n"
    }

    static func escape(_ cell: String) -> String {
        guard cell.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

import Foundation
