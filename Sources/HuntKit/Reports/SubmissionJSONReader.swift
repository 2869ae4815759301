import Foundation

/// Reads one element of results.json's `submissions` array straight into a `SubmissionResult`,
/// without Foundation's `JSONDecoder` (whose keyed containers and snake_case key conversion were
/// most of the time `hunt report` spent on 20,000 submissions).
///
/// It gives exactly what `JudgeResults.decode` gives, or gives up: anything it is not sure
/// Foundation decodes the same way — a missing or repeated key, a key that only matches after
/// snake_case conversion (`distanceM`), `null` where a value is required, a number that is not a
/// plain integer where an `Int` goes, a non-finite double, an escape or UTF-8 sequence it does
/// not accept, nesting deeper than 64 — throws `Unsure`, and the caller decodes with Foundation
/// (which then also words the error). Being stricter than Foundation is always safe; being
/// looser never is, so unknown keys' values are validated as strictly as the rest.
struct SubmissionJSONReader {
    struct Unsure: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at: Int
    private let end: Int

    /// Reads `range` of `bytes`, which must hold one JSON object and nothing else but whitespace.
    static func submission(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(Unsure) -> JudgeResults.SubmissionResult {
        var reader = SubmissionJSONReader(bytes: bytes, at: range.lowerBound, end: range.upperBound)
        let value = try reader.submission()
        reader.skipWhitespace()
        guard reader.at == reader.end else { throw Unsure() }
        return value
    }

    // MARK: The results types

    private enum SubmissionKey: String, JSONKeys {
        case path, team, task, taskSource = "task_source", verdict, judgedVerdict = "judged_verdict", reasons, findings, review,
             points, evidence
        static let table = KeyTable<Self>()
    }

    private mutating func submission() throws(Unsure) -> JudgeResults.SubmissionResult {
        var path: String?, team: String?, task: String?, taskSource: String?
        var verdict: Verdict?, judgedVerdict: Verdict?, reasons: [ReasonCode]?, findings: [JudgeResults.FindingResult]?
        var review: JudgeResults.ReviewInfo?, points: Int?, evidence: JudgeResults.Evidence?
        try object(SubmissionKey.self) { (r, key) throws(Unsure) in
            switch key {
            case .path: path = try r.string()
            case .team: team = try r.string()
            case .task: task = try r.optional { (r) throws(Unsure) in try r.string() }
            case .taskSource: taskSource = try r.string()
            case .verdict: verdict = try r.enumeration()
            case .judgedVerdict: judgedVerdict = try r.enumeration()
            case .reasons: reasons = try r.array { (r) throws(Unsure) in try r.enumeration() }
            case .findings: findings = try r.array { (r) throws(Unsure) in try r.finding() }
            case .review: review = try r.optional { (r) throws(Unsure) in try r.review() }
            case .points: points = try r.int()
            case .evidence: evidence = try r.evidence()
            }
        }
        guard let path, let team, let taskSource, let verdict, let judgedVerdict, let reasons, let findings, let points,
              let evidence else { throw Unsure() }
        return .init(path: path, team: team, task: task, taskSource: taskSource, verdict: verdict, judgedVerdict: judgedVerdict,
                     reasons: reasons, findings: findings, review: review, points: points, evidence: evidence)
    }

    private enum FindingKey: String, JSONKeys {
        case code, action, message, related
        static let table = KeyTable<Self>()
    }

    private mutating func finding() throws(Unsure) -> JudgeResults.FindingResult {
        var code: ReasonCode?, action: PolicyAction?, message: String?, related: String?
        try object(FindingKey.self) { (r, key) throws(Unsure) in
            switch key {
            case .code: code = try r.enumeration()
            case .action: action = try r.enumeration()
            case .message: message = try r.string()
            case .related: related = try r.optional { (r) throws(Unsure) in try r.string() }
            }
        }
        guard let code, let action, let message else { throw Unsure() }
        return .init(code: code, action: action, message: message, related: related)
    }

    private enum ReviewKey: String, JSONKeys {
        case decision, note, by, task
        static let table = KeyTable<Self>()
    }

    private mutating func review() throws(Unsure) -> JudgeResults.ReviewInfo {
        var decision: Reviews.Decision?, note: String?, by: String?, task: String?
        try object(ReviewKey.self) { (r, key) throws(Unsure) in
            switch key {
            case .decision: decision = try r.enumeration()
            case .note: note = try r.optional { (r) throws(Unsure) in try r.string() }
            case .by: by = try r.optional { (r) throws(Unsure) in try r.string() }
            case .task: task = try r.optional { (r) throws(Unsure) in try r.string() }
            }
        }
        guard let decision else { throw Unsure() }
        return .init(decision: decision, note: note, by: by, task: task)
    }

    private enum PositionKey: String, JSONKeys {
        case lat, lon
        static let table = KeyTable<Self>()
    }

    private mutating func position() throws(Unsure) -> JudgeResults.Position {
        var lat: Double?, lon: Double?
        try object(PositionKey.self) { (r, key) throws(Unsure) in
            switch key {
            case .lat: lat = try r.double()
            case .lon: lon = try r.double()
            }
        }
        guard let lat, let lon else { throw Unsure() }
        return .init(lat: lat, lon: lon)
    }

    private enum EvidenceKey: String, JSONKeys {
        case position, accuracyM = "accuracy_m", accuracySource = "accuracy_source", distanceM = "distance_m",
             edgeDistanceM = "edge_distance_m", bearingDeg = "bearing_deg", compass, band, place, capturedAt = "captured_at",
             capturedLocal = "captured_local", offset, timeSource = "time_source", gpsTime = "gps_time", clockSkewS = "clock_skew_s",
             make, model, software, contentHash = "content_hash", format, error, speedKmh = "speed_kmh", candidates,
             media, durationS = "duration_s", motion
        static let table = KeyTable<Self>()
    }

    private mutating func evidence() throws(Unsure) -> JudgeResults.Evidence {
        var e = JudgeResults.Evidence()
        try object(EvidenceKey.self) { (r, key) throws(Unsure) in
            func text() throws(Unsure) -> String? { try r.optional { (r) throws(Unsure) in try r.string() } }
            func number() throws(Unsure) -> Double? { try r.optional { (r) throws(Unsure) in try r.double() } }
            switch key {
            case .position: e.position = try r.optional { (r) throws(Unsure) in try r.position() }
            case .accuracyM: e.accuracyM = try number()
            case .accuracySource: e.accuracySource = try text()
            case .distanceM: e.distanceM = try number()
            case .edgeDistanceM: e.edgeDistanceM = try number()
            case .bearingDeg: e.bearingDeg = try number()
            case .compass: e.compass = try text()
            case .band: e.band = try r.optional { (r) throws(Unsure) in try r.enumeration() }
            case .place: e.place = try text()
            case .capturedAt: e.capturedAt = try text()
            case .capturedLocal: e.capturedLocal = try text()
            case .offset: e.offset = try text()
            case .timeSource: e.timeSource = try text()
            case .gpsTime: e.gpsTime = try text()
            case .clockSkewS: e.clockSkewS = try number()
            case .make: e.make = try text()
            case .model: e.model = try text()
            case .software: e.software = try text()
            case .contentHash: e.contentHash = try text()
            case .format: e.format = try text()
            case .error: e.error = try text()
            case .speedKmh: e.speedKmh = try number()
            case .media: e.media = try text()
            case .durationS: e.durationS = try number()
            case .motion: e.motion = try text()
            case .candidates: e.candidates = try r.optional { (r) throws(Unsure) in try r.array { (r) throws(Unsure) in try r.string() } }
            }
        }
        return e
    }

    // MARK: Keys

    /// An object's keys as results.json spells them (the raw values).
    private protocol JSONKeys: RawRepresentable<String>, CaseIterable, Sendable {
        static var table: KeyTable<Self> { get }
    }

    /// Keys matched as bytes: no String made, none compared, for the 40 keys of each submission.
    private struct KeyTable<Key: JSONKeys>: Sendable {
        let keys = Array(Key.allCases)
        let names: [[UInt8]] = Key.allCases.map { Array($0.rawValue.utf8) }
        /// Each name without its underscores, in lower case (`distance_m` → `distancem`).
        let folded: Set<[UInt8]> = Set(Key.allCases.map { Self.fold($0.rawValue.utf8) })

        func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
            names.firstIndex { $0.count == key.count && $0.elementsEqual(key) }
        }

        /// Whether Foundation might take `key`, which is none of `names`, for one of them.
        ///
        /// Its `convertFromSnakeCase` lowercases the first word and capitalizes the others, by
        /// Unicode case mapping, and its keys compare by canonical equivalence: `distanceM`,
        /// `Distance_m`, `DISTANCE__M`, `task_ſource` (ſ capitalizes to S) and `speedKmh` with a
        /// Kelvin sign (U+212A, canonically K) all name a field, and of two keys that name one
        /// JSONDecoder takes the first. So: any key with a byte outside ASCII, and any ASCII key
        /// that matches a name once underscores are dropped and case is ignored.
        func mayBeTakenForAName(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
            key.contains { $0 >= 0x80 } || folded.contains(Self.fold(key))
        }

        static func fold<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [UInt8] {
            bytes.compactMap { $0 == UInt8(ascii: "_") ? nil : (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        }
    }

    /// `{ "key": value, … }`, calling `member` with each key of `Key` (once at most), the reader
    /// at its value. Other keys' values are skipped, unless Foundation might take the key for one
    /// of `Key` after its snake_case conversion (`distanceM`, `Distance__m`…; see
    /// `KeyTable.mayBeTakenForAName`): then this reader gives up. On keys with escapes too.
    private mutating func object<Key: JSONKeys>(_: Key.Type, _ member: (inout SubmissionJSONReader, Key) throws(Unsure) -> Void) throws(Unsure) {
        try expect(UInt8(ascii: "{"))
        if take(UInt8(ascii: "}")) { return }
        var seen: UInt64 = 0
        repeat {
            let key = try rawKey()
            try expect(UInt8(ascii: ":"))
            if let index = Key.table.index(of: key) {
                guard seen & (1 << index) == 0 else { throw Unsure() }
                seen |= 1 << index
                try member(&self, Key.table.keys[index])
            } else {
                guard !Key.table.mayBeTakenForAName(key) else { throw Unsure() }
                try skipValue(depth: 0)
            }
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// A key's bytes, between its quotes; one with an escape or a control character throws.
    private mutating func rawKey() throws(Unsure) -> UnsafeBufferPointer<UInt8> {
        guard take(UInt8(ascii: "\"")) else { throw Unsure() }
        let start = at
        while at < end, bytes[at] != UInt8(ascii: "\"") {
            guard bytes[at] >= 0x20, bytes[at] != UInt8(ascii: "\\") else { throw Unsure() }
            at += 1
        }
        guard at < end else { throw Unsure() }
        at += 1
        return UnsafeBufferPointer(rebasing: bytes[start..<(at - 1)])
    }

    // MARK: JSON

    private mutating func skipWhitespace() {
        while at < end {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    /// Skips whitespace and takes `byte` if it comes next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard at < end, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    private mutating func expect(_ byte: UInt8) throws(Unsure) {
        guard take(byte) else { throw Unsure() }
    }

    private mutating func array<T>(_ element: (inout SubmissionJSONReader) throws(Unsure) -> T) throws(Unsure) -> [T] {
        try expect(UInt8(ascii: "["))
        var values: [T] = []
        if take(UInt8(ascii: "]")) { return values }
        repeat { values.append(try element(&self)) } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
        return values
    }

    /// `null` as nil, else the value.
    private mutating func optional<T>(_ value: (inout SubmissionJSONReader) throws(Unsure) -> T) throws(Unsure) -> T? {
        if literal("null") { return nil }
        return try value(&self)
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        guard end - at >= count else { return false }
        for k in 0..<count where bytes[at + k] != word.utf8Start[k] { return false }
        at += count
        return true
    }

    private mutating func enumeration<T: RawRepresentable>() throws(Unsure) -> T where T.RawValue == String {
        guard let value = T(rawValue: try string()) else { throw Unsure() }
        return value
    }

    /// An integer as written (`-12`); fractions, exponents and more than 18 digits are left to Foundation.
    private mutating func int() throws(Unsure) -> Int {
        skipWhitespace()
        let negative = at < end && bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        let start = at
        var value = 0
        while at < end, bytes[at] &- 0x30 < 10 {
            guard at - start < 18 else { throw Unsure() }
            value = value * 10 + Int(bytes[at] &- 0x30)
            at += 1
        }
        let digits = at - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { throw Unsure() }
        if at < end, bytes[at] == UInt8(ascii: ".") || bytes[at] | 0x20 == UInt8(ascii: "e") { throw Unsure() }
        return negative ? -value : value
    }

    /// A JSON number, converted as Foundation converts it (correctly rounded); non-finite results are left to Foundation.
    private mutating func double() throws(Unsure) -> Double {
        skipWhitespace()
        let start = at
        try skipNumber()
        guard at - start <= 64 else { throw Unsure() }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw Unsure() }
        // An underflow to zero (`1e-400`): whether Foundation rounds or refuses is its call.
        if value == 0, text.utf8.prefix(while: { $0 | 0x20 != UInt8(ascii: "e") }).contains(where: { (0x31...0x39).contains($0) }) {
            throw Unsure()
        }
        return value
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` (RFC 8259 §6).
    private mutating func skipNumber() throws(Unsure) {
        func digits(_ r: inout SubmissionJSONReader) -> Int {
            let start = r.at
            while r.at < r.end, r.bytes[r.at] &- 0x30 < 10 { r.at += 1 }
            return r.at - start
        }
        if at < end, bytes[at] == UInt8(ascii: "-") { at += 1 }
        let first = at
        let whole = digits(&self)
        guard whole > 0, whole == 1 || bytes[first] != UInt8(ascii: "0") else { throw Unsure() }
        if at < end, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits(&self) > 0 else { throw Unsure() }
        }
        if at < end, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            if at < end, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits(&self) > 0 else { throw Unsure() }
        }
    }

    /// A string. Escapes: `\" \\ \/ \b \f \n \r \t \uXXXX` (a surrogate only as half of a
    /// pair); raw control characters and invalid UTF-8 are left to Foundation.
    private mutating func string() throws(Unsure) -> String {
        skipWhitespace()
        guard at < end, bytes[at] == UInt8(ascii: "\"") else { throw Unsure() }
        at += 1
        let start = at
        var ascii = true
        while at < end {
            let b = bytes[at]
            if b == UInt8(ascii: "\"") {
                let span = UnsafeBufferPointer(rebasing: bytes[start..<at])
                at += 1
                if ascii { return String(decoding: span, as: UTF8.self) }
                guard let text = String(validating: span, as: UTF8.self) else { throw Unsure() }
                return text
            }
            if b == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if b < 0x20 { throw Unsure() }
            if b >= 0x80 { ascii = false }
            at += 1
        }
        throw Unsure()
    }

    private mutating func escapedString(from start: Int) throws(Unsure) -> String {
        var out = Array(bytes[start..<at])
        while at < end {
            let b = bytes[at]
            at += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else { throw Unsure() }
                return text
            case UInt8(ascii: "\\"):
                guard at < end else { throw Unsure() }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard end - at >= 2, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else { throw Unsure() }
                        at += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw Unsure() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw Unsure() }
                    out += Array(String(unicode).utf8)
                default:
                    throw Unsure()
                }
            default:
                if b < 0x20 { throw Unsure() }
                out.append(b)
            }
        }
        throw Unsure()
    }

    private mutating func hex4() throws(Unsure) -> UInt32 {
        guard end - at >= 4 else { throw Unsure() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[at]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw Unsure()
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }

    /// Any JSON value, checked as strictly as the ones read.
    private mutating func skipValue(depth: Int) throws(Unsure) {
        guard depth < 64 else { throw Unsure() }
        skipWhitespace()
        guard at < end else { throw Unsure() }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            try expect(UInt8(ascii: "{"))
            if take(UInt8(ascii: "}")) { return }
            repeat {
                _ = try string()
                try expect(UInt8(ascii: ":"))
                try skipValue(depth: depth + 1)
            } while take(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            _ = try array { (r) throws(Unsure) in try r.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
        default:
            guard literal("true") || literal("false") || literal("null") else { throw Unsure() }
        }
    }
}
