import Foundation

/// Finds the photos in a submissions folder laid out as `SUBMISSIONS/<team>/...` and says which
/// team and task each is for.
///
/// A photo's task comes from, in order: a `--manifest` row; the first subfolder under the team
/// folder when it names a task; the file name when it starts with a task id (`dom-tower-2.jpg`);
/// else nothing, and the judge matches it by position. Symbolic links are refused (they could
/// point anywhere), and so are manifest paths that leave the folder. Files that are not photos
/// are listed as skipped. Hidden files (`.DS_Store`) are skipped silently.
public struct SubmissionFinder: Sendable {
    public var hunt: Hunt
    public var manifest: Manifest?

    public init(hunt: Hunt, manifest: Manifest? = nil) {
        self.hunt = hunt
        self.manifest = manifest
    }

    public func scan(_ root: URL, displayPath: String) throws(DiagnosticError) -> SubmissionScan {
        let rootLocation = SourceLocation(file: displayPath)
        let folder: InputFolder
        do {
            folder = try InputFolder(path: root.path, shown: displayPath)
        } catch {
            switch error.reason {
            case .notFound:
                throw DiagnosticError(.error("file-not-found", "no such folder", at: rootLocation,
                                             fix: "give the folder that holds one subfolder per team"))
            case .notRegularFile:
                throw DiagnosticError(.error("not-a-folder", "is a file, not a folder", at: rootLocation,
                                             fix: "give the folder that holds one subfolder per team"))
            default:
                throw DiagnosticError(.error("unreadable", "cannot open the folder: \(error.message)", at: rootLocation, fix: error.fix))
            }
        }
        var submissions: [Submission] = []
        var skipped: [SkippedFile] = []
        var diagnostics: [Diagnostic] = []
        let teamIDs = Set(hunt.teams.map(\.id))
        var manifestRows: [String: Manifest.Row] = [:]
        var repeats: (count: Int, first: (Manifest.Row, Manifest.Row)?) = (0, nil)

        if let manifest {
            for row in manifest.rows {
                guard let relative = Self.normalised(row.path) else {
                    diagnostics.append(.error("path-outside", "`\(row.path)` leaves the submissions folder; refused",
                                              at: row.location, fix: "give paths relative to \(displayPath)"))
                    continue
                }
                if let earlier = manifestRows[relative] {
                    if earlier.team == row.team && earlier.task == row.task {
                        repeats.count += 1
                        if repeats.first == nil { repeats.first = (row, earlier) }
                    } else {
                        diagnostics.append(.error("manifest-conflict",
                            "`\(row.path)` is given to \(row.team)/\(row.task) here and to \(earlier.team)/\(earlier.task) at line \(earlier.location.line)",
                            at: row.location, fix: "keep the one row that is right"))
                    }
                    continue
                }
                manifestRows[relative] = row
            }
            if let (row, earlier) = repeats.first {
                diagnostics.append(.warning("manifest-duplicate",
                    "\(repeats.count) row(s) repeat an earlier row; this one repeats line \(earlier.location.line)",
                    at: row.location, fix: "remove the repeated rows (each photo once)"))
            }
        }

        guard let entries = folder.entries()?.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) else {
            throw DiagnosticError(.error("unreadable", "cannot list the folder: \(String(cString: strerror(errno)))", at: rootLocation,
                                         fix: "make the folder readable (chmod +rx)"))
        }
        var unknownTeamPhotos: [String: Int] = [:]
        var teamFolders: [String] = []
        for (name, kind) in entries where !name.hasPrefix(".") {
            switch kind {
            case .symbolicLink:
                skipped.append(SkippedFile(path: name, reason: "symbolic link refused (copy the files in instead)"))
            case .file:
                if let row = manifestRows[name] {
                    submissions.append(submission(name, in: folder, row: row))
                } else {
                    skipped.append(SkippedFile(path: name, reason: "not in a team folder (put it in \(displayPath)/<team>/)"))
                }
            case .directory:
                teamFolders.append(name)
            case .other, .unknown:
                skipped.append(SkippedFile(path: name, reason: "not a regular file"))
            }
        }
        // Team folders are independent: walk them in parallel, each sorted by path, then merge.
        let names = TaskNames(hunt.tasks.map(\.id))
        let rows = manifestRows
        let folders = teamFolders
        let walked = [([Submission], [SkippedFile])](parallelCount: teamFolders.count) { k in
            var folderSkipped: [SkippedFile] = []
            let name = folders[k]
            var found = walk(team: name, root: folder, names: names, manifestRows: rows, skipped: &folderSkipped)
            found.sort { $0.path < $1.path }
            return (found, folderSkipped)
        }
        for (k, name) in teamFolders.enumerated() {
            let (found, folderSkipped) = walked[k]
            let unmapped = found.filter { $0.team == name }.count
            if !teamIDs.contains(name), unmapped > 0 { unknownTeamPhotos[name] = unmapped }
            submissions += found
            skipped += folderSkipped
        }
        var teamSuggestions = Suggestions(hunt.teams.map(\.id))
        for (folder, count) in unknownTeamPhotos.sorted(by: { $0.key < $1.key }) {
            let suggestion = teamSuggestions.suggest(for: folder)
            diagnostics.append(.warning("unknown-team", "team folder `\(folder)` names no team of the hunt; its \(count) photo(s) are rejected as unknown-team",
                                        at: SourceLocation(file: displayPath + "/" + folder),
                                        fix: suggestion.map { "did you mean `\($0)`? Rename the folder, or add the team to the hunt" }
                                            ?? "rename the folder to a team id, or add the team to the hunt's `teams:`"))
        }
        // Manifest rows whose file was not found.
        let foundPaths = manifestRows.isEmpty ? [] : Set(submissions.map(\.path))
        for (path, row) in manifestRows.sorted(by: { $0.key < $1.key }) where !foundPaths.contains(path) {
            diagnostics.append(.error("manifest-missing-file", "`\(row.path)` is not a photo in \(displayPath)", at: row.location,
                                      fix: "check the path; it is relative to the submissions folder"))
        }
        // Nearly sorted already (runs per team), so this costs little.
        submissions.sort { $0.path < $1.path }
        skipped.sort { $0.path < $1.path }
        return SubmissionScan(submissions: submissions, skipped: skipped, diagnostics: diagnostics)
    }

    /// The team folder's photos, found by `FolderWalk`.
    private func walk(team: String, root: InputFolder, names: TaskNames, manifestRows: [String: Manifest.Row],
                      skipped: inout [SkippedFile]) -> [Submission] {
        var result: [Submission] = []
        // The task each subfolder right under the team folder names (a near miss is a typo to
        // report, not a folder to ignore, so it is kept as the task too).
        var folderTasks: [String: String] = [:]
        for step in FolderWalk(root, from: team) {
            guard case .entry(let entry) = step else {
                if case .unlistable(let relative, _) = step { skipped.append(SkippedFile(path: relative, reason: "folder could not be listed")) }
                continue
            }
            let path = entry.relative
            // The first folder below the team's; nil for an entry right in the team's folder.
            var first: String? {
                let below = path.utf8.dropFirst(team.utf8.count + 1)
                return below.firstIndex(of: UInt8(ascii: "/")).map { String(Substring(below[..<$0])) }
            }
            switch entry.kind {
            case .symbolicLink:
                skipped.append(SkippedFile(path: path, reason: "symbolic link refused (copy the file in instead)"))
            case .directory:
                if first == nil, names.ids.contains(entry.name) || names.suggestions.closest(to: entry.name) != nil {
                    folderTasks[entry.name] = entry.name
                }
            case .other, .unknown:
                skipped.append(SkippedFile(path: path, reason: "not a regular file"))
            case .file:
                var found: Submission
                if !manifestRows.isEmpty, let row = manifestRows[path] {
                    found = submission(path, in: root, row: row)
                } else if let reason = Self.notAPhoto(entry.name, in: entry.folder) {
                    skipped.append(SkippedFile(path: path, reason: reason))
                    continue
                } else if !folderTasks.isEmpty, let task = first.flatMap({ folderTasks[$0] }) {
                    found = Submission(path: path, inside: root, team: team, task: task, taskSource: .folder)
                } else if let task = names.prefix(of: entry.name) {
                    found = Submission(path: path, inside: root, team: team, task: task, taskSource: .fileName)
                } else {
                    found = Submission(path: path, inside: root, team: team, task: nil, taskSource: .auto)
                }
                found.sidecar = PhotoInput.sidecar(of: entry.name, listed: entry.sidecars)
                result.append(found)
            }
        }
        return result
    }

    private func submission(_ path: String, in root: InputFolder, row: Manifest.Row) -> Submission {
        Submission(path: path, inside: root, team: row.team, task: row.task.isEmpty ? nil : row.task,
                   taskSource: row.task.isEmpty ? .auto : .manifest)
    }

    /// `a/./b` → `a/b`, names in the one spelling `PathText` gives them; nil when the path is
    /// absolute or climbs out with `..`. A backslash starts an escape (`\\`, `\xHH`); in text
    /// that holds any other backslash, backslashes are read as Windows folder separators.
    public static func normalised(_ path: String) -> String? {
        if path.hasPrefix("/") || path.hasPrefix("~") { return nil }
        let text = PathText.canonical(path) == nil ? path.replacingOccurrences(of: "\\", with: "/") : path
        var parts: [String] = []
        for part in text.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." { return nil }
            parts.append(PathText.canonical(String(part)) ?? String(part))
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// Nil for a photo or video; otherwise why the file is skipped. A photo or video extension
    /// is taken on trust (the reader reports the file unreadable if it is not one); other files
    /// are judged by their first bytes, by the same sniffer the reader uses.
    static func notAPhoto(_ name: String, in folder: InputFolder) -> String? {
        switch PhotoFiles.kind(ofName: name) {
        case .media: return nil
        case .sidecar: return "XMP sidecar (read with its photo)"
        case nil: break
        }
        let head: [UInt8]
        do {
            head = try InputFile(name: name, in: folder, shown: name).read(at: 0, count: FormatSniffer.headLength)
        } catch {
            return error.message
        }
        if head.isEmpty { return "empty file (0 bytes)" }
        guard case .other(let what) = FormatSniffer.sniff(head) else { return nil }
        return "not a photo or video: \(what)"
    }
}

/// A hunt's task ids, prepared once for matching every file name against them.
struct TaskNames: Sendable {
    let ids: Set<String>
    /// Near misses: a folder named like a task is a typo to report, not a folder to ignore.
    let suggestions: Suggestions
    private let lowered: [(id: String, utf8: [UInt8])]

    init(_ ids: [String]) {
        self.ids = Set(ids)
        let sorted = ids.sorted()
        suggestions = Suggestions(sorted)
        lowered = sorted.map { ($0, Array($0.lowercased().utf8)) }
    }

    /// The longest task id `fileName` starts with (ignoring case), followed by `-`, `_`, a space or `.`.
    func prefix(of fileName: String) -> String? {
        let name = Array(fileName.lowercased().utf8)
        var best: String?
        var bestLength = 0
        for (id, utf8) in lowered where utf8.count > bestLength && name.count > utf8.count && name.starts(with: utf8) {
            let next = name[utf8.count]
            guard next == UInt8(ascii: "-") || next == UInt8(ascii: "_") || next == UInt8(ascii: " ") || next == UInt8(ascii: ".") else { continue }
            best = id
            bestLength = utf8.count
        }
        return best
    }
}
