import Foundation

/// An organizer's decisions on submissions, read from a YAML file the judge never writes to:
///
/// ```yaml
/// foxes/dom-tower/IMG_0012.jpg:
///   decision: accept          # accept | reject
///   note: The tower is in the picture; the GPS drifted.
///   by: Anna
/// owls/IMG_0099.jpg:
///   decision: accept
///   task: bridge              # settles an ambiguous-task photo
///   at: 2026-05-02T14:05:09Z  # when (hunt serve writes it); not used for judging
/// ```
public struct Reviews: Sendable {
    /// An organizer's verdict on a photo: `accept` counts it as accepted, `reject` as rejected, whatever the judge found.
    public enum Decision: String, Sendable, Hashable, Codable, CaseIterable { case accept, reject }

    /// One decision about a photo: what the reviews file holds under its path, what the judge
    /// reads, what results.json records (without `at`) and what `hunt serve` writes and logs.
    /// Two reviews are equal when they decide the same, wherever the file has them (`locations`).
    public struct Review: Sendable, Hashable, Codable {
        /// Accept or reject: replaces the judge's own verdict for this photo.
        public var decision: Decision
        /// Why, in the reviewer's words; shown beside the decision on reports, not used for judging.
        public var note: String?
        /// Who decided (a name or initials as written); shown beside the decision on reports, not used for judging.
        public var by: String?
        /// The task this photo is for, overriding what the folder or file name said.
        public var task: String?
        /// When it was decided, as written (`hunt serve` writes ISO 8601); not used for judging.
        public var at: String?

        /// The keys of an entry in the reviews file, in the order `hunt serve` writes them.
        public enum CodingKeys: String, CodingKey, CaseIterable {
            case decision, note, by, task, at
        }

        /// A decision on one photo; leave out `task` unless the photo's task needs settling.
        public init(decision: Decision, note: String? = nil, by: String? = nil, task: String? = nil, at: String? = nil) {
            self.decision = decision
            self.note = note
            self.by = by
            self.task = task
            self.at = at
        }
    }

    /// Keyed by submission path, relative to the submissions folder.
    public var entries: [String: Review]
    /// Where each entry's path is written in the file, by submission path, for messages.
    public var locations: [String: SourceLocation]
    /// The file as the user named it, for messages.
    public var displayPath: String?

    /// Reviews made in code; `locations` and `displayPath` only serve messages and may stay empty.
    public init(entries: [String: Review] = [:], locations: [String: SourceLocation] = [:], displayPath: String? = nil) {
        self.entries = entries
        self.locations = locations
        self.displayPath = displayPath
    }

    static let keys = Review.CodingKeys.allCases.map(\.rawValue)

    /// The largest reviews file `hunt judge` and `hunt serve` read (the same limit for both).
    public static let maximumFileBytes = 64 << 20
    /// The longest note, in characters, that `hunt serve` writes for a decision; a bulk decision
    /// writes its note into every photo's entry, so this bounds the file's growth.
    public static let maximumNoteCharacters = 1_000
    /// The longest judge's name (`by`), in characters, that `hunt serve` writes.
    public static let maximumNameCharacters = 100

    /// Reads a reviews file. Every problem is an error with its line and column; none is ignored.
    public static func read(contentsOf url: URL, displayPath: String) throws(DiagnosticError) -> Reviews {
        var parser = YAMLParser()
        parser.maximumBytes = maximumFileBytes
        guard let root = try parser.parse(contentsOf: url, displayPath: displayPath, what: "reviews file") else {
            return Reviews(displayPath: displayPath)  // an empty file: no decisions yet
        }
        return try parse(root, displayPath: displayPath)
    }

    /// The reviews in an already parsed YAML document; throws a diagnostic for a file that is not a mapping of path to decision.
    package static func parse(_ root: YAMLNode, displayPath: String) throws(DiagnosticError) -> Reviews {
        if root.isNull { return Reviews(displayPath: displayPath) }
        guard let pairs = root.mapping else {
            throw DiagnosticError(
                .error(
                    "wrong-type", "a reviews file is a mapping from submission path to decision; found \(root.kindName)",
                    at: root.location, fix: "write `team/task/photo.jpg: { decision: accept, note: ..., by: ... }`"))
        }
        var entries: [String: Review] = [:]
        var locations: [String: SourceLocation] = [:]
        var problems: [Diagnostic] = []
        for pair in pairs {
            guard let rawPath = pair.key.text, !rawPath.isEmpty else {
                problems.append(.error("wrong-type", "each key is a submission path", at: pair.key.location))
                continue
            }
            let path = SubmissionFinder.normalised(rawPath) ?? rawPath
            if let earlier = locations[path] {
                problems.append(
                    .error(
                        "duplicate-key", "`\(rawPath)` is decided twice (first at line \(earlier.line))",
                        at: pair.key.location, fix: "keep one decision per photo"))
                continue
            }
            guard let fields = pair.value.mapping else {
                // `path: accept` is a natural shorthand.
                if let text = pair.value.text, let decision = Decision(word: text) {
                    entries[path] = Review(decision: decision)
                    locations[path] = pair.key.location
                } else {
                    problems.append(
                        .error(
                            "wrong-type", "expected `{ decision: accept|reject, note: ..., by: ... }`, found \(pair.value.kindName)",
                            at: pair.value.location))
                }
                continue
            }
            var decision: Decision?
            let problemsBefore = problems.count
            var review = Review(decision: .accept)
            for field in fields {
                let name = field.key.text ?? ""
                guard let key = Review.CodingKeys(rawValue: name) else {
                    let hint =
                        Suggestions.closest(to: name, in: keys).map { "did you mean `\($0)`?" }
                        ?? "the keys are \(keys.dropLast().joined(separator: ", ")) and \(keys.last!)"
                    problems.append(.error("unknown-key", "unknown key `\(name)`", at: field.key.location, fix: hint))
                    continue
                }
                guard let text = field.value.text, !field.value.isNull || key != .decision else {
                    problems.append(.error("wrong-type", "`\(name)` must be text, found \(field.value.kindName)", at: field.value.location))
                    continue
                }
                if text.utf8.count > Hunt.maximumTextBytes {
                    problems.append(
                        .error(
                            "text-too-long", "`\(name)` is \(text.utf8.count) bytes long; at most \(Hunt.maximumTextBytes / 1024) KiB",
                            at: field.value.location, fix: "shorten it; a note of a few lines says enough"))
                    continue
                }
                switch key {
                case .decision:
                    guard let d = Decision(word: text) else {
                        problems.append(
                            .error(
                                "bad-decision", Decision.wrongWord(text), at: field.value.location,
                                fix: "write `decision: accept` or `decision: reject`"))
                        continue
                    }
                    decision = d
                case .note: review.note = field.value.isNull ? nil : text
                case .by: review.by = field.value.isNull ? nil : text
                case .at: review.at = field.value.isNull ? nil : text
                case .task: review.task = field.value.isNull ? nil : text
                }
            }
            guard let decision else {
                if problems.count == problemsBefore {
                    problems.append(
                        .error(
                            "missing-decision", "no `decision:` for `\(rawPath)`", at: pair.key.location,
                            fix: "add `decision: accept` or `decision: reject`"))
                }
                continue
            }
            review.decision = decision
            entries[path] = review
            locations[path] = pair.key.location
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return Reviews(entries: entries, locations: locations, displayPath: displayPath)
    }

    /// What is wrong with these decisions for this folder and hunt: an error for a task the hunt
    /// does not have; a warning (`decided-photo-gone`) for a decision about a path that is not a
    /// submission — the photo left the folder, or the path is mistyped. Such a decision is kept
    /// in the file (a judge's work is never lost) and judges nothing; it counts again if the photo
    /// comes back.
    public func check(paths: Set<String>, hunt: Hunt) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        if entries.isEmpty { return [] }
        // Near misses are looked for only among the folders of paths that are not submissions.
        let wanted = Set(entries.keys.filter { !paths.contains($0) }.map { $0.split(separator: "/").first.map(String.init) ?? "" })
        var byFolder: [String: [String]] = [:]
        if !wanted.isEmpty {
            for path in paths {
                let folder = path.split(separator: "/").first.map(String.init) ?? ""
                if wanted.contains(folder) { byFolder[folder, default: []].append(path) }
            }
        }
        let pathSuggestions = byFolder.mapValues { Suggestions($0.sorted()) }
        var taskSuggestions = Suggestions(hunt.tasks.map(\.id))
        var suggested = 0
        let tasks = hunt.taskLookup
        for (path, review) in entries.sorted(by: { $0.key < $1.key }) {
            let location = locations[path] ?? SourceLocation(file: displayPath ?? "")
            if !paths.contains(path) {
                let folder = path.split(separator: "/").first.map(String.init) ?? ""
                // Bounded like `Suggestions.suggest(for:)`, across all folders.
                suggested += 1
                let near = suggested <= Suggestions.maximumSuggestions ? pathSuggestions[folder]?.closest(to: path) : nil
                problems.append(
                    .warning(
                        "decided-photo-gone",
                        "`\(path)` is decided here but is not a submission in this folder (the photo is gone, or the path is mistyped); the decision is kept and judges nothing",
                        at: location,
                        fix: near.map { "did you mean `\($0)`?" }
                            ?? "paths are relative to the submissions folder, like team/task/photo.jpg; if the photo moved, move its entry too"))
            }
            if let problem = taskDiagnostic(review, at: location, in: tasks, suggestions: &taskSuggestions) { problems.append(problem) }
        }
        return problems
    }

    /// The errors of `check` alone: a task the hunt does not have, for each entry that names
    /// one (the folder's paths only ever give warnings). Looks at those few entries only.
    public func taskErrors(hunt: Hunt) -> [Diagnostic] {
        let naming = entries.filter { $0.value.task != nil }
        if naming.isEmpty { return [] }
        var taskSuggestions = Suggestions(hunt.tasks.map(\.id))
        let tasks = hunt.taskLookup
        return naming.sorted(by: { $0.key < $1.key }).compactMap { path, review in
            taskDiagnostic(review, at: locations[path] ?? SourceLocation(file: displayPath ?? ""), in: tasks, suggestions: &taskSuggestions)
        }
    }

    /// The `unknown-task` error for a review whose `task:` is not one of the hunt's, or nil.
    private func taskDiagnostic(
        _ review: Review, at location: SourceLocation, in tasks: NameLookup<HuntTask>,
        suggestions: inout Suggestions
    ) -> Diagnostic? {
        guard let task = review.task, let problem = Self.taskProblem(task, in: tasks, suggestions: &suggestions) else { return nil }
        return .error("unknown-task", problem.message, at: location, fix: problem.fix)
    }

    /// What is wrong with a review's `task:` for the hunt: none when it names one task (by id or
    /// name, as the judge reads it).
    static func taskProblem(_ task: String, in tasks: NameLookup<HuntTask>, suggestions: inout Suggestions) -> (message: String, fix: String?)? {
        switch tasks.find(task) {
        case .found:
            return nil
        case .ambiguous(let a, let b):
            return (message: "`\(task)` matches both task `\(a.id)` and task `\(b.id)`", fix: "write the id of one task")
        case .notFound:
            return (message: "no task `\(task)` in the hunt", fix: suggestions.suggest(for: task).map { "did you mean `\($0)`?" })
        }
    }
}

extension Reviews.Decision {
    /// `accept` or `reject`, in any case.
    public init?(word: String) { self.init(rawValue: word.lowercased()) }

    static func wrongWord(_ word: String) -> String { "decision must be accept or reject, not `\(word)`" }
}
