import Foundation

/// What a report covers.
public struct ReportOptions: Sendable, Hashable {
    /// One team's own report: its row marked on the leaderboard, only its photos, its review
    /// items, and reveal texts only of the tasks it completed.
    public var teamID: String?
    /// At most this many photos get a thumbnail in the HTML page: the review queue first, then
    /// completions, then closest approaches. 0 for none.
    public var thumbnailLimit: Int

    public static let defaultThumbnailLimit = 300

    public init(teamID: String? = nil, thumbnailLimit: Int = ReportOptions.defaultThumbnailLimit) {
        self.teamID = teamID
        self.thumbnailLimit = thumbnailLimit
    }
}

public enum ReportError: Error, Sendable, CustomStringConvertible {
    case unknownTeam(String, known: [String])
    /// `--team` matches two teams (by `NameKey`): the name given, and the two teams' ids.
    case ambiguousTeam(String, String, String)
    case template(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownTeam(let id, let known):
            let suggestion = Suggestions.closest(to: id, in: known).map { "did you mean `\($0)`? " } ?? ""
            return "no team `\(id)` in the results; \(suggestion)teams: \(known.joined(separator: ", "))"
        case .ambiguousTeam(let typed, let a, let b):
            return "`\(typed)` matches both team `\(a)` and team `\(b)`; give the id of one"
        case .template(let path, let reason):
            return "\(path): \(reason)"
        }
    }
}

extension Report {
    /// Derives the report from the judge's results. Never reads a file.
    public init(_ results: JudgeResults, options: ReportOptions = ReportOptions()) throws(ReportError) {
        let selected: JudgeResults.TeamResult?
        if let id = options.teamID {
            switch NameLookup(results.teams.map { ($0.id, [$0.name], $0) }).find(id) {
            case .found(let team): selected = team
            case .notFound: throw .unknownTeam(id, known: results.teams.map(\.id).sorted())
            case .ambiguous(let a, let b): throw .ambiguousTeam(id, a.id, b.id)
            }
        } else {
            selected = nil
        }
        let huntDay = Self.huntDay(results)
        let targetKinds = Dictionary(results.tasks.map { ($0.id, $0.target?.kind) }, uniquingKeysWith: { a, _ in a })
        let teamNames = Dictionary(results.teams.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let taskTitles = Dictionary(results.tasks.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let name = { (team: String) in teamNames[team] ?? team }
        let time = { (iso: String?) in ReportText.time(iso, huntDay: huntDay) }
        let inScope = { (team: String) in selected == nil || selected?.id == team }

        hunt = HuntHeader(id: results.hunt.id, title: results.hunt.title, timezone: results.hunt.timezone,
                          windowText: ReportText.window(results.hunt.window),
                          submissionsFolder: results.hunt.submissionsFolder, rewards: results.hunt.rewards)
        team = selected.map { TeamHeader(id: $0.id, name: $0.name, rank: $0.rank, points: $0.points) }

        leaderboard = results.teams.map { t in
            LeaderboardRow(rank: t.rank, team: t.id, name: t.name, points: t.points, tasksDone: t.tasksDone,
                           rewards: t.rewards.map(\.reward), reachedAt: t.reachedAt, reachedText: time(t.reachedAt),
                           accepted: t.counts.accepted, review: t.counts.review, rejected: t.counts.rejected,
                           isSelected: t.id == selected?.id)
        }

        // Submissions in scope, and the photos each (team, task) pair has.
        // Not filtered (so not copied) for the whole hunt's report.
        let scoped = selected == nil ? results.submissions : results.submissions.filter { inScope($0.team) }
        var cellVerdicts: [String: [String: (best: Cell.State, photos: Int, points: Int)]] = [:]
        for s in scoped {
            guard let task = s.task else { continue }
            let state = Cell.State(rawValue: s.verdict.rawValue) ?? .none
            var cell = cellVerdicts[s.team, default: [:]][task] ?? (.none, 0, 0)
            cell.best = Self.better(cell.best, state)
            cell.photos += 1
            cell.points = cell.points.addingClamped(s.points)
            cellVerdicts[s.team, default: [:]][task] = cell
        }
        columns = results.tasks.map { Column(task: $0.id, title: $0.title, points: $0.points) }
        grid = results.teams.filter { inScope($0.id) }.map { t in
            let completed = Set(t.completions.map(\.task))
            let cells = results.tasks.map { task in
                var found = cellVerdicts[t.id]?[task.id] ?? (.none, 0, 0)
                if completed.contains(task.id) { found.best = .accepted }
                var mark = found.best.mark
                if let count = task.choose, !completed.contains(task.id) {
                    // Accepted photos are progress, not a done task: `2/3`.
                    if found.best == .accepted { found.best = .none }
                    let done = task.progress?.first { $0.team == t.id }?.done.count ?? 0
                    mark = done > 0 ? "\(done)/\(count)" : found.best.mark
                }
                return Cell(task: task.id, state: found.best, mark: mark, photos: found.photos, points: found.points)
            }
            return GridRow(team: t.id, name: t.name, rank: t.rank, cells: cells)
        }

        // Thumbnails: the review queue first, then completions, then closest approaches.
        var thumbnails: Set<String> = []
        func wantThumbnail(_ path: String) {
            if thumbnails.count < options.thumbnailLimit { thumbnails.insert(path) }
        }
        let queued = Set(results.reviewQueue)
        for s in scoped where queued.contains(s.path) { wantThumbnail(s.path) }
        for task in results.tasks {
            for c in task.completedBy where inScope(c.team) { wantThumbnail(c.submission) }
        }
        for task in results.tasks {
            for c in task.closest.prefix(3) where inScope(c.team) { wantThumbnail(c.submission) }
        }

        // Entries are independent: made on every core, in order.
        let wanted = thumbnails
        let entries = [Entry](parallelCount: scoped.count, chunkSize: 2_000) { i in
            Self.entry(scoped[i], teamName: teamNames[scoped[i].team] ?? scoped[i].team, taskTitle: scoped[i].task.flatMap { taskTitles[$0] },
                       targetKind: scoped[i].task.flatMap { targetKinds[$0] ?? nil }, huntDay: huntDay,
                       thumbnail: wanted.contains(scoped[i].path))
        }
        verdicts = entries
        reviewQueue = entries.filter { queued.contains($0.path) }

        var byTask: [String: [Entry]] = [:]
        for entry in entries { if let task = entry.task { byTask[task, default: []].append(entry) } }
        let completedBySelected = Set(selected?.completions.map(\.task) ?? [])
        tasks = results.tasks.map { task in
            let photos = byTask[task.id] ?? []
            let completions = task.completedBy.filter { inScope($0.team) }.map { c in
                Completion(team: c.team, teamName: name(c.team), at: c.at, atText: time(c.at), submission: c.submission,
                           points: c.points, place: c.place)
            }
            let revealShown = selected == nil ? !task.completedBy.isEmpty : completedBySelected.contains(task.id)
            var counts = JudgeResults.Counts()
            for p in photos {
                switch p.verdict {
                case "accepted": counts.accepted += 1
                case "review": counts.review += 1
                default: counts.rejected += 1
                }
            }
            return TaskSection(
                id: task.id, title: task.title, clue: task.clue, points: task.points, score: task.score, repeat: task.repeat,
                tags: task.tags, evidence: task.evidence, target: task.target, targetText: ReportText.target(of: task, titles: taskTitles),
                reveal: revealShown ? task.reveal : nil, completedBy: completions,
                closest: Self.closest(task, team: selected, name: name, time: time),
                misses: Self.misses(photos, name: name, time: time),
                accepted: counts.accepted, review: counts.review, rejected: counts.rejected,
                progress: task.choose.map { count in
                    (task.progress ?? []).filter { inScope($0.team) }.map { p in
                        ChoiceProgress(team: p.team, teamName: name(p.team), done: p.done.map { taskTitles[$0] ?? $0 },
                                       text: Choice.progress(done: p.done.count, of: count))
                    }
                })
        }

        summary = Summary(teams: selected == nil ? results.teams.count : 1, tasks: results.tasks.count,
                          submissions: entries.count,
                          accepted: entries.count { $0.verdict == "accepted" },
                          review: reviewQueue.count,
                          rejected: entries.count { $0.verdict == "rejected" },
                          reviewed: entries.count { $0.review != nil },
                          skipped: selected == nil ? results.skipped.count : 0,
                          unreadable: entries.count { $0.reasons.contains { $0.code == ReasonCode.unreadable.rawValue } })
        skipped = selected == nil ? results.skipped : []
        problems = selected == nil ? results.problems : []
    }

    static func entry(_ s: JudgeResults.SubmissionResult, teamName: String, taskTitle: String?, targetKind: String?, huntDay: String?,
                      thumbnail: Bool) -> Entry {
        let whereText = ReportText.miss(s.evidence, targetKind: targetKind)
        let outside = s.reasons.contains(.outsideTarget) || s.reasons.contains(.uncertainPosition) || s.reasons.contains(.imprecisePosition)
        return Entry(
            path: s.path, team: s.team, teamName: teamName, task: s.task, taskTitle: taskTitle, taskSource: s.taskSource,
            verdict: s.verdict.rawValue, judgedVerdict: s.judgedVerdict.rawValue, overridden: s.verdict != s.judgedVerdict,
            points: s.points,
            reasons: s.findings.map { Reason(code: $0.code.rawValue, action: $0.action.rawValue, message: $0.message, related: $0.related) },
            review: s.review, evidence: s.evidence,
            missText: outside ? whereText : nil,
            whereText: whereText,
            capturedText: ReportText.time(s.evidence.capturedAt, huntDay: huntDay),
            evidenceText: ReportText.evidence(s.evidence, targetKind: targetKind, reasons: Set(s.reasons), huntDay: huntDay),
            wantsThumbnail: thumbnail)
    }

    /// accepted beats review beats rejected beats nothing.
    static func better(_ a: Cell.State, _ b: Cell.State) -> Cell.State {
        let order: [Cell.State] = [.accepted, .review, .rejected, .none]
        return order.firstIndex(of: a)! <= order.firstIndex(of: b)! ? a : b
    }

    /// The judge's closest approaches: for `score: closest` tasks its ranking of the teams (in
    /// scope); for other tasks, while nobody in scope has completed them, the nearest photos it
    /// found, the best of each day, three at most: a team's own (its `approaches`), or, for the
    /// whole hunt, every team's (`nearest`).
    static func closest(_ task: JudgeResults.TaskResult, team: JudgeResults.TeamResult?,
                        name: (String) -> String, time: (String?) -> String?) -> [Approach] {
        func approach(rank: Int, team: String, distanceM: Double, at: String?, submission: String, points: Int) -> Approach {
            Approach(rank: rank, team: team, teamName: name(team), day: ReportText.day(at) ?? "", distanceM: distanceM,
                     distanceText: distanceM <= 0 ? "inside" : MeasureText.distance(distanceM),
                     at: at, atText: time(at), submission: submission, points: points)
        }
        if task.score == ScoreRule.closest.rawValue {
            return task.closest.filter { team == nil || $0.team == team?.id }.prefix(3).map {
                approach(rank: $0.rank, team: $0.team, distanceM: $0.distanceM, at: $0.at, submission: $0.submission, points: $0.points)
            }
        }
        guard let team else {
            return (task.nearest ?? []).map {
                approach(rank: $0.rank, team: $0.team, distanceM: $0.distanceM, at: $0.at, submission: $0.submission, points: 0)
            }
        }
        return team.approaches.filter { $0.task == task.id }.enumerated().map { i, a in
            approach(rank: i + 1, team: team.id, distanceM: a.distanceM, at: a.at, submission: a.submission, points: 0)
        }
    }

    /// Each team's nearest photo that fell outside the target, nearest first.
    static func misses(_ photos: [Entry], name: (String) -> String, time: (String?) -> String?) -> [Miss] {
        var nearest: [String: Entry] = [:]
        for p in photos where p.missText != nil && p.missText != "inside" {
            guard let d = p.evidence.distanceM else { continue }
            if let current = nearest[p.team], let cd = current.evidence.distanceM, (cd, current.path) <= (d, p.path) { continue }
            nearest[p.team] = p
        }
        return nearest.values.sorted { ($0.evidence.distanceM!, $0.team) < ($1.evidence.distanceM!, $1.team) }.map { p in
            Miss(team: p.team, teamName: name(p.team), text: p.missText!, distanceM: p.evidence.distanceM!,
                 band: p.evidence.band?.rawValue, at: p.evidence.capturedAt, atText: time(p.evidence.capturedAt), submission: p.path)
        }
    }

    /// The day of a one-day hunt (`2026-05-02`: its window's, else the one day every photo was
    /// taken on), whose times reports write as a clock alone; nil for a hunt of several days.
    static func huntDay(_ results: JudgeResults) -> String? {
        if let window = results.hunt.window {
            let start = ReportText.day(window.start)
            return start == ReportText.day(window.end) ? start : nil
        }
        var day: String?
        for s in results.submissions {
            guard let d = ReportText.day(s.evidence.capturedAt) else { continue }
            if day == nil { day = d } else if day != d { return nil }
        }
        return day
    }
}
