import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// `hunt simulate` on a hunt with `choose` tasks: answers.json says what of each set each team
/// should have done, and the judge agrees.
@Suite("Simulate choose tasks, then judge")
struct ChooseSimulationTests {
    @Test("the judge's progress and completions are the simulation's answers", arguments: [UInt64(1), 2, 3])
    func agree(seed: UInt64) async throws {
        let hunt = ChooseScoringTests.hunt()
        let folder = Scratch.root.appendingPathComponent("huntkit-simchoose-\(seed)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let answers = try Simulator(hunt: hunt, options: .init(teams: 2, photosPerTeam: 24, seed: seed, failureShare: 0.3)).write(to: folder)
        let choices = try #require(answers.choices)
        #expect(Set(choices.map(\.task)) == ["trio", "two-cafes"] && choices.count == 4)
        // A choose task's places are visited as often as it needs.
        #expect(answers.submissions.filter { $0.task == "two-cafes" }.count >= 4)
        let results = try await JudgeRun(hunt: hunt).run(submissions: folder.appendingPathComponent("submissions"), displayPath: "submissions")
        let judged = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        for answer in answers.submissions { #expect(judged[answer.path]?.verdict == answer.verdict, "\(answer.path)") }
        for choice in choices {
            let task = try #require(results.tasks.first { $0.id == choice.task })
            #expect(task.progress?.first { $0.team == choice.team }?.done ?? [] == choice.done, "\(choice.team) \(choice.task)")
            #expect(task.completedBy.contains { $0.team == choice.team } == choice.complete, "\(choice.team) \(choice.task)")
        }
    }

    @Test("a hunt without choose tasks has no choices in its answers")
    func noChoices() throws {
        let plan = try Simulator(hunt: JudgingFixtures.hunt(), options: .init(teams: 2, photosPerTeam: 6, seed: 1)).plan()
        #expect(plan.answers.choices == nil)
        #expect(!String(decoding: try plan.answers.jsonData(), as: UTF8.self).contains("choices"))
    }
}
