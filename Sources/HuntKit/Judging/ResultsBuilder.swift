import Foundation

extension RuleEngine {
    /// The results around `submissions` (one per case, in case order), with `tallies`, every
    /// team's `Tally` of them: counts, the review queue, teams and ranks, tasks, the summary.
    func assemble(
        submissions: [JudgeResults.SubmissionResult], tallies: [String: Tally], scoring: Scoring, skipped: [SkippedFile],
        problems: [Diagnostic], files: (hunt: String?, submissions: String?, reviews: String?)
    ) -> JudgeResults {
        let rewards = hunt.rewards.sorted { $0.points < $1.points }.map { JudgeResults.RewardInfo(points: $0.points, reward: $0.reward) }
        let window = hunt.window.map { JudgeResults.Window(start: clock.timestamp($0.start), end: clock.timestamp($0.end)) }
        let info = JudgeResults.HuntInfo(
            id: hunt.id, title: hunt.title, timezone: hunt.timezoneName, window: window,
            file: files.hunt, submissionsFolder: files.submissions, reviewsFile: files.reviews,
            rewards: rewards)
        let total = Tally(adding: tallies.values, tasks: hunt.tasks.count)
        let teams = Self.ranked(
            hunt.teams.map { team in
                let points = scoring.points[team.id] ?? 0
                return JudgeResults.TeamResult(
                    id: team.id, name: team.name, points: points, rank: 0, reachedAt: scoring.reachedAt[team.id].map(clock.timestamp),
                    tasksDone: Set((scoring.completions[team.id] ?? []).map(\.task)).count,
                    rewards: rewards.filter { $0.points <= points }, completions: scoring.completions[team.id] ?? [],
                    approaches: scoring.approaches[team.id] ?? [], counts: tallies[team.id]?.counts ?? .init())
            }, reached: hunt.teams.map { scoring.reachedAt[$0.id] })

        let tasks = hunt.tasks.enumerated().map { position, task in
            JudgeResults.TaskResult(
                id: task.id, title: task.title, clue: task.clue, hint: task.hint, reveal: task.reveal, points: task.points,
                score: task.score, repeat: task.repeatRule, dwellS: task.dwell?.seconds,
                evidence: task.evidence == .any ? nil : task.evidence, after: task.after,
                tags: task.tags, target: task.target.map(Self.targetInfo),
                window: task.window.map { JudgeResults.Window(start: clock.timestamp($0.start), end: clock.timestamp($0.end)) },
                completedBy: scoring.completedBy[task.id] ?? [],
                closest: scoring.closest[task.id] ?? [], nearest: scoring.nearest[task.id], counts: total.byTask[position],
                choose: task.choose?.count, tasks: task.isGroup ? task.choose!.tasks : nil,
                progress: task.choose == nil ? nil : scoring.chosen[task.id] ?? [])
        }

        let summary = JudgeResults.Summary(
            submissions: submissions.count,
            accepted: total.counts.accepted,
            review: total.queue.count,
            rejected: total.counts.rejected,
            reasons: total.reasons,
            reviewed: total.reviewed,
            undecided: total.queue.count,
            skipped: skipped.count,
            unreadable: total.unreadable)
        let problemList = problems.map {
            JudgeResults.Problem(
                severity: $0.severity, code: $0.code, message: $0.message,
                location: $0.location.description, fix: $0.fix)
        }
        return JudgeResults(
            hunt: info, summary: summary, teams: teams, tasks: tasks, submissions: submissions,
            reviewQueue: total.queue.map { submissions[$0].path },
            skipped: skipped.isSorted(by: \.path) ? skipped : skipped.sorted { $0.path < $1.path }, problems: problemList)
    }

    /// `teams` ranked: more points first, then who reached them first (`reached`, by team in
    /// the same order), then by id; equal points reached at the same moment share a rank.
    static func ranked(_ teams: [JudgeResults.TeamResult], reached: [Date?]) -> [JudgeResults.TeamResult] {
        // The keys are looked up once per team, not per comparison.
        let order = teams.indices.sorted { a, b in
            if teams[a].points != teams[b].points { return teams[a].points > teams[b].points }
            let ta = reached[a]?.timeIntervalSince1970 ?? .infinity, tb = reached[b]?.timeIntervalSince1970 ?? .infinity
            if ta != tb { return ta < tb }
            return teams[a].id < teams[b].id
        }
        var ranked = order.map { teams[$0] }
        for i in ranked.indices {
            if i > 0, ranked[i].points == ranked[i - 1].points, reached[order[i]] == reached[order[i - 1]] {
                ranked[i].rank = ranked[i - 1].rank
            } else {
                ranked[i].rank = i + 1
            }
        }
        return ranked
    }

    /// One `SubmissionResult` per case, in case order, built in parallel. The strings move from
    /// the cases into the results instead of being copied (then freed with the cases): copying
    /// them costs about a tenth of the judge's time after reading.
    mutating func takeSubmissions(scoring: Scoring) -> [JudgeResults.SubmissionResult] {
        let policy = hunt.policy
        return cases.withUnsafeMutableBufferPointer { buffer in
            let shared = DisjointBuffer(buffer)
            return [JudgeResults.SubmissionResult](parallelCount: buffer.count, chunkSize: 1000) { i in
                Self.takeResult(from: &shared.buffer[i], points: scoring.awarded[i], policy: policy)
            }
        }
    }

    /// Takes the case out of its slot (leaving a spent one that costs nothing to free), so what
    /// the result does not keep is freed here, in parallel, not later on one thread.
    private static func takeResult(from slot: inout SubmissionCase, points: Int, policy: Policy) -> JudgeResults.SubmissionResult {
        var c = SubmissionCase.spent
        swap(&c, &slot)
        return result(of: c, points: points, policy: policy)
    }

    /// The result of one case (a copy of it, when the case is kept); it shares the case's evidence.
    static func result(of c: consuming SubmissionCase, points: Int, policy: Policy) -> JudgeResults.SubmissionResult {
        var caseFindings: [Finding] = []
        swap(&caseFindings, &c.findings)
        let findings = caseFindings.sorted { $0.code < $1.code }.map {
            JudgeResults.FindingResult(code: $0.code, action: $0.action(under: policy), message: $0.message, related: $0.related)
        }
        var reasons: [ReasonCode] = []
        for f in findings where f.action == .reject || f.action == .review {
            if reasons.last != f.code { reasons.append(f.code) }
        }
        let review = c.review.map { JudgeResults.ReviewInfo(decision: $0.decision, note: $0.note, by: $0.by, task: $0.task) }
        return JudgeResults.SubmissionResult(
            path: c.submission.path, team: c.submission.team, task: c.task?.id ?? c.submission.task,
            taskSource: c.taskSource, verdict: c.effective, judgedVerdict: c.judged, reasons: reasons,
            findings: findings, review: review, points: points, evidenceBox: c.evidenceBox)
    }

    static func count(_ counts: inout JudgeResults.Counts, _ verdict: Verdict) {
        switch verdict {
        case .accepted: counts.accepted += 1
        case .review: counts.review += 1
        case .rejected: counts.rejected += 1
        }
    }

    /// An area's outer rings for report maps: the 20 largest, every k-th vertex so each keeps ≤ 200.
    static func outline(_ area: Area) -> [[JudgeResults.Position]] {
        area.polygons.map(\.outer).sorted { $0.count > $1.count }.prefix(20).map { ring in
            let step = max(1, (ring.count + 199) / 200)
            return stride(from: 0, to: ring.count, by: step).map { JudgeResults.Position(lat: ring[$0].latitude, lon: ring[$0].longitude) }
        }
    }

    static func targetInfo(_ target: Target) -> JudgeResults.TargetInfo {
        switch target {
        case .circle(let center, let radius):
            JudgeResults.TargetInfo(kind: .circle, center: .init(lat: center.latitude, lon: center.longitude), radiusM: radius.metres)
        case .area(let area):
            JudgeResults.TargetInfo(kind: .area, file: area.path, outline: area.area.map(Self.outline))
        case .places(let places):
            JudgeResults.TargetInfo(kind: .places, radiusM: places.radius.metres, file: places.path, places: places.places.count)
        }
    }
}
