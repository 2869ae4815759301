import Foundation
import HuntKit

/// What a team's page shows (`/t/<token>/api/state`, and the `state` event): the team's tasks,
/// each with its state and the team's uploads for it, in the judge's words; points and rank as
/// the organizer allows. It names no other team's photo, path or position: a finding about
/// another photo (a duplicate's kept copy) says "another photo".
package struct TeamView: Sendable, Encodable, Equatable {
    package var title: String
    package var team: Name
    /// `leaderboard`, `own` or `none` (`PlayersOptions.Sees`).
    package var sees: String
    package var points: Int?
    package var rank: Int?
    /// How many teams there are (beside the rank).
    package var teams: Int?
    package var tasksDone: Int?
    /// How many tasks score on their own (`Hunt.scoringTasks`): what "3 of 12 tasks done" counts, as the sheets do.
    package var taskCount: Int
    /// Every team's rank, name and points, with `--players-see leaderboard`.
    package var leaderboard: [Row]?
    package var tasks: [TaskRow]
    /// Photos whose task could not be told (sent another way than this page).
    package var other: [Upload]
    /// False until the folder has been judged once.
    package var judged: Bool
    /// While the leaderboard is frozen (`leaderboard: { freeze: … }`): the banner saying since
    /// when points, rank and the leaderboard stay as they were ("Scores frozen since 15:45 …").
    package var frozenText: String?
    /// Whether the team lets its photos be in the end-of-day show (`/show`); it says so on its page.
    package var inShow: Bool = true

    enum CodingKeys: String, CodingKey {
        case title, team, sees, points, rank, teams
        case tasksDone = "tasks_done"
        case taskCount = "task_count"
        case leaderboard, tasks, other, judged
        case frozenText = "frozen_text"
        case inShow = "in_show"
    }

    package struct Name: Sendable, Encodable, Equatable {
        package var id: String
        package var name: String
    }

    package struct Row: Sendable, Encodable, Equatable {
        package var rank: Int
        package var name: String
        package var points: Int
        /// This is the team looking.
        package var own: Bool
    }

    package struct TaskRow: Sendable, Encodable, Equatable {
        package var id: String
        package var title: String
        package var clue: String?
        package var points: Int
        /// The page opens the camera for this task (the task says `live: true`).
        package var live: Bool
        /// `todo`, `sent`, `accepted`, `review` or `rejected`.
        package var state: String
        /// The state in words: `to do`, `sent`, `accepted`, `to review`, `rejected`.
        package var stateText: String
        package var uploads: [Upload]
        /// A live task's rule, for the card: only the page's camera counts (`PlayerCatalog` `live.card`).
        package var liveText: String?
        /// A live task's label for the gallery button: "won't count".
        package var galleryText: String?
        /// A group's member: "Counts towards “Three city landmarks” — 2 of 3 done" (its points are the group's).
        package var groupText: String?
        /// A group: its members, in the order written; it takes no photo of its own.
        package var members: [Member]?
        /// A group: "2 of 3 done", and what it asks ("Any 3 of these 5").
        package var progressText: String?
        package var needsText: String?
        /// Whether the card takes photos (false for a group, and for a question without a place).
        package var sendable: Bool
        /// `bands` or `direction`: the page can guide the team there as the phone moves (`TaskGuide`).
        package var guide: String? = nil
        /// Why the page does not show the task yet: "Opens at 11:00" (`opens:`), "Unlocks once you
        /// have done “The Old Quad”" (`unlocked_by:`); its clue and buttons are left out meanwhile.
        package var lockedText: String? = nil
        /// `answer` (a text box), `choices` or `code` (a box for the code posted at the place) for a
        /// task answered on the page; nil for a photo task.
        package var question: String?
        /// A choice task's choices in the team's language and its own fixed order (`TaskQuestion.choiceOrder`).
        package var choices: [String]?
        /// Tries the team has left on a question (its attempts judged so far counted).
        package var triesLeft: Int?
        /// A check-in task: the page shows "Check in here" instead of the photo buttons.
        package var checkIn: Bool? = nil
        /// A check-in task with `dwell`: how long the team must stay, in seconds.
        package var dwellS: Double? = nil
        /// The task's hints (`hint:` or `hints:`); nil when it has none or is not open yet.
        package var hints: [HintRow]? = nil

        enum CodingKeys: String, CodingKey {
            case id, title, clue, points, live, state, guide
            case lockedText = "locked_text"
            case stateText = "state_text"
            case uploads
            case liveText = "live_text"
            case galleryText = "gallery_text"
            case groupText = "group_text"
            case members
            case progressText = "progress_text"
            case needsText = "needs_text"
            case sendable, question, choices
            case triesLeft = "tries_left"
            case checkIn = "check_in"
            case dwellS = "dwell_s"
            case hints
        }
    }

    /// One task of a group, on the group's card.
    package struct Member: Sendable, Encodable, Equatable {
        package var id: String
        package var title: String
        /// The member's own state (`TaskRow.state`) and its words.
        package var state: String
        package var stateText: String

        enum CodingKeys: String, CodingKey {
            case id, title, state
            case stateText = "state_text"
        }
    }

    package struct Upload: Sendable, Encodable, Equatable {
        /// The submission's id (what `/t/<token>/withdraw` takes).
        package var id: String
        /// The file's name (the server chose it).
        package var name: String
        /// `sent`, `accepted`, `review` or `rejected`.
        package var state: String
        package var stateText: String
        /// Why, one sentence a finding: the judge's messages, and the judges' decision.
        package var why: [String]
        package var points: Int
        /// The team may still withdraw it: sent through this page and not decided by a judge.
        package var canWithdraw: Bool
        /// An answer or choice sent (its `name` is what was typed, in quotes).
        package var isAnswer = false

        enum CodingKeys: String, CodingKey {
            case id, name, state
            case stateText = "state_text"
            case why, points
            case canWithdraw = "can_withdraw"
            case isAnswer = "answer"
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
        /// The team's submissions as judged, and their ids (the server's keyed ones).
        var submissions: [JudgeResults.SubmissionResult]
        var submissionIDs: [String]
        var standing: JudgeResults.TeamResult?
        var teams: Int
        /// Every team's standing, when the team sees the leaderboard.
        var leaderboard: [JudgeResults.TeamResult]?
        /// While the leaderboard is frozen for players: since when (the hunt's clock, `15:45`),
        /// and every team's standing then.
        var frozen: Frozen?
        /// Whether the team lets its photos be in the end-of-day show.
        var inShow: Bool = true
        /// Uploads written but not judged when asked: path → task.
        var pending: [String: String]
        /// The tasks with `opens:` whose time has come (the view changes when one opens).
        var opened: Set<String> = []
        /// The team's hints open by purchase or by time, as `task#index` (the view changes when one opens).
        var hintsOpen: Set<String> = []
        /// Which of `pending` the judgement has taken since.
        var pendingJudged: [String]
    }

    /// The standings players see while the leaderboard is frozen.
    struct Frozen: Equatable, Sendable {
        var since: String
        var rows: [LeaderboardAnswer.Row]
    }

    /// Team `id`'s page made from `inputs` and `hunt`, the hunt they were judged with, in
    /// `language` (the hunt's when nil: its texts and the catalog's words); an upload not judged
    /// yet gets its id from `ids`. Paths sent through the page (`PlayerUploads.isServerName`) may
    /// be withdrawn until a judge decides them.
    init(team id: String, hunt: Hunt, sees: PlayersOptions.Sees, inputs: Inputs, ids: SubmissionIDs, language: String? = nil) {
        let language = language ?? hunt.language
        let name = hunt.teams.first { $0.id == id }?.name ?? id
        let scoring = hunt.scoringTasks
        self.init(
            title: hunt.titleText.text(in: language), team: .init(id: id, name: name), sees: sees.rawValue, taskCount: scoring.count,
            tasks: [], other: [], judged: inputs.judged, inShow: inputs.inShow)
        var byTask: [String: [TeamView.Upload]] = [:]
        let reasons = PlayerReasons(hunt: hunt, language: language)
        let done = Set(inputs.standing?.completions.map(\.task) ?? [])
        for (s, submissionID) in zip(inputs.submissions, inputs.submissionIDs) {
            let upload = Upload(s, id: submissionID, timezone: hunt.timezone, reasons: reasons)
            if let task = s.task { byTask[task, default: []].append(upload) } else { other.append(upload) }
        }
        if sees != .none, let team = inputs.standing {
            // Done as the header counts them: a group once, its members not at all.
            let doneScoring = scoring.count(where: { done.contains($0.id) })
            (points, rank, teams, tasksDone) = (team.points, team.rank, inputs.teams, doneScoring)
        }
        if sees == .leaderboard {
            leaderboard = inputs.leaderboard?.map { .init(rank: $0.rank, name: $0.name, points: $0.points, own: $0.id == id) }
        }
        // Frozen, points and ranks stay as they were; the team's own tasks keep their states.
        if sees != .none, let frozen = inputs.frozen {
            let own = frozen.rows.first { $0.id == id }
            (points, rank, teams) = (own?.points ?? 0, own?.rank, frozen.rows.count)
            if sees == .leaderboard { leaderboard = frozen.rows.map { .init(rank: $0.rank, name: $0.name, points: $0.points, own: $0.id == id) } }
            frozenText = reasons.catalog.text("frozen", ["time": frozen.since])
        }
        let taken = Set(inputs.pendingJudged)
        for (path, task) in inputs.pending.sorted(by: { $0.key < $1.key }) where !taken.contains(path) {
            byTask[task, default: []].append(
                .init(
                    id: ids.id(of: path), name: ServeSession.name(path, timezone: hunt.timezone),
                    state: "sent", stateText: "sent", why: [reasons.catalog.text("waiting")], points: 0,
                    canWithdraw: true))
        }
        var rows: [String: TeamView.TaskRow] = [:]
        for task in hunt.tasks where !task.isGroup {
            let uploads = byTask[task.id] ?? []
            let state: String
            if done.contains(task.id) {
                state = "accepted"
            } else if uploads.contains(where: { $0.state == "review" }) {
                state = "review"
            } else if uploads.contains(where: { $0.state == "sent" }) {
                state = "sent"
            } else if uploads.contains(where: { $0.state == "rejected" }) {
                state = "rejected"
            } else if uploads.contains(where: { $0.state == "accepted" }) {
                state = "accepted"
            } else {
                state = "todo"
            }
            rows[task.id] = .init(
                id: task.id, title: task.titleText.text(in: language), clue: task.clueText?.text(in: language), points: task.points, live: task.live,
                state: state,
                stateText: TeamView.words(state), uploads: uploads, sendable: true)
        }
        let catalog = reasons.catalog
        let liveLimit = reasons.duration(hunt.policy.liveMaxAge.seconds)
        // A group's progress: its members the team has done (accepted), against how many it asks.
        func progress(_ group: HuntTask) -> (done: Int, needed: Int) {
            let members = group.choose!.tasks
            return (members.count(where: { rows[$0]?.state == "accepted" || done.contains($0) }), group.choose!.count)
        }
        let groupByTask = hunt.groupByTask
        tasks = hunt.tasks.map { task in
            if task.isGroup {
                let (doneCount, needed) = progress(task)
                let state = done.contains(task.id) || doneCount >= needed ? "accepted" : doneCount > 0 ? "sent" : "todo"
                let members = task.choose!.tasks.map { m in
                    TeamView.Member(
                        id: m, title: hunt.task(m)?.titleText.text(in: language) ?? m, state: rows[m]?.state ?? "todo",
                        stateText: TeamView.words(rows[m]?.state ?? "todo"))
                }
                let values = ["done": String(min(doneCount, needed)), "needed": String(needed), "count": String(task.choose!.tasks.count)]
                return .init(
                    id: task.id, title: task.titleText.text(in: language), clue: task.clueText?.text(in: language), points: task.points, live: false,
                    state: state,
                    stateText: state == "sent" ? catalog.text("group.progress", values) : TeamView.words(state),
                    // Photos filed under the group itself (sent another way) stay in view.
                    uploads: byTask[task.id] ?? [],
                    members: members, progressText: catalog.text("group.progress", values),
                    needsText: catalog.text("group.needs", values), sendable: false)
            }
            var row = rows[task.id]!
            row.guide = task.guide?.rawValue
            if let question = task.question { row.ask(question, team: id, language: language, uploads: row.uploads) }
            // A code task's place is where its poster hangs: it takes no photo.
            if let question = task.question, task.target == nil || question.code != nil { row.sendable = false }
            if task.checkIn { row.checkIn(task) }
            if task.live {
                row.liveText = catalog.text("live.card", ["limit": liveLimit])
                row.galleryText = catalog.text("live.gallery")
            }
            if let group = groupByTask[task.id] {
                let (doneCount, needed) = progress(group)
                row.groupText = catalog.text(
                    "group.member",
                    [
                        "group": reasons.quoted(group.titleText.text(in: language)), "done": String(min(doneCount, needed)),
                        "needed": String(needed)
                    ])
            }
            let opening = ServeSession.openHints(task, hunt: hunt, standing: inputs.standing, bought: [], at: .distantPast).opening
            let open = Set(task.allHints.indices.filter { inputs.hintsOpen.contains(task.id + "#" + String($0)) })
            row.hints = Self.hintRows(task, open: open, opening: opening, done: done.contains(task.id), reasons: reasons, language: language)
            if let locked = Self.locked(task, opened: inputs.opened, done: done, reasons: reasons, language: language) {
                row.lockedText = locked
                row.clue = nil
                row.sendable = false
                (row.question, row.choices, row.triesLeft, row.guide, row.liveText, row.galleryText) = (nil, nil, nil, nil, nil, nil)
                (row.checkIn, row.dwellS) = (nil, nil)
                row.hints = nil
            }
            return row
        }
    }

    /// Why team's page does not show `task` yet, or nil when it does: its `opens:` time has not
    /// come, or a task of its `unlocked_by:` is not done.
    static func locked(_ task: HuntTask, opened: Set<String>, done: Set<String>, reasons: PlayerReasons, language: String) -> String? {
        if let opens = task.opens, !opened.contains(task.id) {
            return reasons.catalog.text("task.opens", ["when": reasons.when(opens, besides: reasons.hunt.window?.start)])
        }
        let missing = task.unlockedBy.filter { !done.contains($0) }
        guard !missing.isEmpty else { return nil }
        let titles = missing.map { id in reasons.hunt.task(id).map { reasons.quoted($0.titleText.text(in: language)) } ?? id }
        return reasons.catalog.text("task.unlocks", ["tasks": reasons.list(titles)])
    }
}

extension TeamView.TaskRow {
    /// A question's box or choices, and the tries left after the team's answers judged so far.
    mutating func ask(_ question: TaskQuestion, team: String, language: String, uploads: [TeamView.Upload]) {
        switch question.kind {
        case .answer:
            self.question = "answer"
        case .choices(let choices, _):
            self.question = "choices"
            self.choices = TaskQuestion.choiceOrder(count: choices.count, team: team).map { choices[$0].text(in: language) }
        case .code:
            // The box only: the code itself never leaves the server.
            self.question = "code"
        }
        triesLeft = max(0, question.attemptLimit - uploads.count(where: \.isAnswer))
        // A wrong answer with tries left leaves the task to do: the answer is rejected, not the task.
        if state == "rejected", (triesLeft ?? 0) > 0 {
            state = "todo"
            stateText = TeamView.words("todo")
        }
    }
}

extension TeamView.Upload {
    /// One submission in the team's words: its reasons are `PlayerReasons`' sentences, which name
    /// no other photo. Only a photo still to be decided may be withdrawn: one the rules accepted
    /// or rejected is settled.
    init(_ s: JudgeResults.SubmissionResult, id: String, timezone: TimeZone, reasons: PlayerReasons) {
        let state = s.verdict.rawValue
        self.init(
            id: id, name: ServeSession.name(s.path, timezone: timezone), state: state,
            stateText: TeamView.words(state), why: reasons.sentences(for: s), points: s.points,
            canWithdraw: s.review == nil && s.verdict == .review && PlayerUploads.isServerName(s.path))
        if let typed = s.evidence.answer {
            name = "“" + String(typed.prefix(200)) + "”"
            isAnswer = true
        } else if s.evidence.positionSource == .checkIn {
            name = reasons.catalog.text("check-in.name")
            if s.isStaying { (self.state, stateText) = ("staying", "staying") }
        }
    }
}

extension ServeSession {
    /// What team `id`'s view is made from now, with the hunt, given its uploads not judged when
    /// asked (`pending`: path → task); nil when that is still `previous`.
    func teamViewInputs(
        _ id: String, sees: PlayersOptions.Sees, pending: [String: String],
        unless previous: TeamView.Inputs? = nil
    ) -> (inputs: TeamView.Inputs, hunt: Hunt)? {
        let judged = results
        let mine = self.index.byTeam[id] ?? []
        let inputs = TeamView.Inputs(
            hunt: huntVersion, judged: judged != nil,
            submissions: judged.map { judged in mine.map { judged.submissions[$0] } } ?? [],
            submissionIDs: judged == nil ? [] : mine.map { self.index.ids[$0] },
            standing: judged?.teams.first { $0.id == id }, teams: judged?.teams.count ?? 0,
            leaderboard: sees == .leaderboard ? judged?.teams : nil,
            frozen: boards.viewers.flatMap { shown in
                guard shown.frozenSince != nil, let start = freeze.start else { return nil }
                return TeamView.Frozen(since: Self.clockTime(start, timezone: hunt.timezone), rows: shown.teams)
            },
            inShow: teamShown(id), pending: pending, opened: hunt.openedTasks(at: Date()),
            hintsOpen: hintsOpen(ofTeam: id, standing: judged?.teams.first { $0.id == id }, at: Date()),
            pendingJudged: pending.keys.filter { index.byPath[$0] != nil }.sorted())
        return inputs == previous ? nil : (inputs, hunt)
    }

    /// `15:45`: `date` on the hunt's wall clock.
    static func clockTime(_ date: Date, timezone: TimeZone) -> String {
        HuntClock(timezone: timezone).clockTimes(date, date).0
    }

    /// What the page calls a file: one the page sent by when it arrived (`sent at 10:15:02`, in the
    /// hunt's timezone), any other by its name.
    static func name(_ path: String, timezone: TimeZone) -> String {
        let name = (path as NSString).lastPathComponent
        guard PlayerUploads.isServerName(path), let date = UploadName(name)?.receivedAt else { return name }
        let clock = HuntClock(timezone: timezone, around: nil)
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
