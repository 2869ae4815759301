import Foundation

/// What the results count over a team's photos: verdicts, verdicts by task, reasons, reviews and
/// the photos awaiting a judge. Counted team by team, so a decision counts again only the photos
/// of the teams it touches (`Judgement` keeps every team's) and the results add the tallies up.
struct Tally: Sendable {
    /// The photos' final verdicts.
    var counts = JudgeResults.Counts()
    /// Final verdicts by task, at the task's position in the hunt (photos of no hunt task aside).
    var byTask: [JudgeResults.Counts]
    var reasons: [ReasonCode: Int] = [:]
    var reviewed = 0
    var unreadable = 0
    /// The photos awaiting a judge (case indices), in index order.
    var queue: [Int] = []

    /// An empty tally for a hunt of `tasks` tasks.
    init(tasks: Int) { byTask = Array(repeating: .init(), count: tasks) }

    /// The tally of `submissions[i]` for each `i` of `indices` (in index order); `taskPositions`
    /// gives each hunt task's position.
    init(_ submissions: [JudgeResults.SubmissionResult], indices: [Int], taskPositions: [String: Int]) {
        self.init(tasks: taskPositions.count)
        // By index, field by field: `for s in submissions` would copy every result (a retain per string).
        for i in indices {
            let verdict = submissions[i].verdict
            for code in submissions[i].reasons {
                reasons[code, default: 0] += 1
                if code == .unreadable { unreadable += 1 }
            }
            RuleEngine.count(&counts, verdict)
            if let task = submissions[i].task, let position = taskPositions[task] { RuleEngine.count(&byTask[position], verdict) }
            if verdict == .review { queue.append(i) }
            if submissions[i].review != nil { reviewed += 1 }
        }
    }

    /// The tally of `tallies` together (the queue in index order).
    init(adding tallies: some Collection<Tally>, tasks: Int) {
        self.init(tasks: tasks)
        for tally in tallies {
            counts.accepted += tally.counts.accepted
            counts.review += tally.counts.review
            counts.rejected += tally.counts.rejected
            for position in byTask.indices {
                byTask[position].accepted += tally.byTask[position].accepted
                byTask[position].review += tally.byTask[position].review
                byTask[position].rejected += tally.byTask[position].rejected
            }
            reasons.merge(tally.reasons, uniquingKeysWith: +)
            reviewed += tally.reviewed
            unreadable += tally.unreadable
            queue += tally.queue
        }
        queue.sort()
    }

    /// Each team's tally (`byTeam`: every team's case indices, in index order), for the teams
    /// `only` names (all when nil).
    static func byTeam(
        _ submissions: [JudgeResults.SubmissionResult], _ byTeam: [String: [Int]], only: Set<String>? = nil,
        hunt: Hunt
    ) -> [String: Tally] {
        let positions = Dictionary(hunt.tasks.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let teams = byTeam.filter { only?.contains($0.key) ?? true }.map { (team: $0.key, indices: $0.value) }
        // Teams side by side: each tally reads only its own team's results.
        let tallies = [Tally](parallelCount: teams.count) { Tally(submissions, indices: teams[$0].indices, taskPositions: positions) }
        return Dictionary(uniqueKeysWithValues: zip(teams.map(\.team), tallies))
    }
}
