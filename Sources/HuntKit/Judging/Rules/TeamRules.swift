import Foundation

extension RuleEngine {
    /// The rules within the teams `only` names (all when nil): travel speed, verdicts, attempts,
    /// dwell, `after` order. None of them looks at another team's photos (duplicates, which do, are found
    /// first), so teams run side by side. Returns each team's completed dwell stays by team id.
    mutating func checkTeams(_ groups: CaseGroups, only: Set<String>?) -> [String: TeamRules.Stays] {
        let ids = groups.byTeam.keys.filter { only?.contains($0) ?? true }.sorted()
        let hunt = self.hunt, clock = self.clock, times = self.times
        let ordered = hunt.tasksInDependencyOrder.filter { !$0.after.isEmpty }
        let stays = cases.withUnsafeMutableBufferPointer { buffer in
            let shared = DisjointBuffer(buffer)
            return [TeamRules.Stays](parallelCount: ids.count) { t in
                var rules = TeamRules(cases: shared.buffer, hunt: hunt, clock: clock, times: times, orderedTasks: ordered)
                rules.check(team: groups.byTeam[ids[t]]!)
                return rules.stays
            }
        }
        return Dictionary(uniqueKeysWithValues: zip(ids, stays))
    }

    /// Every team's stays as the scoring reads them.
    mutating func adopt(_ stays: [String: TeamRules.Stays]) {
        dwellStarts = [:]
        inStay = []
        for team in stays.values {
            dwellStarts.merge(team.starts) { first, _ in first }
            inStay.formUnion(team.members)
        }
    }
}

/// The rules that look only at one team's photos. Teams run in parallel, each on its own
/// elements of the shared cases.
struct TeamRules {
    /// Completed dwell stays: the photo that completed each, with the one that began it, and
    /// every photo inside one.
    struct Stays: Sendable {
        var starts: [Int: Int] = [:]
        var members: Set<Int> = []
    }

    let cases: UnsafeMutableBufferPointer<SubmissionCase>
    let hunt: Hunt
    let clock: HuntClock
    let times: [Double]
    /// The tasks with `after`, each after those it names.
    let orderedTasks: [HuntTask]
    var stays = Stays()

    func earlier(_ a: Int, _ b: Int) -> Bool { RuleEngine.earlier(a, b, times: times) }

    /// `team`: the indices of one team's cases.
    mutating func check(team: [Int]) {
        checkTravel(team)
        checkUnmovedCheckIns(team)
        for i in team { settle(i) }
        checkAttempts(team)
        checkDwell(team)
        checkOrder(team)
        noteAnswered(team)
    }

    /// The verdict from the findings and the policy, then a reviews-file decision on top.
    func settle(_ i: Int) {
        cases[i].judged = Verdict.from(cases[i].findings.map { $0.action(under: hunt.policy) })
        if let review = cases[i].review {
            cases[i].effective = review.decision == .accept ? .accepted : .rejected
        } else {
            cases[i].effective = cases[i].judged
        }
    }
}
