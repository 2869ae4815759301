import Foundation
import Testing
@testable import HuntKit

/// "Choose N of a set": a group scores its points once, at the photo that completes the N-th of
/// its tasks, and a `places:` task with `choose` once N different places are done.
@Suite("choose N of a set")
struct ChooseScoringTests {
    typealias F = JudgingFixtures

    static let spots = [
        Coordinate(latitude: 52.0950, longitude: 5.1100), Coordinate(latitude: 52.0980, longitude: 5.1300),
        Coordinate(latitude: 52.0850, longitude: 5.1350)
    ]

    /// The fixture hunt plus a group `trio` (any 2 of `a`, `b`, `c`, 30 points) and `two-cafes`
    /// (any 2 of the fixture's cafés, 15 points).
    static func hunt() -> Hunt {
        var members = ["a", "b", "c"].enumerated().map { i, id in
            HuntTask(id: id, title: "Spot \(id)", points: 0, target: .circle(center: spots[i], radius: .metres(40)), location: F.here)
        }
        var group = HuntTask(id: "trio", title: "Any two spots", points: 30, location: F.here)
        group.choose = Choice(count: 2, tasks: ["a", "b", "c"], location: F.here)
        var places = PlacesTarget(path: "cafes.geojson", url: URL(fileURLWithPath: "/tmp/cafes.geojson"), radius: .metres(25))
        places.places = F.cafes
        var cafes = HuntTask(id: "two-cafes", title: "Two cafés", points: 15, target: .places(places), location: F.here)
        cafes.choose = Choice(count: 2, location: F.here)
        members.insert(group, at: 0)
        return F.hunt(extraTasks: members + [cafes])
    }

    static func at(_ path: String, _ task: String, _ point: Coordinate, _ hour: Int, _ minute: Int = 0) -> JudgeInput {
        F.input(path, task: task, F.photo(path, near: point, metres: 5, time: F.at(hour, minute)))
    }

    @Test("a group scores once, at the photo of its N-th task; its tasks score nothing of their own")
    func groupScoresAtTheNth() throws {
        let results = F.judge(
            [
                Self.at("foxes/a/1.jpg", "a", Self.spots[0], 11),
                Self.at("foxes/c/2.jpg", "c", Self.spots[2], 12),
                Self.at("foxes/b/3.jpg", "b", Self.spots[1], 13),  // a third: nothing more
                Self.at("foxes/a/4.jpg", "a", Self.spots[0], 14),  // again: nothing
                Self.at("owls/b/1.jpg", "b", Self.spots[1], 11)
            ], hunt: Self.hunt())
        #expect(results.submissions.allSatisfy { $0.verdict == .accepted })
        let foxes = try #require(results.team("foxes"))
        #expect(foxes.points == 30)
        #expect(foxes.reachedAt?.text == "2026-05-02T12:00:00+02:00", "the third task done (0 points) does not move when the score was reached")
        #expect(foxes.completions.filter { $0.points > 0 }.map(\.task) == ["trio"])
        #expect(foxes.completions.first { $0.task == "trio" }?.submission == "foxes/c/2.jpg")
        #expect(results.submission(at: "foxes/c/2.jpg")?.points == 30)
        #expect(results.submissions.filter { $0.path != "foxes/c/2.jpg" }.allSatisfy { $0.points == 0 })
        let owls = try #require(results.team("owls"))
        #expect(owls.points == 0 && owls.reachedAt == nil)

        let trio = try #require(results.tasks.first { $0.id == "trio" })
        #expect(trio.choose == 2 && trio.tasks == ["a", "b", "c"] && trio.target == nil)
        #expect(
            trio.progress == [
                JudgeResults.ChoiceProgress(team: "foxes", done: ["a", "c", "b"]),
                JudgeResults.ChoiceProgress(team: "owls", done: ["b"])
            ])
        #expect(trio.completedBy.map(\.team) == ["foxes"] && trio.completedBy[0].points == 30)
        // The group's tasks are done by whoever did them (0 points each); ordinary tasks say nothing of choosing.
        #expect(results.tasks.first { $0.id == "b" }?.completedBy.map(\.team).sorted() == ["foxes", "owls"])
        #expect(results.tasks.first { $0.id == "tower" }.map { $0.choose == nil && $0.progress == nil } == true)
    }

    @Test("a places task with choose scores once N different places are done")
    func placesScoreAtTheNthPlace() throws {
        let results = F.judge(
            [
                Self.at("foxes/two-cafes/1.jpg", "two-cafes", F.cafes[0].coordinate, 11),
                Self.at("foxes/two-cafes/2.jpg", "two-cafes", F.cafes[0].coordinate, 11, 30),  // the same café again
                Self.at("foxes/two-cafes/3.jpg", "two-cafes", F.cafes[1].coordinate, 12),
                Self.at("owls/two-cafes/1.jpg", "two-cafes", F.cafes[1].coordinate, 11)
            ], hunt: Self.hunt())
        #expect(results.team("foxes")?.points == 15)
        #expect(results.submission(at: "foxes/two-cafes/3.jpg")?.points == 15)
        #expect(results.team("owls")?.points == 0)
        let cafes = try #require(results.tasks.first { $0.id == "two-cafes" })
        #expect(cafes.choose == 2 && cafes.tasks == nil)
        #expect(
            cafes.progress == [
                JudgeResults.ChoiceProgress(team: "foxes", done: ["Café Noir", "Café Blanc"]),
                JudgeResults.ChoiceProgress(team: "owls", done: ["Café Blanc"])
            ])
    }

    @Test("a photo sent for the group itself counts for the group's task whose target holds it")
    func photoForTheGroup() throws {
        let results = F.judge(
            [
                Self.at("foxes/trio/1.jpg", "trio", Self.spots[0], 11),
                Self.at("foxes/trio/2.jpg", "trio", Self.spots[2], 12),
                F.input("owls/trio/far.jpg", task: "trio", F.photo("far", near: Self.spots[1], metres: 500, time: F.at(11, 0)))
            ], hunt: Self.hunt())
        #expect(results.submission(at: "foxes/trio/1.jpg")?.task == "a" && results.submission(at: "foxes/trio/1.jpg")?.verdict == .accepted)
        #expect(results.submission(at: "foxes/trio/2.jpg")?.task == "c")
        #expect(results.team("foxes")?.points == 30)
        let far = try #require(results.submission(at: "owls/trio/far.jpg"))
        #expect(far.task == "b" && far.reasons == [.outsideTarget], "outside all of them: judged against the nearest")
    }

    @Test("results.json carries choose, a group's tasks and the progress, and reads back the same")
    func resultsRoundTrip() throws {
        let results = F.judge(
            [Self.at("foxes/a/1.jpg", "a", Self.spots[0], 11), Self.at("foxes/b/2.jpg", "b", Self.spots[1], 12)],
            hunt: Self.hunt())
        let data = try results.jsonData()
        #expect(try JudgeResults.decode(data) == results)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // The hand-written writer says what Foundation's encoder would, through the same CodingKeys.
        let written = try JSONSerialization.jsonObject(with: data) as? NSDictionary
        let encoded = try JSONSerialization.jsonObject(with: encoder.encode(results)) as? NSDictionary
        #expect(written == encoded)
        let trio = (written?["tasks"] as? [NSDictionary])?.first { $0["id"] as? String == "trio" }
        #expect(trio?["choose"] as? Int == 2 && trio?["tasks"] as? [String] == ["a", "b", "c"])
        #expect((trio?["progress"] as? [NSDictionary])?.first?["done"] as? [String] == ["a", "b"])
    }
}
