import Foundation

/// The reviews file as `hunt serve` keeps it: read whole, and edited in place by decisions, so
/// the organizer's own entries, comments and order stay as they were. An edit is made, checked
/// (the edited text must read back as a reviews file, and agree with the hunt and the folder
/// when given them) and only then written, in one atomic replace.
package struct ReviewsFile: Sendable {
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
        /// The edited text, parsed.
        let file: ReviewsFileEdit
    }

    /// The file's text as this console last wrote it, parsed, with the stamp the file had then:
    /// while the file keeps that stamp, the next edit starts from it rather than reading and
    /// parsing the file again. An edit from outside changes the stamp, so it is read.
    public struct Known: Sendable {
        let file: ReviewsFileEdit
        /// The stamp of the file as written.
        package let stamp: FileStamp
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
    /// edited text reads back and, given the hunt, names no task the hunt lacks. It starts from
    /// `known` while the file still has its stamp. Nothing is written.
    public func edit(_ changes: [Change], checkedAgainst hunt: Hunt?, known: Known? = nil) throws(Refused) -> Edit {
        let unchanged = known.flatMap { $0.stamp == FileStamp.of(path: path) ? $0.file : nil }
        let bytes = unchanged == nil ? try readText() : []
        let file: ReviewsFileEdit
        let before: Reviews
        do {
            if let unchanged { file = unchanged } else { file = try ReviewsFileEdit(bytes, displayPath: path) }
            before = try file.reviews()
        } catch {
            throw Refused(
                .fileHasProblems, "\(path) has a problem, so nothing was written: \(error.diagnostics.map(\.oneLine).joined(separator: "; "))")
        }
        let text: [UInt8]
        let known: ReviewsFileEdit?
        do { (text, known) = try file.edited(changes) } catch {
            throw Refused(.fileHasProblems, error.description)
        }
        guard text.count <= Reviews.maximumFileBytes else {
            throw Refused(
                .tooLong,
                "this would make \(path) \(text.count >> 20) MiB, past the \(Reviews.maximumFileBytes >> 20) MiB that hunt judge and hunt serve read, so nothing was written; decide fewer photos at once or write a shorter note"
            )
        }
        let edited: ReviewsFileEdit
        let after: Reviews
        do {
            // The edit reads back: known without parsing when every change is one it can vouch for.
            if let known { edited = known } else { edited = try ReviewsFileEdit(text, displayPath: path) }
            after = try edited.reviews()
        } catch {
            throw Refused(
                .fileFailed,
                "the edited reviews file would not parse, so nothing was written: \(error.diagnostics.map(\.oneLine).joined(separator: "; "))")
        }
        if let hunt {
            let problems = after.taskErrors(hunt: hunt)
            if !problems.isEmpty {
                throw Refused(
                    .fileHasProblems,
                    "\(path) has a problem, so nothing was written; fix it, then decide again: " + problems.map(\.oneLine).joined(separator: "; "))
            }
        }
        return Edit(before: before, after: after, file: edited)
    }

    /// The file's bytes as text (a byte that is not UTF-8 reads as U+FFFD, as edits have always
    /// read it); none while it does not exist.
    private func readText() throws(Refused) -> [UInt8] {
        guard FileStamp.of(path: path) != nil else { return [] }
        do {
            return Array(
                String(decoding: try InputFile.read(path: path, limitBytes: Reviews.maximumFileBytes, what: "reviews file"), as: UTF8.self).utf8)
        } catch {
            throw Refused(.fileFailed, "\(error)")
        }
    }

    /// Writes `edit` in one atomic replace that never replaces one of `inputs`; gives the file as
    /// written, for the next edit to start from.
    @discardableResult
    public func write(_ edit: Edit, inputs: [URL]) throws(Refused) -> Known {
        // The stamp of what was written, not of what is at the path after: an edit by someone
        // else right after the rename must not pass for this one.
        do { return Known(file: edit.file, stamp: try OutputBatch.write(edit.file.bytes, to: url, displayPath: path, inputs: inputs)) } catch {
            throw Refused(.fileFailed, "\(error)")
        }
    }
}

extension Reviews.Review {
    /// A decision as a judge makes it in `hunt serve`: `word` is accept or reject, the judge's
    /// name (`by`) is required, the note and the name are bounded
    /// (`Reviews.maximumNoteCharacters`, `maximumNameCharacters`), and the task is one of the
    /// hunt's, as the judge will read it. An empty note is none.
    package init(deciding word: String, note: String?, by: String?, task: String?, at: String, hunt: Hunt) throws(ReviewsFile.Refused) {
        guard let decision = Reviews.Decision(word: word) else { throw ReviewsFile.Refused(.invalid, Reviews.Decision.wrongWord(word)) }
        let by = try Self.judgeName(by, required: true)
        if let note, note.count > Reviews.maximumNoteCharacters {
            throw ReviewsFile.Refused(
                .tooLong, "the note is \(note.count) characters long; at most \(Reviews.maximumNoteCharacters): say it in fewer words")
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
    package static func judgeName(_ by: String?, required: Bool) throws(ReviewsFile.Refused) -> String {
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
/// YAML layer; lines are the file's bytes between line feeds (a "\r" before one stays with its
/// line, as the YAML layer counts "\r\n" as one break).
///
/// The edited file is known without parsing it again when every change is one this type can
/// vouch for: an entry it wrote itself (its lines exactly `lines(for:_:)`) replaced or removed,
/// or a new entry appended after one it wrote; each new entry parsed alone reads back as the
/// review. Any other edit is parsed whole.
struct ReviewsFileEdit: Sendable {
    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    let bytes: [UInt8]
    let displayPath: String
    /// The decisions the file holds, or what is wrong with them.
    private let parsed: Result<Reviews, DiagnosticError>
    /// Where the entries are, or why the file cannot be edited by lines.
    private let layout: Result<Layout, Refused>

    /// The entries in file order: the line of each key and its path (paths are known only when
    /// the file reads as reviews), and a bound on the nodes the YAML layer counts for the file.
    private struct Layout: Sendable {
        var keyLines: [Int]
        var paths: [String]
        var nodes: Int
    }

    /// Parses the file's text, once for everything asked of it after (the parse itself is not kept).
    init(_ bytes: [UInt8], displayPath: String) throws(DiagnosticError) {
        self.bytes = bytes
        self.displayPath = displayPath
        var parser = YAMLParser()
        parser.maximumBytes = Reviews.maximumFileBytes
        let root = try parser.parse(bytes, displayPath: displayPath)
        let parsed: Result<Reviews, DiagnosticError>
        if let root {
            parsed = Result { () throws(DiagnosticError) in try Reviews.parse(root, displayPath: displayPath) }
        } else {
            parsed = .success(Reviews(displayPath: displayPath))
        }
        self.parsed = parsed
        layout = Result { () throws(Refused) in
            let keyLines = try Self.blockKeyLines(root, displayPath: displayPath)
            var paths: [String] = []
            if case .success(let reviews) = parsed {
                let byLine = Dictionary(reviews.locations.map { ($0.value.line, $0.key) }, uniquingKeysWith: { a, _ in a })
                paths = keyLines.map { byLine[$0] ?? "" }
            }
            return Layout(keyLines: keyLines, paths: paths, nodes: root.map(Self.nodes(in:)) ?? 0)
        }
    }

    init(_ text: String, displayPath: String) throws(DiagnosticError) {
        try self.init(Array(text.utf8), displayPath: displayPath)
    }

    /// The edited file made from its parts, without parsing it.
    private init(bytes: [UInt8], displayPath: String, reviews: Reviews, layout: Layout) {
        self.bytes = bytes
        self.displayPath = displayPath
        parsed = .success(reviews)
        self.layout = .success(layout)
    }

    /// The decisions the file holds now.
    func reviews() throws(DiagnosticError) -> Reviews {
        try parsed.get()
    }

    /// The file's text with each change made: an entry for the path, or (nil) its entry removed.
    /// A path named twice takes its last change.
    func applying(_ changes: [ReviewsFile.Change]) throws(Refused) -> String {
        String(decoding: try edited(changes).bytes, as: UTF8.self)
    }

    /// `applying(_:)` as UTF-8, and the edited file when it is known without parsing it.
    func edited(_ changes: [ReviewsFile.Change]) throws(Refused) -> (bytes: [UInt8], file: ReviewsFileEdit?) {
        let layout = try layout.get()
        let reviews: Reviews
        switch parsed {
        case .success(let parsed): reviews = parsed
        case .failure(let error): throw Refused(description: error.diagnostics.map(\.oneLine).joined(separator: "; "))
        }
        let lines = lineRanges()
        var replacements: [(index: Int, path: String, review: Reviews.Review?, lines: [String])] = []
        var appended: [(path: String, review: Reviews.Review, lines: [String])] = []
        var done = Set<String>()
        for (path, review) in changes.reversed() where done.insert(path).inserted {
            let newLines = review.map { Self.lines(for: path, $0) } ?? []
            if let keyLine = reviews.locations[path]?.line, let index = layout.keyLines.sortedIndex(of: keyLine, by: { $0 }) {
                replacements.append((index, path, review, newLines))
            } else if let review {
                appended.insert((path, review, newLines), at: 0)
            }
        }
        replacements.sort { $0.index < $1.index }
        // Where each entry's own lines end: from its key to the line before the next key, less
        // trailing blank and comment lines.
        func entryEnd(of index: Int) -> Int {
            let start = layout.keyLines[index] - 1
            var end = index + 1 < layout.keyLines.count ? layout.keyLines[index + 1] - 1 : lines.count
            while end > start + 1, Self.isBlankOrComment(line(lines[end - 1])) { end -= 1 }
            return end
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        var copied = 0  // the lines before this one are in `out`
        func copyLines(upTo end: Int) {
            if copied < end { out += bytes[lines[copied].lowerBound..<lines[end - 1].upperBound]; out.append(0x0A) }
            copied = max(copied, end)
        }
        func add(_ line: String) { out += line.utf8; out.append(0x0A) }
        // Each entry's new lines, and how many lines each replaced one had (to place the keys after it).
        var vouched = layout.paths.count == layout.keyLines.count
        var replacedLines: [Int] = []
        for replacement in replacements {
            let start = layout.keyLines[replacement.index] - 1
            let end = entryEnd(of: replacement.index)
            copyLines(upTo: start)
            // Comment lines inside the old entry are the organizer's: they stay, above the new one.
            for old in lines[(start + 1)..<end] {
                let text = line(old)
                if text.trimmingCharacters(in: .whitespaces).hasPrefix("#") { add(text) }
            }
            replacement.lines.forEach(add)
            copied = end
            if vouched { vouched = isOwnEntry(lines[start..<end], path: replacement.path, reviews: reviews) }
            replacedLines.append(end - start)
        }
        copyLines(upTo: lines.count)
        appended.forEach { $0.lines.forEach(add) }
        guard vouched else { return (out, nil) }
        if !appended.isEmpty {
            // A new entry goes after the file's last one, which must be one written here.
            guard let last = layout.keyLines.indices.last,
                isOwnEntry(lines[(layout.keyLines[last] - 1)..<entryEnd(of: last)], path: layout.paths[last], reviews: reviews)
            else { return (out, nil) }
        }
        // Each new entry read alone is the review, and the file stays within what the parser takes.
        var nodes = layout.nodes
        for (path, review, entryLines) in replacements.compactMap({ r in r.review.map { (r.path, $0, r.lines) } }) + appended {
            guard let added = Self.readsBack(entryLines, as: review, path: path, displayPath: displayPath) else { return (out, nil) }
            nodes += added
        }
        guard nodes <= YAMLParser().maximumNodes else { return (out, nil) }
        // The keys as they are after the edit: those below a replaced entry move by the lines it gained.
        var edited = Layout(keyLines: [], paths: [], nodes: nodes)
        var entries = reviews.entries
        var shift = 0
        var next = 0  // the next replacement
        for index in layout.keyLines.indices {
            let keyLine = layout.keyLines[index] + shift
            if next < replacements.count, replacements[next].index == index {
                let replacement = replacements[next]
                shift += replacement.lines.count - replacedLines[next]
                next += 1
                entries[replacement.path] = replacement.review
                guard replacement.review != nil else { continue }
            }
            edited.keyLines.append(keyLine)
            edited.paths.append(layout.paths[index])
        }
        var appendedLine = lines.count + shift + 1
        for entry in appended {
            entries[entry.path] = entry.review
            edited.keyLines.append(appendedLine)
            edited.paths.append(entry.path)
            appendedLine += entry.lines.count
        }
        var locations: [String: SourceLocation] = [:]
        locations.reserveCapacity(edited.paths.count)
        for (path, keyLine) in zip(edited.paths, edited.keyLines) { locations[path] = SourceLocation(file: displayPath, line: keyLine, column: 1) }
        let after = Reviews(entries: entries, locations: locations, displayPath: reviews.displayPath)
        return (out, ReviewsFileEdit(bytes: out, displayPath: displayPath, reviews: after, layout: edited))
    }

    /// Whether `range` of lines is exactly the entry this type writes for `path`'s review.
    private func isOwnEntry(_ entryLines: ArraySlice<Range<Int>>, path: String, reviews: Reviews) -> Bool {
        guard let review = reviews.entries[path] else { return false }
        let own = Self.lines(for: path, review)
        guard own.count == entryLines.count else { return false }
        return zip(own, entryLines).allSatisfy { $0.utf8.elementsEqual(bytes[$1]) }
    }

    /// The nodes `lines` add to a file when they read alone as `path: review`, or nil.
    private static func readsBack(_ lines: [String], as review: Reviews.Review, path: String, displayPath: String) -> Int? {
        guard SubmissionFinder.normalised(path) == path,
            let root = try? YAMLParser().parse(Array((lines.joined(separator: "\n") + "\n").utf8), displayPath: displayPath),
            let alone = try? Reviews.parse(root, displayPath: displayPath), alone.entries == [path: review]
        else { return nil }
        return nodes(in: root)
    }

    /// Each line's bytes, without its line feed; a last line feed ends the last line.
    private func lineRanges() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            for offset in buffer.indices where buffer[offset] == 0x0A {
                ranges.append(start..<offset)
                start = offset + 1
            }
            if start < buffer.count { ranges.append(start..<buffer.count) }
        }
        return ranges
    }

    private func line(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The line of each entry's key, refused unless the file is a block mapping with each key
    /// at the start of its own line (what can be edited by lines).
    private static func blockKeyLines(_ root: YAMLNode?, displayPath: String) throws(Refused) -> [Int] {
        guard let root, !root.isNull else { return [] }
        guard let pairs = root.mapping else {
            throw Refused(description: "\(displayPath) is not a mapping from submission path to decision; fix it, then decide again")
        }
        var lines: [Int] = []
        for pair in pairs {
            guard pair.key.location.column == 1, pair.key.location.line > (lines.last ?? 0) else {
                throw Refused(
                    description:
                        "\(displayPath):\(pair.key.location.line): hunt serve edits only block-style reviews files (one `path:` per line, at its start); rewrite it that way"
                )
            }
            lines.append(pair.key.location.line)
        }
        return lines
    }

    /// At least the nodes the YAML layer counts against `YAMLParser.maximumNodes` for `node`
    /// (each node's own weight, every copy an alias made counted whole).
    private static func nodes(in node: YAMLNode) -> Int {
        switch node.value {
        case .scalar: node.weight
        case .sequence(let items): items.reduce(node.weight) { $0 + nodes(in: $1) }
        case .mapping(let pairs): pairs.reduce(node.weight) { $0 + nodes(in: $1.key) + nodes(in: $1.value) }
        }
    }

    static func isBlankOrComment(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    /// An entry's lines, its keys in `Reviews.Review.CodingKeys` order: the decision as a bare
    /// word, every other value quoted (any text reads back as written).
    static func lines(for path: String, _ review: Reviews.Review) -> [String] {
        ["\(YAMLText.quoted(path)):"]
            + Reviews.Review.CodingKeys.allCases.compactMap { key in
                review.text(of: key).map { "  \(key.rawValue): \(key == .decision ? $0 : YAMLText.quoted($0))" }
            }
    }
}
