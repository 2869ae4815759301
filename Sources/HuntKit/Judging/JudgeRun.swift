import Foundation

/// The whole of `hunt judge` short of printing: scan the folder, check the reviews against it,
/// read every photo concurrently, judge.
public struct JudgeRun: Sendable {
    public var hunt: Hunt
    public var reviews: Reviews
    public var manifest: Manifest?
    public var reader: PhotoReader
    public var maxConcurrency: Int

    public init(hunt: Hunt, reviews: Reviews = Reviews(), manifest: Manifest? = nil, reader: PhotoReader = PhotoReader(),
                maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.hunt = hunt
        self.reviews = reviews
        self.manifest = manifest
        self.reader = reader
        self.maxConcurrency = maxConcurrency
    }

    /// Judges the folder. Throws (before reading any photo) when the folder cannot be scanned
    /// or the reviews file names paths that are not submissions. `progress` gets (done, total).
    public func run(submissions folder: URL, displayPath: String, huntDisplayPath: String? = nil,
                    progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> JudgeResults {
        let scan = try SubmissionFinder(hunt: hunt, manifest: manifest).scan(folder, displayPath: displayPath)
        let reviewProblems = reviews.check(paths: Set(scan.submissions.map(\.path)), hunt: hunt)
        if !reviewProblems.isEmpty { throw DiagnosticError(reviewProblems) }

        // Each photo is read and examined on its own in the reading tasks, in parallel; the rules
        // across photos run once all are in.
        let total = scan.submissions.count
        let submissions = scan.submissions
        let photoInputs = submissions.map { PhotoInput(url: $0.url, displayPath: $0.path) }
        var indexByPath: [String: Int] = [:]
        indexByPath.reserveCapacity(total)
        for (i, s) in submissions.enumerated() { indexByPath[s.path] = i }
        let lookup = indexByPath
        let examiner = JudgingState(hunt: hunt, reviews: reviews)
        var cases: [Case] = []
        cases.reserveCapacity(total)
        try await reader.readAll(photoInputs, maxConcurrency: maxConcurrency, transform: { input, result in
            let index = lookup[input.displayPath]!
            let submission = submissions[index]
            switch result {
            case .success(let photo): return examiner.examine(JudgeInput(submission: submission, photo: photo), index: index)
            case .failure(let error):
                return examiner.examine(JudgeInput(submission: submission, photo: nil, readError: error.summary), index: index)
            }
        }) { examined in
            cases.append(examined)
            try Task.checkCancellation()
            progress?(cases.count, total)
        }
        let judge = Judge(hunt: hunt, reviews: reviews)
        // Hand over the only reference, so the rules do not copy all the cases on their first change.
        var examined: [Case] = []
        swap(&examined, &cases)
        return judge.judge(examined: consume examined, skipped: scan.skipped, problems: scan.diagnostics,
                           files: (huntDisplayPath, displayPath, reviews.displayPath))
    }
}

/// Writes a file so that readers see the old file or the new one, never half of either:
/// a temporary file in the same folder, then renamed over the target.
public enum AtomicFile {
    /// The temporary file being written, so an interrupt handler can remove it.
    nonisolated(unsafe) private static var inFlight: String?
    private static let lock = NSLock()

    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        lock.withLock { inFlight = temporary.path }
        defer { lock.withLock { inFlight = nil } }
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            throw AtomicFileError(path: url.path, message: "cannot write in \(folder.path) (\(String(cString: strerror(errno))))")
        }
        // No fsync: rename(2) is what makes the swap atomic for readers and for Ctrl-C, and
        // flushing 20 MB to disk on every run cost more wall time than judging it.
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw AtomicFileError(path: url.path, message: "cannot replace the file (\(reason))")
        }
    }

    /// Removes a half-written temporary file; for a SIGINT handler.
    public static func abandon() {
        lock.withLock {
            if let path = inFlight { unlink(path) }
            inFlight = nil
        }
    }

    /// Makes `folder` (and its parents) if needed and checks that files can be created in it.
    public static func prepareFolder(_ folder: URL, displayPath: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw AtomicFileError(path: displayPath, message: "is a file, not a folder; give --out a folder (results.json is written inside it)")
            }
        } else {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw AtomicFileError(path: displayPath, message: "cannot create the folder: \(error.localizedDescription)")
            }
        }
        // Try it: access(2) says yes to root even on a read-only mount.
        let probe = folder.appendingPathComponent(".hunt-write-test.\(getpid())")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else {
            throw AtomicFileError(path: displayPath, message: "cannot write in this folder (\(String(cString: strerror(errno)))); choose another --out")
        }
        unlink(probe.path)
    }
}

public struct AtomicFileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): error: \(message)" }
}
