import Foundation

/// JSON string literals for the hand-written JSON outputs (diagnostics, `hunt exif`, `hunt where`,
/// GeoJSON export). results.json has its own byte-level writer for speed.
enum JSONText {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped, and
    /// DEL and the characters that reorder text (`TerminalText.reorders`, U+2028 and U+2029 among
    /// them) too, so the output is also safe to paste into JavaScript and reads as it is stored.
    static func quote(_ text: String) -> String {
        QuotedText.doubleQuoted(text) { $0 < 0x20 || $0 == 0x7F || TerminalText.reorders($0) }
    }

    /// `value` encoded with sorted keys, two-space indentation, unescaped slashes and a final
    /// newline: the same bytes for the same value, for files people diff. The keys are those the
    /// types' `CodingKeys` declare (snake_case), not converted here. Characters that reorder text
    /// are written as `\u` escapes (`escapingReorders`).
    static func stableData<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = escapingReorders(try encoder.encode(value))
        data.append(0x0A)
        return data
    }

    /// JSON text with each character that reorders text (`TerminalText.reorders`) written as a
    /// `\u` escape: they only ever stand inside strings (JSON's own characters are ASCII), so the
    /// value read back is the same.
    static func escapingReorders(_ json: Data) -> Data {
        guard json.contains(0xE2) else { return json }
        var out = Data()
        out.reserveCapacity(json.count + 16)
        [UInt8](json).withUnsafeBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0xE2, let scalar = TerminalText.reorderingScalar(bytes, at: i) {
                    out.append(contentsOf: TerminalText.jsonEscape(scalar))
                    i += 3
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
        }
        return out
    }
}
