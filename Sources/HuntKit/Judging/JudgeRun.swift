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
    /// Attempts collected elsewhere (`hunt judge --answers FILE.csv`, `AnswerLog.readCSV`),
    /// judged with the folder's own `answers.jsonl` and photos; nil for none.
    public var collectedAnswers: CollectedAnswers?

    /// A run over already loaded inputs; `maxConcurrency` defaults to one photo per processor.
    public init(
        hunt: Hunt, reviews: Reviews = Reviews(), manifest: Manifest? = nil, reader: PhotoReader = PhotoReader(),
        maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.hunt = hunt
        self.reviews = reviews
        self.manifest = manifest
        self.reader = reader
        self.maxConcurrency = maxConcurrency
    }

    /// Judges the folder. Throws the hunt's errors (`Hunt.requireNoErrors()`) if it has any, and
    /// an `InputError` (before reading any photo) when the folder cannot be scanned or the reviews
    /// file names a task the hunt does not have; a decision about a photo that is gone is a
    /// warning among the results' problems. `progress` gets (done, total).
    public func run(
        submissions folder: URL, displayPath: String, huntDisplayPath: String? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> JudgeResults {
        try hunt.requireNoErrors()
        let scan: SubmissionScan
        do { scan = try self.scan(folder, displayPath: displayPath) } catch {
            throw InputError(error.diagnostics, reviewsFile: reviewsFile, manifestFile: manifestFile)
        }
        let reviewProblems = reviews.entries.isEmpty ? [] : reviews.check(paths: Set(scan.submissions.map(\.path)), hunt: hunt)
        if reviewProblems.contains(where: { $0.severity == .error }) { throw InputError(reviewProblems, reviewsFile: reviewsFile) }
        var examined = try await examine(scan, keepingInputs: false, progress: progress).merged(carryingFrom: nil)
        examined.problems += reviewProblems
        return Judge(checked: hunt, reviews: reviews).judge(consume examined, files: (huntDisplayPath, displayPath, reviews.displayPath))
            .charging(scan.hintPurchases, hunt: hunt)
    }

    /// Scans the folder, then reads and examines every photo in it, for a judge that judges
    /// again and again as reviews change (`StandingJudgement`, `hunt serve`). Reads through
    /// `reader`, so its cache serves unchanged files. Unlike `run`, the reviews are not checked
    /// against the folder: the caller does that when it judges.
    package func examine(submissions folder: URL, displayPath: String) async throws -> ExaminedSubmissions {
        try await examineChanges(submissions: folder, displayPath: displayPath, since: nil).merged(carryingFrom: nil)
    }

    /// Scans the folder and reads and examines only what changed since `previous` (an
    /// examination of the same folder with the same hunt): a photo found again as the same
    /// submission, whose file `unchanged` says is as it was when `previous` was examined (its
    /// stamp and its sidecars), keeps its case, so a console that judges again when one photo
    /// arrives pays for that photo, not for the folder. `ExaminedChanges.merged(carryingFrom:)`
    /// then makes the whole examination — a step of its own, so that the caller can first let
    /// go of what else it holds of the judgement before (two judgements side by side is what
    /// peaks in memory).
    package func examineChanges(
        submissions folder: URL, displayPath: String, since previous: ExaminedSubmissions?,
        unchanged: (String) -> Bool = { _ in false }
    ) async throws -> ExaminedChanges {
        try hunt.requireNoErrors()
        let scan = try self.scan(folder, displayPath: displayPath)
        return try await examine(scan, keepingInputs: true, since: previous, unchanged: unchanged)
    }

    /// The folder's submissions (its photos and `answers.jsonl`) and the `collectedAnswers`, by path.
    func scan(_ folder: URL, displayPath: String) throws(DiagnosticError) -> SubmissionScan {
        let finder = SubmissionFinder(hunt: hunt, manifest: manifest)
        var scan = try finder.scan(folder, displayPath: displayPath)
        if let collected = collectedAnswers {
            scan.submissions += finder.answerSubmissions(collected.attempts, log: collected.log, filePath: collected.filePath)
            scan.submissions.sort { $0.path < $1.path }
            scan.diagnostics += collected.problems
        }
        return scan
    }

    /// Reads every submission of `scan` and examines it on its own, both in the reading tasks, in
    /// parallel; the groups the rules across photos start from are built as the cases arrive.
    /// The inputs (each file's metadata) are kept only when asked: a judgement that must examine
    /// a photo again when a review moves it to another task needs them. Submissions `previous`
    /// examined as they are now (the same submission, a file `unchanged` vouches for) are not
    /// read: their cases are carried over when the changes are merged.
    func examine(
        _ scan: SubmissionScan, keepingInputs: Bool, since previous: ExaminedSubmissions? = nil,
        unchanged: (String) -> Bool = { _ in false }, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> ExaminedChanges {
        let total = scan.submissions.count
        let submissions = scan.submissions
        let engine = RuleEngine(hunt: hunt, reviews: reviews)
        // Each case goes straight into its slot: no copies between the reading tasks and the rules.
        let slots = FillOnceSlots<SubmissionCase>(count: total)
        let inputSlots = FillOnceSlots<JudgeInput>(count: keepingInputs ? total : 0)
        let carried = previous.map { Self.carried(from: $0, unchanged: unchanged, into: submissions) } ?? []
        var groups = CaseGroups(capacity: total)
        // Answers have no file of their own to read: examined here, at once.
        var direct: [(index: Int, contentHash: String?)] = []
        var toRead: [Int] = []
        toRead.reserveCapacity(total - carried.count)
        var carriedIndex = carried.startIndex
        for index in submissions.indices {
            if carriedIndex < carried.endIndex, carried[carriedIndex].index == index {
                direct.append((index, previous?.cases[carried[carriedIndex].at].contentHash))
                carriedIndex += 1
            } else if submissions[index].answer != nil {
                let input = JudgeInput(submission: submissions[index], photo: nil)
                slots.fill(index, with: engine.examine(input, index: index))
                if keepingInputs { inputSlots.fill(index, with: input) }
                direct.append((index, nil))
            } else {
                toRead.append(index)
            }
        }
        // Groups take cases in index order: carried cases and answers join before the first read one after them.
        var nextDirect = direct.startIndex
        func groupCarried(before end: Int) {
            while nextDirect < direct.endIndex, direct[nextDirect].index < end {
                let (index, contentHash) = direct[nextDirect]
                groups.add(index: index, team: submissions[index].team, contentHash: contentHash)
                nextDirect += 1
            }
        }
        var done = direct.count
        try await reader.readAll(
            toRead, input: { submissions[$0].photoInput }, maxConcurrency: maxConcurrency,
            transform: { index, result in
                let input =
                    switch result {
                    case .success(let photo): JudgeInput(submission: submissions[index], photo: photo)
                    case .failure(let error): JudgeInput(submission: submissions[index], photo: nil, readError: error.summary)
                    }
                let examined = engine.examine(input, index: index)
                let contentHash = examined.contentHash
                slots.fill(index, with: examined)
                if keepingInputs { inputSlots.fill(index, with: input) }
                return (index, contentHash)
            }
        ) { index, contentHash in
            // In index order.
            groupCarried(before: index)
            groups.add(index: index, team: submissions[index].team, contentHash: contentHash)
            done += 1
            try Task.checkCancellation()
            progress?(done, total)
        }
        groupCarried(before: total)
        return ExaminedChanges(scan: scan, slots: slots, inputSlots: inputSlots, carried: carried, groups: groups)
    }

    /// The submissions `previous` examined as they are now, by their index now and in `previous`:
    /// a photo whose file `unchanged` vouches for, and an answer found again as it was (the
    /// attempt, compared whole, is all its examination reads: a day of answers examines each
    /// once, not at every look at a log that grows).
    private static func carried(
        from previous: ExaminedSubmissions, unchanged: (String) -> Bool,
        into submissions: [Submission]
    ) -> [(index: Int, at: Int)] {
        // Without its inputs an examination cannot be judged again: nothing to carry.
        guard previous.inputs.count == previous.cases.count else { return [] }
        let earlier = Dictionary(previous.inputs.indices.map { (previous.inputs[$0].submission.path, $0) }, uniquingKeysWith: { first, _ in first })
        return submissions.indices.compactMap { index in
            let submission = submissions[index]
            guard let at = earlier[submission.path], previous.inputs[at].submission.isFoundAgain(as: submission),
                submission.answer != nil || unchanged(submission.path)
            else { return nil }
            return (index, at)
        }
    }
}

/// What `JudgeRun.examineChanges` read and examined of a folder; `merged(carryingFrom:)` adds
/// the cases of the photos it left to the examination before and gives the whole examination.
/// Not copyable: its cases are moved out by that one call.
package struct ExaminedChanges: ~Copyable, Sendable {
    let scan: SubmissionScan
    let slots: FillOnceSlots<SubmissionCase>
    let inputSlots: FillOnceSlots<JudgeInput>
    /// Submissions carried over: their index now, and in the examination before.
    let carried: [(index: Int, at: Int)]
    let groups: CaseGroups

    /// How many photos were read and examined (the rest are carried over).
    public var examinedCount: Int { scan.submissions.count - carried.count }

    /// The whole examination: the photos read, and the cases of the others from `previous`,
    /// which must be the examination given to `examineChanges` (nil when it was given none).
    public consuming func merged(carryingFrom previous: ExaminedSubmissions?) -> ExaminedSubmissions {
        if let previous {
            for (index, at) in carried {
                let submission = scan.submissions[index]
                precondition(
                    previous.cases[at].submission.path == submission.path,
                    "merged with another examination than the one the changes were read against")
                // The new scan's submission (its folder is the one open now; the old one can close).
                var kept = previous.cases[at], input = previous.inputs[at]
                kept.index = index
                kept.submission = submission
                input.submission = submission
                slots.fill(index, with: kept)
                if inputSlots.count > 0 { inputSlots.fill(index, with: input) }
            }
        } else {
            precondition(carried.isEmpty, "changes read against an examination were merged without it")
        }
        return ExaminedSubmissions(
            inputs: inputSlots.takeAll(), cases: slots.takeAll(), groups: groups,
            skipped: scan.skipped, problems: scan.diagnostics)
    }
}

/// Answer attempts collected outside the submissions folder (a form tool's export read by
/// `AnswerLog.readCSV`), for `JudgeRun.collectedAnswers`.
public struct CollectedAnswers: Sendable {
    /// The name their keys start with (`answers.csv` gives `answers.csv#L12`): the file's name.
    public var log: String
    /// The file on disk, for messages.
    public var filePath: String
    /// The attempts, in file order.
    public var attempts: [AnswerAttempt]
    /// The rows that could not be read, carried into the results' problems.
    public var problems: [Diagnostic]

    /// Attempts from the file at `filePath`, keyed under `log`.
    public init(log: String, filePath: String, attempts: [AnswerAttempt], problems: [Diagnostic] = []) {
        self.log = log
        self.filePath = filePath
        self.attempts = attempts
        self.problems = problems
    }

    /// The attempts of the CSV export at `url` (`AnswerLog.readCSV`), keyed under its file name.
    public init(csv url: URL, displayPath: String, hunt: Hunt) throws(DiagnosticError) {
        let (attempts, problems) = try AnswerLog.readCSV(contentsOf: url, displayPath: displayPath, hunt: hunt)
        self.init(log: url.lastPathComponent, filePath: url.path, attempts: attempts, problems: problems)
    }
}
