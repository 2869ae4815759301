import Foundation
import Mustache
import Testing
@testable import HuntKit

/// The two shortcuts `hunt report` takes on large results — reading submissions without
/// Foundation's decoder, writing the Markdown verdict rows without Mustache — give what the long
/// way gives, or are not taken.
@Suite struct ReportFastPathTests {
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
        r.submissions[3].evidence.distanceM = 1.7976931348623157e308
        r.submissions[4].evidence.speedKmh = 0.1
        return r
    }

    static func allResults() throws -> [JudgeResults] {
        try ReportFixtures.names.map(ReportFixtures.results) + [try ReportFixtures.hostile(), try varied()]
    }

    @Test func readerTakesTheJudgesOwnFilesAndAgreesWithFoundation() throws {
        for results in try Self.allResults() {
            let data = try results.jsonData()
            let quick = try #require(ReportInput.quickDecode(data))
            #expect(quick == (try JudgeResults.decode(data)))
            #expect(quick == results)
        }
    }

    /// Edits to one submission of a judge's file: the quick way gives what Foundation gives or
    /// nothing, and those marked `true` still take it.
    @Test(arguments: [
        // unknown keys are skipped, whatever their value
        (#""judged_verdict":"#, #""note_to_self": {"a": [1, -2.5e3, null, true, false, "x\u00e9\ud83d\ude00"]}, "judged_verdict":"#, true),
        // escapes in values
        (#""team": "foxes""#, #""team": "fo\u0078es\/\t""#, true),
        // a key that only matches after snake_case conversion, one with an escape, a repeated one
        (#""task_source":"#, #""taskSource":"#, false),
        (#""task_source":"#, #""task\u005fsource":"#, false),
        (#""points": 0,"#, #""points": 0, "points": 1,"#, false),
        // keys Foundation's conversion takes for a field and ReportInput.convert did not (shown
        // by .ci/fuzz/results-reader): the first word lowercased, Unicode case mapping (ſ → S),
        // canonical equivalence (the Kelvin sign is K); of two, JSONDecoder takes the first
        (#""task_source":"#, #""Task_source": "x", "task_source":"#, false),
        (#""task_source":"#, "\"task_\u{17F}ource\": \"x\", \"task_source\":", false),
        (#""accuracy_m": 10,"#, "\"speed\u{212A}mh\": 3, \"accuracy_m\": 10,", false),
        (#""judged_verdict":"#, #""Note_To_Self": 1, "judged_verdict":"#, false),
        // numbers Foundation may read differently or not at all
        (#""points": 0,"#, #""points": -0,"#, true),
        (#""accuracy_m": 10,"#, #""accuracy_m": 1E+1,"#, true),
        (#""accuracy_m": 10,"#, #""accuracy_m": -0.25e-2,"#, true),
        (#""accuracy_m": 10,"#, #""accuracy_m": 1e400,"#, false),
        (#""accuracy_m": 10,"#, #""accuracy_m": 1e-400,"#, false),
        (#""accuracy_m": 10,"#, #""accuracy_m": 010,"#, false),
        (#""points": 0,"#, #""points": 0.0,"#, false),
        (#""points": 0,"#, #""points": 1e0,"#, false),
        (#""points": 0,"#, #""points": 99999999999999999999,"#, false),
        (#""points": 0,"#, #""points": null,"#, false),
        (#""points": 0,"#, #""points": "0","#, false),
        // strings it leaves to Foundation
        (#""team": "foxes""#, #""team": "\ud800x""#, false),
        (#""team": "foxes""#, "\"team\": \"fo\u{01}xes\"", false),
        (#""verdict": "rejected""#, #""verdict": "maybe""#, false),
        // a broken array: Foundation words the error
        (#""task_source":"#, #""task_source""#, false),
    ])
    func readerGivesWayWhenUnsure(original: String, edited: String, quick: Bool) throws {
        let data = try ReportFixtures.results("photo-scavenger-hunt").jsonData()
        let text = String(decoding: data, as: UTF8.self)
        let range = try #require(text.range(of: original))
        let changed = Data(text.replacingCharacters(in: range, with: edited).utf8)
        let viaFoundation = try? JudgeResults.decode(changed)
        let viaQuick = ReportInput.quickDecode(changed)
        #expect((viaQuick != nil) == quick)
        if let viaQuick { #expect(viaQuick == viaFoundation) }
        // …and the reports' reading is Foundation's own (unusual keys go to it unconverted).
        #expect((try? ReportInput.decode(changed)) == viaFoundation)
    }

    /// Broken files are left to the long way, which words the error as before.
    @Test(arguments: [
        (#""submissions": ["#, #""submissions": [ ,"#, "the JSON is malformed"),
        (#""schema": 1"#, #""schema": 2"#, "newer than this hunt understands"),
        (#""schema": 1,"#, "", "no `schema` key"),
        (#""task_source": "folder","#, "", "does not match schema 1: `[0].taskSource` is missing"),
    ])
    func badFilesGetTheErrorsTheyGot(original: String, edited: String, message: String) throws {
        let text = String(decoding: try ReportFixtures.results("photo-scavenger-hunt").jsonData(), as: UTF8.self)
        let range = try #require(text.range(of: original))
        let data = Data(text.replacingCharacters(in: range, with: edited).utf8)
        if message != "newer than this hunt understands" { #expect(ReportInput.quickDecode(data) == nil) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fast-path-\(UUID().uuidString).json")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try ReportInput.read(file, displayPath: "r.json")
            Issue.record("read a broken file")
        } catch {
            #expect(error.path == "r.json")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func standardMarkdownLayoutTakesTheShortcut() throws {
        let source = try ReportTemplate.standardForTests(.md).source
        #expect(MarkdownVerdictRows.fastSource(source) != nil, "the row section of report.md.mustache no longer matches MarkdownVerdictRows.section")
    }

    /// The standard layout, and the same with a comment in its row (same output, long way).
    @Test func shortcutRowsMatchMustacheRows() throws {
        let standard = try ReportTemplate.standardForTests(.md)
        var longWay = standard
        longWay.source = standard.source.replacingOccurrences(of: "| {{path}} |", with: "| {{! long way }}{{path}} |")
        #expect(MarkdownVerdictRows.fastSource(longWay.source) == nil)
        for results in try Self.allResults() {
            for team in [nil, results.teams[0].id] {
                let report = try Report(results, options: ReportOptions(teamID: team))
                let fast = try MarkdownReportRenderer(template: standard).render(report)
                let slow = try MarkdownReportRenderer(template: longWay).render(report)
                #expect(fast == slow)
            }
        }
        let empty = try Report(try ReportFixtures.results("where-is-france"), options: ReportOptions())
        var none = empty
        none.verdicts = []
        #expect(try MarkdownReportRenderer(template: standard).render(none) == MarkdownReportRenderer(template: longWay).render(none))
    }

    @Test(arguments: [
        // inside another section, absent values would resolve to the outer object
        ("{{#verdicts}}\n", "{{#columns}}\n{{#verdicts}}\n", "\n{{/verdicts}}\n", "\n{{/verdicts}}\n{{/columns}}\n"),
        // another content type, a delimiter change, a second copy
        ("{{% CONTENT_TYPE: MARKDOWN }}", "{{% CONTENT_TYPE: HTML }}", "", ""),
        ("## Every verdict", "{{=<% %>=}}\n<%={{ }}=%>## Every verdict", "", ""),
        ("{{#has_skipped}}", "{{#verdicts}}\n| {{path}} | {{team_name}} | {{task}} | {{verdict}}{{#overridden}} (judge: {{judged_verdict}}){{/overridden}} | {{points}} | {{where_text}} | {{reasons_text}}{{#review_text}} {{review_text}}{{/review_text}} | {{evidence_text}} |\n{{/verdicts}}\n{{#has_skipped}}", "", ""),
    ])
    func otherLayoutsRenderAsWritten(find: String, replace: String, find2: String, replace2: String) throws {
        var source = try ReportTemplate.standardForTests(.md).source
        source = source.replacingOccurrences(of: find, with: replace)
        if !find2.isEmpty, let last = source.range(of: find2, options: .backwards) {
            source.replaceSubrange(last, with: replace2)
        }
        #expect(MarkdownVerdictRows.fastSource(source) == nil)
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
    ])
    func markdownEscapes(text: String, escaped: String) {
        #expect(MarkdownContentType.escape(text) == escaped)
    }

    @Test(arguments: [
        ("2026-05-02T11:03", true, "11:03"),
        ("2026-05-02T11:03:20+02:00", false, "2026-05-02 11:03"),
        ("2026-05-02X11:03:20", true, "2026-05-02X11:03:20"),
        ("2026-05-02T11:03\r\n", false, "2026-05-02 11:03"),
        // a CR LF or a combining mark makes one Character of two: counted as Characters
        ("2026-05-02T11:0\r\n", true, "11:0\r\n"),
        ("2026-05-02T11:0e\u{301}", true, "11:0e\u{301}"),
        ("2026-05-02T11:0", true, "2026-05-02T11:0"),
    ])
    func timesCountCharacters(iso: String, singleDay: Bool, text: String) {
        #expect(ReportText.time(iso, singleDay: singleDay) == text)
    }

    @Test func hugeValuesPrintInsteadOfTrapping() {
        #expect(MeasureText.distance(1e300).hasSuffix(" km"))
        #expect(MeasureText.duration(1e300).hasSuffix(" h"))
        var evidence = JudgeResults.Evidence()
        evidence.speedKmh = 1e300
        #expect(ReportText.evidence(evidence, reasons: [.tooFast], singleDay: true).contains(" km/h from the previous photo"))
    }
}
