import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// `hunt simulate` on a hunt with question tasks (issue 40, item 8): each team answers, some
/// wrongly first, as lines of submissions/answers.jsonl, and the judge agrees with the plan.
@Suite("Simulate a hunt with answers and choices")
struct SimulationQuestionTests {
    static let yaml = """
        hunt: Quiz walk
        timezone: Europe/Amsterdam
        window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }
        teams: [foxes, owls, herons]
        tasks:
          - { id: library, title: The library, at: [52.08739, 5.17765] }
          - { id: lions, title: Lions, number: 7 }
          - { id: tower, title: Tower, number: 102, within: 5 }
          - { id: astronomer, title: Astronomer, answer: [Marcel Minnaert, Minnaert*] }
          - { id: glass, title: Glass, choices: [Tulips, Reeds, Bicycles], correct: Reeds, after: [library] }
          - { id: late, title: Late question, answer: bells, opens: 2026-05-02 15:00 }

        """

    static func hunt(_ folder: URL, yaml: String = yaml) throws -> Hunt {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("hunt.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try HuntLoader().load(contentsOf: file, displayPath: "hunt.yaml").get()
    }

    @Test("what a team types: an accepted answer as a player types it, and a wrong one the key neither takes nor calls close")
    func typed() throws {
        let number = TaskQuestion(.answer(AnswerKey([.number(102, within: 5)])))
        #expect(Simulator.typed(number, right: true) == "102")
        let wrongNumber = try #require(Simulator.typed(number, right: false))
        #expect(number.match(wrongNumber) == .wrong)
        let text = TaskQuestion(.answer(AnswerKey(texts: ["Minnaert*"])))
        #expect(text.match(try #require(Simulator.typed(text, right: true))) == .accepted("Minnaert*"))
        #expect(text.match(try #require(Simulator.typed(text, right: false))) == .wrong)
        let choices = TaskQuestion(.choices([LocalizedText("Tulips"), LocalizedText("Reeds")], correct: [1]))
        #expect(Simulator.typed(choices, right: true) == "Reeds" && Simulator.typed(choices, right: false) == "Tulips")
        let allRight = TaskQuestion(.choices([LocalizedText("Yes"), LocalizedText("Also yes")], correct: [0, 1]))
        #expect(Simulator.typed(allRight, right: false) == nil)
    }

    @Test("answers.jsonl holds each team's attempts, and the judge gives each the planned verdict", arguments: [UInt64(1), 2, 3])
    func answersAgreeWithTheJudge(seed: UInt64) async throws {
        let folder = Scratch.root.appendingPathComponent("huntkit-sim-questions-\(seed)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hunt = try Self.hunt(folder)
        let answers = try Simulator(hunt: hunt, options: .init(teams: 3, photosPerTeam: 4, seed: seed, failureShare: 0.6)).write(
            to: folder.appendingPathComponent("sim"))
        let log = try Data(contentsOf: folder.appendingPathComponent("sim/submissions/answers.jsonl"))
        let (attempts, problems) = AnswerLog.parse(Array(log), displayPath: "answers.jsonl")
        #expect(problems.isEmpty)
        #expect(Set(attempts.map(\.team)) == ["foxes", "owls", "herons"])
        // Every team answers every question right once; a choice's one try is either right or wrong.
        let right = answers.submissions.filter { $0.kind == .rightAnswer }
        #expect(right.allSatisfy { $0.verdict == .accepted || $0.reasons == [.order] })
        #expect(answers.submissions.contains { $0.kind == .wrongAnswer && $0.reasons == [.wrongAnswer] })
        for attempt in attempts where attempt.task == "late" {
            #expect(attempt.sentAt.date >= hunt.task("late")!.opens!, "an answer to a task that opens at 15:00 is sent after it opens")
        }
        let results = try await JudgeRun(hunt: hunt).run(submissions: folder.appendingPathComponent("sim/submissions"), displayPath: "submissions")
        let judged = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        #expect(judged.count == answers.submissions.count)
        for answer in answers.submissions {
            #expect(judged[answer.path]?.verdict == answer.verdict, "\(answer.path) (\(answer.kind.rawValue))")
            #expect(judged[answer.path]?.reasons == answer.reasons, "\(answer.path)")
        }
    }

    @Test("a hunt of questions only is simulated: answers, no photos")
    func questionsOnly() throws {
        let folder = Scratch.root.appendingPathComponent("huntkit-sim-quiz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = Self.yaml.replacingOccurrences(of: "  - { id: library, title: The library, at: [52.08739, 5.17765] }\n", with: "")
            .replacingOccurrences(of: ", after: [library]", with: "")
        let hunt = try Self.hunt(folder, yaml: yaml)
        let answers = try Simulator(hunt: hunt, options: .init(teams: 2, photosPerTeam: 3, seed: 9, failureShare: 0)).plan().answers
        #expect(answers.submissions.count == 2 * 5)
        #expect(answers.submissions.allSatisfy { $0.path.hasPrefix("answers.jsonl#") && $0.verdict == .accepted })
    }
}
