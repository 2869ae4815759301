import Foundation

/// The text of `results.json`: sorted keys, two-space indentation, absent optionals left out,
/// shortest round-trip numbers. Values are written through their `Codable` conformance
/// (`encode`, by way of `EncodedValue`), the submissions by hand (`write(_:)`, 20,000 of them), and
/// the `Codable` conformance reads it back (the tests check that it does, field for field); it
/// exists because `JSONEncoder` took a third of a 20,000-photo judge run.
struct JSONTextWriter {
    /// The text so far.
    private(set) var bytes: [UInt8] = []
    private var depth = 0
    /// Whether the current container has no member yet, and the same for those it is inside,
    /// one bit each, the innermost lowest (results.json nests a few levels, never 64).
    private var empty = true
    private var enclosing: UInt64 = 0

    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    /// A writer for elements of an array already open at `depth`, some of them written by other
    /// writers (for writing parts in parallel): `leading` says whether these are the array's first.
    /// The containers around the array have members already, so it may also close them.
    init(elementsAtDepth depth: Int, leading: Bool, capacity: Int) {
        self.init(capacity: capacity)
        self.depth = depth
        empty = leading
    }

    /// Hands over the bytes written so far and goes on with an empty buffer.
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ c: UInt8) {
        bytes.append(c)
        depth += 1
        precondition(depth < 64, "results.json nests a few levels")
        enclosing = enclosing << 1 | (empty ? 1 : 0)
        empty = true
    }

    private mutating func close(_ c: UInt8) {
        depth -= 1
        if !empty { newline() }
        empty = enclosing & 1 == 1
        enclosing >>= 1
        bytes.append(c)
    }

    private mutating func newline() {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    /// Starts an array element or an object member.
    private mutating func member() {
        if empty { empty = false } else { bytes.append(UInt8(ascii: ",")) }
        newline()
    }

    /// Keys must come in sorted order; the callers are written that way.
    mutating func key(_ k: String) {
        member()
        string(k)
        bytes.append(UInt8(ascii: ":")); bytes.append(0x20)
    }

    /// An array element.
    mutating func element() { member() }

    mutating func string(_ s: String) {
        // Most strings need no escaping: checked, then copied whole, straight from their storage.
        var s = s
        let copied = s.withUTF8 { utf8 -> Bool in
            for b in utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == 0xE2 { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if copied { return }
        bytes.append(UInt8(ascii: "\""))
        let text = Array(s.utf8)
        var i = 0
        while i < text.count {
            let b = text[i]
            // A character that reorders text is written as `\u` (`TerminalText.reorders`): read
            // back it is the same, but the file shows no such character.
            if b == 0xE2, let scalar = text.withUnsafeBufferPointer({ TerminalText.reorderingScalar($0, at: i) }) {
                bytes.append(contentsOf: TerminalText.jsonEscape(scalar))
                i += 3
                continue
            }
            i += 1
            switch b {
            case UInt8(ascii: "\""): bytes.append(0x5C); bytes.append(0x22)
            case UInt8(ascii: "\\"): bytes.append(0x5C); bytes.append(0x5C)
            case 0x0A: bytes.append(0x5C); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(0x5C); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(0x5C); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20: bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, Self.hexDigits[Int(b >> 4)], Self.hexDigits[Int(b & 15)]])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    mutating func int(_ v: Int) {
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        // Digits from the last, then turned round: no `String` made.
        let start = bytes.count
        var magnitude = v.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    mutating func double(_ v: Double) {
        guard v.isFinite else { literal("null"); return }
        if v == v.rounded(), abs(v) < 1e15 {
            int(Int(v))
        } else if let hundredths = Self.hundredths(v) {
            // The evidence's numbers are rounded to hundredths: written as such, they are the
            // shortest text that reads back as `v`, the text `description` gives.
            if v < 0 { bytes.append(UInt8(ascii: "-")) }
            int(hundredths / 100)
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(hundredths / 10 % 10))
            if hundredths % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(hundredths % 10)) }
        } else {
            literal(v.description)
        }
    }

    /// `|v|` in hundredths when `v` is the double nearest to a whole number of hundredths
    /// (below 10¹³, where a hundredth is many times the spacing of doubles, so no shorter text
    /// reads back as `v`); nil otherwise.
    static func hundredths(_ v: Double) -> Int? {
        let magnitude = abs(v)
        guard magnitude < 1e13 else { return nil }
        let scaled = (magnitude * 100).rounded()
        guard scaled / 100 == magnitude else { return nil }
        return Int(scaled)
    }

    mutating func bool(_ v: Bool) { literal(v ? "true" : "false") }

    /// Text written as it is: `null`, or a number already formatted.
    mutating func literal(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A value through its `Codable` conformance: an object's members sorted by key.
    mutating func encode<T: Encodable>(_ value: T) { write(EncodedValue.of(value)) }

    private mutating func write(_ value: EncodedValue) {
        switch value {
        case .object(let members):
            beginObject()
            for (k, v) in members.sorted(by: { $0.key < $1.key }) { key(k); write(v) }
            endObject()
        case .array(let elements):
            beginArray()
            for e in elements { element(); write(e) }
            endArray()
        case .string(let text): string(text)
        case .int(let number): int(number)
        case .double(let number): double(number)
        case .bool(let flag): bool(flag)
        case .null: literal("null")
        }
    }

    // Members with a value, skipped when nil.
    mutating func field(_ k: String, _ v: String?) { if let v { key(k); string(v) } }
    mutating func field(_ k: String, _ v: Double?) { if let v { key(k); double(v) } }

    mutating func strings(_ v: [String]) {
        beginArray()
        for s in v { element(); string(s) }
        endArray()
    }
}

extension JudgeResults {
    /// The JSON text of `results.json`: sorted keys, two-space indentation, a final newline.
    public func jsonData() throws -> Data {
        var data = Data()
        for chunk in jsonChunks() { data.append(contentsOf: chunk) }
        return data
    }

    /// `jsonData()` in pieces, the submissions written in parallel: all of them at once, for
    /// callers that keep the text (`jsonText` makes them one batch at a time, to be written out).
    public func jsonChunks() -> [[UInt8]] { Array(jsonText) }

    /// The text of results.json in pieces, made as they are asked for: the top of the file,
    /// the submissions a batch of chunks at a time (the chunks of a batch written in parallel,
    /// one per core), then the rest (made beside the first batch). Written out as they come
    /// (`OutputBatch.stage(chunks:to:displayPath:)`), the 20 MB of a 20,000-photo run are never
    /// all in memory at once. Each pass over it writes the text again.
    public var jsonText: JSONText { JSONText(results: self) }

    /// See `jsonText`.
    public struct JSONText: Sequence, Sendable {
        let results: JudgeResults
        /// Submissions per chunk.
        static let chunkSize = 1000

        public func makeIterator() -> Iterator { Iterator(results: results) }

        /// Makes the pieces one batch at a time, the chunks of a batch side by side; the first
        /// batch also makes the text after the submissions, which waits for the end.
        public struct Iterator: IteratorProtocol {
            private let results: JudgeResults
            /// The writer of the top of the file.
            private var writer = JSONTextWriter(capacity: 1 << 16)
            private var nextChunk = 0
            private var ready: [[UInt8]] = []
            /// The text after the submissions, once made.
            private var rest: [UInt8]?
            private var step = Step.top
            private enum Step { case top, submissions, rest, done }

            init(results: JudgeResults) { self.results = results }

            public mutating func next() -> [UInt8]? {
                switch step {
                case .top:
                    step = .submissions
                    writer.beginObject()
                    writer.key("hunt"); writer.encode(results.hunt)
                    writer.key("problems"); writer.encode(results.problems)
                    writer.key("review_queue"); writer.encode(results.reviewQueue)
                    writer.key("schema"); writer.encode(results.schema)
                    writer.key("skipped"); writer.encode(results.skipped)
                    writer.key("submissions"); writer.beginArray()
                    return writer.takeBytes()
                case .submissions:
                    if ready.isEmpty {
                        let chunks = (results.submissions.count + JSONText.chunkSize - 1) / JSONText.chunkSize
                        let batch = Swift.min(chunks - nextChunk, ProcessInfo.processInfo.activeProcessorCount)
                        guard batch > 0 else { step = .rest; return next() }
                        var made = JudgeResults.writeInParallel(results, chunks: nextChunk..<(nextChunk + batch), withTextAfter: rest == nil)
                        if rest == nil { rest = made.removeLast() }
                        ready = made.reversed()
                        nextChunk += batch
                    }
                    return ready.popLast()
                case .rest:
                    step = .done
                    return rest ?? JudgeResults.textAfterSubmissions(results)
                case .done:
                    return nil
                }
            }
        }
    }

    /// The text after the submissions array's elements: its end, the summary, the tasks, the
    /// teams, the end of the file.
    static func textAfterSubmissions(_ results: JudgeResults) -> [UInt8] {
        // Inside the submissions array, inside the file's object, which has members before it.
        var writer = JSONTextWriter(elementsAtDepth: 2, leading: results.submissions.isEmpty, capacity: 1 << 16)
        writer.endArray()
        writer.key("summary"); writer.encode(results.summary)
        writer.key("tasks"); writer.encode(results.tasks)
        writer.key("teams"); writer.encode(results.teams)
        writer.endObject()
        return writer.takeBytes() + [0x0A]
    }

    /// The chunks `chunks` of the submissions (`JSONText.chunkSize` each), each written by its
    /// own writer on its own thread, in order; then, when asked, the text after the submissions
    /// (`textAfterSubmissions`), written meanwhile on a thread of its own.
    static func writeInParallel(_ results: JudgeResults, chunks: Range<Int>, withTextAfter: Bool = false) -> [[UInt8]] {
        let chunkSize = JSONText.chunkSize, submissions = results.submissions
        return [[UInt8]](parallelCount: chunks.count + (withTextAfter ? 1 : 0)) { j in
            guard j < chunks.count else { return textAfterSubmissions(results) }
            let k = chunks.lowerBound + j
            var writer = JSONTextWriter(elementsAtDepth: 2, leading: k == 0, capacity: chunkSize * 1200)
            // Through the buffer, so each result is written in place rather than copied first.
            submissions.withUnsafeBufferPointer { all in
                for i in (k * chunkSize)..<min(all.count, (k + 1) * chunkSize) {
                    writer.element()
                    all[i].write(&writer)
                }
            }
            return writer.bytes
        }
    }

    /// The results a results.json holds, through the types' own snake_case `CodingKeys`.
    public static func decode(_ data: Data) throws -> JudgeResults {
        try JSONDecoder().decode(JudgeResults.self, from: data)
    }
}

extension JudgeResults.Position {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject(); w.field("lat", lat); w.field("lon", lon); w.endObject()
    }
}

extension JudgeResults.Evidence {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject()
        for field in Field.inKeyOrder {
            guard let value = self[field] else { continue }
            w.key(field.stringValue)
            switch value {
            case .number(let number): w.double(number)
            case .text(let text): w.string(text)
            case .position(let position): position.write(&w)
            case .list(let list): w.strings(list)
            }
        }
        w.endObject()
    }
}

// Written by hand rather than through `Codable`: a submission's result and its findings (20,000
// of them: through `Encoder`'s generic containers they were a twelfth of a judge run), and a
// review (results.json leaves out its `at`). Keys still come from `CodingKeys`, sorted.
extension JudgeResults.SubmissionResult {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject()
        // Straight from the box: `evidence` would copy it first.
        w.key(CodingKeys.evidenceBox.stringValue); evidenceBox.value.write(&w)
        w.key(CodingKeys.findings.stringValue); w.beginArray()
        for finding in findings { w.element(); finding.write(&w) }
        w.endArray()
        w.key(CodingKeys.judgedVerdict.stringValue); w.string(judgedVerdict.rawValue)
        w.key(CodingKeys.path.stringValue); w.string(path)
        w.key(CodingKeys.points.stringValue); w.int(points)
        w.key(CodingKeys.reasons.stringValue); w.beginArray()
        for reason in reasons { w.element(); w.string(reason.rawValue) }
        w.endArray()
        if let review { w.key(CodingKeys.review.stringValue); review.write(&w) }
        if let task { w.key(CodingKeys.task.stringValue); w.string(task) }
        w.key(CodingKeys.taskSource.stringValue); w.string(taskSource.rawValue)
        w.key(CodingKeys.team.stringValue); w.string(team)
        w.key(CodingKeys.verdict.stringValue); w.string(verdict.rawValue)
        w.endObject()
    }
}

extension JudgeResults.FindingResult {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject()
        w.key(CodingKeys.action.stringValue); w.string(action.rawValue)
        w.key(CodingKeys.code.stringValue); w.string(code.rawValue)
        w.key(CodingKeys.message.stringValue); w.string(message)
        if let related { w.key(CodingKeys.related.stringValue); w.string(related) }
        w.endObject()
    }
}

extension Reviews.Review {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject(); w.field("by", by); w.field("decision", decision.rawValue); w.field("note", note); w.field("task", task); w.endObject()
    }
}

/// Reason codes key `summary.reasons` as an object (`{"outside-target": 3}`), as results.json
/// always wrote them.
extension ReasonCode: CodingKeyRepresentable {}
