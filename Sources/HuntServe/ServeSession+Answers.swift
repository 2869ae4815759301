import Foundation
import HuntKit

/// What the page is told of an answer it sent: the verdict at once, in the team's words.
struct AnswerReply: Encodable, Sendable {
    /// `accepted`, `review` or `rejected`.
    var state: String
    /// Why, in the team's language (`PlayerReasons`): empty when accepted.
    var why: [String]
    /// Tries the team has left on the task after this one.
    var triesLeft: Int
    /// The attempt's id in answers.jsonl.
    var id: String

    enum CodingKeys: String, CodingKey {
        case state, why, id
        case triesLeft = "tries_left"
    }
}

extension ServeSession {
    /// The longest answer the page may send, in UTF-8 bytes (`AnswerKey.maximumTypedBytes`).
    static let maximumAnswerBytes = AnswerKey.maximumTypedBytes

    /// Team `team`'s answer `typed` to `taskID`, judged now as `hunt judge` will judge it — among
    /// the team's submissions as last examined and its answers since (`Judge.judge(_:among:)`) —
    /// and appended to SUBMISSIONS/answers.jsonl. Control characters and direction overrides are
    /// taken out first; what is left must not be empty nor over `maximumAnswerBytes`.
    func answer(team: String, task taskID: String, typed: String, language: String?) throws(ServeError) -> AnswerReply {
        guard let task = hunt.task(taskID), let question = task.question else {
            throw ServeError(player: "refused.no-question", status: 404)
        }
        let text = Self.cleaned(typed).trimmingCharacters(in: .whitespaces)
        guard text.utf8.count <= Self.maximumAnswerBytes else {
            throw ServeError(player: "refused.answer-too-long", count: Self.maximumAnswerBytes, status: 413)
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw ServeError(player: "refused.empty-answer", status: 400) }
        let now = Date()
        let clock = HuntClock(timezone: hunt.timezone, around: hunt.window)
        let attempt = AnswerAttempt(id: Self.newAnswerID(), team: team, task: task.id, answer: text, sentAt: clock.timestamp(now))
        let result = try judgedAndKept(attempt, team: team, what: "answer")
        let reasons = PlayerReasons(hunt: hunt, language: language ?? hunt.language)
        let used = Int(result.evidence.attempt ?? 1)
        return AnswerReply(
            state: result.verdict.rawValue, why: result.verdict == .accepted ? [] : reasons.sentences(for: result),
            triesLeft: max(0, question.attemptLimit - used), id: attempt.id)
    }

    /// `attempt` (an answer or a check-in) judged now as `hunt judge` will judge it — among the
    /// team's submissions as last examined and its attempts since (`Judge.judge(_:among:)`) — then
    /// appended to SUBMISSIONS/answers.jsonl; `what` names it in a refusal.
    func judgedAndKept(_ attempt: AnswerAttempt, team: String, what: String) throws(ServeError) -> JudgeResults.SubmissionResult {
        let logURL = URL(fileURLWithPath: configuration.submissionsPath).appendingPathComponent(AnswerLog.fileName)
        let examined = examinedInputs(ofTeam: team)
        let known = Set(examined.map(\.submission.path))
        // Attempts sent since the folder was last examined count too (tries, stays, travel).
        let recent = (recentAnswers[team] ?? []).filter { !known.contains(AnswerLog.path(of: $0)) }
        let others =
            examined
            + recent.map {
                JudgeInput(submission: Submission(answer: $0, log: AnswerLog.fileName, filePath: logURL.path, team: team), photo: nil)
            }
        guard let judge = try? Judge(hunt: hunt, reviews: decisions),
            let result = judge.judge(attempt, team: team, logPath: logURL.path, among: others)
        else {
            throw ServeError("the \(what) could not be judged", status: 500)
        }
        do { try AnswerLog.append(attempt, to: logURL) } catch {
            throw ServeError("the organizers' server could not keep your \(what) (\(error.message)): tell them", status: 500)
        }
        recentAnswers[team] = recent + [attempt]
        return result
    }

    /// `text` without control characters (a line break is a space), bidirectional overrides or zero-width marks.
    static func cleaned(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                out.append(" ")
            } else if !CharacterSet.controlCharacters.contains(scalar), !(0x200B...0x200F).contains(scalar.value),
                !(0x202A...0x202E).contains(scalar.value), !(0x2060...0x2069).contains(scalar.value), scalar.value != 0xFEFF
            {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A new attempt's id: 12 random hex digits, naming no team.
    static func newAnswerID() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 16)
    }
}
