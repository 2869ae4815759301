import Foundation

/// Points, completions and closest approaches, from the final verdicts.
struct Scoring: Sendable {
    var points: [String: Int] = [:]
    var reachedAt: [String: Date] = [:]
    var completions: [String: [JudgeResults.Completion]] = [:]
    var approaches: [String: [JudgeResults.Approach]] = [:]
    var completedBy: [String: [JudgeResults.TaskCompletion]] = [:]
    var closest: [String: [JudgeResults.ClosestEntry]] = [:]
    /// Points per case index.
    var awarded: [Int: Int] = [:]
}

extension JudgingState {
    /// Share of a `score: closest` task's points for the first, second and third closest team.
    static let closestShares = [(3, 3), (2, 3), (1, 3)]

    /// `points × numerator / denominator`, rounded down, without overflowing for any `points`.
    static func share(of points: Int, _ fraction: (numerator: Int, denominator: Int)) -> Int {
        let (whole, part) = points.quotientAndRemainder(dividingBy: fraction.denominator)
        return whole.multipliedClamped(by: fraction.numerator).addingClamped(part * fraction.numerator / fraction.denominator)
    }

    func score() -> Scoring {
        var scoring = Scoring()
        var units: [String: [Int]] = [:]     // team·task → photos that can score
        var approachCases: [String: [Int]] = [:]
        for i in cases.indices where cases[i].effective == .accepted && cases[i].teamKnown && !cases[i].resent {
            guard let task = cases[i].task else { continue }
            let key = "\(cases[i].submission.team)\u{0}\(task.id)"
            if task.score == .closest {
                if cases[i].placement != nil { approachCases[key, default: []].append(cases[i].index) }
                continue
            }
            if task.dwell != nil && task.target != nil {
                // A completed stay scores once, at the photo that completed it; a photo a reviewer
                // accepted outside any stay scores on its own.
                let reviewedAlone = cases[i].review?.decision == .accept && !inStay.contains(cases[i].index)
                guard dwellStarts[cases[i].index] != nil || reviewedAlone else { continue }
            }
            units[key, default: []].append(cases[i].index)
        }

        for key in units.keys.sorted() {
            let ordered = units[key]!.sorted { earlier($0, $1) }
            let task = cases[ordered[0]].task!
            var seen = Set<String>()
            for i in ordered {
                let unitKey: String
                switch task.repeatRule {
                case .once: unitKey = ""
                case .perPlace: unitKey = String(cases[i].placeKey)
                case .perDay: unitKey = cases[i].instant.map { clock.day(of: $0) } ?? ""
                case .unlimited: unitKey = String(i)
                }
                guard seen.insert(unitKey).inserted else { continue }
                award(&scoring, i, points: task.points)
            }
        }

        // Closest approach: each team's best per day (top three kept for the team); the task's
        // three closest teams score.
        var bestByTask: [String: [(team: String, index: Int, distance: Double)]] = [:]
        for key in approachCases.keys.sorted() {
            let members = approachCases[key]!
            let task = cases[members[0]].task!
            let team = cases[members[0]].submission.team
            var bestPerDay: [String: Int] = [:]
            for i in members {
                let day = cases[i].instant.map { clock.day(of: $0) } ?? ""
                if let best = bestPerDay[day], !closer(i, than: best) { continue }
                bestPerDay[day] = i
            }
            let days = bestPerDay.values.sorted { closer($0, than: $1) }
            scoring.approaches[team, default: []] += days.prefix(3).map { i in
                JudgeResults.Approach(task: task.id, day: cases[i].instant.map { clock.day(of: $0) } ?? "",
                                      distanceM: approachDistance(i), at: cases[i].instant.map(clock.iso),
                                      submission: cases[i].submission.path)
            }
            bestByTask[task.id, default: []].append((team, days[0], approachDistance(days[0])))
        }
        for task in hunt.tasks where task.score == .closest {
            let ranked = (bestByTask[task.id] ?? []).sorted { a, b in
                closer(a.index, than: b.index) || (!closer(b.index, than: a.index) && a.team < b.team)
            }
            var entries: [JudgeResults.ClosestEntry] = []
            for (position, entry) in ranked.enumerated() {
                var rank = position + 1
                if let previous = entries.last, previous.distanceM == entry.distance,
                   cases[ranked[position - 1].index].instant == cases[entry.index].instant {
                    rank = previous.rank
                }
                let points = rank <= Self.closestShares.count
                    ? Self.share(of: task.points, Self.closestShares[rank - 1]) : 0
                entries.append(JudgeResults.ClosestEntry(rank: rank, team: entry.team, distanceM: entry.distance,
                                                         at: cases[entry.index].instant.map(clock.iso),
                                                         submission: cases[entry.index].submission.path, points: points))
                if points > 0 { award(&scoring, entry.index, points: points) }
            }
            scoring.closest[task.id] = entries
        }
        for team in scoring.approaches.keys {
            scoring.approaches[team]!.sort { ($0.task, $0.distanceM, $0.day) < ($1.task, $1.distanceM, $1.day) }
        }
        for team in scoring.completions.keys {
            scoring.completions[team]!.sort { ($0.at ?? "~", $0.task, $0.submission) < ($1.at ?? "~", $1.task, $1.submission) }
        }
        return scoring
    }

    private func approachDistance(_ i: Int) -> Double {
        JudgingState.round(max(0, cases[i].placement!.edgeDistance.metres))
    }

    /// Closer to the target, or as close and earlier.
    private func closer(_ a: Int, than b: Int) -> Bool {
        let da = approachDistance(a), db = approachDistance(b)
        if da != db { return da < db }
        return earlier(a, b)
    }

    private func award(_ scoring: inout Scoring, _ i: Int, points: Int) {
        let team = cases[i].submission.team
        let task = cases[i].task!
        scoring.awarded[i, default: 0] = scoring.awarded[i, default: 0].addingClamped(points)
        scoring.points[team, default: 0] = scoring.points[team, default: 0].addingClamped(points)
        if let instant = cases[i].instant, scoring.reachedAt[team].map({ instant > $0 }) ?? true {
            scoring.reachedAt[team] = instant
        }
        let at = cases[i].instant.map(clock.iso)
        scoring.completions[team, default: []].append(JudgeResults.Completion(
            task: task.id, points: points, at: at, submission: cases[i].submission.path, place: cases[i].placement?.placeName,
            dwellStart: dwellStarts[i].map { cases[$0].submission.path }))
        if let index = scoring.completedBy[task.id]?.firstIndex(where: { $0.team == team }) {
            scoring.completedBy[task.id]![index].points = scoring.completedBy[task.id]![index].points.addingClamped(points)
        } else {
            scoring.completedBy[task.id, default: []].append(JudgeResults.TaskCompletion(
                team: team, at: at, submission: cases[i].submission.path, points: points, place: cases[i].placement?.placeName))
        }
    }
}
