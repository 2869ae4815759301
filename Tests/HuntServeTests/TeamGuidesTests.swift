import Foundation
@testable import HuntKit
@testable import HuntServe
import Testing

/// Guided tasks (`live: bands`, `live: direction`): the answers from positions, what is kept, and
/// what is refused. players-guide.py walks the same on a real page.
@Suite struct TeamGuidesTests {
    @Test("warmer and colder only beyond the fix's accuracy (at least 5 m); the first ask is neither")
    func trend() async {
        let guides = TeamGuides()
        #expect(await guides.trend(team: "owls", task: "t", distance: 500, accuracy: 10) == nil)
        #expect(await guides.trend(team: "owls", task: "t", distance: 495, accuracy: 10) == nil)
        #expect(await guides.trend(team: "owls", task: "t", distance: 480, accuracy: 10) == true)
        #expect(await guides.trend(team: "owls", task: "t", distance: 520, accuracy: 3) == false)
        #expect(await guides.trend(team: "foxes", task: "t", distance: 100, accuracy: 3) == nil)
    }

    @Test("a team is answered at most once a second")
    func admit() async {
        let guides = TeamGuides()
        #expect(await guides.admit("owls"))
        #expect(await !guides.admit("owls"))
        #expect(await guides.admit("foxes"))
    }

    @Test("bands say the band, never a distance; direction the way and the distance to the edge; no position is refused")
    func answers() async throws {
        let fixture = try await ServeFixture { folder in
            let hunt = folder.appendingPathComponent("hunt.yaml")
            var text = try String(contentsOf: hunt, encoding: .utf8)
            text += "  - id: cache\n    title: Cache\n    at: 52.08700, 5.17900\n    live: bands\n"
            text += "  - id: way\n    title: Way\n    at: 52.08800, 5.17600\n    live: direction\n"
            try text.write(to: hunt, atomically: true, encoding: .utf8)
        }
        defer { fixture.remove() }
        let room = PlayersRoom(
            session: fixture.session, tokens: PlayerTokens(secret: Array(repeating: 7, count: 32), teams: ["owls"]), options: PlayersOptions())
        let hot = try await room.guide(
            GuideRequest(task: "cache", lat: 52.08700 + 200 / 111_200, lon: 5.17900, accuracy: 5), team: "owls", language: "es")
        #expect(hot.band == "hot" && hot.bandText == "Caliente" && hot.trend == nil && hot.bearingDegrees == nil && hot.distanceText == nil)
        try await Task.sleep(for: .milliseconds(1_050))
        let way = try await room.guide(
            GuideRequest(task: "way", lat: 52.08800 + 130 / 111_200, lon: 5.17600, accuracy: 5), team: "owls", language: nil)
        #expect(way.bearingDegrees.map { abs($0 - 180) < 1 } == true && way.distanceText == "100 m to go" && way.inside == false)
        await #expect(throws: ServeError.self) {
            try await room.guide(GuideRequest(task: "way", lat: 52.088, lon: 5.176, accuracy: nil), team: "owls", language: nil)
        }
        for (lat, lon, task) in [(Double.nan, 5.0, "way"), (1e308, 5.0, "way"), (52.0, 181.0, "way"), (52.0, 5.0, "kruyt")] {
            await #expect(throws: ServeError.self) {
                try await room.guide(GuideRequest(task: task, lat: lat, lon: lon, accuracy: 5), team: "owls", language: nil)
            }
        }
    }

    @Test("`live: bands` and `live: direction` read, written back, and need a place")
    func hunt() throws {
        var hunt = try HuntLoader().load(
            Array(
                "hunt: G\ntimezone: UTC\ntasks:\n  - id: a\n    title: A\n    at: 52.1, 5.1\n    live: bands\n  - id: b\n    title: B\n    at: 52.1, 5.1\n    live: direction\n  - id: c\n    title: C\n    at: 52.1, 5.1\n    live: true\n"
                    .utf8), displayPath: "g.yaml", baseURL: URL(fileURLWithPath: "/tmp")
        ).get()
        #expect(hunt.tasks.map(\.guide) == [.bands, .direction, nil] && hunt.tasks.map(\.live) == [false, false, true])
        let back = try HuntLoader().load(Array(hunt.yaml().utf8), displayPath: "g.yaml", baseURL: URL(fileURLWithPath: "/tmp")).get()
        #expect(back.tasks.map(\.guide) == hunt.tasks.map(\.guide))
        hunt.tasks[0].target = nil
        #expect(hunt.validate().contains { $0.code.rawValue == "guide-without-target" })
    }
}

/// `opens:` and `unlocked_by:` on the team's page: the task says why it is not there yet, without
/// its clue or buttons, until its time comes or the team has done what unlocks it.
@Suite struct TaskLockTests {
    @Test func lockedUntilItsTimeAndItsTasks() throws {
        let text =
            "hunt: L\ntimezone: Europe/Amsterdam\nwindow: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }\ntasks:\n"
            + "  - { id: quad, title: The Old Quad, at: '52.1, 5.1' }\n"
            + "  - { id: late, title: Late, clue: Look up, at: '52.1, 5.1', opens: '11:00' }\n"
            + "  - { id: next, title: Next, clue: Look down, at: '52.1, 5.1', unlocked_by: [quad] }\n"
        let hunt = try HuntLoader().load(Array(text.utf8), displayPath: "l.yaml", baseURL: URL(fileURLWithPath: "/tmp")).get()
        let reasons = PlayerReasons(hunt: hunt, language: "en")
        let late = try #require(hunt.task("late")), next = try #require(hunt.task("next"))
        #expect(TeamView.locked(late, opened: [], done: [], reasons: reasons, language: "en") == "Opens at 11:00.")
        #expect(TeamView.locked(late, opened: ["late"], done: [], reasons: reasons, language: "en") == nil)
        #expect(TeamView.locked(next, opened: [], done: [], reasons: reasons, language: "en") == "Unlocks once your team has done “The Old Quad”.")
        #expect(TeamView.locked(next, opened: [], done: ["quad"], reasons: reasons, language: "en") == nil)
        let opensAt = try #require(late.opens)
        #expect(hunt.openedTasks(at: opensAt.addingTimeInterval(-1)).isEmpty && hunt.openedTasks(at: opensAt) == ["late"])
        let spanish = PlayerReasons(hunt: hunt, language: "es")
        #expect(TeamView.locked(late, opened: [], done: [], reasons: spanish, language: "es") == "Se abre a las 11:00.")
    }
}
