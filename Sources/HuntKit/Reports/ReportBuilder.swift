import Foundation

/// What a report covers.
public struct ReportOptions: Sendable, Hashable {
    /// One team's own report: its row marked on the leaderboard, only its photos, its review
    /// items, and reveal texts only of the tasks it completed.
    public var teamID: String?
    /// At most this many photos get a thumbnail in the HTML page: the review queue first, then
    /// completions, then closest approaches. 0 for none.
    public var thumbnailLimit: Int
    /// The language the report is written in, with the hunt's texts in it (`hunt report --language`).
    public var language: ReportLanguage

    /// How many photos get a thumbnail unless told otherwise.
    public static let defaultThumbnailLimit = 300

    /// Options for the whole hunt's report, or one team's (`teamID`).
    public init(teamID: String? = nil, thumbnailLimit: Int = ReportOptions.defaultThumbnailLimit, language: ReportLanguage = .english) {
        self.teamID = teamID
        self.thumbnailLimit = thumbnailLimit
        self.language = language
    }
}

/// Why a report could not be made, worded for the person who asked for it.
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
        let language = options.language
        let scope = try ReportScope(results, teamID: options.teamID, language: language)
        self.language = language
        hunt = HuntHeader(
            id: results.hunt.id, title: language.huntTitle ?? results.hunt.title, timezone: results.hunt.timezone,
            windowText: language.window(results.hunt.window),
            submissionsFolder: results.hunt.submissionsFolder, rewards: results.hunt.rewards)
        team = scope.selected.map { TeamHeader(id: $0.id, name: $0.name, rank: $0.rank, points: $0.points) }
        leaderboard = scope.leaderboard()
        columns = results.tasks.map { Column(task: $0.id, title: scope.taskTitles[$0.id] ?? $0.title, points: $0.points) }
        grid = scope.grid()
        verdicts = scope.entries(withThumbnails: scope.thumbnailPaths(limit: options.thumbnailLimit))
        let queued = Set(results.reviewQueue)
        reviewQueue = verdicts.filter { queued.contains($0.path) }
        tasks = scope.taskSections(verdicts)
        summary = scope.summary(verdicts, reviewQueue: reviewQueue)
        skipped = scope.selected == nil ? results.skipped : []
        problems = scope.selected == nil ? results.problems : []
    }
}

/// What a report covers of the results — the whole hunt, or one team's photos and tasks — and
/// the look-ups its parts share; each part of the `Report` is made by one method.
struct ReportScope {
    let results: JudgeResults
    /// The team of a one-team report (`--team`); nil for the whole hunt's.
    let selected: JudgeResults.TeamResult?
    /// The submissions in scope: for the whole hunt all of them (not filtered, so not copied).
    let submissions: [JudgeResults.SubmissionResult]
    /// The day of a one-day hunt, whose times are written as a clock alone.
    let huntDay: String?
    let teamNames: [String: String]
    let taskTitles: [String: String]
    /// Each task's target kind; nil for a task without a target.
    let targetKinds: [String: Target.Kind?]
    /// The report's language: its words, its forms of times and distances, the task texts in it.
    let language: ReportLanguage

    init(_ results: JudgeResults, teamID: String?, language: ReportLanguage = .english) throws(ReportError) {
        self.results = results
        self.language = language
        if let id = teamID {
            switch NameLookup(results.teams.map { ($0.id, [$0.name], $0) }).find(id) {
            case .found(let team): selected = team
            case .notFound: throw .unknownTeam(id, known: results.teams.map(\.id).sorted())
            case .ambiguous(let a, let b): throw .ambiguousTeam(id, a.id, b.id)
            }
        } else {
            selected = nil
        }
        submissions = selected.map { team in results.submissions.filter { $0.team == team.id } } ?? results.submissions
        huntDay = Report.huntDay(results)
        teamNames = Dictionary(results.teams.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        taskTitles = Dictionary(results.tasks.map { ($0.id, language.tasks[$0.id]?.title ?? $0.title) }, uniquingKeysWith: { a, _ in a })
        targetKinds = Dictionary(results.tasks.map { ($0.id, $0.target?.kind) }, uniquingKeysWith: { a, _ in a })
    }

    func inScope(_ team: String) -> Bool { selected == nil || selected?.id == team }
    func name(_ team: String) -> String { teamNames[team] ?? team }
    func time(_ timestamp: Timestamp?) -> String? { language.time(timestamp?.text, huntDay: huntDay) }

    /// Every team, ranked; the selected one marked.
    func leaderboard() -> [Report.LeaderboardRow] {
        let taskPoints = Dictionary(results.tasks.map { ($0.id, $0.points) }, uniquingKeysWith: { first, _ in first })
        return results.teams.map { t in
            var row = Report.LeaderboardRow(
                rank: t.rank, team: t.id, name: t.name, points: t.points, tasksDone: t.tasksDone,
                rewards: t.rewards.map { language.reward($0.reward) }, reachedAt: t.reachedAt, reachedText: time(t.reachedAt),
                accepted: t.counts.accepted, review: t.counts.review, rejected: t.counts.rejected,
                isSelected: t.id == selected?.id)
            if let used = t.hintsUsed, !used.isEmpty {
                (row.hints, row.hintPoints) = (used.count, JudgeResults.charge(used) { taskPoints[$0] ?? 0 })
            }
            return row
        }
    }

    /// The team × task grid of the teams in scope: each cell the best verdict of the team's
    /// photos for the task, ✓ once the judge counts it completed, `2/3` for a `choose` task begun.
    func grid() -> [Report.GridRow] {
        typealias Tally = (best: Report.Cell.State, photos: Int, points: Int)
        var tallies: [String: [String: Tally]] = [:]
        for s in submissions {
            guard let task = s.task else { continue }
            var cell = tallies[s.team, default: [:]][task] ?? (.none, 0, 0)
            cell.best = Report.better(cell.best, Report.Cell.State(s.verdict))
            cell.photos += 1
            cell.points = cell.points.addingClamped(s.points)
            tallies[s.team, default: [:]][task] = cell
        }
        return results.teams.filter { inScope($0.id) }.map { t in
            let completed = Set(t.completions.map(\.task))
            let cells = results.tasks.map { task in
                var found = tallies[t.id]?[task.id] ?? (.none, 0, 0)
                if completed.contains(task.id) { found.best = .accepted }
                var mark = found.best.mark
                if let count = task.choose, !completed.contains(task.id) {
                    // Accepted photos are progress, not a done task: `2/3`.
                    if found.best == .accepted { found.best = .none }
                    let done = task.progress?.first { $0.team == t.id }?.done.count ?? 0
                    mark = done > 0 ? "\(done)/\(count)" : found.best.mark
                }
                return Report.Cell(task: task.id, state: found.best, mark: mark, photos: found.photos, points: found.points)
            }
            return Report.GridRow(team: t.id, name: t.name, rank: t.rank, cells: cells)
        }
    }

    /// The photos the HTML page shows a thumbnail of, at most `limit`: the review queue first,
    /// then completions, then the three closest approaches of each task.
    func thumbnailPaths(limit: Int) -> Set<String> {
        var paths: Set<String> = []
        func want(_ path: String) { if paths.count < limit { paths.insert(path) } }
        let queued = Set(results.reviewQueue)
        for s in submissions where queued.contains(s.path) { want(s.path) }
        for task in results.tasks {
            for c in task.completedBy where inScope(c.team) { want(c.submission) }
        }
        for task in results.tasks {
            for c in task.closest.prefix(3) where inScope(c.team) { want(c.submission) }
        }
        return paths
    }

    /// One entry per submission in scope, in order; made on every core (they are independent).
    func entries(withThumbnails thumbnails: Set<String>) -> [Report.Entry] {
        let submissions = submissions
        return [Report.Entry](parallelCount: submissions.count, chunkSize: 2_000) { i in
            let s = submissions[i]
            return Report.entry(
                s, teamName: name(s.team), taskTitle: s.task.flatMap { taskTitles[$0] },
                targetKind: s.task.flatMap { targetKinds[$0] ?? nil }, huntDay: huntDay,
                thumbnail: thumbnails.contains(s.path), language: language)
        }
    }

    /// One section per task, in the hunt's order, from the entries in scope.
    func taskSections(_ entries: [Report.Entry]) -> [Report.TaskSection] {
        var byTask: [String: [Report.Entry]] = [:]
        for entry in entries { if let task = entry.task { byTask[task, default: []].append(entry) } }
        let completedBySelected = Set(selected?.completions.map(\.task) ?? [])
        return results.tasks.map { task in
            let photos = byTask[task.id] ?? []
            let completions = task.completedBy.filter { inScope($0.team) }.map { c in
                Report.Completion(
                    team: c.team, teamName: name(c.team), at: c.at, atText: time(c.at), submission: c.submission,
                    points: c.points, place: c.place)
            }
            let revealShown = selected == nil ? !task.completedBy.isEmpty : completedBySelected.contains(task.id)
            var counts = JudgeResults.Counts()
            for p in photos {
                switch p.verdict {
                case .accepted: counts.accepted += 1
                case .review: counts.review += 1
                case .rejected: counts.rejected += 1
                }
            }
            let texts = language.tasks[task.id]
            return Report.TaskSection(
                id: task.id, title: texts?.title ?? task.title, clue: texts.map(\.clue) ?? task.clue, points: task.points, score: task.score,
                repeat: task.repeat, tags: task.tags, evidence: task.evidence, target: task.target,
                targetText: language.target(of: task, titles: taskTitles),
                reveal: revealShown ? texts.map(\.reveal) ?? task.reveal : nil, completedBy: completions,
                closest: closest(task), misses: misses(photos),
                accepted: counts.accepted, review: counts.review, rejected: counts.rejected,
                progress: task.choose.map { count in
                    (task.progress ?? []).filter { inScope($0.team) }.map { p in
                        Report.ChoiceProgress(
                            team: p.team, teamName: name(p.team), done: p.done.map { taskTitles[$0] ?? $0 },
                            text: language.progress(done: p.done.count, of: count))
                    }
                })
        }
    }

    /// The counts at the top of the report, of the entries in scope.
    func summary(_ entries: [Report.Entry], reviewQueue: [Report.Entry]) -> Report.Summary {
        var summary = Report.Summary(
            teams: selected == nil ? results.teams.count : 1, tasks: results.tasks.count, submissions: entries.count, answers: 0,
            accepted: 0, review: reviewQueue.count, rejected: 0, reviewed: 0, skipped: selected == nil ? results.skipped.count : 0,
            unreadable: 0)
        // By index, so no entry is copied to be counted.
        for i in entries.indices {
            if entries[i].evidenceBox.value.answer != nil { summary.answers += 1 }
            switch entries[i].verdict {
            case .accepted: summary.accepted += 1
            case .rejected: summary.rejected += 1
            case .review: break
            }
            if entries[i].review != nil { summary.reviewed += 1 }
            if entries[i].reasons.contains(where: { $0.code == .unreadable }) { summary.unreadable += 1 }
        }
        return summary
    }

    /// The judge's closest approaches: for `score: closest` tasks its ranking of the teams (in
    /// scope); for other tasks, while nobody in scope has completed them, the nearest photos it
    /// found, the best of each day, three at most: a team's own (its `approaches`), or, for the
    /// whole hunt, every team's (`nearest`).
    func closest(_ task: JudgeResults.TaskResult) -> [Report.Approach] {
        func approach(rank: Int, team: String, distanceM: Double, at: Timestamp?, submission: String, points: Int) -> Report.Approach {
            Report.Approach(
                rank: rank, team: team, teamName: name(team), day: at?.day ?? "", distanceM: distanceM,
                distanceText: distanceM <= 0 ? language.word("inside") : language.distance(distanceM),
                at: at, atText: time(at), submission: submission, points: points)
        }
        if task.score == .closest {
            return task.closest.filter { inScope($0.team) }.prefix(3).map {
                approach(rank: $0.rank, team: $0.team, distanceM: $0.distanceM, at: $0.at, submission: $0.submission, points: $0.points)
            }
        }
        guard let team = selected else {
            return (task.nearest ?? []).map {
                approach(rank: $0.rank, team: $0.team, distanceM: $0.distanceM, at: $0.at, submission: $0.submission, points: 0)
            }
        }
        return team.approaches.filter { $0.task == task.id }.enumerated().map { i, a in
            approach(rank: i + 1, team: team.id, distanceM: a.distanceM, at: a.at, submission: a.submission, points: 0)
        }
    }

    /// Each team's nearest photo that fell outside the target, nearest first.
    func misses(_ photos: [Report.Entry]) -> [Report.Miss] {
        var nearest: [String: Report.Entry] = [:]
        let inside = language.word("inside")
        for p in photos where p.missText != nil && p.missText != inside {
            guard let d = p.evidence.distance?.metres else { continue }
            if let current = nearest[p.team], let cd = current.evidence.distance?.metres, (cd, current.path) <= (d, p.path) { continue }
            nearest[p.team] = p
        }
        return nearest.values.sorted { ($0.evidence.distance!, $0.team) < ($1.evidence.distance!, $1.team) }.map { p in
            Report.Miss(
                team: p.team, teamName: name(p.team), text: p.missText!, distanceM: p.evidence.distance!.metres,
                band: p.evidence.band, at: p.evidence.capturedAt, atText: time(p.evidence.capturedAt), submission: p.path)
        }
    }
}

extension Report {
    static func entry(
        _ s: JudgeResults.SubmissionResult, teamName: String, taskTitle: String?, targetKind: Target.Kind?, huntDay: String?,
        thumbnail: Bool, language: ReportLanguage = .english
    ) -> Entry {
        let evidence = s.evidence
        let whereText = language.miss(evidence, targetKind: targetKind)
        let outside = s.reasons.contains(.outsideTarget) || s.reasons.contains(.uncertainPosition) || s.reasons.contains(.imprecisePosition)
        return Entry(
            path: s.path, team: s.team, teamName: teamName, task: s.task, taskTitle: taskTitle, taskSource: s.taskSource,
            verdict: s.verdict, judgedVerdict: s.judgedVerdict, overridden: s.verdict != s.judgedVerdict,
            points: s.points,
            reasons: s.findings.map { Reason(code: $0.code, action: $0.action, message: $0.message, related: $0.related) },
            review: s.review, evidenceBox: s.evidenceBox,
            missText: outside ? whereText : nil,
            whereText: whereText,
            capturedText: language.time(evidence.capturedAt?.text, huntDay: huntDay),
            evidenceText: language.evidence(evidence, targetKind: targetKind, reasons: Set(s.reasons), huntDay: huntDay),
            wantsThumbnail: thumbnail)
    }

    /// accepted beats review beats rejected beats nothing.
    static func better(_ a: Cell.State, _ b: Cell.State) -> Cell.State {
        let order: [Cell.State] = [.accepted, .review, .rejected, .none]
        return order.firstIndex(of: a)! <= order.firstIndex(of: b)! ? a : b
    }

    /// The day of a one-day hunt (`2026-05-02`: its window's, else the one day every photo was
    /// taken on), whose times reports write as a clock alone; nil for a hunt of several days.
    static func huntDay(_ results: JudgeResults) -> String? {
        if let window = results.hunt.window {
            return window.start.day == window.end.day ? window.start.day : nil
        }
        var day: String?
        for s in results.submissions {
            guard let d = s.evidence.capturedAt?.day else { continue }
            if day == nil { day = d } else if day != d { return nil }
        }
        return day
    }
}
