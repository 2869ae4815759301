import Foundation

extension JudgingState {
    // MARK: Across photos

    /// The same file sent for different teams or tasks: the earliest capture keeps it (ties by
    /// path), the others get `duplicate-of`. A second copy for the same team and task is no
    /// finding but never counts twice.
    mutating func findDuplicates(_ groups: CaseGroups) {
        for members in groups.sameContent.values {
            let ordered = members.sorted { earlier($0, $1) }
            let keptPath = cases[ordered[0]].submission.path, keptTeam = cases[ordered[0]].submission.team
            let keptTask = cases[ordered[0]].task?.id
            for i in ordered.dropFirst() {
                cases[i].duplicate = true
                if cases[i].submission.team == keptTeam, cases[i].task?.id == keptTask {
                    cases[i].resent = true
                } else {
                    cases[i].findings.append(Finding(code: .duplicateOf, message: "the same file as \(keptPath)", related: keptPath))
                }
            }
        }
    }

    /// The rules within a team (travel speed, verdicts, dwell, `after` order), for every team at
    /// once: none of them looks at another team's photos. Duplicates, which do, are found first.
    mutating func checkTeams(_ groups: CaseGroups) {
        adopt(checkTeams(groups, only: nil))
    }

    /// The rules within the teams `only` names (all when nil), each team's completed dwell
    /// stays by team id.
    mutating func checkTeams(_ groups: CaseGroups, only: Set<String>?) -> [String: TeamRules.Stays] {
        let ids = groups.byTeam.keys.filter { only?.contains($0) ?? true }.sorted()
        let hunt = self.hunt, clock = self.clock, times = self.times
        let ordered = Self.dependencyOrder(hunt.tasks).filter { !$0.after.isEmpty }
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

    /// Tasks so that each comes after those it names in `after` (cycles, which validation
    /// reports, are broken by the file's order).
    static func dependencyOrder(_ tasks: [HuntTask]) -> [HuntTask] {
        var placed = Set<String>(), result: [HuntTask] = []
        let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var visiting = Set<String>()
        func visit(_ task: HuntTask) {
            if placed.contains(task.id) || visiting.contains(task.id) { return }
            visiting.insert(task.id)
            for id in task.after { if let t = byID[id] { visit(t) } }
            visiting.remove(task.id)
            placed.insert(task.id)
            result.append(task)
        }
        tasks.forEach(visit)
        return result
    }
}

/// The groupings of cases that the rules across photos start from, built as the cases arrive
/// (in the reading phase, where the cores have time) rather than in a pass of their own after.
struct CaseGroups: Sendable {
    private var firstWithHash: [String: Int] = [:]
    /// Cases with the same content, under the first of them; only contents seen more than once.
    private(set) var sameContent: [Int: [Int]] = [:]
    /// Each team's cases, in index order.
    private(set) var byTeam: [String: [Int]] = [:]

    init(capacity: Int) { firstWithHash.reserveCapacity(capacity) }

    init(_ cases: [Case]) {
        self.init(capacity: cases.count)
        for c in cases { add(index: c.index, team: c.submission.team, contentHash: c.contentHash) }
    }

    /// Adds case `index`; cases come in index order.
    mutating func add(index: Int, team: String, contentHash: String?) {
        byTeam[team, default: []].append(index)
        guard let contentHash else { return }
        if let first = firstWithHash[contentHash] {
            sameContent[first, default: [first]].append(index)
        } else {
            firstWithHash[contentHash] = index
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

    let cases: UnsafeMutableBufferPointer<Case>
    let hunt: Hunt
    let clock: HuntClock
    let times: [Double]
    /// The tasks with `after`, each after those it names.
    let orderedTasks: [HuntTask]
    var stays = Stays()

    func earlier(_ a: Int, _ b: Int) -> Bool { JudgingState.earlier(a, b, times: times) }

    /// `team`: the indices of one team's cases.
    mutating func check(team: [Int]) {
        checkTravel(team)
        for i in team { settle(i) }
        checkDwell(team)
        checkOrder(team)
    }

    /// Between a team's consecutive photos (by capture time), the speed needed to cover the
    /// distance less both accuracies; above the policy's maximum the later photo is `too-fast`.
    func checkTravel(_ team: [Int]) {
        let ordered = team.filter { cases[$0].instant != nil && cases[$0].accuracyMetres != nil && !cases[$0].duplicate }
            .sorted { earlier($0, $1) }
        let limit = hunt.policy.maximumSpeed.metresPerSecond
        for (previous, current) in zip(ordered, ordered.dropFirst()) {
            guard let pa = cases[previous].position, let pb = cases[current].position,
                  let ta = cases[previous].instant, let tb = cases[current].instant else { continue }
            let aAccuracy = cases[previous].accuracyMetres!, bAccuracy = cases[current].accuracyMetres!
            let distance = Geodesic.distanceMetres(from: pa, to: pb)
            let effective = max(0, distance - aAccuracy - bAccuracy)
            guard effective > 0 else { continue }
            let seconds = tb.timeIntervalSince(ta)
            let speed = seconds > 0 ? effective / seconds : .infinity
            guard speed > limit else { continue }
            let previousPath = cases[previous].submission.path
            let kmh = speed.isFinite ? JudgingState.round(speed * 3.6, places: 10) : nil
            cases[current].evidence.speedKmh = kmh
            let speedText = kmh.map { "\($0) km/h" } ?? "no time at all"
            cases[current].findings.append(Finding(
                code: .tooFast,
                message: "\(MeasureText.distance(distance)) from \(previousPath) in \(MeasureText.duration(max(0, seconds))): \(speedText), over the limit of \(hunt.policy.maximumSpeed)",
                related: previousPath))
        }
    }

    /// The verdict from the findings and the policy, then a reviews-file decision on top.
    func settle(_ i: Int) {
        cases[i].judged = Verdict.from(cases[i].findings.map { $0.code.action(under: hunt.policy) })
        if let review = cases[i].review {
            cases[i].effective = review.decision == .accept ? .accepted : .rejected
        } else {
            cases[i].effective = cases[i].judged
        }
    }

    /// `dwell`: photos accepted at the same place of a task, in time order. A stay begins with
    /// a photo and completes with the first later one at least the dwell after it; photos in
    /// between belong to the stay. A photo in no completed stay is `dwell-short`.
    mutating func checkDwell(_ team: [Int]) {
        var groups: [String: [Int]] = [:]
        for i in team where cases[i].effective == .accepted && cases[i].instant != nil && !cases[i].resent {
            guard let task = cases[i].task, task.dwell != nil, task.score != .closest else { continue }
            groups["\(task.id)\u{0}\(cases[i].placeKey)", default: []].append(i)
        }
        for key in groups.keys.sorted() {
            let ordered = groups[key]!.sorted { earlier($0, $1) }
            let dwell = cases[ordered[0]].task!.dwell!.seconds
            var start = 0
            var short: [Int] = []
            while start < ordered.count {
                let t0 = cases[ordered[start]].instant!
                guard let end = ordered[(start + 1)...].firstIndex(where: { cases[$0].instant!.timeIntervalSince(t0) >= dwell }) else {
                    short += ordered[start...]
                    break
                }
                stays.starts[ordered[end]] = ordered[start]
                for k in start...end { stays.members.insert(ordered[k]) }
                start = end + 1
            }
            for i in short {
                let others = ordered.filter { $0 != i }
                let span = others.map { abs(cases[$0].instant!.timeIntervalSince(cases[i].instant!)) }.max()
                let place = cases[i].placement?.placeName.map { " at \($0)" } ?? ""
                let message = span.map { "the longest stay\(place) shown by two photos is \(MeasureText.duration($0)); the task needs \(cases[i].task!.dwell!)" }
                    ?? "only one photo\(place); the task needs a second one at least \(cases[i].task!.dwell!) later"
                cases[i].findings.append(Finding(code: .dwellShort, message: message))
                settle(i)
            }
        }
    }

    /// `after`: a photo for a task counts only when each task it must come after was done
    /// (accepted, by a photo taken earlier) by the same team. Tasks are checked in dependency
    /// order so a prerequisite's own order finding is settled first.
    func checkOrder(_ team: [Int]) {
        guard !orderedTasks.isEmpty else { return }
        var byTask: [String: [Int]] = [:]
        for i in team { if let task = cases[i].task { byTask[task.id, default: []].append(i) } }
        for task in orderedTasks {
            for i in byTask[task.id] ?? [] where cases[i].instant != nil && cases[i].teamKnown {
                let instant = cases[i].instant!
                var missing: [String] = []
                for prerequisite in task.after {
                    let done = (byTask[prerequisite] ?? []).contains {
                        cases[$0].effective == .accepted && cases[$0].instant.map { $0 < instant } == true
                    }
                    if !done { missing.append(prerequisite) }
                }
                guard !missing.isEmpty else { continue }
                cases[i].findings.append(Finding(
                    code: .order,
                    message: "must come after " + missing.map { "`\($0)`" }.joined(separator: ", ")
                        + ", which the team had not done (accepted) by \(clock.iso(instant))"))
                settle(i)
            }
        }
    }
}
