import Foundation

/// A judgement kept to be judged again as reviews' decisions change, for a judge that runs all
/// day (`hunt serve`): a change of decisions re-runs the rules and the scoring within the teams
/// it touches, ranks the closest approaches across teams again, and rebuilds the results of those
/// teams' photos; nothing else is judged again.
/// Gives exactly what `Judge.judge` gives for the same examined submissions and reviews.
///
/// Sound because reviews enter judging only there: a decision settles its photo's verdict
/// (within its team's rules: dwell and `after` order read verdicts of the same team) and the
/// scoring reads every verdict. A review's `task:` is different — it moves a photo to another
/// task, which changes duplicates across teams — so `update` refuses such a change, and the
/// caller judges afresh.
public struct StandingJudgement: Sendable {
    public private(set) var results: JudgeResults
    public private(set) var reviews: Reviews
    private let hunt: Hunt
    private let groups: CaseGroups
    /// The cases after the rules across photos (pairs, duplicates), before the team rules.
    private var prepared: JudgingState
    /// The cases after the team rules, with the current reviews.
    private var ruled: [Case]
    private var stays: [String: TeamRules.Stays]
    /// Each team's scoring before the closest approaches are ranked across teams.
    private var teamScores: [String: TeamScore]
    private let skipped: [SkippedFile]
    private let problems: [Diagnostic]
    private let files: (hunt: String?, submissions: String?)
    private let indexByPath: [String: Int]

    /// Judges `examined` with `reviews` (what `Judge(hunt:reviews:).judge(examined, files:)`
    /// gives, keeping what a later `update` needs).
    public init(_ examined: ExaminedSubmissions, hunt: Hunt, reviews: Reviews, files: (hunt: String?, submissions: String?)) {
        let judge = Judge(hunt: hunt, reviews: reviews)
        let (state, groups) = judge.acrossPhotos(judge.cases(examined), groups: examined.groups)
        self.hunt = hunt
        self.reviews = reviews
        self.groups = groups
        self.prepared = state
        // Sorted once here, so that every update's results find them sorted.
        self.skipped = examined.skipped.sorted { $0.path < $1.path }
        self.problems = examined.problems
        self.files = files
        self.indexByPath = Dictionary(state.cases.indices.map { (state.cases[$0].submission.path, $0) }, uniquingKeysWith: { first, _ in first })
        var ruledState = state
        stays = ruledState.checkTeams(groups, only: nil)
        ruledState.adopt(stays)
        teamScores = ruledState.teamScores(groups, only: nil)
        let scoring = ruledState.score(teamScores)
        let policy = hunt.policy
        let cases = ruledState.cases
        let submissions = [JudgeResults.SubmissionResult](parallelCount: cases.count, chunkSize: 1000) {
            JudgingState.result(of: cases[$0], points: scoring.awarded[$0], policy: policy)
        }
        results = ruledState.assemble(submissions: submissions, scoring: scoring, skipped: skipped, problems: examined.problems,
                                      files: (files.hunt, files.submissions, reviews.displayPath))
        ruled = cases
    }

    /// Judges again with `newReviews`. False, and nothing changed, when a review's `task:`
    /// changed: judge the examined submissions afresh (`init`) then.
    public mutating func update(reviews newReviews: Reviews) -> Bool {
        // Only photos named by the old or the new reviews can have changed.
        var changed: [Int] = []
        for path in Set(reviews.entries.keys).union(newReviews.entries.keys) {
            guard let i = indexByPath[path] else { continue }
            let old = prepared.cases[i].review, new = newReviews.entries[path]
            guard old != new else { continue }
            if old?.task != new?.task { return false }
            changed.append(i)
        }
        changed.sort()
        reviews = newReviews
        var state = prepared
        state.cases = []
        for i in changed { prepared.cases[i].review = newReviews.entries[prepared.cases[i].submission.path] }
        let teams = Set(changed.map { prepared.cases[$0].submission.team })
        // The touched teams start again from the cases before the team rules.
        swap(&state.cases, &ruled)
        for team in teams { for i in groups.byTeam[team] ?? [] { state.cases[i] = prepared.cases[i] } }
        stays.merge(state.checkTeams(groups, only: teams)) { _, new in new }
        state.adopt(stays)
        teamScores.merge(state.teamScores(groups, only: teams)) { _, new in new }
        let scoring = state.score(teamScores)
        var submissions: [JudgeResults.SubmissionResult] = []
        swap(&submissions, &results.submissions)
        for team in teams {
            for i in groups.byTeam[team] ?? [] {
                submissions[i] = JudgingState.result(of: state.cases[i], points: scoring.awarded[i], policy: hunt.policy)
            }
        }
        // Closest-approach points are ranked across teams: any photo's points may move.
        for i in submissions.indices where submissions[i].points != scoring.awarded[i] { submissions[i].points = scoring.awarded[i] }
        results = state.assemble(submissions: submissions, scoring: scoring, skipped: skipped, problems: problems,
                                 files: (files.hunt, files.submissions, newReviews.displayPath))
        swap(&state.cases, &ruled)
        return true
    }
}
