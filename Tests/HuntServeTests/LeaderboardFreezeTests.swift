import Foundation
@testable import HuntKit
@testable import HuntServe
import HuntTestSupport
import Testing

/// `leaderboard: { freeze: … }`: what viewers and teams see before, during and after the freeze,
/// kept across a restart; the browser check (serve-freeze.py) plays the same on real pages.
@Suite struct LeaderboardFreezeTests {
    static let end = Date(timeIntervalSince1970: 1_780_000_000)
    static let start = end.addingTimeInterval(-900)
    static let clock = HuntClock(timezone: TimeZone(identifier: "Europe/Amsterdam")!)

    static func hunt(freeze: TimeSpan? = TimeSpan(seconds: 900)) -> Hunt {
        var hunt = Hunt(title: "Freeze", window: TimeWindow(start: end.addingTimeInterval(-6 * 3600), end: end))
        hunt.leaderboardFreeze = freeze
        return hunt
    }

    static func board(_ points: Int, generation: Int = 1) -> LeaderboardAnswer {
        LeaderboardAnswer(
            generation: generation, title: "Freeze", teams: [.init(rank: 1, id: "owls", name: "Night Owls", points: points, tasksDone: 1)],
            recent: [.init(team: "Night Owls", task: "Dom", at: nil, photo: "/api/photo?shown=abc")], submissions: 1, undecided: 0)
    }

    static func scratchFile() -> String { Scratch.root.appendingPathComponent("board-\(UUID().uuidString).json").path }

    @Test("before the freeze viewers see the truth; from its start the last standings before it, until the reveal")
    func freezesAndReveals() throws {
        let path = Self.scratchFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var freeze = LeaderboardFreeze(path: path, hunt: Self.hunt())
        #expect(freeze.start == Self.start)
        let before = freeze.shown(Self.board(10), at: Self.start.addingTimeInterval(-60), clock: Self.clock)
        #expect(before == Self.board(10))
        #expect(!FileManager.default.fileExists(atPath: path))
        // The first judgement after the start: the viewers keep the one before it.
        let during = freeze.shown(Self.board(25, generation: 2), at: Self.start.addingTimeInterval(30), clock: Self.clock)
        #expect(during.teams[0].points == 10 && during.generation == 2 && during.frozenSince == Self.clock.iso(Self.start))
        #expect(freeze.forJudges(Self.board(25), at: Self.start.addingTimeInterval(30), clock: Self.clock).teams[0].points == 25)
        #expect(FileManager.default.fileExists(atPath: path))
        // A server started again during the freeze shows the same standings (without the old run's photo ids).
        var again = LeaderboardFreeze(path: path, hunt: Self.hunt())
        let restarted = again.shown(Self.board(40), at: Self.start.addingTimeInterval(60), clock: Self.clock)
        #expect(restarted.teams[0].points == 10 && restarted.recent[0].photo == nil && again.problem == nil)
        // The reveal: everyone sees the truth, also after another restart; a second one is refused.
        let revealed = again.reveal(at: Self.start.addingTimeInterval(120))
        let twice = again.reveal(at: Self.start.addingTimeInterval(121))
        #expect(revealed && !twice)
        let final = again.shown(Self.board(40), at: Self.end, clock: Self.clock)
        #expect(final == Self.board(40))
        var after = LeaderboardFreeze(path: path, hunt: Self.hunt())
        let afterRestart = after.shown(Self.board(41), at: Self.end, clock: Self.clock)
        #expect(after.revealedAt != nil && afterRestart.teams[0].points == 41)
    }

    @Test("a server that was not running at the freeze's start freezes the standings it has")
    func startedDuringTheFreeze() {
        let path = Self.scratchFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var freeze = LeaderboardFreeze(path: path, hunt: Self.hunt())
        let first = freeze.shown(Self.board(25), at: Self.start.addingTimeInterval(5), clock: Self.clock)
        let next = freeze.shown(Self.board(30), at: Self.start.addingTimeInterval(9), clock: Self.clock)
        #expect(first.teams[0].points == 25 && next.teams[0].points == 25)
    }

    @Test("no freeze, or none yet: nothing is frozen and nothing to reveal")
    func withoutAFreeze() {
        var none = LeaderboardFreeze(path: Self.scratchFile(), hunt: Self.hunt(freeze: nil))
        #expect(none.start == nil && !none.isFrozen(at: Self.end))
        let shown = none.shown(Self.board(5), at: Self.end, clock: Self.clock)
        let revealed = none.reveal(at: Self.end)
        #expect(shown == Self.board(5) && !revealed)
        var early = LeaderboardFreeze(path: Self.scratchFile(), hunt: Self.hunt())
        let tooEarly = early.reveal(at: Self.start.addingTimeInterval(-1))
        #expect(!tooEarly)
    }

    @Test("an unreadable kept file is named, and the freeze starts again from the standings")
    func unreadableFile() throws {
        let path = Self.scratchFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        var freeze = LeaderboardFreeze(path: path, hunt: Self.hunt())
        #expect(freeze.problem?.contains(path) == true && freeze.problem?.contains("could not be read") == true)
        let shown = freeze.shown(Self.board(7), at: Self.start.addingTimeInterval(1), clock: Self.clock)
        #expect(shown.teams[0].points == 7)
    }

    @Test("the session: the reveal is refused while nothing is frozen, and the viewers' board is the truth")
    func sessionWithoutFreeze() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let truth = try #require(await fixture.session.currentLeaderboard())
        #expect(await fixture.session.currentLeaderboard(forJudges: false) == truth)
        await #expect(throws: ServeError.self) { try await fixture.session.reveal() }
    }
}
