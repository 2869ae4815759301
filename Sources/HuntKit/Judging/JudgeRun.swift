import Foundation

/// The whole of `hunt judge` short of printing: scan the folder, check the reviews against it,
/// read every photo concurrently, judge.
public struct JudgeRun: Sendable {
    public var hunt: Hunt
    public var reviews: Reviews
    public var manifest: Manifest?
    public var reader: PhotoReader
    public var maxConcurrency: Int
    /// The reviews file and the manifest as given, when they were read from files
    /// (`init(hunt:reviewsFile:manifestFile:)`): see `inputFiles` and `Failure`.
    public var reviewsFile: String?
    public var manifestFile: String?

    public init(hunt: Hunt, reviews: Reviews = Reviews(), manifest: Manifest? = nil, reader: PhotoReader = PhotoReader(),
                maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.hunt = hunt
        self.reviews = reviews
        self.manifest = manifest
        self.reader = reader
        self.maxConcurrency = maxConcurrency
    }

    /// Judges the folder. Throws a `Failure` (before reading any photo) when the folder cannot be
    /// scanned or the reviews file names a task the hunt does not have; a decision about a photo
    /// that is gone is a warning among the results' problems. `progress` gets (done, total).
    public func run(submissions folder: URL, displayPath: String, huntDisplayPath: String? = nil,
                    progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> JudgeResults {
        let scan: SubmissionScan
        do { scan = try SubmissionFinder(hunt: hunt, manifest: manifest).scan(folder, displayPath: displayPath) } catch {
            throw Failure(error.diagnostics, reviewsFile: reviewsFile, manifestFile: manifestFile)
        }
        let reviewProblems = reviews.entries.isEmpty ? [] : reviews.check(paths: Set(scan.submissions.map(\.path)), hunt: hunt)
        if reviewProblems.contains(where: { $0.severity == .error }) { throw Failure(reviewProblems, reviewsFile: reviewsFile) }

        // Each photo is read and examined on its own in the reading tasks, in parallel; the rules
        // across photos run once all are in.
        let total = scan.submissions.count
        let submissions = scan.submissions
        let examiner = JudgingState(hunt: hunt, reviews: reviews)
        // Each case goes straight into its slot: no copies between the reading tasks and the rules.
        let slots = FillOnceSlots<Case>(count: total)
        var groups = CaseGroups(capacity: total)
        var done = 0
        try await reader.readAll(submissions.indices, input: { submissions[$0].photoInput }, maxConcurrency: maxConcurrency,
                                 transform: { index, result in
            let submission = submissions[index]
            let examined: Case
            switch result {
            case .success(let photo): examined = examiner.examine(JudgeInput(submission: submission, photo: photo), index: index)
            case .failure(let error):
                examined = examiner.examine(JudgeInput(submission: submission, photo: nil, readError: error.summary), index: index)
            }
            let contentHash = examined.contentHash
            slots.fill(index, with: examined)
            return contentHash
        }) { contentHash in
            // In index order: `done` is this case's index.
            groups.add(index: done, team: submissions[done].team, contentHash: contentHash)
            done += 1
            try Task.checkCancellation()
            progress?(done, total)
        }
        let examined = slots.takeAll()
        let judge = Judge(hunt: hunt, reviews: reviews)
        // Hand over the only reference, so the rules do not copy all the cases on their first change.
        return judge.judge(examined: consume examined, groups: groups, skipped: scan.skipped, problems: scan.diagnostics + reviewProblems,
                           files: (huntDisplayPath, displayPath, reviews.displayPath))
    }

    /// The folder read but not judged: every submission with what its file said, for a judge
    /// that settles verdicts again and again as reviews change (`hunt serve`) without reading
    /// any photo twice. `Judge.judge(read.inputs, …)` gives what `run` gives.
    public struct Read: Sendable {
        public var inputs: [JudgeInput]
        public var skipped: [SkippedFile]
        public var problems: [Diagnostic]
    }

    /// Scans and reads the folder (through `reader`, so its cache serves unchanged files). Unlike
    /// `run`, the reviews are not checked against the folder: the caller does that when it judges.
    public func read(submissions folder: URL, displayPath: String) async throws -> Read {
        let scan = try SubmissionFinder(hunt: hunt, manifest: manifest).scan(folder, displayPath: displayPath)
        var inputs: [JudgeInput] = []
        inputs.reserveCapacity(scan.submissions.count)
        try await reader.readAll(scan.submissions, input: { $0.photoInput }, maxConcurrency: maxConcurrency, transform: { submission, result in
            switch result {
            case .success(let photo): JudgeInput(submission: submission, photo: photo)
            case .failure(let error): JudgeInput(submission: submission, photo: nil, readError: error.summary)
            }
        }) { inputs.append($0) }
        return Read(inputs: inputs, skipped: scan.skipped, problems: scan.diagnostics)
    }
}
