/// One writer of double-quoted string literals for the formats whose escapes are C-like (JSON,
/// YAML): `"` and `\` escaped with a backslash, newline, carriage return and tab as `\n`, `\r`,
/// `\t`, and every other scalar the format wants escaped as `\uXXXX`.
enum QuotedText {
    /// `text` between double quotes; `escaped` names the scalars written as `\uXXXX` (hex digits
    /// in upper case when `uppercaseHex`).
    static func doubleQuoted(_ text: String, uppercaseHex: Bool = false, escaping escaped: (UInt32) -> Bool) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let s where escaped(s.value):
                let hex = String(s.value, radix: 16, uppercase: uppercaseHex)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
