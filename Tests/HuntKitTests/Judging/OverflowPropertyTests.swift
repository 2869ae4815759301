import Foundation
import Testing
@testable import HuntKit
@testable import HuntSheets

/// Huge numbers (up to `Int.max`) through every stage that adds points up: the hunt file's
/// checks, the judge's scoring, the report's tables and the sheets' totals. Nothing may trap.
@Suite struct OverflowPropertyTests {
    typealias F = JudgingFixtures

    /// A points value as an attacker would pick it: the ends of Int, just past the ceiling, or ordinary.
    static func hostilePoints(_ rng: inout SplitMix64) -> Int {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return .max
        case 1: return Int.random(in: (Int.max / 2)...Int.max, using: &rng)
        case 2: return Hunt.maximumPoints + Int.random(in: 1...1000, using: &rng)
        case 3: return Hunt.maximumPoints
        default: return Int.random(in: 0...1000, using: &rng)
        }
    }

    @Test func pointsBeyondTheCeilingAreAnErrorNamingTheLimit() {
        let result = DefinitionTestSupport.load(
            """
            hunt: Overflow
            timezone: UTC
            tasks:
              - { id: a, title: A, at: "52.0, 5.0", points: 9223372036854775807 }
              - { id: b, title: B, at: "52.1, 5.1", points: 9223372036854775807 }
            rewards:
              - { points: 5, reward: x }
            """)
        let codes = result.diagnostics.map(\.code)
        #expect(codes == ["points-too-large", "points-too-large"])
        #expect(result.diagnostics[0].message.contains("at most 1000000 points"))
        #expect(result.diagnostics[0].location.line == 4)
    }

    @Test func theLargestAllowedPointsOnManyTasksAddUpWithoutWrapping() {
        let tasks = (0..<50).map { "  - { id: t\($0), title: T, at: \"52.\($0), 5.0\", points: \(Hunt.maximumPoints) }" }
        let result = DefinitionTestSupport.load(
            "hunt: Many\ntimezone: UTC\ntasks:\n" + tasks.joined(separator: "\n")
                + "\nrewards:\n  - { points: \(Hunt.maximumPoints), reward: x }\n")
        #expect(!result.hasErrors)
        #expect(!result.diagnostics.contains { $0.code == "reward-unreachable" })
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func hugePointsFlowThroughJudgeReportAndSheets(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        // Load: the hunt file rejects what is out of range, whatever the value.
        let points = (0..<3).map { _ in Self.hostilePoints(&rng) }
        let yaml =
            "hunt: H\ntimezone: UTC\ntasks:\n"
            + points.enumerated().map { i, p in
                "  - { id: t\(i), title: T, at: \"52.\(i), 5.0\", points: \(p) }"
            }.joined(separator: "\n") + "\n"
        let loaded = DefinitionTestSupport.load(yaml)
        #expect(loaded.diagnostics.filter { $0.code == "points-too-large" }.count == points.filter { $0 > Hunt.maximumPoints }.count)

        // Judge: a hunt built in code is not bounded by the loader.
        var hunt = F.hunt(extraTasks: [
            HuntTask(
                id: "closest", title: "Closest", points: Self.hostilePoints(&rng),
                target: .circle(center: F.bridge, radius: .metres(5000)), score: .closest,
                location: F.here)
        ])
        for i in hunt.tasks.indices { hunt.tasks[i].points = Self.hostilePoints(&rng) }
        let inputs = ["foxes", "owls"].flatMap { team in
            [
                F.input("\(team)/tower/a.jpg", task: "tower", F.photo("\(team)a", near: F.tower, time: F.at(10, 30))),
                F.input("\(team)/bridge/b.jpg", task: "bridge", F.photo("\(team)b", near: F.bridge, time: F.at(11, 30))),
                F.input("\(team)/closest/c.jpg", task: "closest", F.photo("\(team)c", near: F.bridge, metres: 10, time: F.at(12, 0)))
            ]
        }
        var results = F.judge(inputs, hunt: hunt)
        #expect(results.teams.allSatisfy { $0.points >= 0 })

        // Report: a hand-edited results file may carry anything.
        for i in results.submissions.indices { results.submissions[i].points = Self.hostilePoints(&rng) }
        for i in results.teams.indices { results.teams[i].points = Self.hostilePoints(&rng) }
        let report = try Report(results)
        for renderer in [MarkdownReportRenderer(template: try .standardForTests(.md)), CSVReportRenderer(), JSONReportRenderer()]
            as [any ReportRenderer]
        {
            #expect(try !renderer.render(report).isEmpty)
        }

        // Sheets: the cover's total of points adds up; a hunt past the ceiling is refused with its errors.
        #expect(!SheetDocument.scoring(hunt).isEmpty)
        let tooLarge = hunt.tasks.contains { $0.points > Hunt.maximumPoints }
        #expect((try? SheetDocument(hunt: hunt, options: SheetOptions())) == nil ? tooLarge : !tooLarge)
    }

    @Test func clampedArithmeticHoldsAtTheEnds() {
        #expect(Int.max.addingClamped(1) == .max)
        #expect(Int.min.addingClamped(-1) == .min)
        #expect(Int.max.multipliedClamped(by: 3) == .max)
        #expect(Int.min.multipliedClamped(by: 3) == .min)
        #expect(Int.max.multipliedClamped(by: -3) == .min)
        #expect([Int.max, Int.max, 5].clampedSum { $0 } == .max)
        #expect([1, 2, 3].clampedSum { $0 } == 6)
        #expect(RuleEngine.share(of: Int.max, (2, 3)) == Int.max / 3 * 2 + (Int.max % 3) * 2 / 3)
        #expect(RuleEngine.share(of: 30, (2, 3)) == 20)
    }

    @Test func anyConcurrencyAskedOfThePhotoReaderIsHeld() async throws {
        var read = 0
        try await PhotoReader().readAll([PhotoInput(path: "/nonexistent-huntkit.jpg")], maxConcurrency: .max) { _, result in
            result.value == nil
        } deliver: { failed in
            if failed { read += 1 }
        }
        #expect(read == 1)
    }
}
