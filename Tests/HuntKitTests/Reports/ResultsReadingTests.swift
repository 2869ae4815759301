import Foundation
import HuntTestSupport
import Mustache
import Testing
@testable import HuntKit

/// results.json is read through the results types' own snake_case `CodingKeys`: what the
/// judge's writer wrote reads back as the same value, and keys spelt otherwise are not taken.
@Suite struct ResultsReadingTests {
    /// Results with a review that overrode the judge, a review note, a nil task and every
    /// hostile text, so each branch of the rows and of the reader is used.
    static func varied() throws -> JudgeResults {
        var r = try ReportFixtures.hostile()
        r.submissions[1].judgedVerdict = .rejected
        r.submissions[1].verdict = .accepted
        r.submissions[1].review = .init(decision: .accept, note: "ok *really* | fine\nline", by: "sam_[x]", task: "t")
        r.submissions[2].task = nil
        r.submissions[2].evidence.candidates = ["a\"b", "é😀\u{2028}"]
        r.submissions[3].evidence.position = .init(lat: -0.0, lon: .leastNonzeroMagnitude)
        r.submissions[3].evidence.distance = .metres(1.7976931348623157e308)
        r.submissions[4].evidence.speedKmh = 0.1
        return r
    }

    static func allResults() throws -> [JudgeResults] {
        try ReportFixtures.names.map(ReportFixtures.results) + [try ReportFixtures.hostile(), try varied()]
    }

    @Test func theJudgesOwnFilesReadBackEqual() throws {
        for results in try Self.allResults() {
            #expect(try JudgeResults.decode(results.jsonData()) == results)
        }
    }

    /// Only the file's own spelling of a key is read: a camelCase or escaped-differently key is
    /// an unknown key (skipped), so the field it meant is missing.
    @Test(arguments: [(#""task_source":"#, #""taskSource":"#), (#""judged_verdict":"#, #""judgedVerdict":"#)])
    func keysAreReadAsWritten(original: String, edited: String) throws {
        let text = String(decoding: try ReportFixtures.results("photo-scavenger-hunt").jsonData(), as: UTF8.self)
        #expect(throws: DecodingError.self) { try JudgeResults.decode(Data(text.replacingOccurrences(of: original, with: edited).utf8)) }
        let escaped = text.replacingOccurrences(of: #""task_source":"#, with: #""task\u005fsource":"#)
        #expect(try JudgeResults.decode(Data(escaped.utf8)) == JudgeResults.decode(Data(text.utf8)))
    }

    /// Broken files get an error that says what is wrong, with the key as the file spells it.
    @Test(arguments: [
        (#""submissions": ["#, #""submissions": [ ,"#, "the JSON is malformed"),
        (#""schema": 1"#, #""schema": 2"#, "newer than this hunt understands"),
        (#""schema": 1,"#, "", "no `schema` key"),
        (#""task_source": "folder","#, "", "does not match schema 1: `submissions[0].task_source` is missing")
    ])
    func badFilesGetTheErrorsTheyGot(original: String, edited: String, message: String) throws {
        let text = String(decoding: try ReportFixtures.results("photo-scavenger-hunt").jsonData(), as: UTF8.self)
        let range = try #require(text.range(of: original))
        let data = Data(text.replacingCharacters(in: range, with: edited).utf8)
        let file = Scratch.root.appendingPathComponent("results-reading-\(UUID().uuidString).json")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try ResultsFileReader.read(file, displayPath: "r.json")
            Issue.record("read a broken file")
        } catch {
            #expect(error.path == "r.json")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

}

/// The byte-level text helpers say what the Character-level ones said.
@Suite struct ReportTextBytesTests {
    @Test(arguments: [
        ("plain text — 12 m · ✓", "plain text — 12 m · ✓"),
        ("IMG_0003.jpg", "IMG\\_0003.jpg"),
        ("*|[]<>~#&`\\", "\\*\\|\\[\\]\\<\\>\\~\\#\\&\\`\\\\"),
        ("a\r\nb\nc\rd", "a  b c d"),
        ("x\u{2028}y\u{2029}z\u{2027}", "x y z\u{2027}"),
        ("e\u{301}_😀", "e\u{301}\\_😀"),
        ("Red\u{1B}[31m\u{0}Foxes\u{7F}", "Red␛\\[31m␀Foxes␡"),
        ("\u{202E}evil", "\u{FFFD}evil")
    ])
    func markdownEscapes(text: String, escaped: String) {
        #expect(MarkdownContentType.escape(text) == escaped)
    }

    @Test(
        arguments: [
            ("2026-05-02T11:03", "2026-05-02", "11:03"),
            ("2026-05-02T11:03:20+02:00", nil, "2026-05-02 11:03"),
            ("2026-05-02X11:03:20", "2026-05-02", "2026-05-02X11:03:20"),
            ("2026-05-02T11:03\r\n", nil, "2026-05-02 11:03"),
            // a CR LF or a combining mark makes one Character of two: counted as Characters
            ("2026-05-02T11:0\r\n", "2026-05-02", "11:0\r\n"),
            ("2026-05-02T11:0e\u{301}", "2026-05-02", "11:0e\u{301}"),
            ("2026-05-02T11:0", "2026-05-02", "2026-05-02T11:0")
        ] as [(String, String?, String)])
    func timesCountCharacters(iso: String, huntDay: String?, text: String) {
        #expect(ReportText.time(iso, huntDay: huntDay) == text)
    }

    @Test func hugeValuesPrintInsteadOfTrapping() {
        #expect(MeasureText.distance(1e300).hasSuffix(" km"))
        #expect(MeasureText.duration(1e300).hasSuffix(" h"))
        var evidence = JudgeResults.Evidence()
        evidence.speedKmh = 1e300
        #expect(ReportText.evidence(evidence, targetKind: nil, reasons: [.tooFast], huntDay: nil).contains(" km/h from the previous photo"))
    }
}
