import Foundation
import Testing
@testable import HuntKit

/// The results' typed fields — the enums, `Timestamp`, `DiagnosticCode` — read and write exactly
/// the JSON words the strings they replaced did, and a results file reads and writes back byte
/// for byte.
@Suite struct TypedResultsTests {
    @Test(arguments: ReportFixtures.names)
    func aResultsFileReadsAndWritesBackByteForByte(name: String) throws {
        var data = try Data(contentsOf: ReportFixtures.bundled.appendingPathComponent("results-\(name).json"))
        let results = try JudgeResults.decode(data)
        // The fixtures are kept without the judge's final newline.
        if data.last != 0x0A { data.append(0x0A) }
        #expect(try results.jsonData() == data)
        #expect(results.submissions.contains { $0.evidence.capturedAt != nil && $0.evidence.timeSource != nil && $0.evidence.format != nil })
    }

    static func roundTrip<T: Codable & Equatable>(_ value: T) throws -> (json: String, back: T) {
        let data = try JSONEncoder().encode([value])
        return (String(decoding: data, as: UTF8.self), try JSONDecoder().decode([T].self, from: data)[0])
    }

    /// Each enum's words are the ones results.json has always held, and each reads back.
    @Test func theEnumsWriteTheWordsTheJudgeWrote() throws {
        #expect(Submission.TaskSource.allCases.map(\.rawValue) == ["folder", "file-name", "manifest", "auto", "review", "answer"])
        #expect(JudgeResults.Evidence.AccuracySource.allCases.map(\.rawValue) == ["photo", "policy", "browser"])
        #expect(JudgeResults.Evidence.TimeSource.allCases.map(\.rawValue) == ["offset", "hunt-timezone", "gps"])
        #expect(JudgeResults.Evidence.PositionSource.allCases.map(\.rawValue) == ["browser", "check-in"])
        #expect(Target.Kind.allCases.map(\.rawValue) == ["circle", "area", "places"])
        for value in Submission.TaskSource.allCases { #expect(try Self.roundTrip(value) == ("[\"\(value.rawValue)\"]", value)) }
        for value in JudgeResults.Evidence.AccuracySource.allCases { #expect(try Self.roundTrip(value) == ("[\"\(value.rawValue)\"]", value)) }
        for value in JudgeResults.Evidence.TimeSource.allCases { #expect(try Self.roundTrip(value) == ("[\"\(value.rawValue)\"]", value)) }
        for value in JudgeResults.Evidence.PositionSource.allCases { #expect(try Self.roundTrip(value) == ("[\"\(value.rawValue)\"]", value)) }
        for value in Target.Kind.allCases { #expect(try Self.roundTrip(value) == ("[\"\(value.rawValue)\"]", value)) }
        for value in PhotoMetadata.Format.allCases { #expect(try Self.roundTrip(value) == ("[\"\(value.rawValue)\"]", value)) }
        for value in PhotoMetadata.Media.allCases { #expect(try Self.roundTrip(value) == ("[\"\(value.rawValue)\"]", value)) }
    }

    @Test(
        arguments: [
            ("2026-05-02T10:15:00+02:00", 1_777_709_700.0, 7200),
            ("2026-05-02T08:15:00Z", 1_777_709_700.0, 0),
            ("2026-05-02T10:15:00.250+02:00", 1_777_709_700.25, 7200),
            ("2026-05-02T10:15:00.5-03:30", 1_777_729_500.5, -12_600)
        ] as [(String, Double, Int)])
    func aTimestampIsItsTextAndItsInstant(text: String, seconds: Double, offset: Int) throws {
        let timestamp = try #require(Timestamp(text))
        #expect(timestamp.text == text && timestamp.date.timeIntervalSince1970 == seconds && timestamp.offsetSeconds == offset)
        #expect(timestamp.day == String(text.prefix(10)) && "\(timestamp)" == text)
        #expect(try Self.roundTrip(timestamp) == ("[\"\(text)\"]", timestamp))
    }

    @Test(arguments: [
        "2026-05-02T10:15:00", "2026-05-02 10:15:00+02:00", "2026-02-30T10:15:00Z", "2026-05-02T10:15+02:00",
        "2026-05-02T10:15:00.+02:00", "2026-05-02T10:15:00+02:00 ", "garbage", ""
    ])
    func aTimestampNeedsADateATimeAndAnOffset(text: String) throws {
        #expect(Timestamp(text) == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Timestamp].self, from: Data("[\"\(text)\"]".utf8)) }
    }

    /// What the judge writes for an instant is `HuntClock.iso`'s text, and reads back equal.
    @Test func theJudgesTimesReadBackEqual() throws {
        let clock = HuntClock(timezone: try #require(TimeZone(identifier: "Europe/Amsterdam")))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let date = Date(timeIntervalSince1970: Double.random(in: 1.5e9...2e9, using: &generator))
            let written = clock.timestamp(date)
            #expect(written.text == clock.iso(date))
            #expect(Timestamp(written.text) == written)
            #expect(abs(written.date.timeIntervalSince(date)) <= 0.0005)
        }
    }

    /// A timestamp made from an instant is the one its text reads back as, at every offset the
    /// text can write (to the minute, up to ±18:59) and every four-digit year; text the reader
    /// does not take (a fifth digit of year, an offset past 18 hours) keeps the instant as given.
    @Test(arguments: [0, 7200, -12_600, 19_800, -1_521, 45, -45, 18 * 3600 + 59 * 60, -(18 * 3600 + 59 * 60)])
    func aTimestampOfAnInstantIsTheOneItsTextReads(offset: Int) throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            // From the year 4 to the year 9892, to the microsecond and beyond.
            let made = Timestamp(Date(timeIntervalSince1970: Double.random(in: -6.2e10...2.5e11, using: &generator)), offsetSeconds: offset)
            #expect(Timestamp(made.text) == made)
        }
        for (date, offset) in [(Date(timeIntervalSince1970: 3e11), offset), (Date(timeIntervalSince1970: 1.8e9), 19 * 3600)] {
            let unread = Timestamp(date, offsetSeconds: offset)
            #expect(Timestamp(unread.text) == nil && unread.date == date && unread.offsetSeconds == offset)
        }
    }

    /// Ordered by instant, whatever the offsets; one instant written two ways is not equal.
    @Test func timestampsCompareByInstant() throws {
        let summer = try #require(Timestamp("2026-05-02T10:00:00+02:00")), utc = try #require(Timestamp("2026-05-02T09:30:00Z"))
        #expect(summer < utc && summer.text > utc.text)
        let same = try #require(Timestamp("2026-05-02T08:00:00Z"))
        #expect(same.date == summer.date && same != summer && (same < summer) != (summer < same))
    }

    @Test func diagnosticCodesAreTheirText() throws {
        let code: DiagnosticCode = "manifest-header"
        #expect(code.rawValue == "manifest-header" && "\(code)" == "manifest-header")
        #expect(DiagnosticCode(.duplicateId) == "duplicate-id")
        #expect(try Self.roundTrip(code) == ("[\"manifest-header\"]", code))
        let diagnostic = Diagnostic.error("unknown-key", "no `radus` here", at: SourceLocation(file: "hunt.yaml", line: 3, column: 1))
        #expect(try Self.roundTrip(diagnostic).back == diagnostic)
        #expect(try Self.roundTrip(diagnostic).json.contains("\"code\":\"unknown-key\""))
    }

    @Test func theReviewQueueComesWithItsFindings() throws {
        for name in ReportFixtures.names {
            let results = try ReportFixtures.results(name)
            #expect(results.reviewItems.map(\.path) == results.reviewQueue)
            #expect(results.reviewItems.allSatisfy { $0.verdict == .review && !$0.findings.isEmpty })
            for s in results.submissions { #expect(results.submission(at: s.path) == s) }
            #expect(results.submission(at: "nobody/nothing.jpg") == nil)
        }
    }
}
