import Foundation

/// The reviews file as `hunt serve` keeps it: read whole, and edited in place by decisions, so
/// the organizer's own entries, comments and order stay as they were. An edit is made, checked
/// (the edited text must read back as a reviews file, and agree with the hunt and the folder
/// when given them) and only then written, in one atomic replace.
public struct ReviewsFile: Sendable {
    /// As the user typed it: messages name it so.
    public let path: String

    /// The reviews file at `path` (as the user typed it); it need not exist yet.
    public init(path: String) {
        self.path = path
    }

    /// The file as a URL, relative paths against the working directory.
    public var url: URL { URL(fileURLWithPath: path) }

    /// The file's decisions; none (and no file named in results.json, as `hunt judge` without
    /// `--reviews`) while it does not exist.
    public func read() throws(DiagnosticError) -> Reviews {
        guard FileStamp.of(path: path) != nil else { return Reviews() }
        return try Reviews.read(contentsOf: url, displayPath: path)
    }

    /// A change to one photo's entry: the review to write, or nil to remove the entry.
    public typealias Change = (path: String, review: Reviews.Review?)

    /// An edit made and checked, not yet written.
    public struct Edit: Sendable {
        /// The decisions before and after the edit.
        public let before: Reviews
        /// The decisions the file holds once the edit is written.
        public let after: Reviews
        let text: String
    }

    /// Why an edit or a decision was refused, worded for the judge.
    public struct Refused: Error, Sendable, CustomStringConvertible {
        /// The kinds of refusal, so a caller can answer each its own way: the decision at fault, or the file.
        public enum Reason: Sendable {
            /// A decision's own fields are wrong (a word, a missing name).
            case invalid
            /// A note, a name or the file would grow past what is read back.
            case tooLong
            /// The file has a problem of its own, or cannot be edited by lines; fix it first.
            case fileHasProblems
            /// The file could not be read or written, or the edit would not read back.
            case fileFailed
        }

        /// What kind of refusal it is.
        public var reason: Reason
        public var description: String

        init(_ reason: Reason, _ description: String) {
            self.reason = reason
            self.description = description
        }
    }

    /// The file with `changes` made (a path named twice takes its last change), checked: the
    /// edited text reads back, and, given the folder's paths and the hunt, names no task the
    /// hunt lacks. Nothing is written.
    public func edit(_ changes: [Change], checkedAgainst judged: (paths: Set<String>, hunt: Hunt)?) throws(Refused) -> Edit {
        var text = ""
        if FileStamp.of(path: path) != nil {
            do { text = String(decoding: try InputFile.read(path: path, limitBytes: Reviews.maximumFileBytes, what: "reviews file"), as: UTF8.self) } catch {
                throw Refused(.fileFailed, "\(error)")
            }
        }
        let file: ReviewsFileEdit
        let before: Reviews
        do {
            file = try ReviewsFileEdit(text, displayPath: path)
            before = try file.reviews()
        } catch {
            throw Refused(.fileHasProblems, "\(path) has a problem, so nothing was written: \(error.diagnostics.map(\.oneLine).joined(separator: "; "))")
        }
        do { text = try file.applying(changes) } catch {
            throw Refused(.fileHasProblems, error.description)
        }
        guard text.utf8.count <= Reviews.maximumFileBytes else {
            throw Refused(.tooLong, "this would make \(path) \(text.utf8.count >> 20) MiB, past the \(Reviews.maximumFileBytes >> 20) MiB that hunt judge and hunt serve read, so nothing was written; decide fewer photos at once or write a shorter note")
        }
        let after: Reviews
        do { after = try ReviewsFileEdit(text, displayPath: path).reviews() } catch {
            throw Refused(.fileFailed, "the edited reviews file would not parse, so nothing was written: \(error.diagnostics.map(\.oneLine).joined(separator: "; "))")
        }
        if let judged {
            let problems = after.check(paths: judged.paths, hunt: judged.hunt).filter { $0.severity == .error }
            if !problems.isEmpty {
                throw Refused(.fileHasProblems, "\(path) has a problem, so nothing was written; fix it, then decide again: " + problems.map(\.oneLine).joined(separator: "; "))
            }
        }
        return Edit(before: before, after: after, text: text)
    }

    /// Writes `edit` in one atomic replace that never replaces one of `inputs`.
    public func write(_ edit: Edit, inputs: [URL]) throws(Refused) {
        do { try OutputBatch.write(Array(edit.text.utf8), to: url, displayPath: path, inputs: inputs) } catch {
            throw Refused(.fileFailed, "\(error)")
        }
    }
}

extension Reviews.Review {
    /// A decision as a judge makes it in `hunt serve`: `word` is accept or reject, the judge's
    /// name (`by`) is required, the note and the name are bounded
    /// (`Reviews.maximumNoteCharacters`, `maximumNameCharacters`), and the task is one of the
    /// hunt's, as the judge will read it. An empty note is none.
    public init(deciding word: String, note: String?, by: String?, task: String?, at: String, hunt: Hunt) throws(ReviewsFile.Refused) {
        guard let decision = Reviews.Decision(word: word) else { throw ReviewsFile.Refused(.invalid, Reviews.Decision.wrongWord(word)) }
        let by = try Self.judgeName(by, required: true)
        if let note, note.count > Reviews.maximumNoteCharacters {
            throw ReviewsFile.Refused(.tooLong, "the note is \(note.count) characters long; at most \(Reviews.maximumNoteCharacters): say it in fewer words")
        }
        if let task {
            if task.utf8.count > Hunt.maximumTextBytes {
                throw ReviewsFile.Refused(.tooLong, "`task` is \(task.utf8.count) bytes long; at most \(Hunt.maximumTextBytes / 1024) KiB")
            }
            var suggestions = Suggestions(hunt.tasks.map(\.id))
            if let problem = Reviews.taskProblem(task, in: hunt.taskLookup, suggestions: &suggestions) {
                throw ReviewsFile.Refused(.invalid, problem.message + (problem.fix.map { "; \($0)" } ?? ""))
            }
        }
        self.init(decision: decision, note: note.flatMap { $0.isEmpty ? nil : $0 }, by: by, task: task, at: at)
    }

    /// The judge's name from a request's `by`, trimmed; at most `Reviews.maximumNameCharacters`.
    /// Without one: refused when `required`, else "unknown".
    public static func judgeName(_ by: String?, required: Bool) throws(ReviewsFile.Refused) -> String {
        guard let name = by?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
            if required { throw ReviewsFile.Refused(.invalid, "say who decides: `by` is the judge's name") }
            return "unknown"
        }
        guard name.count <= Reviews.maximumNameCharacters else {
            throw ReviewsFile.Refused(.tooLong, "`by` is \(name.count) characters long; a judge's name is at most \(Reviews.maximumNameCharacters)")
        }
        return name
    }

    /// The value written under `key`; nil for a field the review leaves out.
    func text(of key: CodingKeys) -> String? {
        switch key {
        case .decision: decision.rawValue
        case .note: note
        case .by: by
        case .task: task
        case .at: at
        }
    }
}

/// Edits a reviews file as text: a decision about a photo the file already decides replaces that
/// entry's lines (from its key to the line before the next key, less trailing blank and comment
/// lines, which belong to what follows); any other decision is appended. Positions come from the
/// YAML layer.
struct ReviewsFileEdit {
    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    let text: String
    let displayPath: String
    /// The parsed file; nil when it is empty.
    private let root: YAMLNode?

    /// Parses the file's text, once for everything asked of it after.
    init(_ text: String, displayPath: String) throws(DiagnosticError) {
        self.text = text
        self.displayPath = displayPath
        var parser = YAMLParser()
        parser.maximumBytes = Reviews.maximumFileBytes
        root = try parser.parse(Array(text.utf8), displayPath: displayPath)
    }

    /// The decisions the file holds now.
    func reviews() throws(DiagnosticError) -> Reviews {
        guard let root else { return Reviews(displayPath: displayPath) }
        return try Reviews.parse(root, displayPath: displayPath)
    }

    /// The file's text with each change made: an entry for the path, or (nil) its entry removed.
    /// A path named twice takes its last change.
    func applying(_ changes: [ReviewsFile.Change]) throws(Refused) -> String {
        var lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }  // the text ended with a newline
        let pairs = try blockPairs()
        var pairIndex: [String: Int] = [:]
        for (index, pair) in pairs.enumerated() {
            let key = SubmissionFinder.normalised(pair.key.text ?? "") ?? pair.key.text ?? ""
            if pairIndex[key] == nil { pairIndex[key] = index }
        }
        var replacements: [(index: Int, lines: [String])] = []
        var appended: [String] = []
        var done = Set<String>()
        for (path, review) in changes.reversed() where done.insert(path).inserted {
            let newLines = review.map { Self.lines(for: path, $0) } ?? []
            if let index = pairIndex[path] {
                replacements.append((index, newLines))
            } else {
                appended = newLines + appended
            }
        }
        // From the last entry up, so the line numbers of those above stay true.
        for (index, newLines) in replacements.sorted(by: { $0.index > $1.index }) {
            let start = pairs[index].key.location.line - 1
            var end = index + 1 < pairs.count ? pairs[index + 1].key.location.line - 1 : lines.count
            while end > start + 1, Self.isBlankOrComment(lines[end - 1]) { end -= 1 }
            // Comment lines inside the old entry are the organizer's: they stay, above the new one.
            let kept = lines[(start + 1)..<end].filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
            lines.replaceSubrange(start..<end, with: kept + newLines)
        }
        lines += appended
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The file's entries, refused unless it is a block mapping with each key at the start of its
    /// own line (what can be edited by lines).
    private func blockPairs() throws(Refused) -> [YAMLPair] {
        guard let root, !root.isNull else { return [] }
        guard let pairs = root.mapping else {
            throw Refused(description: "\(displayPath) is not a mapping from submission path to decision; fix it, then decide again")
        }
        var lastLine = 0
        for pair in pairs {
            guard pair.key.location.column == 1, pair.key.location.line > lastLine else {
                throw Refused(description: "\(displayPath):\(pair.key.location.line): hunt serve edits only block-style reviews files (one `path:` per line, at its start); rewrite it that way")
            }
            lastLine = pair.key.location.line
        }
        return pairs
    }

    static func isBlankOrComment(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    /// An entry's lines, its keys in `Reviews.Review.CodingKeys` order: the decision as a bare
    /// word, every other value quoted (any text reads back as written).
    static func lines(for path: String, _ review: Reviews.Review) -> [String] {
        ["\(YAMLText.quoted(path)):"] + Reviews.Review.CodingKeys.allCases.compactMap { key in
            review.text(of: key).map { "  \(key.rawValue): \(key == .decision ? $0 : YAMLText.quoted($0))" }
        }
    }
}
