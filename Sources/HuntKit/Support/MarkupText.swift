/// Text inside XML or HTML (GPX/KML export, the report page and its SVG maps, sheets' QR codes):
/// the one escaper of the project.
package enum MarkupText {
    /// `text` safe as element content or a quoted attribute value: `< > & " '` become entities
    /// (the same five as Mustache's HTML escaping), and the characters XML 1.0 cannot carry at all
    /// (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) are dropped; characters that
    /// reorder text (`TerminalText.reorders`) become U+FFFD, as in the CSV and Markdown. Scans
    /// UTF-8 bytes, so the many strings that need nothing cost one pass and no copy.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsWork) else { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count + 16)
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0xE2, bytes.withUnsafeBufferPointer({ TerminalText.reorderingScalar($0, at: i) }) != nil {
                out += [0xEF, 0xBF, 0xBD]
                i += 3
                continue
            }
            i += 1
            switch b {
            case 0x3C: out += "&lt;".utf8
            case 0x3E: out += "&gt;".utf8
            case 0x26: out += "&amp;".utf8
            case 0x22: out += "&quot;".utf8
            case 0x27: out += "&#39;".utf8
            case 0x09, 0x0A, 0x0D: out.append(b)
            case ..<0x20: continue
            case 0xEF where i + 1 < bytes.count && bytes[i] == 0xBF && (bytes[i + 1] == 0xBE || bytes[i + 1] == 0xBF):
                i += 2  // U+FFFE, U+FFFF
            default: out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A markup character, a control character, or the lead byte of U+FFFE/U+FFFF or of a
    /// reordering character (checked exactly above).
    private static func needsWork(_ b: UInt8) -> Bool {
        b < 0x20 || b == 0x3C || b == 0x3E || b == 0x26 || b == 0x22 || b == 0x27 || b == 0xEF || b == 0xE2
    }
}
