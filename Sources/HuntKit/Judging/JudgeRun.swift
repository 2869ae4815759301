import Foundation

/// The whole of `hunt judge` short of printing, from a folder: scan it, check the reviews against
/// it, read and examine every photo concurrently (`examine`), judge (`Judge`, `Judgement`).
public struct JudgeRun: Sendable {
    /// The hunt to judge against, with its target files read (`Hunt.readTargetFiles()`), as `HuntLoader` leaves it.
    public var hunt: Hunt
    /// The organizer's decisions, applied over the judge's own verdicts; empty for none.
    public var reviews: Reviews
    /// A `team,task,path` table that assigns photos to teams and tasks ahead of folder and file names; nil for none.
    public var manifest: Manifest?
    /// Reads each photo's metadata; its options decide sidecars and content hashes.
    public var reader: PhotoReader
    /// How many photos are read at once (the number of active processors unless given).
    public var maxConcurrency: Int
    /// The reviews file and the manifest as given, when they were read from files
    /// (`init(hunt:reviewsFile:manifestFile:)`): see `inputFiles` and `InputError`.
    public var reviewsFile: String?
    /// The manifest file's path as given, when it was read from a file; messages about it then name it.
    public var manifestFile: String?

    /// A run over already loaded inputs; `maxConcurrency` defaults to one photo per processor.
    public init(hunt: Hunt, reviews: Reviews = Reviews(), manifest: Manifest? = nil, reader: PhotoReader = PhotoReader(),
                maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.hunt = hunt
        self.reviews = reviews
        self.manifest = manifest
        self.reader = reader
        self.maxConcurrency = maxConcurrency
    }

    /// Judges the folder. Throws a `InputError` (before reading any photo) when the folder cannot be
    /// scanned or the reviews file names a task the hunt does not have; a decision about a photo
    /// that is gone is a warning among the results' problems. `progress` gets (done, total).
    public func run(submissions folder: URL, displayPath: String, huntDisplayPath: String? = nil,
                    progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> JudgeResults {
        let scan: SubmissionScan
        do { scan = try SubmissionFinder(hunt: hunt, manifest: manifest).scan(folder, displayPath: displayPath) } catch {
            throw InputError(error.diagnostics, reviewsFile: reviewsFile, manifestFile: manifestFile)
        }
        let reviewProblems = reviews.entries.isEmpty ? [] : reviews.check(paths: Set(scan.submissions.map(\.path)), hunt: hunt)
        if reviewProblems.contains(where: { $0.severity == .error }) { throw InputError(reviewProblems, reviewsFile: reviewsFile) }
        var examined = try await examine(scan, keepingInputs: false, progress: progress)
        examined.problems += reviewProblems
        return Judge(hunt: hunt, reviews: reviews).judge(consume examined, files: (huntDisplayPath, displayPath, reviews.displayPath))
    }

    /// Scans the folder, then reads and examines every photo in it, for a judge that judges
    /// again and again as reviews change (`StandingJudgement`, `hunt serve`). Reads through
    /// `reader`, so its cache serves unchanged files. Unlike `run`, the reviews are not checked
    /// against the folder: the caller does that when it judges.
    public func examine(submissions folder: URL, displayPath: String) async throws -> ExaminedSubmissions {
        try await examine(SubmissionFinder(hunt: hunt, manifest: manifest).scan(folder, displayPath: displayPath), keepingInputs: true)
    }

    /// Reads every submission of `scan` and examines it on its own, both in the reading tasks, in
    /// parallel; the groups the rules across photos start from are built as the cases arrive.
    /// The inputs (each file's metadata) are kept only when asked: a judgement that must examine
    /// a photo again when a review moves it to another task needs them.
    func examine(_ scan: SubmissionScan, keepingInputs: Bool, progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> ExaminedSubmissions {
        let total = scan.submissions.count
        let submissions = scan.submissions
        let engine = RuleEngine(hunt: hunt, reviews: reviews)
        // Each case goes straight into its slot: no copies between the reading tasks and the rules.
        let slots = FillOnceSlots<SubmissionCase>(count: total)
        let inputSlots = FillOnceSlots<JudgeInput>(count: keepingInputs ? total : 0)
        var groups = CaseGroups(capacity: total)
        var done = 0
        try await reader.readAll(submissions.indices, input: { submissions[$0].photoInput }, maxConcurrency: maxConcurrency,
                                 transform: { index, result in
            let input = switch result {
            case .success(let photo): JudgeInput(submission: submissions[index], photo: photo)
            case .failure(let error): JudgeInput(submission: submissions[index], photo: nil, readError: error.summary)
            }
            let examined = engine.examine(input, index: index)
            let contentHash = examined.contentHash
            slots.fill(index, with: examined)
            if keepingInputs { inputSlots.fill(index, with: input) }
            return contentHash
        }) { contentHash in
            // In index order: `done` is this case's index.
            groups.add(index: done, team: submissions[done].team, contentHash: contentHash)
            done += 1
            try Task.checkCancellation()
            progress?(done, total)
        }
        return ExaminedSubmissions(inputs: inputSlots.takeAll(), cases: slots.takeAll(), groups: groups,
                                   skipped: scan.skipped, problems: scan.diagnostics)
    }
}
