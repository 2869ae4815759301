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

    /// The lines of `bytes` that hold anything but spaces, without a final carriage return, each
    /// with its place (`displayPath:line:1`).
    static func lines(_ bytes: [UInt8], displayPath: String) -> [(body: ArraySlice<UInt8>, location: SourceLocation)] {
        var result: [(body: ArraySlice<UInt8>, location: SourceLocation)] = []
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var body = line[...]
            if body.last == 0x0D { body = body.dropLast() }
            if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            result.append((body, SourceLocation(file: displayPath, line: index + 1, column: 1)))
        }
        return result
    }
}
