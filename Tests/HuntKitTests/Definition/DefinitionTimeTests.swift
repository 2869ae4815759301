import Foundation
import Testing
@testable import HuntKit

@Suite struct DefinitionTimeTests {
    static let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
    static let utc = TimeZone(identifier: "UTC")!

    /// Seconds since 1970 of a UTC time, for expectations.
    static func utcSeconds(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int = 0) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s))!.timeIntervalSince1970
    }

    @Test(arguments: [
        ("2026-05-02 10:00", utcSeconds(2026, 5, 2, 8, 0)),  // CEST, +02:00
        ("2026-05-02T10:00", utcSeconds(2026, 5, 2, 8, 0)),
        ("2026-05-02 10:00:30", utcSeconds(2026, 5, 2, 8, 0, 30)),
        ("2026-01-15 10:00", utcSeconds(2026, 1, 15, 9, 0)),  // CET, +01:00
        ("2026-05-02T10:00:00+02:00", utcSeconds(2026, 5, 2, 8, 0)),
        ("2026-05-02T10:00:00Z", utcSeconds(2026, 5, 2, 10, 0)),
        ("2026-05-02 10:00 +0530", utcSeconds(2026, 5, 2, 4, 30)),
        ("2026-05-02T10:00:00-04", utcSeconds(2026, 5, 2, 14, 0)),
        ("2026-5-2 9:05", utcSeconds(2026, 5, 2, 7, 5)),
        ("2026-10-25 02:30", utcSeconds(2026, 10, 25, 0, 30)),  // the repeated hour: the first (CEST) one
        ("2028-02-29 12:00", utcSeconds(2028, 2, 29, 11, 0))
    ])
    func parsesInAmsterdam(_ text: String, _ expected: Double) throws {
        let date = try DateTimeText.parse(text, timeZone: Self.amsterdam).get()
        #expect(date.timeIntervalSince1970 == expected, "\(text) → \(date)")
    }

    @Test(arguments: [
        ("2026-05-02", "without a time"),
        ("10:00", "without a date"),
        ("2026-13-01 10:00", "month 13"),
        ("2026-02-29 10:00", "not a date"),
        ("2026-05-02 25:00", "hour 25"),
        ("2026-05-02 10:60", "minute 60"),
        ("2026-03-29 02:30", "does not exist"),
        ("May 2nd 2026", "expected a date"),
        ("2026-05-02 10:00 CEST", "expected a date"),
        ("2026/05/02 10:00", "expected a date")
    ])
    func rejects(_ text: String, _ why: String) {
        switch DateTimeText.parse(text, timeZone: Self.amsterdam) {
        case .success(let d): Issue.record("\(text) parsed as \(d)")
        case .failure(let problem): #expect(problem.description.contains(why), "\(text): \(problem)")
        }
    }

    @Test func timeOnlyTakesTheDefaultDate() throws {
        let date = try DateTimeText.parse("14:30", timeZone: Self.amsterdam, defaultDate: (2026, 5, 2)).get()
        #expect(date.timeIntervalSince1970 == Self.utcSeconds(2026, 5, 2, 12, 30))
    }

    @Test func formatsInTheZone() {
        let date = Date(timeIntervalSince1970: Self.utcSeconds(2026, 5, 2, 8, 0))
        #expect(DateTimeText.format(date, timeZone: Self.amsterdam) == "2026-05-02 10:00")
        #expect(DateTimeText.format(date, timeZone: Self.utc, dateIncluded: false) == "08:00")
    }

    @Test(arguments: [(253_402_300_800.0, 10_000, 1, 1), (-62_198_755_200.0, -1, 1, 1), (1_777_680_000, 2026, 5, 2)])
    func localDatesOutsideFourDigitYears(seconds: Double, year: Int, month: Int, day: Int) throws {
        // Was read back from the formatted text, so a fifth digit or a sign gave the wrong day.
        let date = DateTimeText.localDate(Date(timeIntervalSince1970: seconds), timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(date == (year, month, day))
    }

    @Test func windowTimesUseTheHuntTimezone() throws {
        let text = """
            hunt: H
            timezone: America/New_York
            window: { start: 2026-07-04 09:00, end: 17:00 }
            tasks: []
            """
        let result = DefinitionTestSupport.load(text)
        let window = try #require(result.hunt?.window)
        #expect(window.start.timeIntervalSince1970 == Self.utcSeconds(2026, 7, 4, 13, 0))
        #expect(window.end.timeIntervalSince1970 == Self.utcSeconds(2026, 7, 4, 21, 0))
        #expect(result.summary.contains("window 2026-07-04 09:00–17:00 America/New_York"))
    }

    @Test(arguments: [
        ("Europe/Amsterdm", "Europe/Amsterdam"), ("europe/amsterdam", "Europe/Amsterdam"), ("Amsterdam", "Europe/Amsterdam"),
        ("America/New York", "America/New_York"), ("Europe/Amstredam", "Europe/Amsterdam"),
        ("AEDT", "Australia/Sydney"), ("AEST", "Australia/Sydney"), ("NZDT", "Pacific/Auckland"), ("BRT", "America/Sao_Paulo"),
        ("CEST", "Europe/Paris")
    ])
    func timezoneSuggestions(_ typed: String, _ expected: String) {
        #expect(TimezoneNames.zone(named: typed) == nil)
        #expect(TimezoneNames.suggestion(for: typed) == expected)
    }

    /// Issue 38: a Melbourne hunt written `timezone: AEDT` was offered only Sydney.
    @Test("an abbreviation several zones share offers each of them")
    func sharedAbbreviations() {
        #expect(TimezoneNames.suggestions(for: "AEDT") == ["Australia/Sydney", "Australia/Melbourne", "Australia/Hobart"])
        #expect(TimezoneNames.suggestions(for: "AEST").contains("Australia/Brisbane"))
        #expect(TimezoneNames.suggestions(for: "Europe/Amsterdm") == ["Europe/Amsterdam"])
        let result = DefinitionTestSupport.load("hunt: H\ntimezone: AEDT\ntasks:\n  - { id: a, title: A, at: [0.1, 0.1] }\n")
        #expect(result.diagnostics.contains { $0.fix?.contains("`Australia/Melbourne`") == true })
    }
}
