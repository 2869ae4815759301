import Foundation
import Testing
@testable import HuntKit

/// Issue 38, "rehearsing means editing the window": `Hunt.rehearsed(on:)` (`hunt serve
/// --rehearse`) moves the hunt's and the tasks' windows to the day asked, keeping their times of day
/// on the hunt's clock, and marks the title.
@Suite("Rehearsing a hunt on another day")
struct RehearsalTests {
    static let yaml = DefinitionTestSupport.hunt(
        tasks: """
              - { id: dom, title: The Dom Tower, at: "52.09067, 5.12133" }
              - { id: sunset, title: Sunset, at: "52.09, 5.12", window: { start: 2026-05-02 14:00, end: 2026-05-02 17:30 } }

            """)

    static func iso(_ hunt: Hunt, _ date: Date?) -> String? {
        date.map { HuntClock(timezone: hunt.timezone).iso($0) }
    }

    /// May (summer time, +02:00) to November (+01:00): the same times on the wall clock.
    @Test func theWindowsMoveToTheDayAtTheirTimesOfDay() throws {
        let hunt = try DefinitionTestSupport.load(Self.yaml).get()
        let rehearsed = hunt.rehearsed(on: Rehearsal.Day(year: 2026, month: 11, day: 27))
        #expect(Self.iso(rehearsed, rehearsed.window?.start) == "2026-11-27T10:00:00+01:00")
        #expect(Self.iso(rehearsed, rehearsed.window?.end) == "2026-11-27T16:00:00+01:00")
        let sunset = try #require(rehearsed.task("sunset")?.window)
        #expect(Self.iso(rehearsed, sunset.start) == "2026-11-27T14:00:00+01:00")
        #expect(Self.iso(rehearsed, sunset.end) == "2026-11-27T17:30:00+01:00")
        #expect(rehearsed.title == "REHEARSAL 2026-11-27 · Test Hunt")
        // The day as written is untouched.
        #expect(Self.iso(hunt, hunt.window?.start) == "2026-05-02T10:00:00+02:00")
        #expect(hunt.title == "Test Hunt")
    }

    /// Backwards too (a hunt already held), and a window over midnight keeps its length in days.
    @Test func aWindowOverSeveralDaysKeepsItsDays() throws {
        let text = Self.yaml.replacingOccurrences(
            of: "window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }",
            with: "window: { start: 2026-05-02 20:00, end: 2026-05-04 02:00 }")
        let hunt = try DefinitionTestSupport.load(text).get()
        let rehearsed = hunt.rehearsed(on: Rehearsal.Day(year: 2026, month: 3, day: 1))
        #expect(Self.iso(rehearsed, rehearsed.window?.start) == "2026-03-01T20:00:00+01:00")
        #expect(Self.iso(rehearsed, rehearsed.window?.end) == "2026-03-03T02:00:00+01:00")
    }

    /// A photo taken today at 11:00 counts in the rehearsal and would be after the window on the day.
    @Test func aPhotoOfTodayIsInsideTheRehearsedWindow() throws {
        let hunt = try DefinitionTestSupport.load(Self.yaml).get()
        let clock = HuntClock(timezone: hunt.timezone)
        let today = Rehearsal.Day(year: 2026, month: 11, day: 27)
        let eleven = try #require(
            clock.instant(of: LocalDateTime(year: 2026, month: 11, day: 27, hour: 11, minute: 0, second: 0), offsetSeconds: nil))
        #expect(hunt.rehearsed(on: today).window?.contains(eleven) == true)
        #expect(hunt.window?.contains(eleven) == false)
    }

    @Test func theDayIsTheMachinesCalendarDay() {
        let noonUTC = Date(timeIntervalSince1970: 1_795_780_800)  // 2026-11-27 12:00 UTC
        #expect(Rehearsal.Day(noonUTC, in: TimeZone(identifier: "UTC")!).text == "2026-11-27")
        #expect(Rehearsal.Day(noonUTC, in: TimeZone(identifier: "Pacific/Kiritimati")!).text == "2026-11-28")
    }
}
