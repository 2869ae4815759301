import Foundation
import HuntKit

/// What the page is told of a check-in it sent: the verdict at once, in the team's words, and
/// for a `dwell` task how long the team has stayed.
struct CheckInReply: Encodable, Sendable {
    /// `accepted`, `review` or `rejected`; `staying` for a check-in inside a stay not yet long enough.
    var state: String
    /// Why, in the team's language (`PlayerReasons`): empty when accepted or staying.
    var why: [String]
    /// The check-in's id in answers.jsonl.
    var id: String
    /// For a dwell task: seconds stayed so far at the place (from the stay's first check-in) and seconds needed.
    var stayedS: Double?
    var dwellS: Double?

    enum CodingKeys: String, CodingKey {
        case state, why, id
        case stayedS = "stayed_s"
        case dwellS = "dwell_s"
    }
}

/// `POST /t/<token>/check-in`'s body: the browser's position for a check-in task, and when the
/// phone had it (`fixed_at`, milliseconds since 1970) if the page kept the check-in without a signal.
struct CheckInRequest: Decodable {
    var task: String
    var latitude: Double
    var longitude: Double
    var accuracy: Double
    var fixedAt: Double?

    enum CodingKeys: String, CodingKey {
        case task, latitude, longitude, accuracy
        case fixedAt = "fixed_at"
    }

    /// When the check-in counts as made: when the phone fixed its position, for a check-in kept
    /// on the phone without a signal and sent later (a minute or more before `received`);
    /// otherwise, and for a time ahead of `received` (a phone's clock runs fast), `received`.
    /// Nil when `fixed_at` is no time (not a number, 1970 or before, past the year 9999).
    func madeAt(received: Date) -> Date? {
        guard let ms = fixedAt else { return received }
        guard let fixed = PlayerRoutes.fixTime(milliseconds: ms) else { return nil }
        return received.timeIntervalSince(fixed) >= Self.keptAfter ? fixed : received
    }

    /// How long before its arrival a check-in's fix must be to count at the fix's time: less is a
    /// check-in sent at once (the time it took to find the position and send it).
    static let keptAfter: TimeInterval = 60
}

extension ServeSession {
    /// Team `team`'s check-in at `taskID` from `position`, made at `madeAt` (now, or when a
    /// check-in kept on the phone was fixed: `CheckInRequest.madeAt`; nil for a time that is none,
    /// refused), judged now as `hunt judge` will judge it and appended to SUBMISSIONS/answers.jsonl
    /// (`judgedAndKept`). A position that is not
    /// degrees and metres is refused (400, in the players' words) and nothing is written. For a
    /// dwell task a check-in inside a stay that is not yet long enough is `staying`, with the
    /// time stayed: the judge's `dwell-short` is its only finding.
    func checkIn(
        team: String, task taskID: String, position: CheckInPosition, madeAt: Date? = Date(), language: String?
    ) throws(ServeError) -> CheckInReply {
        guard let task = hunt.task(taskID), task.checkIn else { throw ServeError("no such check-in in this hunt: reload the page", status: 404) }
        let reasons = PlayerReasons(hunt: hunt, language: language ?? hunt.language)
        guard position.problem == nil, let madeAt else { throw ServeError(reasons.catalog.text("check-in.bad-position"), status: 400) }
        let clock = HuntClock(timezone: hunt.timezone, around: hunt.window)
        let attempt = AnswerAttempt(
            id: Self.newAnswerID(), team: team, task: task.id, answer: "", sentAt: clock.timestamp(madeAt), position: position)
        let result = try judgedAndKept(attempt, team: team, what: "check-in")
        let staying = result.isStaying
        let state = staying ? "staying" : result.verdict.rawValue
        return CheckInReply(
            state: state, why: result.verdict == .accepted || staying ? [] : reasons.sentences(for: result), id: attempt.id,
            stayedS: task.dwell == nil ? nil : result.evidence.stayS ?? 0, dwellS: task.dwell?.seconds)
    }
}
