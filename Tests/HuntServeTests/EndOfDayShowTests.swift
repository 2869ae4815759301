import Foundation
@testable import HuntKit
@testable import HuntServe
import Testing

/// The end-of-day show's choices: the judges' stars, a team's no, what viewers get, and a kept
/// file that cannot be read (never written over). serve-show.py plays the same in Chromium.
@Suite struct EndOfDayShowTests {
    @Test("every accepted photo until the judges star some; a team's no leaves its photos out; kept across sessions")
    func starsAndTeams() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let session = fixture.session
        let all = await session.showAnswer(forJudges: false)
        let results = try #require(await session.results)
        let accepted = results.submissions.filter { $0.verdict == .accepted && $0.evidence.format?.media == .photo }
        #expect(!all.starredOnly && all.slides.count == accepted.count && all.starredIDs == nil && all.podium?.count == 3)
        // Two stars, one of them the owls'; then the owls say no.
        let owls = try #require(accepted.first { $0.team == "owls" })
        let foxes = try #require(accepted.first { $0.team == "foxes" })
        let index = await session.index
        for path in [owls.path, foxes.path] {
            let id = try #require(index.byPath[path].map { index.ids[$0] })
            _ = try await session.star(id: id, starred: true)
        }
        #expect(await session.showAnswer(forJudges: false).slides.count == 2)
        try await session.showTeam("owls", shown: false)
        let show = await session.showAnswer(forJudges: true)
        #expect(show.starredOnly && show.slides.map(\.team) == ["Red Foxes"] && show.teamsWithheld == 1 && show.starredIDs?.count == 2)
        // The slide's photo is served to viewers; the withheld team's is not.
        let shownID = try #require(show.slides.first?.photo.split(separator: "=").last.map(String.init))
        #expect(await session.recentPhotoPath(shown: shownID) == foxes.path)
        #expect(await session.showPhotoPath(shown: session.shownID(of: owls.path)) == nil)
        let (owlsShown, foxesShown) = (await session.teamShown("owls"), await session.teamShown("foxes"))
        #expect(!owlsShown && foxesShown)
        // A new session on the same files has the same show.
        let again = try ServeSession(configuration: session.configuration)
        await again.judgeFolder()
        #expect(await again.showAnswer(forJudges: false).slides.map(\.team) == ["Red Foxes"])
    }

    @Test("a star for no submission is refused with 404")
    func unknownStar() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        await #expect(throws: ServeError.self) { try await fixture.session.star(id: "nope", starred: true) }
    }

    @Test("a kept file that cannot be read is named and never written over")
    func unreadableFile() async throws {
        let fixture = try await ServeFixture { folder in
            try Data("{ broken".utf8).write(to: folder.appendingPathComponent("reviews.show.json"))
        }
        defer { fixture.remove() }
        do {
            try await fixture.session.showTeam("owls", shown: false)
            Issue.record("a change was written over an unreadable file")
        } catch {
            #expect(error.description.contains("reviews.show.json") && error.description.contains("could not be read"))
        }
        let kept = try String(contentsOf: fixture.folder.appendingPathComponent("reviews.show.json"), encoding: .utf8)
        #expect(kept == "{ broken")
        // The show itself still plays, with nothing withheld or starred.
        #expect(await !fixture.session.showAnswer(forJudges: false).slides.isEmpty)
    }

    @Test("with --hide-board-photos the show has the podium and no photo")
    func hiddenPhotos() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        var configuration = fixture.session.configuration
        configuration.boardPhotos = false
        let session = try ServeSession(configuration: configuration)
        await session.judgeFolder()
        let show = await session.showAnswer(forJudges: false)
        #expect(show.photosHidden && show.slides.isEmpty && show.podium?.count == 3)
    }
}
