import Foundation
import Testing
@testable import HuntKit

/// Answers and choices judged as submissions beside photos: the key, attempts in time order,
/// the windows, `after`, reviews, scores and results.json's evidence.
@Suite("Judging answers and choices")
struct AnswerJudgingTests {
    typealias F = JudgingFixtures

    static let lions = HuntTask(
        id: "lions", title: "Lions", points: 3, question: TaskQuestion(.answer(AnswerKey([.number(7, within: 0)]))), location: F.here)
    static let name = HuntTask(
        id: "name", title: "Name", points: 4, question: TaskQuestion(.answer(AnswerKey(texts: ["Minnaert"])), attempts: 2), location: F.here)
    static let glass = HuntTask(
        id: "glass", title: "Glass", points: 2, after: ["tower"],
        question: TaskQuestion(.choices([LocalizedText("Tulips"), LocalizedText("Reeds")], correct: [1])), location: F.here)
    static let hunt = F.hunt(extraTasks: [lions, name, glass])

    /// An attempt by `team` at `task`, sent at `time`.
    static func answer(_ id: String, _ team: String, _ task: String, _ typed: String, at time: Date) -> JudgeInput {
        let attempt = AnswerAttempt(id: id, team: team, task: task, answer: typed, sentAt: F.clock.timestamp(time))
        return JudgeInput(
            submission: Submission(answer: attempt, log: AnswerLog.fileName, filePath: "/nowhere/answers.jsonl", team: team), photo: nil)
    }

    func result(_ results: JudgeResults, _ id: String) throws -> JudgeResults.SubmissionResult {
        try #require(results.submissions.first { $0.path == "answers.jsonl#" + id })
    }

    @Test("right, wrong with tries left, then right: the first accepted one scores, with what was typed and matched")
    func rightAndWrong() throws {
        let results = F.judge(
            [
                Self.answer("a", "foxes", "lions", "eight", at: F.at(10, 5)),
                Self.answer("b", "foxes", "lions", "Seven", at: F.at(10, 6)),
                Self.answer("c", "foxes", "lions", "7", at: F.at(10, 7))
            ], hunt: Self.hunt)
        let wrong = try result(results, "a"), right = try result(results, "b"), later = try result(results, "c")
        #expect(wrong.verdict == .rejected && wrong.reasons == [.wrongAnswer])
        #expect(wrong.evidence.answer == "eight" && wrong.evidence.attempt == 1 && wrong.evidence.attemptsAllowed == 5)
        #expect(right.verdict == .accepted && right.points == 3)
        #expect(right.evidence.answerMatched == "7" && right.evidence.attempt == 2)
        #expect(right.evidence.capturedAt?.text == "2026-05-02T10:06:00+02:00")
        #expect(later.verdict == .accepted && later.points == 0, "noted, not counted twice")
        #expect(later.findings.contains { $0.code == .alreadyAnswered && $0.action == .ignore })
        #expect(results.team("foxes")?.points == 3)
    }

    @Test("attempts are counted in time order, not file order; past the limit they are refused")
    func exhausted() throws {
        let results = F.judge(
            [
                Self.answer("z1", "owls", "name", "Newton", at: F.at(11, 0)),
                Self.answer("a2", "owls", "name", "Minnaert", at: F.at(11, 2)),
                Self.answer("m1", "owls", "name", "Kepler", at: F.at(11, 1))
            ], hunt: Self.hunt)
        #expect(try result(results, "z1").evidence.attempt == 1)
        #expect(try result(results, "m1").evidence.attempt == 2)
        let third = try result(results, "a2")
        #expect(third.verdict == .rejected && third.reasons == [.noAttemptsLeft] && third.evidence.attempt == 3)
        #expect(third.evidence.answerMatched == "Minnaert", "right, but too late")
        #expect(results.team("owls")?.points == 0)
    }

    @Test("close goes to review with both side by side; a reviews-file decision accepts it")
    func closeAndReview() throws {
        let inputs = [Self.answer("c", "foxes", "name", "Minaert", at: F.at(12, 0))]
        let close = try result(F.judge(inputs, hunt: Self.hunt), "c")
        #expect(close.verdict == .review && close.reasons == [.closeAnswer])
        #expect(close.evidence.answer == "Minaert" && close.evidence.answerExpected == "Minnaert")
        let reviews = Reviews(entries: ["answers.jsonl#c": Reviews.Review(decision: .accept, note: "a typo", by: "Anna")])
        #expect(reviews.check(paths: ["answers.jsonl#c"], hunt: Self.hunt).isEmpty, "the key names a submission")
        let decided = F.judge(inputs, hunt: Self.hunt, reviews: reviews)
        #expect(try result(decided, "c").verdict == .accepted)
        #expect(decided.team("foxes")?.points == 4)
    }

    @Test("answers and photos of one team: windows, `after` and the score across both")
    func withPhotos() throws {
        let tower = F.input("foxes/tower/IMG_1.jpg", task: "tower", F.photo("IMG_1.jpg", near: F.tower, time: F.at(11, 0)))
        let results = F.judge(
            [
                tower,
                Self.answer("early", "foxes", "glass", "Reeds", at: F.at(10, 30)),
                Self.answer("late", "owls", "lions", "7", at: F.at(16, 30)),
                Self.answer("ok", "foxes", "lions", "seven", at: F.at(10, 45))
            ], hunt: Self.hunt)
        let early = try result(results, "early")
        #expect(early.verdict == .rejected && early.reasons == [.order], "before the tower photo")
        let late = try result(results, "late")
        #expect(late.reasons == [.afterWindow])
        #expect(late.findings.first?.message.hasPrefix("sent at 16:30") == true, "an answer is sent, not taken: \(late.findings)")
        #expect(results.team("foxes")?.points == 20 + 3)
        // The choice once the tower is done: its one try was used before, so none is left.
        let again = F.judge(
            [
                tower, Self.answer("early", "foxes", "glass", "Reeds", at: F.at(10, 30)),
                Self.answer("after", "foxes", "glass", "Reeds", at: F.at(11, 30))
            ],
            hunt: Self.hunt)
        #expect(try result(again, "after").reasons == [.noAttemptsLeft])
        let fresh = F.judge([tower, Self.answer("after", "foxes", "glass", "reeds", at: F.at(11, 30))], hunt: Self.hunt)
        #expect(try result(fresh, "after").verdict == .accepted)
        #expect(fresh.team("foxes")?.points == 22)
    }

    @Test("an unknown team, an unknown task, a photo task answered, nothing typed")
    func refusals() throws {
        let results = F.judge(
            [
                Self.answer("t", "wolves", "lions", "7", at: F.at(11, 0)),
                Self.answer("u", "foxes", "lionz", "7", at: F.at(11, 0)),
                Self.answer("p", "foxes", "tower", "the tower", at: F.at(11, 0)),
                Self.answer("e", "owls", "lions", " ?! ", at: F.at(11, 0)),
                Self.answer("l", "owls", "lions", String(repeating: "7", count: 2000), at: F.at(11, 1))
            ], hunt: Self.hunt)
        #expect(try result(results, "t").reasons == [.unknownTeam])
        let unknown = try result(results, "u")
        #expect(unknown.reasons == [.unknownTask] && unknown.findings[0].message.contains("lions"), "with a suggestion")
        #expect(try result(results, "p").reasons == [.wrongKind])
        #expect(try result(results, "e").reasons == [.wrongAnswer])
        #expect(try result(results, "l").reasons == [.wrongAnswer])
    }

    @Test("a photo for an answer task without a place is the wrong kind")
    func photoForAnswer() throws {
        let photo = F.input("foxes/lions/IMG_2.jpg", task: "lions", F.photo("IMG_2.jpg", near: F.tower, time: F.at(11, 0)))
        let results = F.judge([photo], hunt: Self.hunt)
        #expect(results.submissions[0].reasons == [.wrongKind])
    }

    @Test("results.json keeps the answers' evidence and reads it back")
    func resultsJSON() throws {
        let results = F.judge([Self.answer("c", "foxes", "name", "Minaert", at: F.at(12, 0))], hunt: Self.hunt)
        let data = Data(results.jsonText.joined())
        #expect(String(decoding: data, as: UTF8.self).contains("Minaert"))
        let back = try JudgeResults.decode(data)
        #expect(back.submissions[0].evidence.answerExpected == "Minnaert")
        #expect(back.submissions[0].taskSource == .answer)
    }
}

@Suite("Answers in reports")
struct AnswerReportTests {
    @Test("a report's evidence line shows what was typed, what it matched or was close to, and which try")
    func evidenceLine() throws {
        let F = JudgingFixtures.self
        let results = F.judge(
            [
                AnswerJudgingTests.answer("c", "foxes", "name", "Minaert", at: F.at(12, 0)),
                AnswerJudgingTests.answer("r", "owls", "lions", "Seven", at: F.at(12, 1))
            ], hunt: AnswerJudgingTests.hunt)
        let report = try Report(results)
        let lines = Dictionary(uniqueKeysWithValues: report.verdicts.map { ($0.path, $0.evidenceText) })
        #expect(lines["answers.jsonl#c"] == "answered “Minaert” · expected “Minnaert” · try 1 of 2 · 12:00")
        #expect(lines["answers.jsonl#r"] == "answered “Seven” · matched “7” · try 1 of 5 · 12:01")
    }
}
