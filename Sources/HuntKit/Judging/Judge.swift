import Foundation

/// One submission with what its file said, ready to judge.
public struct JudgeInput: Sendable {
    public var submission: Submission
    /// The metadata read from the file; nil when it could not be read.
    public var photo: PhotoMetadata?
    /// Why the file could not be read.
    public var readError: String?

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
public struct Judge: Sendable {
    public var hunt: Hunt
    public var reviews: Reviews
    /// Names in a Software tag that mean a photo editor (matched case-insensitively anywhere in it).
    public static let editors = ["Photoshop", "Lightroom", "GIMP", "Snapseed", "PicsArt", "Pixelmator", "Affinity Photo",
                                 "Paint.NET", "Facetune", "VSCO", "Canva", "Luminar", "darktable", "RawTherapee",
                                 "Capture One", "Fotor", "Photopea", "PhotoDirector", "Polarr", "Meitu", "Picasa", "AirBrush"]

    public init(hunt: Hunt, reviews: Reviews = Reviews()) {
        self.hunt = hunt
        self.reviews = reviews
    }

    /// Judges every input; `skipped` and `problems` are carried into the results.
    public func judge(_ inputs: [JudgeInput], skipped: [SkippedFile] = [], problems: [Diagnostic] = [],
                      files: (hunt: String?, submissions: String?, reviews: String?) = (nil, nil, nil)) -> JudgeResults {
        let examiner = JudgingState(hunt: hunt, reviews: reviews)
        let cases = inputs.sorted { $0.submission.path < $1.submission.path }.enumerated().map { index, input in
            examiner.examine(input, index: index)
        }
        return judge(examined: cases, groups: CaseGroups(cases), skipped: skipped, problems: problems, files: files)
    }

    /// Examines every submission on its own (in parallel), for `judge(_:files:)` to judge again
    /// and again as the reviews change without examining any photo twice.
    public func examine(_ inputs: [JudgeInput], skipped: [SkippedFile] = [], problems: [Diagnostic] = []) -> ExaminedSubmissions {
        let examiner = JudgingState(hunt: hunt, reviews: reviews)
        let sorted = inputs.sorted { $0.submission.path < $1.submission.path }
        let cases = [Case](parallelCount: sorted.count, chunkSize: 256) { examiner.examine(sorted[$0], index: $0) }
        return ExaminedSubmissions(inputs: sorted, cases: cases, groups: CaseGroups(cases), skipped: skipped, problems: problems)
    }

    /// What `judge(_:skipped:problems:files:)` gives for the examined inputs with this judge's
    /// reviews: only photos whose reviewed task changed are examined again. `examined` must come
    /// from a judge of the same hunt (examine again when the hunt changes).
    public func judge(_ examined: ExaminedSubmissions, files: (hunt: String?, submissions: String?, reviews: String?) = (nil, nil, nil)) -> JudgeResults {
        judge(examined: cases(examined), groups: examined.groups, skipped: examined.skipped, problems: examined.problems, files: files)
    }

    /// The examined cases with this judge's reviews.
    func cases(_ examined: ExaminedSubmissions) -> [Case] {
        let examiner = JudgingState(hunt: hunt, reviews: reviews)
        var cases = examined.cases
        for i in cases.indices {
            let review = reviews.entries[cases[i].submission.path]
            // The review's `task:` decides which task the photo is judged as: examine it again.
            if review?.task != cases[i].review?.task {
                cases[i] = examiner.examine(examined.inputs[i], index: i)
            } else {
                cases[i].review = review
            }
        }
        return cases
    }

    /// The rules across photos, reviews and scoring, for cases already examined one by one
    /// (`JudgingState.examine`, which `JudgeRun` runs in its reading tasks). `cases[i].index == i`,
    /// in path order.
    /// `cases` is consumed: the rules then change the array in place instead of copying all of it.
    func judge(examined cases: consuming [Case], groups: CaseGroups, skipped: [SkippedFile], problems: [Diagnostic],
               files: (hunt: String?, submissions: String?, reviews: String?)) -> JudgeResults {
        var (state, groups) = acrossPhotos(consume cases, groups: groups)
        state.checkTeams(groups)
        let scoring = state.score(groups)
        return state.results(scoring: scoring, skipped: skipped, problems: problems, files: files)
    }
}

extension Judge {
    /// The first rules across photos, which no review's decision changes: Live Photo pairs, then
    /// duplicates. The cases come back in a state for the rules within teams.
    func acrossPhotos(_ cases: consuming [Case], groups: CaseGroups) -> (JudgingState, CaseGroups) {
        var state = JudgingState(hunt: hunt, reviews: reviews)
        state.cases = consume cases
        var groups = groups
        // A Live Photo's motion video goes with its still before any rule looks across photos.
        if LivePhotos.pair(&state.cases) { groups = CaseGroups(state.cases) }
        state.times = state.cases.map { $0.instant?.timeIntervalSince1970 ?? .infinity }
        state.findDuplicates(groups)
        return (state, groups)
    }
}

/// Submissions examined one by one, kept to be judged again (see `Judge.examine`).
public struct ExaminedSubmissions: Sendable {
    /// In path order.
    let inputs: [JudgeInput]
    let cases: [Case]
    let groups: CaseGroups
    public let skipped: [SkippedFile]
    public let problems: [Diagnostic]

    /// The submissions' paths, in order.
    public var paths: [String] { inputs.map(\.submission.path) }
}

/// A finding before it is written out.
struct Finding: Sendable {
    var code: ReasonCode
    var message: String
    var related: String? = nil
}

/// One submission as the judge works on it.
struct Case: Sendable {
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
    var taskSource: String
    var instant: Date?
    var placement: Placement?
    var accuracyMetres: Double?
    var findings: [Finding] = []
    var evidence = JudgeResults.Evidence()
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
    static var spent: Case {
        Case(index: -1, submission: Submission(path: "", filePath: "", team: "", task: nil, taskSource: .auto), taskSource: "")
    }
}
