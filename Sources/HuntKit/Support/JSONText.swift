import Foundation

/// JSON string literals for the hand-written JSON outputs (diagnostics, `hunt exif`, `hunt where`,
/// GeoJSON export). results.json has its own byte-level writer for speed.
enum JSONText {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped, and
    /// DEL, U+2028 and U+2029 too, so the output is also safe to paste into JavaScript.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let s where s.value < 0x20 || s.value == 0x7F || s.value == 0x2028 || s.value == 0x2029:
                let hex = String(s.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
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
