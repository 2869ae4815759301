import Foundation

/// The steps after examining, the one path every judge takes: the rules across photos (Live
/// Photo pairs, then duplicates), then each team's rules (travel, verdicts, dwell, `after` order)
/// and its own score, then the ranking across teams and the results.
///
/// A team's rules and score read only that team's cases, so a change of decisions needs only the
/// teams it touches judged again: `StandingJudgement` keeps a judgement and runs `judgeTeams`
/// for those teams.
struct Judgement: Sendable {
    /// The cases after the team rules of the teams judged so far.
    private(set) var engine: RuleEngine
    /// The groups after Live Photo pairing.
    let groups: CaseGroups
    /// Per team: its completed dwell stays and its own score (before the ranking across teams).
    private var stays: [String: TeamRules.Stays] = [:]
    private var teamScores: [String: TeamScore] = [:]
    /// The teams' own completions by task, each task's in order: what a decision changes only
    /// for its teams (`TeamScore.replace`).
    private var completedBy: [String: [JudgeResults.TaskCompletion]] = [:]
    /// Every team's tally of its results, as the last results kept them.
    private var tallies: [String: Tally] = [:]

    /// Runs the rules across photos, which no review's decision changes. `cases[i].index == i`, in path order.
    init(_ judge: Judge, cases: consuming [SubmissionCase], groups: CaseGroups) {
        engine = RuleEngine(hunt: judge.hunt, reviews: judge.reviews)
        engine.cases = consume cases
        var groups = groups
        // A Live Photo's motion video goes with its still before any rule looks across photos.
        if LivePhotos.pair(&engine.cases) { groups = CaseGroups(engine.cases) }
        engine.times = engine.cases.map { $0.instant?.timeIntervalSince1970 ?? .infinity }
        engine.findDuplicates(groups)
        self.groups = groups
    }

    /// The cases as the rules across photos left them, before any team's rules: where a team is
    /// judged again from (`restart(_:from:)`).
    var casesBeforeTeamRules: [SubmissionCase] { engine.cases }

    /// Puts the cases of `teams` back as `prepared` holds them (`casesBeforeTeamRules`, with
    /// their new reviews), for `judgeTeams(only:)`.
    mutating func restart(_ teams: Set<String>, from prepared: [SubmissionCase]) {
        for team in teams { for i in groups.byTeam[team] ?? [] { engine.cases[i] = prepared[i] } }
    }

    /// Runs the rules within the teams `only` names (all when nil) and scores them; the other
    /// teams keep what they had.
    mutating func judgeTeams(only teams: Set<String>?) {
        stays.merge(engine.checkTeams(groups, only: teams)) { _, new in new }
        engine.adopt(stays)
        let scores = engine.teamScores(groups, only: teams)
        if teams == nil {
            completedBy = TeamScore.completedByTask(scores)
        } else {
            for (team, score) in scores { TeamScore.replace(team, from: teamScores[team], to: score, in: &completedBy) }
        }
        teamScores.merge(scores) { _, new in new }
    }

    /// The ranking across teams (closest approaches) on top of each team's score.
    func scoring() -> Scoring { engine.score(teamScores, completedBy: completedBy) }

    /// The results; the cases move into them, and the judgement is spent. Mutating, not
    /// consuming: a consuming method that changes its `self` works on a copy of it, so the cases
    /// would be shared and `RuleEngine.takeSubmissions` would copy all of them (8 MB for 20,000
    /// photos) before moving one.
    mutating func results(
        skipped: [SkippedFile], problems: [Diagnostic],
        files: (hunt: String?, submissions: String?, reviews: String?)
    ) -> JudgeResults {
        let scoring = scoring()
        let submissions = engine.takeSubmissions(scoring: scoring)
        let tallies = Tally.byTeam(submissions, groups.byTeam, hunt: engine.hunt)
        return engine.assemble(submissions: submissions, tallies: tallies, scoring: scoring, skipped: skipped, problems: problems, files: files)
    }

    /// The results of every case, copied: the cases stay for the next `judgeTeams`, and every
    /// team's tally for the next `resultsKeepingCases(updating:…)`.
    mutating func resultsKeepingCases(
        skipped: [SkippedFile], problems: [Diagnostic],
        files: (hunt: String?, submissions: String?, reviews: String?)
    ) -> JudgeResults {
        let scoring = scoring()
        let policy = engine.hunt.policy
        let cases = engine.cases
        let submissions = [JudgeResults.SubmissionResult](parallelCount: cases.count, chunkSize: 1000) {
            RuleEngine.result(of: cases[$0], points: scoring.awarded[$0], policy: policy)
        }
        tallies = Tally.byTeam(submissions, groups.byTeam, hunt: engine.hunt)
        return engine.assemble(submissions: submissions, tallies: tallies, scoring: scoring, skipped: skipped, problems: problems, files: files)
    }

    /// The results with `submissions` (the previous results' submissions) brought up to date
    /// after `judgeTeams(only: teams)`: the results and tallies of those teams' cases made
    /// again, and every case's points, which the ranking across teams may move. The cases stay.
    mutating func resultsKeepingCases(
        updating submissions: consuming [JudgeResults.SubmissionResult], teams: Set<String>,
        skipped: [SkippedFile], problems: [Diagnostic],
        files: (hunt: String?, submissions: String?, reviews: String?)
    ) -> JudgeResults {
        let scoring = scoring()
        let policy = engine.hunt.policy
        for team in teams {
            for i in groups.byTeam[team] ?? [] {
                submissions[i] = RuleEngine.result(of: engine.cases[i], points: scoring.awarded[i], policy: policy)
            }
        }
        for i in submissions.indices where submissions[i].points != scoring.awarded[i] { submissions[i].points = scoring.awarded[i] }
        tallies.merge(Tally.byTeam(submissions, groups.byTeam, only: teams, hunt: engine.hunt)) { _, new in new }
        return engine.assemble(submissions: submissions, tallies: tallies, scoring: scoring, skipped: skipped, problems: problems, files: files)
    }
}
