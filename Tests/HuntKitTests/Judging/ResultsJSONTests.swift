import Foundation
import Testing
@testable import HuntKit

@Suite("results.json")
struct ResultsJSONTests {
    typealias F = JudgingFixtures

    static func results() -> JudgeResults {
        let reviews = Reviews(entries: ["foxes/tower/b.jpg": .init(decision: .accept, note: "Quote \" and \\ and\nnewline", by: "Anna")])
        return Judge(checked: F.hunt(), reviews: reviews).judge(
            [
                F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, time: F.at(10, 30))),
                F.input("foxes/tower/b.jpg", task: "tower", F.photo("b", near: F.tower, metres: 72, time: F.at(10, 40), accuracy: 10)),
                F.input("owls/bridge/c.jpg", task: "bridge", F.photo("c", near: F.bridge, time: F.at(10, 50), software: "Snapseed")),
                F.input("owls/cafe/d.jpg", task: "cafe", F.photo("d", near: F.cafes[1].coordinate, time: F.at(11, 0))),
                F.input("owls/é/ü.jpg", task: nil, F.photo("e", near: nil, time: nil))
            ], skipped: [SkippedFile(path: "owls/notes.txt", reason: "not a photo (.txt)")],
            problems: [.warning("unknown-team", "x", at: SourceLocation(file: "subs/wolves"))],
            files: ("hunt.yaml", "subs", "reviews.yaml"))
    }

    @Test("decodes back to the same value, field for field")
    func roundTrip() throws {
        let results = Self.results()
        let decoded = try JudgeResults.decode(try results.jsonData())
        #expect(decoded == results)
    }

    @Test("thousands of submissions, written in parallel chunks, read back in order")
    func chunks() throws {
        let inputs = (0..<2_500).map { i in
            F.input(
                String(format: "foxes/tower/IMG_%05d.jpg", i), task: "tower",
                F.photo("p\(i)", near: F.tower, metres: Double(i % 120), time: F.at(10, 0).addingTimeInterval(Double(i) * 7)))
        }
        let results = Judge(checked: F.hunt()).judge(inputs)
        let data = try results.jsonData()
        #expect(try JudgeResults.decode(data) == results)
        #expect(try results.jsonData() == data)
    }

    @Test("same inputs, same bytes")
    func stable() throws {
        #expect(try Self.results().jsonData() == Self.results().jsonData())
    }

    @Test("schema 1 with the documented top-level keys, every object's keys sorted")
    func shape() throws {
        let data = try Self.results().jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schema"] as? Int == 1)
        #expect(Set(object.keys) == ["hunt", "problems", "review_queue", "schema", "skipped", "submissions", "summary", "tasks", "teams"])
        let submission = try #require((object["submissions"] as? [[String: Any]])?.first)
        for key in ["path", "team", "task", "verdict", "reasons", "findings", "evidence", "points", "judged_verdict", "task_source"] {
            #expect(submission[key] != nil, "submissions[].\(key)")
        }
        let team = try #require((object["teams"] as? [[String: Any]])?.first)
        for key in ["id", "name", "points", "rank"] { #expect(team[key] != nil, "teams[].\(key)") }
        // Keys in order: each line's key is not before the previous key at the same depth.
        var lastKey: [Int: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            if line.hasSuffix("}") || line.hasSuffix("},") || line.hasSuffix("]") || line.hasSuffix("],") { lastKey[indent + 2] = nil; continue }
            guard line.dropFirst(indent).hasPrefix("\""), let colon = line.range(of: "\": ") else { continue }
            let key = String(line[line.index(line.startIndex, offsetBy: indent + 1)..<colon.lowerBound])
            if let previous = lastKey[indent] { #expect(previous < key, "\(previous) before \(key)") }
            lastKey[indent] = key
        }
    }
}

@Suite("results.json: submissions written directly")
struct SubmissionResultJSONTests {
    /// Each submission's text through its `Codable` conformance (`JSONTextWriter.encode`), as
    /// it was written before submissions wrote their own; results.json leaves out a review's `at`.
    static func throughCodable(_ result: JudgeResults.SubmissionResult) throws -> [UInt8] {
        var result = result
        result.review?.at = nil
        var writer = JSONTextWriter()
        writer.encode(result)
        return writer.bytes
    }

    @Test("the same bytes as through Codable: with and without a task, a review, a related finding")
    func sameBytesAsCodable() throws {
        let results = ResultsJSONTests.results()
        var shapes = results.submissions
        var extra = shapes[0]
        extra.task = nil
        extra.review = Reviews.Review(decision: .reject, note: nil, by: nil, task: "tower", at: "2026-05-02T12:00:00Z")
        extra.findings = [
            .init(code: .duplicateOf, action: .reject, message: "same as \"a\"", related: "foxes/tower/a.jpg"),
            .init(code: .outsideTarget, action: .review, message: "far", related: nil)
        ]
        extra.reasons = [.duplicateOf, .outsideTarget]
        shapes.append(extra)
        #expect(shapes.contains { $0.review != nil } && shapes.contains { $0.task == nil })
        for result in shapes {
            var writer = JSONTextWriter()
            result.write(&writer)
            #expect(writer.bytes == (try Self.throughCodable(result)), "\(result.path)")
        }
    }
}

@Suite("results.json: numbers and strings as written")
struct JSONTextWriterTests {
    static func written(_ write: (inout JSONTextWriter) -> Void) -> String {
        var writer = JSONTextWriter(capacity: 0)
        write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// What results.json always wrote: whole numbers as integers, others as their description.
    static func expected(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : v.description
    }

    @Test("hundredths, whole numbers and the rest as `description` writes them")
    func numbers() {
        var values: [Double] = [
            0.01, 0.1, 0.05, -0.05, 4.85, -25.15, 284.73, 0.5, 1e-5, 3e-3, 1e12 + 0.25, 9_999_999_999_999.99,
            1e13 + 0.5, 1e15, 1e16, -0.0, 0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 52.08643891666667, -1, Double(Int.max)
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            values.append((Double.random(in: -1e6...1e6, using: &generator) * 100).rounded() / 100)
            values.append(Double.random(in: -1000...1000, using: &generator))
        }
        for hundredths in -2_000...2_000 { values.append(Double(hundredths) / 100) }
        for v in values { #expect(Self.written { $0.double(v) } == Self.expected(v), "\(v)") }
        #expect(Self.written { $0.double(.nan) } == "null")
    }

    @Test("integers, and strings with and without escapes")
    func integersAndStrings() {
        for v in [0, 7, -7, 10, 1_000_000, Int.max, Int.min, Int.min + 1] { #expect(Self.written { $0.int(v) } == String(v)) }
        #expect(Self.written { $0.string("plain é") } == "\"plain é\"")
        #expect(Self.written { $0.string("a\"b\\c\nd\u{1}") } == #""a\"b\\c\nd\u0001""#)
        let long = String(repeating: "photo/", count: 20_000)
        #expect(Self.written { $0.string(long) } == "\"" + long + "\"")
    }
}
