import Foundation

/// What a results.json may hold before it is decoded: the judge never writes a text longer
/// than a few kilobytes or a whole number past `Int`, so a file that does was edited or made by
/// something else, and decoding it as it is would cost gigabytes (a 100 MB team name is copied
/// into every table that names the team) or end in Foundation's wording.
enum ResultsFileLimits {
    /// The longest string, in bytes as written (escapes counted as written).
    static let maximumStringBytes = 64 * 1024
    /// The most digits of a number's whole part; `Int.max` has 19.
    static let maximumIntegerDigits = 18

    struct Problem: Equatable, Sendable {
        var message: String
        var fix: String
    }

    /// The first thing in `bytes` that breaks a limit, with its line and column, or nil.
    /// One pass, no allocation: it runs before every decode, so strings (nearly all of a results
    /// file) are crossed with `memchr`, and lines are counted only for a problem found.
    static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        if let encoding = wideEncoding(bytes) {
            return Problem(
                message: "the file is \(encoding) text; results files are UTF-8",
                fix: "re-save it as UTF-8, or run `hunt judge` again to write it")
        }
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte == 0x22 {  // a string: its closing quote is the first one after an even run of backslashes
                let start = index
                var search = index + 1
                index = count
                while search < count, let found = memchr(base + search, 0x22, count - search) {
                    let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    var backslashes = 0
                    while at - backslashes - 1 > start, bytes[at - backslashes - 1] == 0x5C { backslashes += 1 }
                    if backslashes % 2 == 0 { index = at + 1; break }
                    search = at + 1
                }
                if index - start - 2 > maximumStringBytes {
                    return Problem(
                        message: "the text at \(position(start, in: bytes)) is \(index - start - 2) bytes long; "
                            + "no text in a results file may be longer than \(maximumStringBytes / 1024) KiB",
                        fix: "shorten it (a team name, a path or a note) in the hunt, reviews or submissions "
                            + "and run `hunt judge` again")
                }
            } else if byte == 0x2D || (0x30...0x39).contains(byte) {  // a number: the digits before any `.` or exponent
                let start = index
                if byte == 0x2D { index += 1 }
                let digitsStart = index
                while index < count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                let isWhole = index >= count || !(bytes[index] == 0x2E || bytes[index] | 0x20 == 0x65)
                if index - digitsStart > maximumIntegerDigits {
                    let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(index, start + 24)]), as: UTF8.self)
                    return Problem(
                        message: "the number at \(position(start, in: bytes)) (\(shown)\(index - start > 24 ? "…" : "")) "
                            + "has \(index - digitsStart) digits\(isWhole ? "" : " before its point"); "
                            + "a results file holds none with more than \(maximumIntegerDigits)",
                        fix: "correct the number, or run `hunt judge` again to write the file")
                }
                while index < count, !isDelimiter(bytes[index]) { index += 1 }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// "line L, column C" of a byte offset (columns in bytes).
    private static func position(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var line = 1, lineStart = 0
        for k in 0..<offset where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        return "line \(line), column \(offset - lineStart + 1)"
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x2C || byte == 0x5D || byte == 0x7D || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// "UTF-16" or "UTF-32" when a byte-order mark or the zero bytes of the first character say
    /// so (JSON text starts with an ASCII character, RFC 8259 §8.1).
    private static func wideEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = Array(bytes.prefix(4))
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32" }
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        if head.count == 4, head[1] == 0, head[2] == 0, head[0] == 0 || head[3] == 0 { return "UTF-32" }
        if head.count >= 2, head[0] == 0 || head[1] == 0 { return "UTF-16" }
        return nil
    }
}
