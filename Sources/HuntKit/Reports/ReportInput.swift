import Foundation

/// Reads results.json for `hunt report`, with errors that say what to do.
public enum ReportInput {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var fix: String?
        public var description: String { "\(path): error: \(message)" }
    }

    /// Larger results files are refused before reading (a million photos' results fit in less).
    public static let maximumBytes = 2 << 30

    /// Decodes a results file written by `hunt judge` (schema 1). The file is opened read-only.
    public static func read(_ url: URL, displayPath: String) throws(Failure) -> JudgeResults {
        let data: Data
        do {
            data = Data(try InputFile.read(path: url.path, shown: displayPath, limitBytes: maximumBytes, what: "results file"))
        } catch {
            throw Failure(path: displayPath, message: error.message,
                          fix: error.reason == .tooLarge ? error.fix : "give the results.json that `hunt judge HUNT.yaml SUBMISSIONS --out DIR` wrote")
        }
        let limit = data.withUnsafeBytes { raw in raw.withMemoryRebound(to: UInt8.self) { ResultsFileLimits.firstProblem(in: $0) } }
        if let limit { throw Failure(path: displayPath, message: limit.message, fix: limit.fix) }
        if let results = quickDecode(data), results.schema <= JudgeResults.schemaVersion { return results }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: data) } catch {
            throw Failure(path: displayPath, message: describeSyntax(error, data), fix: "pass the results.json that `hunt judge HUNT.yaml SUBMISSIONS --out DIR` wrote")
        }
        let schema: Int
        switch header.schema {
        case nil:
            throw Failure(path: displayPath, message: "no `schema` key: this is not a results file of `hunt judge`",
                          fix: "pass the results.json that `hunt judge --out DIR` wrote (not report.json)")
        case .other(let found)?:
            throw Failure(path: displayPath, message: "`schema` is \(found); results files of `hunt judge` give it as a whole number",
                          fix: "write `\"schema\": \(JudgeResults.schemaVersion)`, or run `hunt judge` again to write the file")
        case .number(let number)?:
            schema = number
        }
        guard schema <= JudgeResults.schemaVersion else {
            throw Failure(path: displayPath, message: "results schema \(schema) is newer than this hunt understands (\(JudgeResults.schemaVersion))",
                          fix: "update hunt, or re-judge with this version")
        }
        do {
            return try foundationDecode(data)
        } catch let error as DecodingError {
            throw Failure(path: displayPath, message: "results file does not match schema \(schema): \(describe(error))",
                          fix: "re-run `hunt judge` to write it again; results files are not meant to be edited by hand")
        } catch {
            throw Failure(path: displayPath, message: "cannot decode the results: \(error)", fix: nil)
        }
    }

    /// The top of a results file: an object, and its `schema` if it has one.
    private struct Header: Decodable {
        enum Schema: Decodable {
            case number(Int)
            /// What was found instead, as a person would name it (`"1"` (text), `1.5`, …).
            case other(String)

            init(from decoder: any Decoder) throws {
                let value = try decoder.singleValueContainer()
                if let number = try? value.decode(Int.self) { self = .number(number) }
                else if let text = try? value.decode(String.self) { self = .other("`\"\(text.prefix(40))\"` (text)") }
                else if let number = try? value.decode(Double.self) { self = .other("`\(number)`") }
                else { self = .other("not a number") }
            }
        }
        var schema: Schema?
    }

    /// Why a file that is not a JSON object failed to decode, in words.
    private static func describeSyntax(_ error: any Error, _ data: Data) -> String {
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first != UInt8(ascii: "{") { return "this is not a JSON object (it should start with `{`); is this the judge's results.json?" }
        if case DecodingError.dataCorrupted(let context) = error,
           let underlying = context.underlyingError as NSError?,
           let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
            return "the JSON is malformed: \(detail)"
        }
        return "the JSON is malformed (cut short, or edited by hand)"
    }

    /// The same value as `JudgeResults.decode`, several times faster on large files: through
    /// `quickDecode` when it is sure of the value, else through `foundationDecode`.
    static func decode(_ data: Data) throws -> JudgeResults {
        // Keys the judge never writes (escaped, upper-case, non-ASCII: a hand-edited file) go
        // to Foundation as it is: the key conversion below cannot promise its reading of them.
        if hasUnusualKeys(data) { return try JudgeResults.decode(data) }
        if let results = quickDecode(data, keysChecked: true) { return results }
        return try foundationDecode(data)
    }

    /// Whether some object key has an escape, a byte outside ASCII or an upper-case letter.
    static func hasUnusualKeys(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: UInt8.self) { b in
                var found = false
                forEachKey(b) { key, escaped in
                    found = escaped || b[key].contains { $0 >= 0x80 || (0x41...0x5A).contains($0) }
                    return !found
                }
                return found
            }
        }
    }

    /// `JudgeResults.decode`'s value, or nil when it cannot be sure of it (then nothing is
    /// wrong with the file necessarily: `foundationDecode` decides, and words any error).
    ///
    /// The submissions array (nearly all of a large file) is read by `SubmissionJSONReader`, in
    /// chunks on every core; the rest by Foundation with an empty array in its place. Nil
    /// unless the array is well-formed JSON, so a value means the whole file is.
    static func quickDecode(_ data: Data, keysChecked: Bool = false) -> JudgeResults? {
        if !keysChecked, hasUnusualKeys(data) { return nil }
        let bytes = [UInt8](data)
        guard let split = submissionElements(bytes), !split.elements.isEmpty,
              isWellFormedArray(bytes, split.array, elements: split.elements) else { return nil }
        var shell = Array(bytes[..<split.array.lowerBound])
        shell += Array("[]".utf8)
        shell += bytes[split.array.upperBound...]
        guard var results = try? JSONDecoder().decode(JudgeResults.self, from: camelCaseKeys(Data(shell))) else { return nil }

        let chunks = chunked(split.elements)
        let read = ChunkResults<[JudgeResults.SubmissionResult]?>(count: chunks.count)
        DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
            let submissions = bytes.withUnsafeBufferPointer { buffer in
                try? chunks[index].map { range throws(SubmissionJSONReader.Unsure) in try SubmissionJSONReader.submission(buffer, range) }
            }
            read.set(index, submissions)
        }
        results.submissions.reserveCapacity(split.elements.count)
        for chunk in read.all() {
            guard let chunk else { return nil }
            results.submissions += chunk
        }
        return results
    }

    /// `[`, the elements separated by commas, `]`, with only whitespace between.
    private static func isWellFormedArray(_ bytes: [UInt8], _ array: Range<Int>, elements: [Range<Int>]) -> Bool {
        func isGap(_ range: Range<Int>, comma: Bool) -> Bool {
            var commas = 0
            for b in bytes[range] {
                switch b {
                case 0x20, 0x0A, 0x0D, 0x09: continue
                case UInt8(ascii: ","): commas += 1
                default: return false
                }
            }
            return commas == (comma ? 1 : 0)
        }
        guard let first = elements.first, let last = elements.last, first.lowerBound > array.lowerBound,
              last.upperBound < array.upperBound else { return false }
        guard isGap((array.lowerBound + 1)..<first.lowerBound, comma: false),
              isGap(last.upperBound..<(array.upperBound - 1), comma: false) else { return false }
        for (a, b) in zip(elements, elements.dropFirst()) where !(a.upperBound <= b.lowerBound && isGap(a.upperBound..<b.lowerBound, comma: true)) {
            return false
        }
        return true
    }

    /// Element ranges in a few chunks per core, in order.
    private static func chunked(_ elements: [Range<Int>]) -> [ArraySlice<Range<Int>>] {
        let chunkCount = min(elements.count, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        let perChunk = (elements.count + chunkCount - 1) / chunkCount
        return stride(from: 0, to: elements.count, by: perChunk).map { elements[$0..<min($0 + perChunk, elements.count)] }
    }

    /// `JudgeResults.decode` through Foundation, about twice as fast on large files:
    /// `convertFromSnakeCase` re-converts every key of every object it visits (half the decoding
    /// time for 20,000 submissions), so the object keys are converted once, in one pass over the
    /// bytes, and decoded with the default strategy.
    ///
    /// The submissions array is cut out and decoded in chunks on every core; the rest is decoded
    /// with an empty array in its place.
    static func foundationDecode(_ data: Data) throws -> JudgeResults {
        let converted = camelCaseKeys(data)
        let bytes = [UInt8](converted)
        guard let split = submissionElements(bytes), !split.elements.isEmpty else {
            return try JSONDecoder().decode(JudgeResults.self, from: converted)
        }
        var shell = Array(bytes[..<split.array.lowerBound])
        shell += Array("[]".utf8)
        shell += bytes[split.array.upperBound...]
        var results = try JSONDecoder().decode(JudgeResults.self, from: Data(shell))

        let chunks = chunked(split.elements)
        let decoded = ChunkResults<Result<[JudgeResults.SubmissionResult], any Error>>(count: chunks.count)
        DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
            let chunk = chunks[index]
            var text: [UInt8] = [UInt8(ascii: "[")]
            text.reserveCapacity(chunk.reduce(2) { $0 + $1.count + 1 })
            for (i, range) in zip(chunk.indices, chunk) {
                if i != chunk.startIndex { text.append(UInt8(ascii: ",")) }
                text += bytes[range]
            }
            text.append(UInt8(ascii: "]"))
            decoded.set(index, Result { try JSONDecoder().decode([JudgeResults.SubmissionResult].self, from: Data(text)) })
        }
        results.submissions.reserveCapacity(split.elements.count)
        for chunk in decoded.all() { results.submissions += try chunk.get() }
        return results
    }

    /// Results of the chunk decoders, by chunk index.
    private final class ChunkResults<Value>: @unchecked Sendable {
        private var values: [Value?]
        private let lock = NSLock()
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Value) { lock.withLock { values[index] = value } }
        func all() -> [Value] { lock.withLock { values.map { $0! } } }
    }

    /// The byte range of the root object's `submissions` array (brackets included) and of each
    /// of its elements; nil when there is none (the full decoder then reports what is wrong).
    static func submissionElements(_ bytes: [UInt8]) -> (array: Range<Int>, elements: [Range<Int>])? {
        let key = Array("\"submissions\"".utf8)
        var depth = 0, i = 0
        let n = bytes.count
        var arrayStart: Int?
        var elements: [Range<Int>] = []
        var elementStart: Int?
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                if depth == 1, arrayStart == nil, i + key.count <= n, bytes[i..<(i + key.count)].elementsEqual(key) {
                    var k = i + key.count
                    while k < n, bytes[k] == 0x20 || bytes[k] == 0x0A || bytes[k] == 0x0D || bytes[k] == 0x09 { k += 1 }
                    if k < n, bytes[k] == UInt8(ascii: ":") {
                        k += 1
                        while k < n, bytes[k] == 0x20 || bytes[k] == 0x0A || bytes[k] == 0x0D || bytes[k] == 0x09 { k += 1 }
                        guard k < n, bytes[k] == UInt8(ascii: "[") else { return nil }
                        arrayStart = k
                        depth = 2
                        i = k + 1
                        continue
                    }
                }
                if depth == 2, arrayStart != nil, elementStart == nil { elementStart = i }
                i += 1
                while i < n, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
                continue
            }
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 2, arrayStart != nil, elementStart == nil { elementStart = i }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 1, let start = arrayStart {
                    if let e = elementStart { elements.append(e..<trimmedEnd(bytes, i)) }
                    return (start..<(i + 1), elements)
                }
            case UInt8(ascii: ","):
                if depth == 2, arrayStart != nil, let e = elementStart {
                    elements.append(e..<trimmedEnd(bytes, i))
                    elementStart = nil
                }
            case 0x20, 0x0A, 0x0D, 0x09:
                break
            default:
                if depth == 2, arrayStart != nil, elementStart == nil { elementStart = i }
            }
            i += 1
        }
        return nil
    }

    private static func trimmedEnd(_ bytes: [UInt8], _ end: Int) -> Int {
        var e = end
        while e > 0, bytes[e - 1] == 0x20 || bytes[e - 1] == 0x0A || bytes[e - 1] == 0x0D || bytes[e - 1] == 0x09 { e -= 1 }
        return e
    }

    /// Rewrites every object key `snake_case` → `snakeCase` as `convertFromSnakeCase` does
    /// (leading and trailing underscores kept; each later word capitalized, the rest lowercased).
    /// Strings that are values are left alone: a string is a key when the next token is `:`.
    static func camelCaseKeys(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var copied = 0   // bytes[..<copied] are in `out`; unchanged spans are copied whole
        bytes.withUnsafeBufferPointer { b in
            forEachKey(b) { key, escaped in
                if !escaped, b[key].contains(UInt8(ascii: "_")) {
                    out.append(contentsOf: b[copied..<key.lowerBound])
                    out += convert(bytes[key])
                    copied = key.upperBound
                }
                return true
            }
        }
        out.append(contentsOf: bytes[copied...])
        return Data(out)
    }

    /// Calls `body` with the range (inside its quotes) of every object key — a string followed by
    /// `:` — and whether it has an escape, until `body` says false.
    static func forEachKey(_ b: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Bool) -> Bool) {
        let n = b.count, quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var i = 0
        while i < n {
            guard b[i] == quote else { i += 1; continue }
            var j = i + 1
            var escaped = false
            while j < n, b[j] != quote {
                if b[j] == backslash { escaped = true; j += 2; continue }
                j += 1
            }
            guard j < n else { return }
            var k = j + 1
            while k < n, b[k] == 0x20 || b[k] == 0x0A || b[k] == 0x0D || b[k] == 0x09 { k += 1 }
            if k < n, b[k] == UInt8(ascii: ":"), !body((i + 1)..<j, escaped) { return }
            i = j + 1
        }
    }

    static func convert(_ key: ArraySlice<UInt8>) -> [UInt8] {
        let underscore = UInt8(ascii: "_")
        guard let first = key.firstIndex(where: { $0 != underscore }) else { return Array(key) }
        let last = key.lastIndex(where: { $0 != underscore })!
        var out = Array(key[key.startIndex..<first])
        var word = 0
        var index = first
        while index <= last {
            var wordEnd = index
            while wordEnd <= last, key[wordEnd] != underscore { wordEnd += 1 }
            if wordEnd > index {
                for (offset, byte) in key[index..<wordEnd].enumerated() {
                    if word > 0 {
                        let isLetter = (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
                        out.append(isLetter ? (offset == 0 ? byte & ~0x20 : byte | 0x20) : byte)
                    } else {
                        out.append(byte)
                    }
                }
                word += 1
            }
            index = wordEnd + 1
        }
        out += key[(last + 1)...]
        return out
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context): return "`\(path(context.codingPath + [key]))` is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "`\(path(context.codingPath))`: \(context.debugDescription)"
        case .dataCorrupted(let context): return "`\(path(context.codingPath))`: \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
