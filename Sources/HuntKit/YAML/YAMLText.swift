import Foundation

/// Writing YAML scalars that read back exactly.
package enum YAMLText {
    /// Plain when it is a lowercase slug that YAML cannot read as anything but a string, else quoted.
    public static func scalar(_ s: String) -> String {
        let reserved: Set = ["y", "n", "yes", "no", "true", "false", "on", "off", "null", "nan", "inf"]
        let safe =
            s.first.map { $0.isASCII && $0.isLetter } == true
            && s.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_" }
            && !reserved.contains(s.lowercased())
        return safe ? s : quoted(s)
    }

    /// A double-quoted YAML scalar: `"`, `\` and every control or line-breaking character escaped
    /// (U+FFFE and U+FFFF too, which YAML does not allow raw).
    public static func quoted(_ s: String) -> String {
        QuotedText.doubleQuoted(s, uppercaseHex: true) { v in
            v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF || v == 0xFFFE || v == 0xFFFF
        }
    }
}
