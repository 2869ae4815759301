import Foundation

/// The text of `results.json`: sorted keys, two-space indentation, absent optionals left out,
/// shortest round-trip numbers. `JSONTextEncoder` writes the types through it from their
/// `CodingKeys`, and the `Codable` conformance reads it back (the tests check that it does, field
/// for field); it exists because `JSONEncoder` took a third of a 20,000-photo judge run.
struct JSONTextWriter {
    /// The text goes into one growing allocation, written through its pointer: 20,000 photos
    /// make a million strings and more small pieces, and appending each to an `[UInt8]` (a
    /// uniqueness check and a generic copy every time) cost more than the writing itself.
    /// Copies of a writer share the allocation; only one of them may write (`encode` hands the
    /// writer over and takes it back).
    private var storage: Storage
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    private var depth = 0
    /// Whether the current container has no member yet, and the same for those it is inside,
    /// one bit each, the innermost lowest (results.json nests a few levels, never 64).
    private var empty = true
    private var enclosing: UInt64 = 0

    /// Frees the allocation once no writer holds it.
    private final class Storage {
        let base: UnsafeMutablePointer<UInt8>
        init(capacity: Int) { base = .allocate(capacity: capacity) }
        deinit { base.deallocate() }
    }

    init(capacity: Int = 1 << 16) {
        self.capacity = Swift.max(capacity, 256)
        storage = Storage(capacity: self.capacity)
        base = storage.base
    }

    /// A writer for elements of an array already open at `depth`, some of them written by other
    /// writers (for writing parts in parallel): `leading` says whether these are the array's first.
    /// The containers around the array have members already, so it may also close them.
    init(elementsAtDepth depth: Int, leading: Bool, capacity: Int) {
        self.init(capacity: capacity)
        self.depth = depth
        empty = leading
    }

    /// The bytes written so far.
    var bytes: [UInt8] { [UInt8](UnsafeBufferPointer(start: base, count: count)) }

    /// Hands over the bytes written so far and goes on with an empty buffer.
    mutating func takeBytes() -> [UInt8] {
        defer { count = 0 }
        return bytes
    }

    /// Makes room for `n` more bytes.
    @inline(__always) private mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(count + n) }
    }

    private mutating func grow(_ needed: Int) {
        capacity = Swift.max(needed, 2 * capacity)
        let larger = Storage(capacity: capacity)
        larger.base.initialize(from: base, count: count)
        storage = larger
        base = larger.base
    }

    @inline(__always) private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard let from = text.baseAddress else { return }
        reserve(text.count)
        (base + count).initialize(from: from, count: text.count)
        count += text.count
    }

    /// Says that the open container got members written by other writers.
    mutating func markMembersWritten() { empty = false }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ c: UInt8) {
        append(c)
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
        append(c)
    }

    private mutating func newline() {
        let spaces = 2 * depth
        reserve(1 + spaces)
        base[count] = 0x0A
        (base + count + 1).initialize(repeating: 0x20, count: spaces)
        count += 1 + spaces
    }

    /// Starts an array element or an object member.
    private mutating func member() {
        if empty { empty = false } else { append(UInt8(ascii: ",")) }
        newline()
    }

    /// Keys must come in sorted order; the callers are written that way.
    mutating func key(_ k: StaticString) {
        member()
        append(UInt8(ascii: "\""))
        k.withUTF8Buffer { append($0) }
        append(UInt8(ascii: "\"")); append(UInt8(ascii: ":")); append(0x20)
    }

    mutating func key(_ k: String) {
        member()
        string(k)
        append(UInt8(ascii: ":")); append(0x20)
    }

    /// An array element.
    mutating func element() { member() }

    mutating func string(_ s: String) {
        // Most strings need no escaping: checked, then copied whole, straight from their storage.
        var s = s
        let copied = s.withUTF8 { utf8 -> Bool in
            for b in utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == 0xE2 { return false }
            reserve(utf8.count + 2)
            let to = base + count
            to.pointee = UInt8(ascii: "\"")
            if let from = utf8.baseAddress { (to + 1).initialize(from: from, count: utf8.count) }
            to[utf8.count + 1] = UInt8(ascii: "\"")
            count += utf8.count + 2
            return true
        }
        if copied { return }
        append(UInt8(ascii: "\""))
        s.withUTF8 { bytes in
            let hex = Self.hexDigits
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                // A character that reorders text is written as `\u` (`TerminalText.reorders`): read
                // back it is the same, but the file shows no such character.
                if b == 0xE2, let scalar = TerminalText.reorderingScalar(bytes, at: i) {
                    for e in TerminalText.jsonEscape(scalar) { append(e) }
                    i += 3
                    continue
                }
                i += 1
                switch b {
                case UInt8(ascii: "\""): append(0x5C); append(0x22)
                case UInt8(ascii: "\\"): append(0x5C); append(0x5C)
                case 0x0A: append(0x5C); append(UInt8(ascii: "n"))
                case 0x0D: append(0x5C); append(UInt8(ascii: "r"))
                case 0x09: append(0x5C); append(UInt8(ascii: "t"))
                case 0..<0x20:
                    for e in [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]] { append(e) }
                default: append(b)
                }
            }
        }
        append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    mutating func int(_ v: Int) {
        // Digits from the last, into the buffer's end, then moved into place: no `String` made.
        reserve(21)
        if v < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = v.magnitude, digits = 0
        repeat {
            base[count + 19 - digits] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            digits += 1
        } while magnitude > 0
        UnsafeMutableRawPointer(base + count).copyMemory(from: base + count + 20 - digits, byteCount: digits)
        count += digits
    }

    mutating func double(_ v: Double) {
        guard v.isFinite else { literal("null"); return }
        if v == v.rounded(), abs(v) < 1e15 {
            int(Int(v))
        } else if let hundredths = Self.hundredths(v) {
            // The evidence's numbers are rounded to hundredths: written as such, they are the
            // shortest text that reads back as `v`, the text `description` gives.
            if v < 0 { append(UInt8(ascii: "-")) }
            int(hundredths / 100)
            append(UInt8(ascii: "."))
            append(UInt8(ascii: "0") + UInt8(hundredths / 10 % 10))
            if hundredths % 10 != 0 { append(UInt8(ascii: "0") + UInt8(hundredths % 10)) }
        } else {
            // Its description, the text interpolation would give, without an interpolation's buffer.
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
    mutating func literal(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// A value through its `Codable` conformance (see `JSONTextEncoder`).
    mutating func encode<T: Encodable>(_ value: T) {
        let encoder = JSONTextEncoder(self)
        self = JSONTextWriter(capacity: 0)
        encoder.write(value)
        swap(&self, &encoder.writer)
    }

    // Members with a value, skipped when nil.
    mutating func field(_ k: StaticString, _ v: String?) { if let v { key(k); string(v) } }
    mutating func field(_ k: StaticString, _ v: Int) { key(k); int(v) }
    mutating func field(_ k: StaticString, _ v: Double?) { if let v { key(k); double(v) } }
    mutating func field(_ k: StaticString, _ v: [String]) { key(k); strings(v) }

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

/// A type that writes its own JSON text rather than through `Codable`: the evidence (its keys
/// come from `Evidence.Field`), a review (results.json leaves out its `at`), counts keyed by
/// reason code (sorted by code, which a dictionary's `Codable` does not do), and a submission's
/// result and its findings (20,000 of them: through `Encoder`'s generic containers they were a
/// twelfth of a judge run). Keys still come from `CodingKeys`, in their declared (sorted) order.
protocol JSONTextWritable {
    func write(_ w: inout JSONTextWriter)
}

extension JudgeResults.Evidence: JSONTextWritable {}

extension JudgeResults.SubmissionResult: JSONTextWritable {
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

extension JudgeResults.FindingResult: JSONTextWritable {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject()
        w.key(CodingKeys.action.stringValue); w.string(action.rawValue)
        w.key(CodingKeys.code.stringValue); w.string(code.rawValue)
        w.key(CodingKeys.message.stringValue); w.string(message)
        if let related { w.key(CodingKeys.related.stringValue); w.string(related) }
        w.endObject()
    }
}

extension Reviews.Review: JSONTextWritable {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject(); w.field("by", by); w.field("decision", decision.rawValue); w.field("note", note); w.field("task", task); w.endObject()
    }
}

extension [ReasonCode: Int]: JSONTextWritable {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject()
        for (code, count) in sorted(by: { $0.key.rawValue < $1.key.rawValue }) { w.key(code.rawValue); w.int(count) }
        w.endObject()
    }
}

/// Reason codes key `summary.reasons` as an object (`{"outside-target": 3}`), as results.json
/// always wrote them.
extension ReasonCode: CodingKeyRepresentable {}

/// Writes `Encodable` values as `JSONTextWriter` text, as `JSONEncoder` would not: an object's
/// members in the order its `CodingKeys` declares them (results.json's types declare them sorted;
/// a debug build checks), nil optionals left out, numbers as `JSONTextWriter.double` writes them.
/// So results.json's keys are declared once, in `CodingKeys`, for reading and writing alike, and
/// writing stays a pass over the values into one buffer.
final class JSONTextEncoder: Encoder {
    var writer: JSONTextWriter
    /// The container the value being written opened: it is closed when the value is done.
    private var opened: Container?
    private enum Container { case object, array }

    init(_ writer: JSONTextWriter) { self.writer = writer }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func write<T: Encodable>(_ value: T) {
        if let own = value as? any JSONTextWritable { own.write(&writer); return }
        let outer = opened
        opened = nil
        // Nothing here throws: every value has a JSON text.
        try! value.encode(to: self)
        switch opened {
        case .object: writer.endObject()
        case .array: writer.endArray()
        case nil: break
        }
        opened = outer
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        precondition(opened == nil, "a value opens one container")
        writer.beginObject()
        opened = .object
        return KeyedEncodingContainer(Members(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        precondition(opened == nil, "a value opens one container")
        writer.beginArray()
        opened = .array
        return Values(encoder: self, inArray: true)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Values(encoder: self, inArray: false) }

    /// An object's members, written as they come.
    struct Members<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: JSONTextEncoder
        var codingPath: [any CodingKey] { [] }
        #if DEBUG
        private var lastKey = ""
        #endif

        init(encoder: JSONTextEncoder) { self.encoder = encoder }

        private mutating func key(_ key: Key) {
            #if DEBUG
            precondition(lastKey < key.stringValue, "\(Key.self) lists `\(key.stringValue)` after `\(lastKey)`: declare the keys sorted")
            lastKey = key.stringValue
            #endif
            encoder.writer.key(key.stringValue)
        }

        mutating func encodeNil(forKey k: Key) throws { key(k); encoder.writer.literal("null") }
        mutating func encode(_ v: Bool, forKey k: Key) throws { key(k); encoder.writer.bool(v) }
        mutating func encode(_ v: String, forKey k: Key) throws { key(k); encoder.writer.string(v) }
        mutating func encode(_ v: Double, forKey k: Key) throws { key(k); encoder.writer.double(v) }
        mutating func encode(_ v: Float, forKey k: Key) throws { key(k); encoder.writer.double(Double(v)) }
        mutating func encode(_ v: Int, forKey k: Key) throws { key(k); encoder.writer.int(v) }
        mutating func encode(_ v: Int8, forKey k: Key) throws { key(k); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: Int16, forKey k: Key) throws { key(k); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: Int32, forKey k: Key) throws { key(k); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: Int64, forKey k: Key) throws { key(k); encoder.writer.literal(String(v)) }
        mutating func encode(_ v: UInt, forKey k: Key) throws { key(k); encoder.writer.literal(String(v)) }
        mutating func encode(_ v: UInt8, forKey k: Key) throws { key(k); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: UInt16, forKey k: Key) throws { key(k); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: UInt32, forKey k: Key) throws { key(k); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: UInt64, forKey k: Key) throws { key(k); encoder.writer.literal(String(v)) }
        mutating func encode<T: Encodable>(_ v: T, forKey k: Key) throws { key(k); encoder.write(v) }

        mutating func nestedContainer<N: CodingKey>(keyedBy: N.Type, forKey: Key) -> KeyedEncodingContainer<N> {
            preconditionFailure("results.json's types encode no nested containers")
        }
        mutating func nestedUnkeyedContainer(forKey: Key) -> any UnkeyedEncodingContainer {
            preconditionFailure("results.json's types encode no nested containers")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("results.json's types have no superclass") }
        mutating func superEncoder(forKey: Key) -> any Encoder { preconditionFailure("results.json's types have no superclass") }
    }

    /// An array's elements, or a single value.
    struct Values: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        let encoder: JSONTextEncoder
        let inArray: Bool
        var count = 0
        var codingPath: [any CodingKey] { [] }

        private mutating func next() {
            guard inArray else { return }
            encoder.writer.element()
            count += 1
        }

        mutating func encodeNil() throws { next(); encoder.writer.literal("null") }
        mutating func encode(_ v: Bool) throws { next(); encoder.writer.bool(v) }
        mutating func encode(_ v: String) throws { next(); encoder.writer.string(v) }
        mutating func encode(_ v: Double) throws { next(); encoder.writer.double(v) }
        mutating func encode(_ v: Float) throws { next(); encoder.writer.double(Double(v)) }
        mutating func encode(_ v: Int) throws { next(); encoder.writer.int(v) }
        mutating func encode(_ v: Int8) throws { next(); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: Int16) throws { next(); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: Int32) throws { next(); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: Int64) throws { next(); encoder.writer.literal(String(v)) }
        mutating func encode(_ v: UInt) throws { next(); encoder.writer.literal(String(v)) }
        mutating func encode(_ v: UInt8) throws { next(); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: UInt16) throws { next(); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: UInt32) throws { next(); encoder.writer.int(Int(v)) }
        mutating func encode(_ v: UInt64) throws { next(); encoder.writer.literal(String(v)) }
        mutating func encode<T: Encodable>(_ v: T) throws { next(); encoder.write(v) }

        mutating func nestedContainer<N: CodingKey>(keyedBy: N.Type) -> KeyedEncodingContainer<N> {
            preconditionFailure("results.json's types encode no nested containers")
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            preconditionFailure("results.json's types encode no nested containers")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("results.json's types have no superclass") }
    }
}
