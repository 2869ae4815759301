import Foundation

/// The append-only logs of one JSON object a line (answers.jsonl, hints.jsonl): how a value is
/// written as a line, and how a log's bytes are walked back line by line.
enum JSONLines {
    /// `value` as one line, keys sorted, ending in a newline.
    static func line(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(value)) ?? Data()
        data.append(0x0A)
        return data
    }

    /// Each line of `bytes` that holds anything but spaces, decoded as `T` and handed to `body`
    /// with its place (`displayPath:line:1`), in line order. A line that is not a `T` is a
    /// warning `code` saying `skipped(error)`, with `fix`; once `problems` holds `limit` (those
    /// `body` adds count too), an error says reading stopped there and the rest is not read.
    static func decode<T: Decodable>(
        _ type: T.Type, _ bytes: [UInt8], displayPath: String, code: DiagnosticCode, log: String, limit: Int,
        problems: inout [Diagnostic], skipped: (any Error) -> String, fix: String, _ body: (T, SourceLocation, inout [Diagnostic]) -> Void
    ) {
        let decoder = JSONDecoder()
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var text = line[...]
            if text.last == 0x0D { text = text.dropLast() }
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let location = SourceLocation(file: displayPath, line: index + 1, column: 1)
            if problems.count >= limit {
                problems.append(
                    .error(code, "stopped reading after \(limit) bad lines", at: location, fix: "check that the file is the players' page's \(log)"))
                return
            }
            do {
                body(try decoder.decode(T.self, from: Data(text)), location, &problems)
            } catch {
                problems.append(.warning(code, skipped(error), at: location, fix: fix))
            }
        }
    }
}
