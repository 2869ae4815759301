import Foundation
import Testing
@testable import HuntKit

/// Reports of `choose` tasks: "2 of 3 done" per team, and a grid cell that shows progress until
/// the task is complete.
@Suite struct ChooseReportTests {
    typealias C = ChooseScoringTests

    static func results() -> JudgeResults {
        JudgingFixtures.judge(
            [
                C.at("foxes/a/1.jpg", "a", C.spots[0], 11),
                C.at("foxes/c/2.jpg", "c", C.spots[2], 12),
                C.at("owls/b/1.jpg", "b", C.spots[1], 11),
                C.at("owls/two-cafes/1.jpg", "two-cafes", JudgingFixtures.cafes[1].coordinate, 13)
            ], hunt: C.hunt())
    }

    @Test func eachTeamsProgressIsShownWithWhatItDid() throws {
        let report = try Report(Self.results())
        let trio = try #require(report.tasks.first { $0.id == "trio" })
        #expect(trio.targetText == "any 2 of these 3: Spot a, Spot b, Spot c")
        #expect(trio.progress?.map(\.text) == ["complete: 2 of 2 done", "1 of 2 done"])
        #expect(trio.progress?.map(\.teamName) == ["Red Foxes", "Night Owls"])
        #expect(trio.progress?[0].done == ["Spot a", "Spot c"])
        let cafes = try #require(report.tasks.first { $0.id == "two-cafes" })
        #expect(cafes.targetText == "any 2 of these 2 places (25 m) from cafes.geojson")
        #expect(cafes.progress?.map(\.text) == ["1 of 2 done"] && cafes.progress?[0].done == ["Café Blanc"])
        #expect(report.tasks.first { $0.id == "tower" }?.progress == nil)
    }

    @Test func theGridShowsProgressUntilTheTaskIsDone() throws {
        let report = try Report(Self.results())
        func cell(_ team: String, _ task: String) -> Report.Cell? {
            report.grid.first { $0.team == team }?.cells.first { $0.task == task }
        }
        #expect(cell("foxes", "trio")?.mark == "✓" && cell("foxes", "trio")?.state == .accepted)
        #expect(cell("owls", "trio")?.mark == "1/2" && cell("owls", "trio")?.state == Report.Cell.State.none)
        // An accepted photo of a café is progress, not a done task.
        #expect(cell("owls", "two-cafes")?.mark == "1/2" && cell("owls", "two-cafes")?.state == Report.Cell.State.none)
        #expect(cell("owls", "b")?.mark == "✓")
        #expect(cell("foxes", "two-cafes")?.mark == "—")
    }

    @Test func aTeamReportShowsOnlyItsOwnProgress() throws {
        let report = try Report(Self.results(), options: ReportOptions(teamID: "owls"))
        #expect(report.tasks.first { $0.id == "trio" }?.progress?.map(\.team) == ["owls"])
    }
}
