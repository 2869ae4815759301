/// The one CSV writer of the project (reports, `hunt exif`, `hunt where`).
///
/// RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote, CR
/// or LF, quotes doubled. Untrusted text (names, paths, EXIF strings, messages) that starts with
/// `=`, `+`, `-`, `@`, a tab or CR gets a leading apostrophe so spreadsheets show it instead of
/// running it as a formula (OWASP "CSV Injection"), unless it is only signed numbers (a typed
/// `-34.60868,-58.37862` or `-5`, which run nothing). Numbers stay numbers, negative ones
/// included (a longitude of `-33.8` is data, not a formula): they are written by this program,
/// never copied from input. Control characters in text (ESC, NUL, …; tabs and line breaks kept, in quotes)
/// are shown as `TerminalText` shows them, so a CSV opened in a terminal obeys nothing.
package struct CSVWriter {
    package enum Cell {
        /// Text from outside (a file, a photo, a person): neutralised and quoted.
        case text(String?)
        case int(Int)
        /// Fixed-point with this many decimals, trailing zeros dropped.
        case number(Double?, Int)
        /// A value this program formatted itself (a number, `+02:00`, `true`, a compass point):
        /// quoted where needed, never neutralised.
        case formatted(String)
    }

    package private(set) var text = ""
    /// `\r\n` (RFC 4180, what spreadsheets expect of a report), or `\n` for a file people and
    /// scripts read line by line (the players' URL list, issue 38).
    let lineEnd: String

    package init(lineEnd: String = "\r\n") { self.lineEnd = lineEnd }

    mutating func reserveCapacity(_ bytes: Int) { text.reserveCapacity(bytes) }

    package mutating func header(_ names: [String]) {
        text += names.map(Self.quoted).joined(separator: ",") + lineEnd
    }

    package mutating func row(_ cells: [Cell]) {
        var first = true
        for cell in cells {
            if !first { text += "," }
            first = false
            switch cell {
            case .text(let value):
                if let value {
                    text += Self.quoted(
                        Self.neutralized(TerminalText.visible(value, keepingLineBreaks: true, keepingTabs: true, keepingCarriageReturns: true)))
                }
            case .int(let value): text += String(value)
            case .number(let value, let digits): if let value, value.isFinite { text += DecimalText.trimmed(value, places: digits) }
            case .formatted(let value): text += Self.quoted(value)
            }
        }
        text += lineEnd
    }

    /// A leading apostrophe before `=`, `+`, `-`, `@`, tab or CR — unless the text is only
    /// numbers (`-5`, `+2.5`, `-34.60868,-58.37862`, `-34.6 -58.4`): signed decimals with a
    /// comma, semicolon or spaces between them call nothing, and a typed coordinate stays one.
    static func neutralized(_ value: String) -> String {
        guard let first = value.utf8.first else { return value }
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "@"), 0x09, 0x0D: return "'" + value
        case UInt8(ascii: "+"), UInt8(ascii: "-"): return isNumbers(value) ? value : "'" + value
        default: return value
        }
    }

    /// Signed decimal numbers (`-34.60868`, `+5`, `1.5e3` is not one), one or more, separated by
    /// `,` or `;` and spaces.
    static func isNumbers(_ value: String) -> Bool {
        var bytes = value.utf8[...]
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        while true {
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            let whole = bytes.prefix(while: isDigit)
            guard !whole.isEmpty else { return false }
            bytes = bytes.dropFirst(whole.count)
            if bytes.first == UInt8(ascii: ".") {
                let fraction = bytes.dropFirst().prefix(while: isDigit)
                guard !fraction.isEmpty else { return false }
                bytes = bytes.dropFirst(1 + fraction.count)
            }
            guard !bytes.isEmpty else { return true }
            let gap = bytes.prefix { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: " ") }
            guard !gap.isEmpty, gap.filter({ $0 != UInt8(ascii: " ") }).count <= 1 else { return false }
            bytes = bytes.dropFirst(gap.count)
        }
    }

    static func quoted(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
