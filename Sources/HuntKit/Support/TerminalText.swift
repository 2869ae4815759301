/// Untrusted text (EXIF strings, team names, file and folder names, values quoted in messages)
/// made visible and harmless for a terminal or a text table: the one function every text
/// output of the project goes through.
///
/// A terminal obeys what it is sent: ESC starts a sequence that can clear the screen, set the
/// window title (OSC) or write a link; CR returns to the start of the line and overwrites it; a
/// newline splits a table row in two. Each such character is replaced, one for one, by a
/// visible stand-in, so a caret under a source line still lines up:
/// - C0 controls and DEL by their Unicode Control Pictures (ESC → ␛, CR → ␍, LF → ␊, tab → ␉);
/// - C1 controls (U+0080–009F, which some terminals obey as well) by U+FFFD;
/// - bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which can make
///   text read in another order than it is stored, and the line and paragraph separators
///   U+2028/2029, by U+FFFD.
package enum TerminalText {
    /// `text` with every control character replaced, one for one, by a visible stand-in.
    /// `keepingLineBreaks` keeps LF (for text whose lines this program made: a multi-line message
    /// that embeds untrusted values); `keepingTabs` keeps tab (a source line, where the caret
    /// padding copies its tabs). `keepingCarriageReturns` keeps CR too (a CSV cell, quoted, holds
    /// CRLF as data).
    public static func visible(
        _ text: String, keepingLineBreaks: Bool = false, keepingTabs: Bool = false,
        keepingCarriageReturns: Bool = false
    ) -> String {
        // Nearly every string is harmless: look at the bytes first, and return it as it is.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingLineBreaks, 0x09 where keepingTabs, 0x0D where keepingCarriageReturns:
                out.append(scalar)
            case 0x00..<0x20:
                out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F:
                out.append("\u{2421}")
            case 0x80...0x9F:
                out.append("\u{FFFD}")
            case _ where reorders(scalar.value):
                out.append("\u{FFFD}")
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `scalar` is a bidirectional embedding, override or isolate (U+202A–202E,
    /// U+2066–2069) or the line or paragraph separator (U+2028/2029): what makes text read in
    /// another order than it is stored, or breaks its line, wherever it is shown. The one list:
    /// the terminal, CSV and Markdown replace these (`visible`), HTML and XML too
    /// (`MarkupText.escape`), and JSON writes them as `\u` escapes (results.json, `JSONText`), so
    /// the value read back is the same but the file shows no such character.
    package static func reorders(_ scalar: UInt32) -> Bool {
        (0x202A...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar) || scalar == 0x2028 || scalar == 0x2029
    }

    /// `scalar` (at most U+FFFF) as JSON's `\uXXXX` escape, in UTF-8: how the JSON writers write a
    /// character that `reorders`.
    package static func jsonEscape(_ scalar: UInt32) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        return [0x5C, UInt8(ascii: "u")] + [12, 8, 4, 0].map { hex[Int((scalar >> $0) & 15)] }
    }

    /// The scalar of the three-byte UTF-8 sequence that starts with 0xE2 at `bytes[i]`, when it
    /// is one that `reorders` (all of them start with 0xE2); for the byte-level writers.
    package static func reorderingScalar(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32? {
        guard bytes[i] == 0xE2, i + 2 < bytes.count else { return nil }
        let scalar = (UInt32(bytes[i] & 0x0F) << 12) | (UInt32(bytes[i + 1] & 0x3F) << 6) | UInt32(bytes[i + 2] & 0x3F)
        return reorders(scalar) ? scalar : nil
    }
}
