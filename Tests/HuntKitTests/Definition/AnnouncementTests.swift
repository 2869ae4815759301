import Foundation
@testable import HuntKit
import Testing

/// `announcements:` in the hunt file: read with the hunt's timezone and window day, in every
/// language the hunt offers, and written back as they were read.
@Suite struct AnnouncementTests {
    static let text = """
        hunt: { en: Test Hunt, es: Búsqueda }
        languages: [en, es]
        timezone: Europe/Amsterdam
        window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }
        teams: [foxes, owls]
        announcements:
          - { at: 12:00, text: { en: Lunch at the fountain, es: Almuerzo en la fuente } }
          - at: 2026-05-02 15:30
            text: { en: "Half an hour left", es: "Queda media hora" }
            teams: owls
        tasks:
          - id: dom
            title: { en: The Dom Tower, es: La Torre Dom }
            at: 52.09067, 5.12133

        """

    @Test func readAtTheirTimeInEveryLanguageForTheirTeams() throws {
        let result = DefinitionTestSupport.load(Self.text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.oneLine))")
        let hunt = try #require(result.hunt)
        #expect(hunt.announcements.count == 2)
        let lunch = hunt.announcements[0], late = hunt.announcements[1]
        // 12:00 in Amsterdam on 2 May (summer time) is 10:00 UTC.
        #expect(lunch.at == Date(timeIntervalSince1970: 1_777_716_000))
        #expect(lunch.text.text(in: "es") == "Almuerzo en la fuente" && lunch.text.text(in: nil) == "Lunch at the fountain")
        #expect(lunch.isFor("foxes") && lunch.isFor("owls"))
        #expect(late.teams == ["owls"] && !late.isFor("foxes"))
        #expect(late.at.timeIntervalSince(lunch.at) == 3.5 * 3600)
    }

    @Test func writtenBackAsRead() throws {
        let hunt = try #require(DefinitionTestSupport.load(Self.text).hunt)
        let again = DefinitionTestSupport.load(hunt.yaml())
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics.map(\.oneLine))")
        let reread = try #require(again.hunt)
        #expect(reread.announcements.map(\.at) == hunt.announcements.map(\.at))
        #expect(reread.announcements.map(\.text) == hunt.announcements.map(\.text))
        #expect(reread.announcements.map(\.teams) == hunt.announcements.map(\.teams))
    }

    /// A hunt built in code is checked by the same rules as one read from a file.
    @Test func aHuntBuiltInCodeIsCheckedAsAFileIs() throws {
        var hunt = try #require(DefinitionTestSupport.load(Self.text).hunt)
        #expect(hunt.validate().isEmpty, "\(hunt.validate().map(\.oneLine))")
        let end = try #require(hunt.window?.end)
        hunt.announcements = [
            Announcement(at: end + 3600, text: LocalizedText("Dinner"), teams: ["owls", "wolves"]),
            Announcement(at: end - 60, text: LocalizedText(String(repeating: "a", count: 1_001)))
        ]
        let codes = hunt.validate().map { "\($0.severity) \($0.code.rawValue)" }.sorted()
        #expect(codes == ["error text-too-long", "warning announcement-outside-window", "warning announcement-unknown-team"])
    }

    @Test func aTimeAloneWithoutAWindowSaysWhatItNeeds() {
        let result = DefinitionTestSupport.load(
            "hunt: H\ntimezone: UTC\nannouncements: [{ at: 12:00, text: Lunch }]\ntasks:\n  - { id: dom, title: Dom, at: 52.09067, 5.12133 }\n")
        let problem = result.diagnostics.first { $0.code.rawValue == "bad-time" }
        #expect(problem?.location.line == 3)
        #expect(problem?.fix?.contains("window") == true)
    }
}
