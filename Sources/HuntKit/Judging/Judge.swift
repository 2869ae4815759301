import Foundation

/// One submission with what its file said, ready to judge.
package struct JudgeInput: Sendable {
    /// The photo and where it was found: team, task (or none), and its path in the submissions folder.
    public var submission: Submission
    /// The metadata read from the file; nil when it could not be read.
    public var photo: PhotoMetadata?
    /// Why the file could not be read.
    public var readError: String?

    /// An input for the judge; give `photo` nil and a `readError` for a file that could not be read.
    public init(submission: Submission, photo: PhotoMetadata?, readError: String? = nil) {
        self.submission = submission
        self.photo = photo
        self.readError = readError
    }
}

/// Turns a hunt and its submissions into verdicts, scores and a leaderboard.
///
/// The rules are those of "The rules" in the JudgingAndScoring article (HuntKit.docc). In order: each
/// photo on its own (team, task, position against the target with its accuracy, windows, clock
/// skew, editor); then across
/// photos (duplicates, too-fast between a team's consecutive photos); reviews-file decisions;
/// then the rules that depend on other photos' verdicts (dwell pairs, `after` order); scoring.
package struct Judge: Sendable {
    /// The hunt photos are judged against, with its target files read (`Hunt.readTargetFiles()`): an unread area or places file places no photo.
    public var hunt: Hunt
    /// The organizer's decisions, applied over the judge's own verdicts; empty for none.
    public var reviews: Reviews
    /// Names in a Software tag that mean a photo editor (matched case-insensitively anywhere in it).
    package static let editors = [
        "Photoshop", "Lightroom", "GIMP", "Snapseed", "PicsArt", "Pixelmator", "Affinity Photo",
        "Paint.NET", "Facetune", "VSCO", "Canva", "Luminar", "darktable", "RawTherapee",
        "Capture One", "Fotor", "Photopea", "PhotoDirector", "Polarr", "Meitu", "Picasa", "AirBrush"
    ]

    /// A judge for `hunt`, applying `reviews` over its own verdicts. Throws the hunt's errors
    /// (`Hunt.requireNoErrors()`) when it has any.
    public init(hunt: Hunt, reviews: Reviews = Reviews()) throws(DiagnosticError) {
        try hunt.requireNoErrors()
        self.init(checked: hunt, reviews: reviews)
    }

    /// A judge for a hunt already checked (by the loader, `JudgeRun` or `StandingJudgement`).
    init(checked hunt: Hunt, reviews: Reviews = Reviews()) {
        self.hunt = hunt
        self.reviews = reviews
    }

    /// Judges every input; `skipped` and `problems` are carried into the results.
    public func judge(
        _ inputs: [JudgeInput], skipped: [SkippedFile] = [], problems: [Diagnostic] = [],
        files: (hunt: String?, submissions: String?, reviews: String?) = (nil, nil, nil)
    ) -> JudgeResults {
        judge(examine(inputs, skipped: skipped, problems: problems), files: files)
    }

    /// Examines every submission on its own (in parallel): the step `JudgeRun` runs in its reading
    /// tasks, for inputs already in memory. The inputs are kept, so the result can be judged again
    /// and again as the reviews change (`judge(_:files:)`, `StandingJudgement`).
    public func examine(_ inputs: [JudgeInput], skipped: [SkippedFile] = [], problems: [Diagnostic] = []) -> ExaminedSubmissions {
        let engine = RuleEngine(hunt: hunt, reviews: reviews)
        let sorted = inputs.sorted { $0.submission.path < $1.submission.path }
        let cases = [SubmissionCase](parallelCount: sorted.count, chunkSize: 256) { engine.examine(sorted[$0], index: $0) }
        return ExaminedSubmissions(inputs: sorted, cases: cases, groups: CaseGroups(cases), skipped: skipped, problems: problems)
    }

    /// Judges examined submissions with this judge's reviews: the rules across photos, each
    /// team's rules and score, the ranking across teams, the results (`Judgement`). Photos whose
    /// reviewed task changed since they were examined are examined again. `examined` must come
    /// from a judge of the same hunt (examine again when the hunt changes).
    public func judge(
        _ examined: consuming ExaminedSubmissions,
        files: (hunt: String?, submissions: String?, reviews: String?) = (nil, nil, nil)
    ) -> JudgeResults {
        let groups = examined.groups, skipped = examined.skipped, problems = examined.problems
        // The cases are handed on as the only reference, so the rules change them in place.
        var judgement = Judgement(self, cases: cases(consume examined), groups: groups)
        judgement.judgeTeams(only: nil)
        return judgement.results(skipped: skipped, problems: problems, files: files)
    }

    /// The examined cases with this judge's reviews.
    func cases(_ examined: consuming ExaminedSubmissions) -> [SubmissionCase] {
        let engine = RuleEngine(hunt: hunt, reviews: reviews)
        var cases: [SubmissionCase] = []
        swap(&cases, &examined.cases)
        // Each case is changed in place: reading a field through the array's subscript (or a
        // buffer's) copies the whole case first.
        func takeReview(_ c: inout SubmissionCase) -> Bool {
            let review = reviews.entries[c.submission.path]
            // The review's `task:` decides which task the photo is judged as: examined again.
            guard review?.task == c.review?.task else { return false }
            c.review = review
            return true
        }
        for i in cases.indices where !takeReview(&cases[i]) {
            precondition(i < examined.inputs.count, "a review moved a photo to another task, and its input was not kept")
            cases[i] = engine.examine(examined.inputs[i], index: i)
        }
        return cases
    }
}

/// A case's evidence, shared by its copies, its result and the result's report entries until one
/// of them changes it (`SubmissionCase.evidence`, `SubmissionResult.evidence` and
/// `Report.Entry.evidence` copy it first): never changed while shared, so safe to send.
final class EvidenceBox: @unchecked Sendable, Codable, Hashable {
    var value: JudgeResults.Evidence
    init(_ value: JudgeResults.Evidence) { self.value = value }

    // Coded, compared and hashed as the evidence itself, so the types that hold a box (a judged
    // case, its result) keep the conformances the compiler writes for them.
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(JudgeResults.Evidence.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
    static func == (a: EvidenceBox, b: EvidenceBox) -> Bool { a === b || a.value == b.value }
    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
    /// The empty evidence every new case starts from (copied on its first change).
    static let none = EvidenceBox(JudgeResults.Evidence())

    /// The box in `box` made the only holder's, copying it first when it is shared: the one to change.
    static func unshared(_ box: inout EvidenceBox) -> EvidenceBox {
        if !isKnownUniquelyReferenced(&box) { box = EvidenceBox(box.value) }
        return box
    }
}

/// Submissions examined one by one: the cases (in path order) and how they group by team and
/// content, ready for the rules across photos. Kept by a judge that judges again as the reviews
/// change (`hunt serve`), which then examines no photo twice.
package struct ExaminedSubmissions: Sendable {
    /// The inputs, in path order, when kept (`JudgeRun.examine(_:keepingInputs:progress:)`): a
    /// review that moves a photo to another task has it examined again from its input.
    var inputs: [JudgeInput]
    var cases: [SubmissionCase]
    let groups: CaseGroups
    /// Files in the submissions folder that were not judged, with why; carried into the results.
    public let skipped: [SkippedFile]
    /// Warnings and errors about the inputs (reviews of missing photos, unreadable folders); carried into the results.
    public internal(set) var problems: [Diagnostic]

    /// The submissions' paths, in order.
    public var paths: [String] { cases.map(\.submission.path) }
}

/// A finding before it is written out.
struct Finding: Sendable {
    var code: ReasonCode
    var message: String
    var related: String? = nil
    /// A `duplicate-of` whose kept copy is another team's: `Policy.duplicatesAcrossTeams` settles it.
    var acrossTeams = false

    /// What the policy makes of it.
    func action(under policy: Policy) -> PolicyAction {
        acrossTeams ? policy.duplicatesAcrossTeams : code.action(under: policy)
    }
}

/// One submission as the judge works on it.
struct SubmissionCase: Sendable {
    var index: Int
    var submission: Submission
    /// The photo's position when it has a fix, and its content hash: all the rules across
    /// photos need from the metadata (cases stay small; sorting and grouping copy them).
    var position: Coordinate?
    var contentHash: String?
    /// Apple's content identifier, which pairs a Live Photo's still with its motion video.
    var contentIdentifier: String?
    var teamKnown = false
    var task: HuntTask?
    var taskSource: Submission.TaskSource
    var instant: Date?
    var placement: Placement?
    var accuracyMetres: Double?
    var findings: [Finding] = []
    /// What the photo shows, behind one reference: the copies of a case a console keeps (as
    /// examined, before the team rules, as judged) share it until one of them changes it, so
    /// each copy holds a reference instead of more than half its size again.
    var evidence: JudgeResults.Evidence {
        get { evidenceBox.value }
        _modify { yield &EvidenceBox.unshared(&evidenceBox).value }
    }
    /// Where `evidence` is kept (internal only so that the memberwise initializer stays so).
    var evidenceBox = EvidenceBox.none
    /// A second copy of the same file for the same team and task: judged, never counted twice.
    var resent = false
    /// A non-kept duplicate: left out of the team's travel sequence.
    var duplicate = false
    var judged: Verdict = .accepted
    var effective: Verdict = .accepted
    var review: Reviews.Review?
    var points = 0

    var placeKey: Int { placement?.placeIndex ?? 0 }

    /// What is left in a slot whose case was taken: nothing that needs freeing.
    static var spent: SubmissionCase {
        SubmissionCase(index: -1, submission: Submission(path: "", filePath: "", team: "", task: nil, taskSource: .auto), taskSource: .auto)
    }

}
