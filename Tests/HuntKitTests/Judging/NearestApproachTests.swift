import Foundation
import Testing
@testable import HuntKit

/// How near teams came to the tasks they have not completed (`TeamResult.approaches`) and, while
/// nobody has completed a task, the nearest photos of all teams (`TaskResult.nearest`).
@Suite("nearest approaches")
struct NearestApproachTests {
    typealias F = JudgingFixtures

    /// The fixture hunt over four days, so that the best of each day can be told apart.
    static func fourDayHunt() -> Hunt {
        var hunt = F.hunt()
        hunt.window = TimeWindow(start: F.at(10, 0), end: F.at(16, 0).addingTimeInterval(3 * 86_400))
        return hunt
    }

    /// `hour` o'clock on the fixture day plus `day` days.
    static func on(_ day: Int, _ hour: Int) -> Date { F.at(hour, 0).addingTimeInterval(Double(day) * 86_400) }

    /// A photo for the tower (a 75 m circle), `metres` east of its centre.
    static func tower(_ path: String, metres: Double, day: Int, hour: Int = 11) -> JudgeInput {
        F.input(path, task: "tower", F.photo(path, near: F.tower, metres: metres, time: on(day, hour)))
    }

    @Test("nobody completed the task: the nearest photo of each day, three at most, from every team")
    func nearestOfEachDay() throws {
        let results = F.judge(
            [
                Self.tower("foxes/tower/a.jpg", metres: 400, day: 0),
                Self.tower("foxes/tower/b.jpg", metres: 275, day: 0, hour: 12),  // foxes' best of day 0
                Self.tower("owls/tower/c.jpg", metres: 175, day: 0, hour: 13),  // the best of day 0
                Self.tower("owls/tower/d.jpg", metres: 575, day: 1),
                Self.tower("foxes/tower/e.jpg", metres: 1075, day: 2),
                Self.tower("owls/tower/f.jpg", metres: 2075, day: 3)  // the fourth day: not kept
            ], hunt: Self.fourDayHunt())
        #expect(results.submissions.allSatisfy { $0.reasons == [.outsideTarget] })
        let tower = try #require(results.tasks.first { $0.id == "tower" })
        let nearest = try #require(tower.nearest)
        #expect(nearest.map(\.rank) == [1, 2, 3])
        #expect(nearest.map(\.submission) == ["owls/tower/c.jpg", "owls/tower/d.jpg", "foxes/tower/e.jpg"])
        #expect(nearest.map(\.team) == ["owls", "owls", "foxes"])
        #expect(zip(nearest.map(\.distanceM), [100.0, 500, 1000]).allSatisfy { abs($0 - $1) < 1 })
        #expect(nearest.allSatisfy { $0.points == 0 })
        #expect(nearest[0].at?.text == "2026-05-02T13:00:00+02:00")

        // Each team's own: its best of each day.
        let foxes = try #require(results.team("foxes")).approaches.filter { $0.task == "tower" }
        #expect(foxes.map(\.submission) == ["foxes/tower/b.jpg", "foxes/tower/e.jpg"])
        #expect(foxes.map(\.day) == ["2026-05-02", "2026-05-04"])
        #expect(abs(foxes[0].distanceM - 200) < 1)
        let owls = try #require(results.team("owls")).approaches.filter { $0.task == "tower" }
        #expect(owls.map(\.submission) == ["owls/tower/c.jpg", "owls/tower/d.jpg", "owls/tower/f.jpg"])
        // Tasks a team sent nothing for have no approaches.
        #expect(results.teams.allSatisfy { team in team.approaches.allSatisfy { $0.task == "tower" } })
    }

    @Test("a photo rejected for another reason than being outside is no approach; one waiting for review is, at 0 m inside")
    func whichPhotosCount() throws {
        var hunt = F.hunt()
        hunt.window = TimeWindow(start: F.at(12, 0), end: F.at(16, 0))
        let results = F.judge(
            [
                // Before the window (rejected for that): not an approach, though nearest.
                F.input("foxes/tower/early.jpg", task: "tower", F.photo("early", near: F.tower, metres: 100, time: F.at(11, 0))),
                F.input("foxes/tower/far.jpg", task: "tower", F.photo("far", near: F.tower, metres: 300, time: F.at(13, 0))),
                // 73 m from the centre of a 75 m circle with 5 m accuracy: uncertain, so review.
                F.input("owls/tower/edge.jpg", task: "tower", F.photo("edge", near: F.tower, metres: 73, time: F.at(13, 0)))
            ], hunt: hunt)
        #expect(Set(results.submission(at: "foxes/tower/early.jpg")?.reasons ?? []) == [.beforeWindow, .outsideTarget])
        #expect(results.submission(at: "owls/tower/edge.jpg")?.verdict == .review)
        let nearest = try #require(results.tasks.first { $0.id == "tower" }?.nearest)
        #expect(nearest.map(\.submission) == ["owls/tower/edge.jpg"])  // one day: the best of it
        #expect(nearest[0].distanceM == 0)
        let foxes = try #require(results.team("foxes")).approaches
        #expect(foxes.map(\.submission) == ["foxes/tower/far.jpg"])
    }

    @Test("once a team completes the task, the task has no nearest and that team no approach to it; the others keep theirs")
    func completedTask() throws {
        let results = F.judge([
            Self.tower("foxes/tower/a.jpg", metres: 10, day: 0),
            Self.tower("owls/tower/b.jpg", metres: 275, day: 0)
        ])
        let tower = try #require(results.tasks.first { $0.id == "tower" })
        #expect(tower.completedBy.map(\.team) == ["foxes"])
        #expect(tower.nearest == nil)
        #expect(results.team("foxes")?.approaches.isEmpty == true)
        #expect(results.team("owls")?.approaches.map(\.submission) == ["owls/tower/b.jpg"])
    }

    @Test("the nearest photos are written to results.json and read back")
    func roundTrip() throws {
        let results = F.judge([Self.tower("owls/tower/b.jpg", metres: 275, day: 0)])
        let data = try results.jsonData()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"nearest\": [\n"))
        #expect(try JudgeResults.decode(data) == results)
    }
}
