import Foundation
import HuntKit
import HuntTestSupport
import Testing

/// `hunt judge --answers` on the orientation-day example, as a teacher who collected answers
/// with a web form would run it: the form's rows judged beside the page's answers and photos.
@Suite("hunt judge --answers")
struct AnswersCommandTests {
    static let folder = SourceTree.root.appendingPathComponent("Examples/orientation-day")

    @Test("the form's export (BOM, `;`, mixed-case teams) judged with the folder; the bad row named")
    func formExport() throws {
        let run = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--answers", "answers.csv", "--format", "json"], in: Self.folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("answers.csv:5:1") && run.stderr.contains("`yesterday` is not a time"), "\(run.stderr)")
        let results = try JudgeResults.decode(run.stdoutData)
        let byPath = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        // `GREY HERONS`, `herons`, `Grey Herons` and `grey herons` are one team.
        #expect(["answers.csv#L2", "answers.csv#L3", "answers.csv#L4", "answers.csv#L6"].allSatisfy { byPath[$0]?.team == "herons" })
        #expect(byPath["answers.csv#L2"]?.verdict == .accepted)
        #expect(byPath["answers.csv#L3"]?.reasons == [.wrongAnswer])
        #expect(byPath["answers.csv#L4"]?.reasons == [.order], "the choice came before the team's library photo")
        #expect(byPath["answers.csv#L6"]?.evidence.answerMatched == "Minnaert")
        #expect(byPath["answers.csv#L5"] == nil)
        // The folder's own answers are judged as without --answers.
        #expect(byPath["answers.jsonl#f3"]?.verdict == .review && byPath["answers.jsonl#f3"]?.evidence.answerExpected == "Minnaert")
        #expect(results.team("herons")?.points == 10 + 10 + 15)
    }

    @Test("the text summary names the answer under review with what was typed and expected")
    func summary() throws {
        let run = try HuntBinary.run(["judge", "hunt.yaml", "submissions"], in: Self.folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("answers.jsonl#f3") && run.stdout.contains("Minaert") && run.stdout.contains("Minnaert"), "\(run.stdout)")
    }

    @Test("a review decision keyed `answers.jsonl#<id>` accepts the close answer")
    func reviewDecision() throws {
        let reviews = Scratch.root.appendingPathComponent("answers-reviews-\(UUID().uuidString).yaml")
        try Data("answers.jsonl#f3: { decision: accept, note: a typo }\n".utf8).write(to: reviews)
        defer { try? FileManager.default.removeItem(at: reviews) }
        let run = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--reviews", reviews.path, "--format", "json"], in: Self.folder)
        #expect(run.status == 0, "\(run.stderr)")
        let results = try JudgeResults.decode(run.stdoutData)
        #expect(results.submissions.first { $0.path == "answers.jsonl#f3" }?.verdict == .accepted)
        #expect(results.team("foxes")?.points == 70 + 15)
    }

    @Test("an answers file without the columns stops the run and says which are missing")
    func badHeader() throws {
        let csv = Scratch.root.appendingPathComponent("answers-bad-\(UUID().uuidString).csv")
        try Data("when,who\n1,2\n".utf8).write(to: csv)
        defer { try? FileManager.default.removeItem(at: csv) }
        let run = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--answers", csv.path], in: Self.folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("names no `time`, `team`, `task`, `answer` column"), "\(run.stderr)")
    }
}

extension JudgeResults {
    fileprivate func team(_ id: String) -> TeamResult? { teams.first { $0.id == id } }
}
