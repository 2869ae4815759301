/// The one CSV reader (places files and `--manifest`): RFC 4180 rows with 1-based line and
/// column of each field, read over UTF-8 bytes (columns count characters, not bytes).
/// Delimiters and quotes are ASCII, so byte scanning is exact.
struct CSVRows {
    struct Field { var value: String; var column: Int }
    struct Row { var fields: [Field]; var line: Int }
    struct Malformed { var message: String; var line: Int; var column: Int }

    private let bytes: [UInt8]
    private let delimiter: UInt8
    private var i = 0
    private var line = 1
    private var lineStart = 0
    private(set) var error: Malformed?

    init(text: String, delimiter: Character) {
        bytes = Array(text.utf8)
        self.delimiter = delimiter.asciiValue ?? UInt8(ascii: ",")
    }

    /// The rows of a CSV file's bytes as spreadsheets save them: a UTF-8 byte-order mark (Excel's
    /// "CSV UTF-8") is dropped, the delimiter is the one the first line uses most (`delimiter`),
    /// CRLF or LF ends a row. Nil when the bytes are not UTF-8.
    init?(bytes: some Collection<UInt8>) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else { return nil }
        let firstLine = text.utf8.prefix { $0 != 0x0A && $0 != 0x0D }
        self.init(text: text, delimiter: Self.delimiter(forHeader: String(decoding: firstLine, as: UTF8.self)))
    }

    /// The delimiter the rows are split at.
    var delimiterCharacter: Character { Character(Unicode.Scalar(delimiter)) }

    /// 1-based column of byte offset `offset` on the current line, counting characters.
    private func column(_ offset: Int) -> Int {
        var n = 1
        var k = lineStart
        while k < offset { if bytes[k] & 0xC0 != 0x80 { n += 1 }; k += 1 }
        return n
    }

    mutating func next() -> Row? {
        guard i < bytes.count, error == nil else { return nil }
        var fields: [Field] = []
        let rowLine = line
        var fieldStart = i
        var quotedValue: [UInt8]?
        let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), ret = UInt8(ascii: "\r")
        func finish(_ end: Int, into fields: inout [Field], start: Int, quoted: [UInt8]?, column: Int) {
            let value = quoted.map { String(decoding: $0, as: UTF8.self) } ?? String(decoding: bytes[start..<end], as: UTF8.self)
            fields.append(Field(value: value, column: column))
        }
        var fieldColumn = column(i)
        while i < bytes.count {
            let c = bytes[i]
            if c == quote && i == fieldStart && quotedValue == nil {
                let openLine = line, openColumn = column(i)
                var value: [UInt8] = []
                i += 1
                var closed = false
                while i < bytes.count {
                    let q = bytes[i]
                    if q == quote {
                        if i + 1 < bytes.count && bytes[i + 1] == quote { value.append(quote); i += 2; continue }
                        i += 1; closed = true; break
                    }
                    if q == newline { line += 1; lineStart = i + 1 }
                    value.append(q); i += 1
                }
                quotedValue = value
                if !closed {
                    error = Malformed(message: "a quoted field opened here is never closed", line: openLine, column: openColumn)
                    finish(i, into: &fields, start: fieldStart, quoted: quotedValue, column: fieldColumn)
                    return Row(fields: fields, line: rowLine)
                }
                continue
            }
            if c == delimiter {
                finish(i, into: &fields, start: fieldStart, quoted: quotedValue, column: fieldColumn)
                quotedValue = nil
                i += 1
                fieldStart = i
                fieldColumn = column(i)
                continue
            }
            if c == newline || c == ret {
                finish(i, into: &fields, start: fieldStart, quoted: quotedValue, column: fieldColumn)
                i += 1
                if c == ret, i < bytes.count, bytes[i] == newline { i += 1 }
                line += 1; lineStart = i
                return Row(fields: fields, line: rowLine)
            }
            if quotedValue != nil {
                // Text after a closing quote (`"a"b`): keep it, as spreadsheets do.
                quotedValue!.append(c)
            }
            i += 1
        }
        finish(i, into: &fields, start: fieldStart, quoted: quotedValue, column: fieldColumn)
        return Row(fields: fields, line: rowLine)
    }

    /// The delimiter a header row uses most: comma, semicolon, tab or bar (comma on a tie or none).
    static func delimiter(forHeader header: String) -> Character {
        var counts: [Character: Int] = [",": 0, ";": 0, "\t": 0, "|": 0]
        var quoted = false
        for c in header {
            if c == "\"" { quoted.toggle() } else if !quoted, counts[c] != nil { counts[c]! += 1 }
        }
        let best = counts.max { a, b in a.value < b.value || (a.value == b.value && a.key != ",") }!
        return best.value == 0 ? "," : best.key
    }
}
