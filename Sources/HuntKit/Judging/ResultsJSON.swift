import Foundation

/// Writes `results.json` by hand: sorted keys, two-space indentation, absent optionals left
/// out, shortest round-trip numbers. The `Codable` conformance reads it back (the tests check
/// that it does, field for field); this writer exists because `JSONEncoder` took a third of a
/// 20,000-photo judge run.
struct JSONTextWriter {
    private(set) var bytes: [UInt8] = []
    private var depth = 0
    /// Whether the current container has no member yet, and the same for those it is inside.
    private var empty = true
    private var enclosing: [Bool] = []

    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    /// A writer for elements of an array already open at `depth`, some of them written by other
    /// writers (for writing parts in parallel): `leading` says whether these are the array's first.
    init(elementsAtDepth depth: Int, leading: Bool, capacity: Int) {
        bytes.reserveCapacity(capacity)
        self.depth = depth
        empty = leading
    }

    /// Hands over the bytes written so far and goes on with an empty buffer.
    mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }

    /// Says that the open container got members written by other writers.
    mutating func markMembersWritten() { empty = false }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ c: UInt8) {
        bytes.append(c)
        depth += 1
        enclosing.append(empty)
        empty = true
    }

    private mutating func close(_ c: UInt8) {
        depth -= 1
        if !empty { newline() }
        empty = enclosing.removeLast()
        bytes.append(c)
    }

    private mutating func newline() {
        let n = 1 + 2 * depth
        if n <= Self.indentation.count {
            Self.indentation.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<n])) }
        } else {
            bytes.append(0x0A)
            for _ in 0..<depth { bytes.append(0x20); bytes.append(0x20) }
        }
    }

    /// A newline and the spaces of 31 levels of indentation.
    private static let indentation: [UInt8] = [0x0A] + [UInt8](repeating: 0x20, count: 62)

    /// Starts an array element or an object member.
    private mutating func member() {
        if empty { empty = false } else { bytes.append(UInt8(ascii: ",")) }
        newline()
    }

    /// Keys must come in sorted order; the callers are written that way.
    mutating func key(_ k: StaticString) {
        member()
        bytes.append(UInt8(ascii: "\""))
        k.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\"")); bytes.append(UInt8(ascii: ":")); bytes.append(0x20)
    }

    mutating func key(_ k: String) {
        member()
        string(k)
        bytes.append(UInt8(ascii: ":")); bytes.append(0x20)
    }

    /// An array element.
    mutating func element() { member() }

    mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them whole, straight from their storage.
        let copied = s.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            if utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied != true {
            for b in s.utf8 {
                switch b {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
                default: bytes.append(b)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func int(_ v: Int) { bytes.append(contentsOf: String(v).utf8) }

    mutating func double(_ v: Double) {
        guard v.isFinite else { bytes.append(contentsOf: "null".utf8); return }
        if v == v.rounded(), abs(v) < 1e15 {
            bytes.append(contentsOf: String(Int(v)).utf8)
        } else {
            bytes.append(contentsOf: "\(v)".utf8)
        }
    }

    mutating func bool(_ v: Bool) { bytes.append(contentsOf: (v ? "true" : "false").utf8) }

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

    /// `jsonData()` in pieces, the submissions written in parallel: write them one after the other
    /// (`OutputBatch.stage(chunks:to:displayPath:)`) rather than joining 20 MB into one buffer first.
    public func jsonChunks() -> [[UInt8]] {
        var w = JSONTextWriter(capacity: 1 << 16)
        w.beginObject()
        w.key("hunt"); hunt.write(&w)
        w.key("problems"); w.beginArray(); for p in problems { w.element(); p.write(&w) }; w.endArray()
        w.key("review_queue"); w.beginArray(); for p in reviewQueue { w.element(); w.string(p) }; w.endArray()
        w.field("schema", schema)
        w.key("skipped"); w.beginArray()
        for s in skipped {
            w.element(); w.beginObject(); w.field("path", s.path); w.field("reason", s.reason); w.endObject()
        }
        w.endArray()
        w.key("submissions"); w.beginArray()
        var chunks = [w.takeBytes()]
        chunks += Self.writeInParallel(submissions)
        if !submissions.isEmpty { w.markMembersWritten() }
        w.endArray()
        w.key("summary"); summary.write(&w)
        w.key("tasks"); w.beginArray(); for t in tasks { w.element(); t.write(&w) }; w.endArray()
        w.key("teams"); w.beginArray(); for t in teams { w.element(); t.write(&w) }; w.endArray()
        w.endObject()
        chunks.append(w.takeBytes() + [0x0A])
        return chunks
    }

    /// The submissions, each chunk written by its own writer on its own thread, in order.
    static func writeInParallel(_ submissions: [SubmissionResult]) -> [[UInt8]] {
        let chunkSize = 1000
        return [[UInt8]](parallelCount: (submissions.count + chunkSize - 1) / chunkSize) { k in
            var w = JSONTextWriter(elementsAtDepth: 2, leading: k == 0, capacity: chunkSize * 1200)
            // Through the buffer, so each result is written in place rather than copied first.
            submissions.withUnsafeBufferPointer { all in
                for i in (k * chunkSize)..<min(all.count, (k + 1) * chunkSize) {
                    w.element()
                    all[i].write(&w)
                }
            }
            return w.bytes
        }
    }

    /// The results a results.json holds, through the types' own snake_case `CodingKeys`.
    public static func decode(_ data: Data) throws -> JudgeResults {
        try JSONDecoder().decode(JudgeResults.self, from: data)
    }
}

extension JudgeResults.HuntInfo {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject()
        w.field("file", file)
        w.field("id", id)
        w.field("reviews_file", reviewsFile)
        w.key("rewards"); w.beginArray(); for r in rewards { w.element(); r.write(&w) }; w.endArray()
        w.field("submissions_folder", submissionsFolder)
        w.field("timezone", timezone)
        w.field("title", title)
        if let window { w.key("window"); window.write(&w) }
        w.endObject()
    }
}

extension JudgeResults.Window {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject(); w.field("end", end); w.field("start", start); w.endObject()
    }
}

extension JudgeResults.RewardInfo {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject(); w.field("points", points); w.field("reward", reward); w.endObject()
    }
}

extension JudgeResults.Problem {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject()
        w.field("code", code); w.field("fix", fix); w.field("location", location); w.field("message", message)
        w.field("severity", severity.rawValue)
        w.endObject()
    }
}

extension JudgeResults.Summary {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject()
        w.field("accepted", accepted)
        w.key("reasons"); w.beginObject()
        for (code, count) in reasons.sorted(by: { $0.key < $1.key }) { w.key(code); w.int(count) }
        w.endObject()
        w.field("rejected", rejected)
        w.field("review", review)
        w.field("reviewed", reviewed)
        w.field("skipped", skipped)
        w.field("submissions", submissions)
        w.field("undecided", undecided)
        w.field("unreadable", unreadable)
        w.endObject()
    }
}

extension JudgeResults.Counts {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject(); w.field("accepted", accepted); w.field("rejected", rejected); w.field("review", review); w.endObject()
    }
}

extension JudgeResults.TeamResult {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject()
        w.key("approaches"); w.beginArray()
        for a in approaches {
            w.element(); w.beginObject()
            w.field("at", a.at); w.field("day", a.day); w.field("distance_m", a.distanceM); w.field("submission", a.submission)
            w.field("task", a.task)
            w.endObject()
        }
        w.endArray()
        w.key("completions"); w.beginArray()
        for c in completions {
            w.element(); w.beginObject()
            w.field("at", c.at); w.field("dwell_start", c.dwellStart); w.field("place", c.place); w.field("points", c.points)
            w.field("submission", c.submission); w.field("task", c.task)
            w.endObject()
        }
        w.endArray()
        w.key("counts"); counts.write(&w)
        w.field("id", id)
        w.field("name", name)
        w.field("points", points)
        w.field("rank", rank)
        w.field("reached_at", reachedAt)
        w.key("rewards"); w.beginArray(); for r in rewards { w.element(); r.write(&w) }; w.endArray()
        w.field("tasks_done", tasksDone)
        w.endObject()
    }
}

extension JudgeResults.TaskResult {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject()
        w.field("after", after)
        if let choose { w.field("choose", choose) }
        w.key("closest"); JudgeResults.ClosestEntry.write(closest, &w)
        w.field("clue", clue)
        w.key("completed_by"); w.beginArray()
        for c in completedBy {
            w.element(); w.beginObject()
            w.field("at", c.at); w.field("place", c.place); w.field("points", c.points); w.field("submission", c.submission)
            w.field("team", c.team)
            w.endObject()
        }
        w.endArray()
        w.key("counts"); counts.write(&w)
        w.field("dwell_s", dwellS)
        w.field("evidence", evidence)
        w.field("hint", hint)
        w.field("id", id)
        if let nearest { w.key("nearest"); JudgeResults.ClosestEntry.write(nearest, &w) }
        w.field("points", points)
        if let progress {
            w.key("progress"); w.beginArray()
            for p in progress {
                w.element(); w.beginObject()
                w.field("done", p.done); w.field("team", p.team)
                w.endObject()
            }
            w.endArray()
        }
        w.field("repeat", self.repeat.rawValue)
        w.field("reveal", reveal)
        w.field("score", score.rawValue)
        w.field("tags", tags)
        if let target {
            w.key("target"); w.beginObject()
            if let c = target.center { w.key("center"); c.write(&w) }
            w.field("file", target.file); w.field("kind", target.kind)
            if let outline = target.outline {
                w.key("outline"); w.beginArray()
                for ring in outline {
                    w.element(); w.beginArray()
                    for p in ring { w.element(); p.write(&w) }
                    w.endArray()
                }
                w.endArray()
            }
            if let n = target.places { w.field("places", n) }
            w.field("radius_m", target.radiusM)
            w.endObject()
        }
        if let tasks { w.field("tasks", tasks) }
        w.field("title", title)
        if let window { w.key("window"); window.write(&w) }
        w.endObject()
    }
}

extension JudgeResults.ClosestEntry {
    static func write(_ entries: [Self], _ w: inout JSONTextWriter) {
        w.beginArray()
        for c in entries {
            w.element(); w.beginObject()
            w.field("at", c.at); w.field("distance_m", c.distanceM); w.field("points", c.points); w.field("rank", c.rank)
            w.field("submission", c.submission); w.field("team", c.team)
            w.endObject()
        }
        w.endArray()
    }
}

extension JudgeResults.Position {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject(); w.field("lat", lat); w.field("lon", lon); w.endObject()
    }
}

extension JudgeResults.SubmissionResult {
    func write(_ w: inout JSONTextWriter) {
        w.beginObject()
        w.key("evidence"); evidence.write(&w)
        w.key("findings"); w.beginArray()
        for f in findings {
            w.element(); w.beginObject()
            w.field("action", f.action.rawValue); w.field("code", f.code.rawValue); w.field("message", f.message)
            w.field("related", f.related)
            w.endObject()
        }
        w.endArray()
        w.field("judged_verdict", judgedVerdict.rawValue)
        w.field("path", path)
        w.field("points", points)
        w.field("reasons", reasons.map(\.rawValue))
        if let review {
            w.key("review"); w.beginObject()
            w.field("by", review.by); w.field("decision", review.decision.rawValue); w.field("note", review.note)
            w.field("task", review.task)
            w.endObject()
        }
        w.field("task", task)
        w.field("task_source", taskSource)
        w.field("team", team)
        w.field("verdict", verdict.rawValue)
        w.endObject()
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
