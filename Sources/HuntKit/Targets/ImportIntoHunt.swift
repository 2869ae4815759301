import Foundation

/// `hunt import --into hunt.yaml`: imported tasks added to the hunt file's own `tasks:` list.
///
/// The file is edited as text, not re-written from a model: every other byte — comments, key
/// order, quoting, blank lines, line ends — stays as it was. The new items go after the list's
/// last item, indented as its items are; an empty list (`tasks: []`, or `tasks:` with nothing)
/// gets them as a block list; a file without `tasks:` gets the key at its end. The result is
/// parsed again before anything is written: it must hold the old tasks and the new ones.
package struct ImportIntoHunt: Sendable {
    /// The hunt file as the user named it.
    public var huntPath: String
    /// The file's bytes, as read.
    public var bytes: [UInt8]
    /// The ids of the tasks the file already has.
    public var taskIDs: Set<String>
    private var root: YAMLNode
    private var taskCount: Int

    /// Reads the hunt file (read-only) and its YAML; a file that is not YAML is an error that
    /// names it, with line and column.
    public init(huntPath: String) throws(DiagnosticError) {
        let parser = HuntLoader().parser
        let bytes = try SourceFileReader.read(
            URL(fileURLWithPath: huntPath), displayPath: huntPath,
            maximumBytes: parser.maximumBytes, what: "hunt file")
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw DiagnosticError(
                .error(
                    "not-utf8", "\(huntPath) is UTF-16 text; tasks are added to UTF-8 files only", at: SourceLocation(file: huntPath),
                    fix: "re-save it as UTF-8, or paste the imported tasks into it by hand"))
        }
        guard let root = try parser.parse(bytes, displayPath: huntPath), root.mapping != nil else {
            throw DiagnosticError(
                .error(
                    "wrong-type", "\(huntPath) is not a hunt (a mapping with `hunt:` and `tasks:`)",
                    at: SourceLocation(file: huntPath, line: 1, column: 1),
                    fix: "name a hunt file, or start one with `hunt init`"))
        }
        self.huntPath = huntPath
        self.bytes = bytes
        self.root = root
        let items = root["tasks"]?.sequence ?? []
        taskCount = items.count
        taskIDs = Set(items.compactMap { $0["id"]?.text })
    }

    /// The folder of the hunt file, as a path (`""` for the working folder).
    public var folder: String { (huntPath as NSString).deletingLastPathComponent }

    /// The file with `items` (list items as `PlacesImport` writes them: `  - id: …`, keys four
    /// spaces in) added to its `tasks:` list.
    public func adding(_ items: String, count: Int) throws(DiagnosticError) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        var lines = text.components(separatedBy: newline)
        if lines.last == "" { lines.removeLast() }
        let itemLines = items.split(separator: "\n").map(String.init)
        func indented(_ dash: Int, _ keys: Int) -> [String] {
            itemLines.map { line in
                let body = line.dropFirst(2)  // "- id: …" or "  title: …"
                return body.hasPrefix("- ")
                    ? String(repeating: " ", count: dash) + body
                    : String(repeating: " ", count: keys) + body.drop { $0 == " " }
            }
        }
        guard let pairs = root.mapping else { return bytes }
        if let index = pairs.firstIndex(where: { $0.key.text == "tasks" }) {
            let key = pairs[index].key, value = pairs[index].value
            let nextKeyLine = pairs.dropFirst(index + 1).map(\.key.location.line).filter { $0 > key.location.line }.min()
            if let items = value.sequence, let first = items.first {
                guard Self.character(at: value.location, in: lines) == "-" else { throw flowList(value) }
                // After the list's last content line (comments after it stay after it).
                let limit = (nextKeyLine ?? lines.count + 1) - 1
                var last = first.location.line
                for number in stride(from: limit, to: value.location.line, by: -1) where !Self.isBlankOrComment(lines[number - 1]) {
                    last = number
                    break
                }
                let dash = value.location.column - 1
                let keys = first.mapping != nil && Self.character(at: first.location, in: lines) != "{" ? first.location.column - 1 : dash + 2
                lines.insert(contentsOf: indented(dash, keys), at: last)
            } else if value.sequence != nil || value.isNull {
                if value.sequence != nil {
                    // `tasks: []` (maybe with a comment after it): the brackets go, the items follow.
                    let line = lines[value.location.line - 1]
                    guard let open = line.index(line.startIndex, offsetBy: value.location.column - 1, limitedBy: line.endIndex),
                        let close = line[open...].firstIndex(of: "]")
                    else { throw flowList(value) }
                    let before = String(line[..<open]).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                    let after = line[line.index(after: close)...].drop { $0 == " " || $0 == "\t" }
                    lines[value.location.line - 1] = after.isEmpty ? before : before + " " + after
                }
                let keyIndent = key.location.column - 1
                lines.insert(contentsOf: indented(keyIndent + 2, keyIndent + 4), at: key.location.line)
            } else {
                throw DiagnosticError(
                    .error(
                        "wrong-type", "`tasks` here is \(value.kindName), not a list, so nothing can be added to it",
                        at: value.location, fix: "make `tasks:` a list (`- id: …` items), then import again"))
            }
        } else {
            lines.append("tasks:")
            lines += indented(2, 4)
        }
        let result = Array((lines.joined(separator: newline) + newline).utf8)
        try check(result, adds: count)
        return result
    }

    /// Writes the hunt file and the area files an import made, together and atomically (a
    /// missing folder made), never over `inputs` (the file imported from); returns what it wrote.
    public func write(_ hunt: [UInt8], areaFiles: [(path: String, contents: String)], inputs: [URL]) throws(OutputError) -> [String] {
        let batch = OutputBatch(inputs: inputs)
        for file in areaFiles {
            let url = URL(fileURLWithPath: file.path)
            try batch.makeParentFolder(of: url, displayPath: file.path)
            try batch.stage(Array(file.contents.utf8), to: url, displayPath: file.path)
        }
        try batch.stage(hunt, to: URL(fileURLWithPath: huntPath), displayPath: huntPath)
        try batch.commit()
        return areaFiles.map(\.path) + [huntPath]
    }

    /// What an import added, for the person: `added 3 tasks to hunt.yaml (`dom` is taken, so `dom-2`)`.
    public func summary(_ output: PlacesImport.Output, written: [String]) -> String {
        let renamed = output.renamed.map { "`\($0.wanted)` is taken, so `\($0.written)`" }
        let others = written.filter { $0 != huntPath }
        return "added \(output.taskCount) task\(output.taskCount == 1 ? "" : "s") to \(huntPath)"
            + (renamed.isEmpty ? "" : " (\(renamed.joined(separator: "; ")))")
            + (others.isEmpty ? "" : "; wrote \(others.joined(separator: ", "))")
    }

    /// The edited text must read as YAML with every old task and the new ones: a file laid out in
    /// a way this edit does not foresee is left alone rather than written wrong.
    private func check(_ result: [UInt8], adds count: Int) throws(DiagnosticError) {
        let root = try? YAMLParser().parse(result, displayPath: huntPath)
        guard root?["tasks"]?.sequence?.count == taskCount + count else {
            throw DiagnosticError(
                .error(
                    "import-not-added",
                    "the tasks could not be added to \(huntPath)'s `tasks:` list without changing its layout; nothing was written",
                    at: SourceLocation(file: huntPath), fix: "paste the imported tasks into the list by hand"))
        }
    }

    private func flowList(_ value: YAMLNode) -> DiagnosticError {
        DiagnosticError(
            .error(
                "import-not-added", "`tasks:` is written as a [ … ] list; tasks are added to a list of `- ` items", at: value.location,
                fix: "write the tasks one per `- ` line, or paste the imported tasks into the brackets by hand"))
    }

    private static func character(at location: SourceLocation, in lines: [String]) -> Character? {
        guard location.line >= 1, location.line <= lines.count else { return nil }
        let line = lines[location.line - 1]
        guard let index = line.index(line.startIndex, offsetBy: location.column - 1, limitedBy: line.endIndex), index < line.endIndex else {
            return nil
        }
        return line[index]
    }

    private static func isBlankOrComment(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }
}
