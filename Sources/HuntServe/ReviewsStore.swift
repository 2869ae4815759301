import Foundation
import HuntKit

/// The reviews file as the console keeps it: the decisions in it now, decisions and undos
/// written into it through HuntKit's `ReviewsFile` (each logged in the audit log first), and
/// the file read again when someone else edits it.
struct ReviewsStore: Sendable {
    let file: ReviewsFile
    let audit: AuditLog
    private(set) var reviews: Reviews
    /// The file as this console last wrote it: the next edit starts from it while the file is
    /// unchanged since.
    private var known: ReviewsFile.Known?
    /// The stamp of the reviews file as this store last wrote it.
    var writtenStamp: FileStamp? { known?.stamp }
    /// Writes of the file by this console; the judgement says how many it includes.
    private(set) var writes = 0

    /// Reads the file (which may not exist yet). Throws what is wrong with it.
    init(path: String) throws(DiagnosticError) {
        file = ReviewsFile(path: path)
        audit = AuditLog(reviewsFile: file.url)
        reviews = try file.read()
    }

    /// Reads the file again after an edit from outside the console.
    mutating func reload() throws(DiagnosticError) {
        reviews = try file.read()
        known = nil
    }

    /// Writes `review` for every path in one atomic replace, logged as `decide`.
    mutating func decide(
        _ review: Reviews.Review, paths: [String], checkedAgainst hunt: Hunt?,
        inputs: [URL]
    ) throws(ServeError) -> [AuditLog.Event] {
        try write(
            paths.map { (path: $0, review: Optional(review)) }, action: "decide", by: review.by ?? "unknown", at: review.at ?? "",
            checkedAgainst: hunt, inputs: inputs)
    }

    /// Puts back what the photo's entry was before its latest logged event (which is what the
    /// audit log keeps), and logs that too, as `undo`.
    mutating func undo(
        path: String, by: String, at: String, checkedAgainst hunt: Hunt?,
        inputs: [URL]
    ) throws(ServeError) -> [AuditLog.Event] {
        // The event that made the file's entry what it is now: a logged event whose file write
        // never happened (the log is written first) is passed over.
        let current = reviews.entries[path]
        guard let last = audit.latest(where: { $0.path == path && $0.entry == current }) else {
            throw ServeError("nothing to undo for this photo", status: 409)
        }
        return try write([(path: path, review: last.previous)], action: "undo", by: by, at: at, checkedAgainst: hunt, inputs: inputs)
    }

    /// Edits the file for every change in one atomic write, after appending the events to the
    /// audit log: a decision in the file is always in the log, even if the process dies between
    /// the two writes (undo passes over a logged event whose file write never happened).
    private mutating func write(
        _ changes: [ReviewsFile.Change], action: String, by: String, at: String,
        checkedAgainst hunt: Hunt?, inputs: [URL]
    ) throws(ServeError) -> [AuditLog.Event] {
        let edit: ReviewsFile.Edit
        do { edit = try file.edit(changes, checkedAgainst: hunt, known: known) } catch { throw ServeError(error) }
        let logged = changes.map { path, review in
            AuditLog.Event(action: action, path: path, by: by, at: at, entry: review, previous: edit.before.entries[path])
        }
        try audit.append(logged)
        do { known = try file.write(edit, inputs: inputs) } catch { throw ServeError(error) }
        writes += 1
        reviews = edit.after
        return logged
    }
}

extension ServeError {
    /// A refused decision or edit, with the status that says whose the problem is.
    init(_ refused: ReviewsFile.Refused) {
        let status =
            switch refused.reason {
            case .invalid: 400
            case .tooLong: 413
            case .fileHasProblems: 409
            case .fileFailed: 500
            }
        self.init(refused.description, status: status)
    }
}
