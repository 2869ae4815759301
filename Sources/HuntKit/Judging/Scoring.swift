import Foundation

/// Points, completions and closest approaches, from the final verdicts.
struct Scoring: Sendable {
    var points: [String: Int] = [:]
    var reachedAt: [String: Date] = [:]
    var completions: [String: [JudgeResults.Completion]] = [:]
    var approaches: [String: [JudgeResults.Approach]] = [:]
    /// Per task, the teams that scored on it, earliest first.
    var completedBy: [String: [JudgeResults.TaskCompletion]] = [:]
    var closest: [String: [JudgeResults.ClosestEntry]] = [:]
    /// Per task no team has completed: the nearest photos, the best of each day (`TaskResult.nearest`).
    var nearest: [String: [JudgeResults.ClosestEntry]] = [:]
    /// Per `choose` task: each team's progress through its set, by team id.
    var chosen: [String: [JudgeResults.ChoiceProgress]] = [:]
    /// Points per case index.
    var awarded: [Int] = []
}

/// One team's part of the scoring: all of it but the ranking of closest approaches, which is
/// across teams. A decision changes only its own team's (`StandingJudgement` keeps them).
struct TeamScore: Sendable {
    var points = 0
    var reachedAt: Date?
    /// In time order.
    var completions: [JudgeResults.Completion] = []
    var approaches: [JudgeResults.Approach] = []
    /// By task: the team's first scoring photo of it, with all the points the task gave it.
    var completedBy: [String: JudgeResults.TaskCompletion] = [:]
    var awarded: [(index: Int, points: Int)] = []
    /// Per `score: closest` task, the team's best approach.
    var best: [(task: String, index: Int, distance: Double)] = []
    /// Per other task the team has not completed: its nearest photos, best first (case indices).
    var nearest: [String: [Int]] = [:]
    /// Per `choose` task the team has begun: the places or group tasks done, in time order.
    var chosen: [String: [String]] = [:]
}

extension TeamScore {
    /// Every team's own completions by task (`scores` by team), each task's in
    /// `RuleEngine.completedFirst` order: what `RuleEngine.score` starts from.
    static func completedByTask(_ scores: [String: TeamScore]) -> [String: [JudgeResults.TaskCompletion]] {
        var byTask: [String: [JudgeResults.TaskCompletion]] = [:]
        for score in scores.values { for (task, completion) in score.completedBy { byTask[task, default: []].append(completion) } }
        // Each task's sorted side by side: thousands of completions, compared by their texts.
        let tasks = Array(byTask.keys), unsorted = byTask
        let sorted = [[JudgeResults.TaskCompletion]](parallelCount: tasks.count) { unsorted[tasks[$0]]!.sorted(by: RuleEngine.completedFirst) }
        return Dictionary(uniqueKeysWithValues: zip(tasks, sorted))
    }

    /// Brings `byTask` (from `completedByTask`) up to date when `team`'s own score goes from
    /// `old` to `new`: only that team's entries move, so a decision sorts nothing.
    static func replace(
        _ team: String, from old: TeamScore?, to new: TeamScore,
        in byTask: inout [String: [JudgeResults.TaskCompletion]]
    ) {
        if let old {
            for task in old.completedBy.keys {
                byTask[task]?.removeAll { $0.team == team }
                if byTask[task]?.isEmpty == true { byTask[task] = nil }
            }
        }
        for (task, completion) in new.completedBy {
            var list = byTask.removeValue(forKey: task) ?? []
            list.insert(completion, at: list.partitionPoint { RuleEngine.completedFirst($0, completion) })
            byTask[task] = list
        }
    }
}

extension RuleEngine {
    /// Share of a `score: closest` task's points for the first, second and third closest team.
    static let closestShares = [(3, 3), (2, 3), (1, 3)]

    /// `points × numerator / denominator`, rounded down, without overflowing for any `points`.
    static func share(of points: Int, _ fraction: (numerator: Int, denominator: Int)) -> Int {
        let (whole, part) = points.quotientAndRemainder(dividingBy: fraction.denominator)
        return whole.multipliedClamped(by: fraction.numerator).addingClamped(part * fraction.numerator / fraction.denominator)
    }

    /// Each team's own scoring, for the teams `only` names (all when nil), teams side by side.
    func teamScores(_ groups: CaseGroups, only: Set<String>?) -> [String: TeamScore] {
        let ids = groups.byTeam.keys.filter { only?.contains($0) ?? true }.sorted()
        let scores = [TeamScore](parallelCount: ids.count) { teamScore(groups.byTeam[ids[$0]]!) }
        return Dictionary(uniqueKeysWithValues: zip(ids, scores))
    }

    /// One team's scoring from the final verdicts of its cases (`team`: their indices).
    func teamScore(_ team: [Int]) -> TeamScore {
        var score = TeamScore()
        var units: [String: [Int]] = [:]  // task → photos that can score
        var approachCases: [String: [Int]] = [:]
        for i in team where cases[i].effective == .accepted && cases[i].teamKnown && !cases[i].resent {
            guard let task = cases[i].task else { continue }
            if task.score == .closest {
                if cases[i].placement != nil { approachCases[task.id, default: []].append(i) }
                continue
            }
            if task.dwell != nil && task.target != nil {
                // A completed stay scores once, at the photo that completed it; a photo a reviewer
                // accepted outside any stay scores on its own.
                let reviewedAlone = cases[i].review?.decision == .accept && !inStay.contains(i)
                guard dwellStarts[i] != nil || reviewedAlone else { continue }
            }
            units[task.id, default: []].append(i)
        }

        let times = self.times
        var firstDone: [String: Int] = [:]  // group task → the photo that did it
        for key in units.keys.sorted() {
            let ordered = units[key]!.sorted { Self.earlier($0, $1, times: times) }
            let task = cases[ordered[0]].task!
            if let choice = task.choose {
                // Any N of its places: each place once; the task scores at the N-th.
                var seen = Set<Int>(), done: [String] = []
                for i in ordered where seen.insert(cases[i].placeKey).inserted {
                    done.append(cases[i].placement?.placeName ?? String(cases[i].placeKey))
                    if done.count == choice.count { award(&score, i, points: task.points) }
                }
                score.chosen[task.id] = done
                continue
            }
            if groupTasks.contains(task.id) {
                // Scores only through its group; its first photo is when it was done.
                firstDone[task.id] = ordered[0]
                continue
            }
            var seen = Set<String>()
            for i in ordered {
                let unitKey: String
                switch task.repeatRule {
                case .once: unitKey = ""
                case .perPlace: unitKey = String(cases[i].placeKey)
                case .perDay: unitKey = day(of: i)
                case .unlimited: unitKey = String(i)
                }
                guard seen.insert(unitKey).inserted else { continue }
                award(&score, i, points: task.points)
            }
        }
        // Groups: done once any N of their tasks are, at the photo of the N-th.
        for group in hunt.tasks where group.isGroup {
            let choice = group.choose!
            let done = choice.tasks.compactMap { id in firstDone[id].map { (id, $0) } }
                .sorted { Self.earlier($0.1, $1.1, times: times) }
            guard !done.isEmpty else { continue }
            for (_, i) in done { award(&score, i, points: 0) }
            score.chosen[group.id] = done.map(\.0)
            if done.count >= choice.count { award(&score, done[choice.count - 1].1, points: group.points, as: group) }
        }

        // Closest approach: the team's best per day, the top three kept; its best of all is
        // ranked against the other teams' in `score(_:)`.
        var approaches: [String: [JudgeResults.Approach]] = [:]
        for key in approachCases.keys.sorted() {
            let days = bestOfEachDay(approachCases[key]!, by: closer)
            approaches[key] = days.prefix(3).map { approach($0, task: key, distance: approachDistance($0)) }
                .sorted { ($0.distanceM, $0.day) < ($1.distanceM, $1.day) }
            score.best.append((key, days[0], approachDistance(days[0])))
        }

        // The tasks it has not completed: how near it came, for the reports.
        var nearCases: [String: [Int]] = [:]
        for i in team where countsAsApproach(i) {
            guard let task = cases[i].task, task.score != .closest, score.completedBy[task.id] == nil else { continue }
            nearCases[task.id, default: []].append(i)
        }
        for (task, members) in nearCases {
            let nearest = Array(bestOfEachDay(members, by: nearer).prefix(3))
            score.nearest[task] = nearest
            approaches[task] = nearest.map { approach($0, task: task, distance: max(0, edgeDistance($0))) }
        }
        score.approaches = approaches.keys.sorted().flatMap { approaches[$0]! }
        score.completions.sort(by: Self.inTimeOrder)
        return score
    }

    /// Whether photo `i` shows how near its team came to its task: it was measured against the
    /// target, and it was not rejected, or rejected only for being outside (a reviewer's own
    /// rejection included).
    private func countsAsApproach(_ i: Int) -> Bool {
        guard cases[i].placement != nil else { return false }
        return cases[i].effective != .rejected
            || cases[i].findings.allSatisfy { $0.code == .outsideTarget || $0.action(under: hunt.policy) != .reject }
    }

    /// The signed distance to the target's edge, as results.json gives it (negative inside).
    private func edgeDistance(_ i: Int) -> Double { cases[i].evidence.edgeDistance!.metres }

    /// Nearer the target's edge (deeper inside first), or as near and first by path.
    private func nearer(_ a: Int, than b: Int) -> Bool {
        (edgeDistance(a), cases[a].submission.path) < (edgeDistance(b), cases[b].submission.path)
    }

    /// Of `members`, the best photo of each day (in the hunt's timezone; no time is a day of its
    /// own), best first.
    private func bestOfEachDay(_ members: [Int], by better: (Int, Int) -> Bool) -> [Int] {
        var bestPerDay: [String: Int] = [:]
        for i in members {
            if let best = bestPerDay[day(of: i)], !better(i, best) { continue }
            bestPerDay[day(of: i)] = i
        }
        return bestPerDay.values.sorted(by: better)
    }

    private func day(of i: Int) -> String { cases[i].instant.map { clock.day(of: $0) } ?? "" }

    private func approach(_ i: Int, task: String, distance: Double) -> JudgeResults.Approach {
        JudgeResults.Approach(
            task: task, day: day(of: i), distanceM: distance,
            at: cases[i].instant.map(clock.timestamp), submission: cases[i].submission.path)
    }

    /// The whole scoring from every team's own: the closest approaches ranked across teams (the
    /// three closest teams of each such task score), then everything by team and by task.
    /// `completedBy` is the teams' own completions by task, in order (`TeamScore.completedByTask`):
    /// only the closest approaches' are added and put in order here.
    func score(_ teamScores: [String: TeamScore], completedBy: [String: [JudgeResults.TaskCompletion]]) -> Scoring {
        var teams = teamScores
        var scoring = Scoring(completedBy: completedBy, awarded: Array(repeating: 0, count: cases.count))
        let closestTasks = Set(hunt.tasks.filter { $0.score == .closest }.map(\.id))
        var bestByTask: [String: [(team: String, index: Int, distance: Double)]] = [:]
        for (team, score) in teams {
            for best in score.best { bestByTask[best.task, default: []].append((team, best.index, best.distance)) }
        }
        var reordered = Set<String>()
        for task in hunt.tasks where task.score == .closest {
            let ranked = (bestByTask[task.id] ?? []).sorted { a, b in
                closer(a.index, than: b.index) || (!closer(b.index, than: a.index) && a.team < b.team)
            }
            var entries: [JudgeResults.ClosestEntry] = []
            for (position, entry) in ranked.enumerated() {
                var rank = position + 1
                if let previous = entries.last, previous.distanceM == entry.distance,
                    cases[ranked[position - 1].index].instant == cases[entry.index].instant
                {
                    rank = previous.rank
                }
                let points =
                    rank <= Self.closestShares.count
                    ? Self.share(of: task.points, Self.closestShares[rank - 1]) : 0
                entries.append(
                    JudgeResults.ClosestEntry(
                        rank: rank, team: entry.team, distanceM: entry.distance,
                        at: cases[entry.index].instant.map(clock.timestamp),
                        submission: cases[entry.index].submission.path, points: points))
                if points > 0 {
                    award(&teams[entry.team]!, entry.index, points: points)
                    reordered.insert(entry.team)
                }
            }
            scoring.closest[task.id] = entries
        }
        for team in reordered { teams[team]!.completions.sort(by: Self.inTimeOrder) }
        for (team, score) in teams {
            if !score.approaches.isEmpty { scoring.approaches[team] = score.approaches }
            guard !score.awarded.isEmpty else { continue }
            scoring.points[team] = score.points
            scoring.reachedAt[team] = score.reachedAt
            scoring.completions[team] = score.completions
            for (index, points) in score.awarded { scoring.awarded[index] = scoring.awarded[index].addingClamped(points) }
            for (task, completion) in score.completedBy where closestTasks.contains(task) {
                scoring.completedBy[task, default: []].append(completion)
            }
        }
        for team in teams.keys.sorted() {
            for (task, done) in teams[team]!.chosen { scoring.chosen[task, default: []].append(JudgeResults.ChoiceProgress(team: team, done: done)) }
        }
        for task in closestTasks where scoring.completedBy[task] != nil { scoring.completedBy[task]!.sort(by: Self.completedFirst) }
        // Tasks nobody has completed: every team's nearest photos, the best of each day, three at
        // most. Each team's own top three days are enough: a day the team kept no photo of has
        // three nearer days in that team alone.
        var nearByTask: [String: [Int]] = [:]
        for score in teams.values { for (task, members) in score.nearest { nearByTask[task, default: []] += members } }
        for (task, members) in nearByTask where scoring.completedBy[task] == nil {
            scoring.nearest[task] = bestOfEachDay(members, by: nearer).prefix(3).enumerated().map { rank, i in
                JudgeResults.ClosestEntry(
                    rank: rank + 1, team: cases[i].submission.team, distanceM: max(0, edgeDistance(i)),
                    at: cases[i].instant.map(clock.timestamp), submission: cases[i].submission.path, points: 0)
            }
        }
        return scoring
    }

    /// The order of a task's completions across teams: in time order (unknown times last), then by team.
    static func completedFirst(_ a: JudgeResults.TaskCompletion, _ b: JudgeResults.TaskCompletion) -> Bool {
        let ta = a.at?.text ?? "~", tb = b.at?.text ?? "~"
        return ta != tb ? ta < tb : a.team < b.team
    }

    /// Completions in time order (unknown times last), then by task and photo.
    static func inTimeOrder(_ a: JudgeResults.Completion, _ b: JudgeResults.Completion) -> Bool {
        (a.at?.text ?? "~", a.task, a.submission) < (b.at?.text ?? "~", b.task, b.submission)
    }

    private func approachDistance(_ i: Int) -> Double {
        RuleEngine.round(max(0, cases[i].placement!.edgeDistance.metres))
    }

    /// Closer to the target, or as close and earlier.
    private func closer(_ a: Int, than b: Int) -> Bool {
        let da = approachDistance(a), db = approachDistance(b)
        if da != db { return da < db }
        return earlier(a, b)
    }

    /// Photo `i` scores `points` for its task (or for `group`, which it completed); a group's
    /// task done (0 points) is a completion that does not move when the team reached its score.
    private func award(_ score: inout TeamScore, _ i: Int, points: Int, as other: HuntTask? = nil) {
        let task = other ?? cases[i].task!
        score.awarded.append((i, points))
        score.points = score.points.addingClamped(points)
        if let instant = cases[i].instant, points > 0 || !groupTasks.contains(task.id), score.reachedAt.map({ instant > $0 }) ?? true {
            score.reachedAt = instant
        }
        let at = cases[i].instant.map(clock.timestamp)
        score.completions.append(
            JudgeResults.Completion(
                task: task.id, points: points, at: at, submission: cases[i].submission.path,
                place: task.isGroup ? nil : cases[i].placement?.placeName,
                dwellStart: task.isGroup ? nil : dwellStarts[i].map { cases[$0].submission.path }))
        if score.completedBy[task.id] != nil {
            score.completedBy[task.id]!.points = score.completedBy[task.id]!.points.addingClamped(points)
        } else {
            score.completedBy[task.id] = JudgeResults.TaskCompletion(
                team: cases[i].submission.team, at: at, submission: cases[i].submission.path, points: points, place: cases[i].placement?.placeName)
        }
    }
}
