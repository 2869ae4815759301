import Foundation

/// The name `hunt serve --players` gives an upload: `20260502T101500Z-0123456789ab.jpg`, when the
/// server received it (UTC, to the second) and the first 12 hex digits of its SHA-256. The server
/// chooses it — a player cannot — so the judge takes its time as when the file arrived (the
/// duplicate rule's "who sent it first").
package struct UploadName: Sendable, Hashable {
    /// When the server received the file, to the second.
    public var receivedAt: Date
    /// The first 12 hex digits of the content's SHA-256.
    public var shortHash: String

    /// The name for a file received at `receivedAt` with content `sha256` (hex), ending in `.fileExtension`.
    public static func make(receivedAt: Date, sha256: String, fileExtension: String) -> String {
        var time = time_t(receivedAt.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
            + "-" + sha256.prefix(12) + "." + fileExtension
    }

    /// Reads a file name (no folder) the server chose; nil for any other name.
    public init?(_ name: String) {
        let bytes = Array(name.utf8)
        guard bytes.count > 30, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z"), bytes[16] == UInt8(ascii: "-"),
            bytes[29] == UInt8(ascii: ".")
        else { return nil }
        let digits = bytes[0..<8] + bytes[9..<15]
        let hex = bytes[17..<29]
        guard digits.allSatisfy({ (48...57).contains($0) }), hex.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
        let (month, day, hour, minute, second) = (number(4..<6), number(6..<8), number(9..<11), number(11..<13), number(13..<15))
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        let days = CivilCalendar.daysFromCivil(number(0..<4), month, day)
        let date = Date(timeIntervalSince1970: Double(days) * 86_400 + Double(hour * 3600 + minute * 60 + second))
        receivedAt = date
        shortHash = String(decoding: hex, as: UTF8.self)
    }
}
