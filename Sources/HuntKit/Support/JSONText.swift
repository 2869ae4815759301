import Foundation

/// JSON string literals for the hand-written JSON outputs (diagnostics, `hunt exif`, `hunt where`,
/// GeoJSON export). results.json has its own byte-level writer for speed.
enum JSONText {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped, and
    /// DEL, U+2028 and U+2029 too, so the output is also safe to paste into JavaScript.
    static func quote(_ text: String) -> String {
        QuotedText.doubleQuoted(text) { $0 < 0x20 || $0 == 0x7F || $0 == 0x2028 || $0 == 0x2029 }
    }

    /// `value` encoded with sorted keys, two-space indentation, unescaped slashes and a final
    /// newline: the same bytes for the same value, for files people diff. The keys are those the
    /// types' `CodingKeys` declare (snake_case), not converted here.
    static func stableData<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}
