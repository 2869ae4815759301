import Foundation

extension JudgeResults {
    /// A hint a team bought, as results.json lists it under the team (`hints_used`).
    public struct HintUse: Sendable, Codable, Hashable {
        /// The task whose hint it is.
        public var task: String
        /// The hint's index in the task's hints (`HuntTask.allHints`), from 0.
        public var hint: Int
        /// The points it cost (before the cap of the task's points).
        public var cost: Int
        /// When it was bought, in the hunt's timezone.
        public var at: Timestamp

        enum CodingKeys: String, CodingKey { case at, cost, hint, task }
    }

    /// These results with the hints bought (`purchases`, from hints.jsonl) charged: each team's
    /// points lose the costs of its hints, whether or not it did the task (a hint is paid for
    /// when it is used). What one task's hints take is at most the task's points, and no team
    /// falls below 0. The teams are ranked again and their rewards are those their points now
    /// reach. A purchase of a team, task or hint the hunt does not have, or the second purchase
    /// of a hint, costs nothing.
    public func charging(_ purchases: [HintPurchase], hunt: Hunt) -> JudgeResults {
        guard !purchases.isEmpty else { return self }
        let clock = HuntClock(timezone: hunt.timezone, around: hunt.window)
        var byTeam: [String: [HintUse]] = [:]
        var seen = Set<String>()
        let ordered = purchases.sorted { ($0.sentAt.date, $0.team, $0.task, $0.hint) < ($1.sentAt.date, $1.team, $1.task, $1.hint) }
        for purchase in ordered {
            guard let task = hunt.task(purchase.task), purchase.hint < task.allHints.count,
                seen.insert(purchase.team + "\u{0}" + purchase.task + "\u{0}" + String(purchase.hint)).inserted
            else { continue }
            byTeam[purchase.team, default: []].append(
                HintUse(task: task.id, hint: purchase.hint, cost: purchase.cost, at: clock.timestamp(purchase.sentAt.date)))
        }
        guard !byTeam.isEmpty else { return self }
        var charged = self
        var teams = teams
        for i in teams.indices {
            guard let used = byTeam[teams[i].id] else { continue }
            teams[i].hintsUsed = used
            teams[i].points = max(0, teams[i].points - Self.charge(used) { hunt.task($0)?.points ?? 0 })
            teams[i].rewards = hunt.rewards.sorted { $0.points < $1.points }.filter { $0.points <= teams[i].points }
                .map { RewardInfo(points: $0.points, reward: $0.reward) }
        }
        charged.teams = RuleEngine.ranked(teams, reached: teams.map { $0.reachedAt?.date })
        return charged
    }

    /// What hints `used` take off a team's points: per task, their costs up to the task's
    /// `points` (by task id).
    static func charge(_ used: [HintUse], points: (String) -> Int) -> Int {
        var byTask: [String: Int] = [:]
        for use in used { byTask[use.task, default: 0] = byTask[use.task, default: 0].addingClamped(use.cost) }
        return byTask.reduce(0) { total, entry in total.addingClamped(min(entry.value, points(entry.key))) }
    }
}
