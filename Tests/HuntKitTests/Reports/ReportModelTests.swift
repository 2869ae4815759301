import Foundation
import Testing
@testable import HuntKit

@Suite struct ReportModelTests {
    @Test func gridShowsTheBestVerdictOfEachTeamOnEachTask() throws {
        let results = try ReportFixtures.results("photo-scavenger-hunt")
        let report = try Report(results)
        #expect(report.grid.map(\.team) == results.teams.map(\.id))
        #expect(report.columns.map(\.task) == results.tasks.map(\.id))
        for row in report.grid {
            let team = results.teams.first { $0.id == row.team }!
            for cell in row.cells {
                let photos = results.submissions.filter { $0.team == row.team && $0.task == cell.task }
                let expected: Report.Cell.State =
                    team.completions.contains { $0.task == cell.task } || photos.contains { $0.verdict == .accepted }
                    ? .accepted
                    : photos.contains { $0.verdict == .review }
                        ? .review
                        : photos.isEmpty ? .none : .rejected
                #expect(cell.state == expected, "\(row.team) × \(cell.task)")
                #expect(cell.mark == ["accepted": "✓", "review": "?", "rejected": "✗", "none": "—"][cell.state.rawValue])
                #expect(cell.photos == photos.count)
            }
        }
    }

    @Test func reviewQueueComesFromTheResultsWithReasons() throws {
        let results = try ReportFixtures.results("where-is-france")
        let report = try Report(results)
        #expect(report.reviewQueue.map(\.path) == results.reviewQueue)
        #expect(report.reviewQueue.allSatisfy { $0.verdict == .review && !$0.reasons.isEmpty })
        #expect(report.verdicts.map(\.path) == results.submissions.map(\.path))
    }

    @Test func revealShowsOnlyForTeamsThatCompletedTheTask() throws {
        var results = try ReportFixtures.results("photo-scavenger-hunt")
        for i in results.tasks.indices { results.tasks[i].reveal = "secret of \(results.tasks[i].id)" }
        let everyone = try Report(results)
        for (task, section) in zip(results.tasks, everyone.tasks) {
            #expect((section.reveal != nil) == !task.completedBy.isEmpty, "\(task.id)")
        }
        for team in results.teams {
            let own = try Report(results, options: ReportOptions(teamID: team.id))
            let done = Set(team.completions.map(\.task))
            for section in own.tasks {
                #expect((section.reveal != nil) == done.contains(section.id), "\(team.id) × \(section.id)")
            }
            #expect(own.verdicts.allSatisfy { $0.team == team.id })
            #expect(own.reviewQueue.allSatisfy { $0.team == team.id })
            #expect(own.grid.map(\.team) == [team.id])
            #expect(own.leaderboard.filter(\.isSelected).map(\.team) == [team.id])
            #expect(own.team?.rank == team.rank)
        }
    }

    @Test func unknownTeamSuggestsTheClosestId() throws {
        let results = try ReportFixtures.results("photo-scavenger-hunt")
        #expect {
            _ = try Report(results, options: ReportOptions(teamID: "heron"))
        } throws: { error in
            "\(error)".contains("did you mean `herons`?")
        }
    }

    @Test func thumbnailsGoToTheReviewQueueFirstWithinTheLimit() throws {
        let results = try ReportFixtures.results("where-is-france")
        let one = try Report(results, options: ReportOptions(thumbnailLimit: 1))
        #expect(one.verdicts.filter(\.wantsThumbnail).map(\.path) == [results.reviewQueue.sorted()[0]])
        let none = try Report(results, options: ReportOptions(thumbnailLimit: 0))
        #expect(none.verdicts.allSatisfy { !$0.wantsThumbnail })
        let all = try Report(results)
        let completions = Set(results.tasks.flatMap { $0.completedBy.map(\.submission) })
        #expect(Set(all.verdicts.filter(\.wantsThumbnail).map(\.path)).isSuperset(of: completions.union(results.reviewQueue)))
    }

    @Test func closestTaskKeepsTheJudgesTopThree() throws {
        let results = try ReportFixtures.results("where-is-france")
        let report = try Report(results)
        let france = report.tasks.first { $0.id == "france" }!
        let judged = results.tasks.first { $0.id == "france" }!.closest
        #expect(france.closest.map(\.submission) == Array(judged.prefix(3).map(\.submission)))
        #expect(france.closest.map(\.rank) == Array(judged.prefix(3).map(\.rank)))
    }

    @Test func missesAreOnePerTeamNearestFirst() throws {
        let results = try ReportFixtures.results("photo-scavenger-hunt")
        for task in try Report(results).tasks {
            #expect(Set(task.misses.map(\.team)).count == task.misses.count)
            #expect(task.misses.map(\.distanceM) == task.misses.map(\.distanceM).sorted())
        }
    }

    @Test func missSaysWhereThePhotoIsFromTheTarget() {
        var evidence = JudgeResults.Evidence()
        evidence.distance = .metres(240.2)
        evidence.edgeDistance = .metres(165.2)
        evidence.bearingDeg = 45  // towards the target: the photo is SW of it
        evidence.compass = .sw
        evidence.band = .warm
        #expect(ReportText.miss(evidence, targetKind: .circle) == "240 m SW of the target's centre — warm")
        evidence.place = "Bar El Federal"
        #expect(ReportText.miss(evidence, targetKind: .places) == "240 m SW of Bar El Federal — warm")
        #expect(ReportText.evidence(evidence, targetKind: .places, reasons: [], huntDay: nil) == "240 m SW of Bar El Federal — warm")
        evidence.edgeDistance = .metres(-3)
        #expect(ReportText.miss(evidence, targetKind: .places) == "inside")
    }

    /// The judge's figure and the file's centimetres round to one text (108.499 m was "108 m" in
    /// the judge's message and "109 m" from the 108.5 the report read).
    @Test func distancesRoundOneWay() {
        #expect(PlacementText.distance(108.499) == PlacementText.distance(RuleEngine.round(108.499)))
        #expect(PlacementText.distance(108.499) == "109 m")
    }

    @Test(
        arguments: [
            ("2026-05-02T11:03:20+02:00", "2026-05-02", "11:03"), ("2026-05-02T11:03:20+02:00", nil, "2026-05-02 11:03"),
            // a photo taken the day before a one-day hunt says its date
            ("2026-05-01T23:58:00+02:00", "2026-05-02", "2026-05-01 23:58"),
            ("garbage", "2026-05-02", "garbage")
        ] as [(String, String?, String)])
    func timesAreShortOnTheHuntsDay(iso: String, huntDay: String?, text: String) {
        #expect(ReportText.time(iso, huntDay: huntDay) == text)
    }

    @Test func jsonReportRoundTrips() throws {
        let report = try Report(try ReportFixtures.results("where-is-france"))
        #expect(try JSONDecoder().decode(Report.self, from: report.jsonData()) == report)
    }

    @Test(arguments: [
        (12.5, 1, "12.5"), (12.0, 1, "12"), (-0.04, 1, "0"), (-12.25, 2, "-12.25"), (52.0906667, 6, "52.090667"),
        (0.000001, 6, "0.000001"), (5.1, 6, "5.1"), (3161.4, 0, "3161"), (-3.5, 0, "-4"), (1e20, 1, "1e+20")
    ])
    func csvNumbers(value: Double, digits: Int, text: String) {
        #expect(DecimalText.trimmed(value, places: digits) == text)
    }
}
