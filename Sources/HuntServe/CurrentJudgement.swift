import Foundation
import HuntKit

/// The console's judgement: the folder as last read and examined, the `StandingJudgement` made
/// from it with the current reviews, and what the pages look things up in (the index, the
/// leaderboard, the decisions about photos that left). It judges again from memory when only
/// decisions change, and from a new examination when the folder or the hunt did.
struct CurrentJudgement: Sendable {
    /// The folder as last read and examined: what a decision judges again without reading or
    /// examining a photo.
    private var examined: ExaminedSubmissions?
    /// The stamps of the files `examined` was read from: what the next read of the folder
    /// compares with to carry unchanged photos' cases over.
    private var examinedStamps: [String: FileStamp] = [:]
    /// The judgement of `examined` with the current reviews, kept to be judged again.
    private var standing: StandingJudgement?
    private(set) var results: JudgeResults?
    /// Why the last judgement failed (the previous one is still shown), or nil.
    private(set) var problem: String?
    /// Counts judgements, so pages can tell a new one from the one they have.
    private(set) var generation = 0
    private(set) var index = SubmissionIndex()
    /// What the index names submissions by.
    let ids: SubmissionIDs
    /// Blind judging: the leaderboard's times are to the minute (`LeaderboardAnswer.init`).
    let blind: Bool
    /// The leaderboard's latest photos are shown (`ServeConfiguration.boardPhotos`).
    let boardPhotos: Bool
    private(set) var leaderboard: LeaderboardAnswer?
    /// The paths of the submissions examined.
    private(set) var submissionPaths: Set<String> = []
    /// Paths the reviews file decides that are not submissions now (the photo left the folder):
    /// kept in the file, shown in the console as "decided, photo gone".
    private(set) var gone: Set<String> = []
    /// How many of the reviews store's writes this judgement includes.
    private(set) var reviewWritesIncluded = 0
    /// The hints teams bought, charged on the points of each judgement (`JudgeResults.charging`).
    var hintsBought: [HintPurchase] = []

    /// What a judgement changed, for the session to announce.
    struct Outcome {
        var results: JudgeResults
        /// The new leaderboard when it differs from the one before (generation aside).
        var leaderboard: LeaderboardAnswer?
    }

    init(ids: SubmissionIDs, blind: Bool, boardPhotos: Bool = true) {
        self.ids = ids
        self.blind = blind
        self.boardPhotos = boardPhotos
    }

    var hasExamined: Bool { examined != nil }

    /// The folder as last examined, with the stamps of the files it was read from.
    var examination: (examined: ExaminedSubmissions, stamps: [String: FileStamp])? { examined.map { ($0, examinedStamps) } }

    /// Forgets the examined folder, so its memory can be handed back before the next examination.
    mutating func dropExamined() {
        standing = nil
        examined = nil
        examinedStamps = [:]
    }

    /// Takes a new examination of the folder (read from files with `stamps`) and judges it with `reviews`.
    mutating func judgeExamined(
        _ newExamined: ExaminedSubmissions, stamps: [String: FileStamp], paths: Set<String>, hunt: Hunt,
        reviews: Reviews, reviewWrites: Int,
        files: (hunt: String, submissions: String), shownID: (String) -> String
    ) throws(ServeError) -> Outcome {
        examined = newExamined
        examinedStamps = stamps
        submissionPaths = paths
        return try judgeAgain(hunt: hunt, reviews: reviews, reviewWrites: reviewWrites, reindex: true, files: files, shownID: shownID)
    }

    /// Judges what was examined with `reviews`, from memory: a decision re-runs the rules across
    /// photos and the scoring of the teams it touches, and reads or examines no photo. Gives
    /// what `hunt judge` would. `reindex` after a new examination (the submissions may differ).
    /// Throws, keeping the judgement before, when the reviews do not fit the hunt.
    mutating func judgeAgain(
        hunt: Hunt, reviews: Reviews, reviewWrites: Int, reindex: Bool = false,
        files: (hunt: String, submissions: String), shownID: (String) -> String
    ) throws(ServeError) -> Outcome {
        guard let examined else { throw ServeError("nothing examined yet", status: 503) }
        let reviewProblems = reviews.taskErrors(hunt: hunt)
        if !reviewProblems.isEmpty { throw ServeError(reviewProblems.map(\.oneLine).joined(separator: "\n"), status: 409) }
        // A decision about a photo that left the folder judges nothing but stays in the file.
        gone = Set(reviews.entries.keys.filter { !submissionPaths.contains($0) })
        // Decisions alone: only the teams they touch are judged again. The judgement's arrays
        // are changed in place only if nothing else holds them.
        results = nil
        if reindex || standing?.update(reviews: reviews) != true {
            do { standing = try StandingJudgement(examined, hunt: hunt, reviews: reviews, files: (files.hunt, files.submissions)) } catch {
                throw ServeError(error.diagnostics.map(\.oneLine).joined(separator: "\n"), status: 409)
            }
        }
        reviewWritesIncluded = max(reviewWritesIncluded, reviewWrites)
        let judged = standing!.results.charging(hintsBought, hunt: hunt)
        problem = nil
        generation += 1
        results = judged
        if reindex || index.count != judged.submissions.count { index = SubmissionIndex(judged, ids: ids) }
        let board = LeaderboardAnswer(judged, generation: generation, shownID: shownID, toTheMinute: blind, photos: boardPhotos)
        var changed = true
        if var before = leaderboard {
            before.generation = board.generation
            changed = before != board
        }
        leaderboard = board
        return Outcome(results: judged, leaderboard: changed ? board : nil)
    }

    /// Keeps the last good judgement and says why the new one failed.
    mutating func failed(_ message: String) {
        problem = message
    }
}

extension LeaderboardAnswer {
    /// The leaderboard of `judged`: the teams by rank and the six latest completions, whose
    /// photos go by `shownID` (unrelated to queue ids, for blind judging). `toTheMinute` (blind
    /// judging) writes their times without seconds: to the millisecond, a time is the capture
    /// time the queue shows, and would name the team of the photo that has it.
    init(_ judged: JudgeResults, generation: Int, shownID: (String) -> String, toTheMinute: Bool = false, photos: Bool = true) {
        let rows = judged.teams.map { Row(rank: $0.rank, id: $0.id, name: $0.name, points: $0.points, tasksDone: $0.tasksDone) }
        // The six latest completions, kept while walking them all (no sort of thousands per decision).
        var recent: [(at: String, team: String, task: String, submission: String)] = []
        let later = {
            (a: (at: String, team: String, task: String, submission: String), b: (at: String, team: String, task: String, submission: String)) in
            (a.at, a.submission) > (b.at, b.submission)
        }
        for team in judged.teams {
            for completion in team.completions {
                let at = completion.at?.text ?? ""
                // Most completions are older than the sixth latest: that is told from two fields,
                // before an entry is made.
                if recent.count == 6, let sixth = recent.last, (at, completion.submission) <= (sixth.at, sixth.submission) { continue }
                let entry = (at: at, team: team.name, task: completion.task, submission: completion.submission)
                recent.insert(entry, at: recent.firstIndex { later(entry, $0) } ?? recent.endIndex)
                if recent.count > 6 { recent.removeLast() }
            }
        }
        let titles = Dictionary(judged.tasks.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        self.init(
            generation: generation, title: judged.hunt.title, teams: rows,
            recent: recent.prefix(6).map {
                .init(
                    team: $0.team, task: titles[$0.task] ?? $0.task, at: $0.at.isEmpty ? nil : toTheMinute ? Self.minute($0.at) : $0.at,
                    photo: photos ? "/api/photo?shown=" + shownID($0.submission) : nil)
            },
            submissions: judged.summary.submissions, undecided: judged.summary.undecided)
    }

    /// `2026-05-02T10:42:07.250+02:00` as `2026-05-02T10:42:00+02:00`: the same minute, at the same offset.
    static func minute(_ text: String) -> String {
        guard let time = Timestamp(text) else { return text }
        let seconds = (time.date.timeIntervalSince1970 + Double(time.offsetSeconds)).truncatingRemainder(dividingBy: 60)
        let start = time.date.addingTimeInterval(-(seconds < 0 ? seconds + 60 : seconds))
        return Timestamp(start, offsetSeconds: time.offsetSeconds).text
    }
}
