import Foundation
import HuntKit

/// What a team's page shows (`/t/<token>/api/state`, and the `state` event): the team's tasks,
/// each with its state and the team's uploads for it, in the judge's words; points and rank as
/// the organizer allows. It names no other team's photo, path or position: a finding about
/// another photo (a duplicate's kept copy) says "another photo".
public struct TeamView: Sendable, Encodable, Equatable {
    public var title: String
    public var team: Name
    /// `leaderboard`, `own` or `none` (`PlayersOptions.Sees`).
    public var sees: String
    public var points: Int?
    public var rank: Int?
    /// How many teams there are (beside the rank).
    public var teams: Int?
    public var tasksDone: Int?
    /// Every team's rank, name and points, with `--players-see leaderboard`.
    public var leaderboard: [Row]?
    public var tasks: [TaskRow]
    /// Photos whose task could not be told (sent another way than this page).
    public var other: [Upload]
    /// False until the folder has been judged once.
    public var judged: Bool

    enum CodingKeys: String, CodingKey {
        case title, team, sees, points, rank, teams
        case tasksDone = "tasks_done"
        case leaderboard, tasks, other, judged
    }

    public struct Name: Sendable, Encodable, Equatable {
        public var id: String
        public var name: String
    }

    public struct Row: Sendable, Encodable, Equatable {
        public var rank: Int
        public var name: String
        public var points: Int
        /// This is the team looking.
        public var own: Bool
    }

    public struct TaskRow: Sendable, Encodable, Equatable {
        public var id: String
        public var title: String
        public var clue: String?
        public var points: Int
        /// The page opens the camera for this task (the task says `live: true`).
        public var live: Bool
        /// `todo`, `sent`, `accepted`, `review` or `rejected`.
        public var state: String
        /// The state in words: `to do`, `sent`, `accepted`, `to review`, `rejected`.
        public var stateText: String
        public var uploads: [Upload]

        enum CodingKeys: String, CodingKey {
            case id, title, clue, points, live, state
            case stateText = "state_text"
            case uploads
        }
    }

    public struct Upload: Sendable, Encodable, Equatable {
        /// The submission's id (what `/t/<token>/withdraw` takes).
        public var id: String
        /// The file's name (the server chose it).
        public var name: String
        /// `sent`, `accepted`, `review` or `rejected`.
        public var state: String
        public var stateText: String
        /// Why, one sentence a finding: the judge's messages, and the judges' decision.
        public var why: [String]
        public var points: Int
        /// The team may still withdraw it: sent through this page and not decided by a judge.
        public var canWithdraw: Bool

        enum CodingKeys: String, CodingKey {
            case id, name, state
            case stateText = "state_text"
            case why, points
            case canWithdraw = "can_withdraw"
        }
    }

    static func words(_ state: String) -> String {
        switch state {
        case "todo": "to do"
        case "review": "to review"
        default: state
        }
    }
}

extension TeamView {
    /// What a team's view is made from besides the hunt, taken from the session in one short
    /// visit: equal inputs make an equal view, so `TeamStreams` makes again only the views a
    /// change touched, and makes them away from the session (making one is the costly part).
    struct Inputs: Equatable, Sendable {
        /// `ServeSession.huntVersion`: the hunt the view's tasks come from.
        var hunt: Int
        var judged: Bool
        /// The team's submissions as judged.
        var submissions: [JudgeResults.SubmissionResult]
        var standing: JudgeResults.TeamResult?
        var teams: Int
        /// Every team's standing, when the team sees the leaderboard.
        var leaderboard: [JudgeResults.TeamResult]?
        /// Uploads written but not judged when asked: path → task.
        var pending: [String: String]
        /// Which of `pending` the judgement has taken since.
        var pendingJudged: [String]
    }

    /// Team `id`'s page made from `inputs` and `hunt`, the hunt they were judged with. Paths sent
    /// through the page (`PlayerUploads.isServerName`) may be withdrawn until a judge decides them.
    init(team id: String, hunt: Hunt, sees: PlayersOptions.Sees, inputs: Inputs) {
        let name = hunt.teams.first { $0.id == id }?.name ?? id
        self.init(title: hunt.title, team: .init(id: id, name: name), sees: sees.rawValue, tasks: [], other: [], judged: inputs.judged)
        var byTask: [String: [TeamView.Upload]] = [:]
        for s in inputs.submissions {
            let upload = Upload(s, timezone: hunt.timezone)
            if let task = s.task { byTask[task, default: []].append(upload) } else { other.append(upload) }
        }
        if sees != .none, let team = inputs.standing {
            (points, rank, teams, tasksDone) = (team.points, team.rank, inputs.teams, team.tasksDone)
        }
        if sees == .leaderboard {
            leaderboard = inputs.leaderboard?.map { .init(rank: $0.rank, name: $0.name, points: $0.points, own: $0.id == id) }
        }
        let taken = Set(inputs.pendingJudged)
        for (path, task) in inputs.pending.sorted(by: { $0.key < $1.key }) where !taken.contains(path) {
            byTask[task, default: []].append(.init(id: SubmissionIndex.id(of: path), name: ServeSession.name(path, timezone: hunt.timezone), state: "sent",
                                                   stateText: "sent", why: ["waiting for the judge"], points: 0, canWithdraw: true))
        }
        let done = Set(inputs.standing?.completions.map(\.task) ?? [])
        tasks = hunt.tasks.map { task in
            let uploads = byTask[task.id] ?? []
            let state: String
            if done.contains(task.id) { state = "accepted" }
            else if uploads.contains(where: { $0.state == "review" }) { state = "review" }
            else if uploads.contains(where: { $0.state == "sent" }) { state = "sent" }
            else if uploads.contains(where: { $0.state == "rejected" }) { state = "rejected" }
            else if uploads.contains(where: { $0.state == "accepted" }) { state = "accepted" }
            else { state = "todo" }
            return .init(id: task.id, title: task.title, clue: task.clue, points: task.points, live: task.live, state: state,
                         stateText: TeamView.words(state), uploads: uploads)
        }
    }
}

extension TeamView.Upload {
    /// One submission in the team's words.
    init(_ s: JudgeResults.SubmissionResult, timezone: TimeZone) {
        let state = s.verdict.rawValue
        var why = s.findings.map { finding in
            var text = finding.message
            if let related = finding.related { text = text.replacingOccurrences(of: related, with: "another photo") }
            return text.replacingOccurrences(of: s.path, with: "this photo")
        }
        if let review = s.review {
            let decided = review.decision == .accept ? "accepted" : "rejected"
            why.insert("the judges \(decided) it" + (review.note.map { ": " + $0 } ?? ""), at: 0)
        }
        self.init(id: SubmissionIndex.id(of: s.path), name: ServeSession.name(s.path, timezone: timezone), state: state,
                  stateText: TeamView.words(state), why: why, points: s.points,
                  canWithdraw: s.review == nil && PlayerUploads.isServerName(s.path))
    }
}

extension ServeSession {
    /// What team `id`'s view is made from now, with the hunt, given its uploads not judged when
    /// asked (`pending`: path → task); nil when that is still `previous`.
    func teamViewInputs(_ id: String, sees: PlayersOptions.Sees, pending: [String: String],
                        unless previous: TeamView.Inputs? = nil) -> (inputs: TeamView.Inputs, hunt: Hunt)? {
        let judged = results
        let inputs = TeamView.Inputs(hunt: huntVersion, judged: judged != nil,
                                     submissions: judged.map { judged in (index.byTeam[id] ?? []).map { judged.submissions[$0] } } ?? [],
                                     standing: judged?.teams.first { $0.id == id }, teams: judged?.teams.count ?? 0,
                                     leaderboard: sees == .leaderboard ? judged?.teams : nil,
                                     pending: pending, pendingJudged: pending.keys.filter { index.byPath[$0] != nil }.sorted())
        return inputs == previous ? nil : (inputs, hunt)
    }

    /// What the page calls a file: one the page sent by when it arrived (`sent at 10:15:02`, in the
    /// hunt's timezone), any other by its name.
    static func name(_ path: String, timezone: TimeZone) -> String {
        let name = (path as NSString).lastPathComponent
        guard PlayerUploads.isServerName(path) else { return name }
        // `20260502T101500Z-…`: the digits were checked by `isServerName`.
        let digits = Array(name.utf8)
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        let utc = LocalDateTime(year: number(0..<4), month: number(4..<6), day: number(6..<8),
                                hour: number(9..<11), minute: number(11..<13), second: number(13..<15))
        let clock = HuntClock(timezone: timezone, around: nil)
        guard let date = clock.instant(of: utc, offsetSeconds: 0) else { return name }
        let local = HuntClock.local(date, offsetSeconds: clock.offset(at: date))
        return String(format: "sent at %02d:%02d:%02d", local.hour, local.minute, local.second)
    }

    /// The path of team `team`'s submission `id`, or nil when it is not the team's.
    func teamSubmission(team: String, id: String) -> String? {
        guard let judged = results, let index = self.index.index(path: nil, id: id) else { return nil }
        let s = judged.submissions[index]
        return s.team == team && s.path.hasPrefix(team + "/") ? s.path : nil
    }
}
