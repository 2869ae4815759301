import Foundation

/// One photo sent in by a team, found in the submissions folder.
public struct Submission: Sendable, Hashable {
    /// Where the task came from.
    public enum TaskSource: String, Sendable, Hashable, Codable, CaseIterable {
        /// A folder named after the task: `SUBMISSIONS/foxes/dom-tower/IMG_1.jpg`.
        case folder
        /// A file name starting with the task id: `SUBMISSIONS/foxes/dom-tower-2.jpg`.
        case fileName = "file-name"
        /// A row of the `--manifest` CSV.
        case manifest
        /// Nothing said: the judge picks the task whose target contains the photo.
        case auto
        /// A reviews-file decision named the task (`task:`); only the judge's results say this.
        case review
        /// An answer attempt named it (`AnswerAttempt.task`).
        case answer
    }

    /// Relative to the submissions folder, `/`-separated, names written as `PathText` escapes
    /// them: the key for reviews and results, and maps back to exactly one file.
    public var path: String
    /// The file on disk, for messages (a path: a `URL` per photo costs more than finding the photos).
    public var filePath: String
    /// The submissions folder `path` is inside, when found by `SubmissionFinder`: the photo is
    /// then opened from it without following links; else `filePath` is opened.
    package var folder: InputFolder?
    /// The team as the folder (or manifest) names it; it may not be in the roster.
    public var team: String
    /// The task id as given, nil for auto-match; it may name no task of the hunt.
    public var task: String?
    /// How the task was found: folder, file name, manifest, or nothing (matched by position).
    public var taskSource: TaskSource
    /// The attempt, for an answer or choice sent rather than a photo (`path` is then
    /// `answers.jsonl#<id>`, and `filePath` the log's); nil for a photo.
    public var answer: AnswerAttempt? {
        get { answerBox?.attempt }
        set { answerBox = newValue.map(AnswerBox.init) }
    }
    /// Where `answer` is kept: one reference, so a photo's submission (copied with every case)
    /// stays as small as before answers.
    private var answerBox: AnswerBox?
    /// What the folder listing showed about an XMP sidecar, so the reader need not look.
    var sidecar: PhotoInput.SidecarHint = .unknown
    /// What the folder listing showed about the browser's fix beside the photo.
    var browserSidecar: PhotoInput.SidecarHint = .unknown

    /// Whether `other` is this submission found again: the same file, team, task and sidecars.
    /// The folders are compared by path (a new scan opens the folder anew).
    func isFoundAgain(as other: Submission) -> Bool {
        path == other.path && filePath == other.filePath && team == other.team && task == other.task && taskSource == other.taskSource
            && sidecar == other.sidecar && browserSidecar == other.browserSidecar && folder?.path == other.folder?.path && answer == other.answer
    }

    /// The file on disk as a URL (`filePath`), for reading it outside the judge.
    public var url: URL { URL(fileURLWithPath: filePath) }

    /// A submission whose file is at `url`; `path` is its key in reviews and results.
    public init(path: String, url: URL, team: String, task: String?, taskSource: TaskSource) {
        self.init(path: path, filePath: url.path, team: team, task: task, taskSource: taskSource)
    }

    /// A photo at `path` (escaped, `/`-separated) inside the submissions folder `folder`.
    package init(path: String, inside folder: InputFolder, team: String, task: String?, taskSource: TaskSource) {
        self.init(path: path, filePath: folder.path + "/" + path, team: team, task: task, taskSource: taskSource)
        self.folder = folder
    }

    /// A submission whose file is at `filePath` on disk; `path` is its key in reviews and results.
    public init(path: String, filePath: String, team: String, task: String?, taskSource: TaskSource) {
        self.path = path
        self.filePath = filePath
        self.team = team
        self.task = task
        self.taskSource = taskSource
    }

    /// The attempt `attempt` from the log `log` (its name in the submissions folder, or the
    /// `--answers` file's name) at `filePath`, by `team` (the id it names, else as sent).
    public init(answer attempt: AnswerAttempt, log: String, filePath: String, team: String) {
        self.init(path: AnswerLog.path(of: attempt, in: log), filePath: filePath, team: team, task: attempt.task, taskSource: .answer)
        answer = attempt
    }

    /// The reader's input for this photo.
    var photoInput: PhotoInput {
        var input = folder.map { PhotoInput(path: path, inside: $0, displayPath: path) } ?? PhotoInput(path: filePath, displayPath: path)
        input.sidecar = sidecar
        input.browserSidecar = browserSidecar
        return input
    }
}

/// A file in the submissions folder that is not judged, and why.
public struct SkippedFile: Sendable, Hashable, Codable {
    /// The file's path relative to the submissions folder, as in results.
    public var path: String
    /// Why it was not judged and what to do, for reports (`symbolic link refused (copy the file in instead)`).
    public var reason: String
}

/// What a scan of the submissions folder found.
package struct SubmissionScan: Sendable {
    /// Sorted by path.
    public var submissions: [Submission]
    /// Files listed and left alone: not photos, symbolic links, files outside team folders. Sorted by path.
    public var skipped: [SkippedFile]
    /// Problems with the folder or the manifest: unknown team folders, manifest rows naming missing files.
    public var diagnostics: [Diagnostic]
    /// The hints bought, from the folder's `hints.jsonl` (`HintLog`): not submissions, but they cost points.
    public var hintPurchases: [HintPurchase] = []
}

/// An attempt behind one reference (`Submission.answer`); never changed, so safe to send.
final class AnswerBox: Sendable, Hashable {
    let attempt: AnswerAttempt
    init(_ attempt: AnswerAttempt) { self.attempt = attempt }
    static func == (a: AnswerBox, b: AnswerBox) -> Bool { a === b || a.attempt == b.attempt }
    func hash(into hasher: inout Hasher) { attempt.hash(into: &hasher) }
}
