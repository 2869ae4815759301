import Foundation

/// A judgement kept to be judged again as reviews' decisions change, for a judge that runs all
/// day (`hunt serve`): the steps of `Judge.judge` (`Judgement`), with a change of decisions
/// running the team step again for the teams it touches, then the ranking across teams and the
/// results of those teams' photos; nothing else is judged again. Gives exactly what
/// `Judge.judge` gives for the same examined submissions and reviews.
///
/// Sound because reviews enter judging only there: a decision settles its photo's verdict
/// (within its team's rules: dwell and `after` order read verdicts of the same team) and the
/// scoring reads every verdict. A review's `task:` is different — it moves a photo to another
/// task, which changes duplicates across teams — so `update` refuses such a change, and the
/// caller judges afresh.
package struct StandingJudgement: Sendable {
    /// The results for the current decisions: the same as `Judge.judge` would give for them.
    public private(set) var results: JudgeResults
    /// The decisions the results were judged with.
    public private(set) var reviews: Reviews
    private var judgement: Judgement
    /// The cases as the rules across photos left them, with the current reviews: where a touched
    /// team is judged again from.
    private var prepared: [SubmissionCase]
    private let skipped: [SkippedFile]
    private let problems: [Diagnostic]
    private let files: (hunt: String?, submissions: String?)
    private let indexByPath: [String: Int]

    /// Judges `examined` with `reviews` (what `Judge(hunt:reviews:).judge(examined, files:)`
    /// gives, keeping what a later `update` needs).
    /// Throws the hunt's errors (`Hunt.requireNoErrors()`) when it has any.
    public init(_ examined: ExaminedSubmissions, hunt: Hunt, reviews: Reviews, files: (hunt: String?, submissions: String?)) throws(DiagnosticError) {
        try hunt.requireNoErrors()
        let judge = Judge(checked: hunt, reviews: reviews)
        var judgement = Judgement(judge, cases: judge.cases(examined), groups: examined.groups)
        let prepared = judgement.casesBeforeTeamRules
        // Sorted once here, so that every update's results find them sorted.
        let skipped = examined.skipped.sorted { $0.path < $1.path }
        judgement.judgeTeams(only: nil)
        results = judgement.resultsKeepingCases(
            skipped: skipped, problems: examined.problems,
            files: (files.hunt, files.submissions, reviews.displayPath))
        self.judgement = judgement
        self.prepared = prepared
        self.reviews = reviews
        self.skipped = skipped
        self.problems = examined.problems
        self.files = files
        self.indexByPath = Dictionary(prepared.indices.map { (prepared[$0].submission.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Judges again with `newReviews`. False, and nothing changed, when a review's `task:`
    /// changed: judge the examined submissions afresh (`init`) then.
    public mutating func update(reviews newReviews: Reviews) -> Bool {
        // Only photos named by the old or the new reviews can have changed: each entry is looked
        // up in the other reviews (no set of every path is built for a decision).
        var changed: [Int] = []
        for (path, new) in newReviews.entries where reviews.entries[path] != new {
            guard let i = indexByPath[path] else { continue }
            if prepared[i].review?.task != new.task { return false }
            changed.append(i)
        }
        for (path, old) in reviews.entries where newReviews.entries[path] == nil {
            guard let i = indexByPath[path] else { continue }
            if old.task != nil { return false }
            changed.append(i)
        }
        reviews = newReviews
        for i in changed { prepared[i].review = newReviews.entries[prepared[i].submission.path] }
        // The touched teams go through the same steps again, from the cases before the team rules.
        let teams = Set(changed.map { prepared[$0].submission.team })
        judgement.restart(teams, from: prepared)
        judgement.judgeTeams(only: teams)
        var submissions: [JudgeResults.SubmissionResult] = []
        swap(&submissions, &results.submissions)
        results = judgement.resultsKeepingCases(
            updating: consume submissions, teams: teams, skipped: skipped, problems: problems,
            files: (files.hunt, files.submissions, newReviews.displayPath))
        return true
    }
}
