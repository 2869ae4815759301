import Foundation
import HuntKit

/// One decision as `hunt serve` writes it into the reviews file.
public struct ReviewEntry: Sendable, Hashable, Codable {
    public var decision: Reviews.Decision
    public var note: String?
    public var by: String?
    public var task: String?
    /// ISO 8601, UTC.
    public var at: String?

    public init(decision: Reviews.Decision, note: String? = nil, by: String? = nil, task: String? = nil, at: String? = nil) {
        self.decision = decision
        self.note = note
        self.by = by
        self.task = task
        self.at = at
    }

    init(_ review: Reviews.Review) {
        self.init(decision: review.decision, note: review.note, by: review.by, task: review.task, at: review.at)
    }
}

/// Edits a reviews file as text, so the organizer's own entries, comments and order stay as they
/// were: a decision about a photo the file already decides replaces that entry's lines (from its
/// key to the line before the next key, less trailing blank and comment lines, which belong to
/// what follows); any other decision is appended. Positions come from the YAML layer.
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
        root = try YAMLParser().parse(Array(text.utf8), displayPath: displayPath)
    }

    /// The decisions the file holds now.
    func reviews() throws(DiagnosticError) -> Reviews {
        guard let root else { return Reviews(displayPath: displayPath) }
        return try Reviews.parse(root, displayPath: displayPath)
    }

    /// The file's text with each change made: an entry for the path, or (nil) its entry removed.
    /// A path named twice takes its last change.
    func applying(_ changes: [(path: String, entry: ReviewEntry?)]) throws(Refused) -> String {
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
        for (path, entry) in changes.reversed() where done.insert(path).inserted {
            let newLines = entry.map { Self.lines(for: path, $0) } ?? []
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

    static func lines(for path: String, _ entry: ReviewEntry) -> [String] {
        var lines = ["\(YAMLText.quoted(path)):", "  decision: \(entry.decision.rawValue)"]
        if let note = entry.note { lines.append("  note: \(YAMLText.quoted(note))") }
        if let by = entry.by { lines.append("  by: \(YAMLText.quoted(by))") }
        if let task = entry.task { lines.append("  task: \(YAMLText.quoted(task))") }
        if let at = entry.at { lines.append("  at: \(YAMLText.quoted(at))") }
        return lines
    }
}
