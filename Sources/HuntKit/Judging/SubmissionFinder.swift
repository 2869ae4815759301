import Foundation

/// Finds the photos in a submissions folder laid out as `SUBMISSIONS/<team>/...` and says which
/// team and task each is for.
///
/// A photo's task comes from, in order: a `--manifest` row; the first subfolder under the team
/// folder when it names a task; the file name when it starts with a task id (`dom-tower-2.jpg`);
/// else nothing, and the judge matches it by position. Team folders, task folders, file-name
/// prefixes and manifest cells name teams and tasks by `NameKey` (`Foxes`, `RED_FOXES` and
/// `Red Foxes` all name team `foxes` named Red Foxes); each submission carries the id it names,
/// or the name as given when it names no team or task, or two. Symbolic links are refused (they
/// could point anywhere), and so are manifest paths that leave the folder. Files that are not
/// photos are listed as skipped. Hidden files (`.DS_Store`) are skipped silently.
package struct SubmissionFinder: Sendable {
    /// The hunt whose teams and tasks folder and file names are matched against.
    public var hunt: Hunt
    /// A `team,task,path` table whose rows come before folder and file names; nil for none.
    public var manifest: Manifest?

    /// A finder for `hunt`'s submissions, with an optional manifest.
    public init(hunt: Hunt, manifest: Manifest? = nil) {
        self.hunt = hunt
        self.manifest = manifest
    }

    /// The submissions in the folder `root` (displayPath as `displayPath`), in four steps: the manifest's
    /// rows by path, the folder's own entries (team folders, and photos a manifest places), the
    /// team folders' photos, then the manifest rows no photo was found for. Throws when the folder
    /// cannot be read or the manifest names none of its photos.
    public func scan(_ root: URL, displayPath: String) throws(DiagnosticError) -> SubmissionScan {
        let folder = try Self.open(root, displayPath: displayPath)
        var scan = SubmissionScan(submissions: [], skipped: [], diagnostics: [])
        let rows = manifestRows(displayPath: displayPath, diagnostics: &scan.diagnostics)
        let teamFolders = try entries(of: folder, displayPath: displayPath, manifestRows: rows, into: &scan)
        walkTeamFolders(teamFolders, of: folder, displayPath: displayPath, manifestRows: rows, into: &scan)
        try checkFound(rows, displayPath: displayPath, into: &scan)
        // Nearly sorted already (runs per team), so this costs little.
        scan.submissions.sort { $0.path < $1.path }
        scan.skipped.sort { $0.path < $1.path }
        return scan
    }

    /// The submissions folder, opened; a diagnostic that says what to give when it is not one.
    private static func open(_ root: URL, displayPath: String) throws(DiagnosticError) -> InputFolder {
        let rootLocation = SourceLocation(file: displayPath)
        do {
            return try InputFolder(path: root.path, displayPath: displayPath)
        } catch {
            switch error.reason {
            case .notFound:
                throw DiagnosticError(
                    .error(
                        "file-not-found", "no such folder", at: rootLocation,
                        fix: "give the folder that holds one subfolder per team"))
            case .notRegularFile:
                throw DiagnosticError(
                    .error(
                        "not-a-folder", "is a file, not a folder", at: rootLocation,
                        fix: "give the folder that holds one subfolder per team"))
            default:
                throw DiagnosticError(.error("unreadable", "cannot open the folder: \(error.message)", at: rootLocation, fix: error.fix))
            }
        }
    }

    /// The manifest's rows by their path inside the folder, with team and task names turned into
    /// ids; a path that leaves the folder or is given twice over is diagnosed and kept once at most.
    private func manifestRows(displayPath: String, diagnostics: inout [Diagnostic]) -> [String: Manifest.Row] {
        guard let manifest else { return [:] }
        let teams = hunt.teamLookup, tasks = hunt.taskLookup
        var manifestRows: [String: Manifest.Row] = [:]
        var repeats: (count: Int, first: (Manifest.Row, Manifest.Row)?) = (0, nil)
        for var row in manifest.rows {
            row.team = teams.find(row.team).value?.id ?? row.team
            if !row.task.isEmpty { row.task = tasks.find(row.task).value?.id ?? row.task }
            guard let relative = Self.normalised(row.path) else {
                diagnostics.append(
                    .error(
                        "path-outside", "`\(row.path)` leaves the submissions folder; refused",
                        at: row.location, fix: "give paths relative to \(displayPath)"))
                continue
            }
            if let earlier = manifestRows[relative] {
                if earlier.team == row.team && earlier.task == row.task {
                    repeats.count += 1
                    if repeats.first == nil { repeats.first = (row, earlier) }
                } else {
                    diagnostics.append(
                        .error(
                            "manifest-conflict",
                            "`\(row.path)` is given to \(row.team)/\(row.task) here and to \(earlier.team)/\(earlier.task) at line \(earlier.location.line)",
                            at: row.location, fix: "keep the one row that is right"))
                }
                continue
            }
            manifestRows[relative] = row
        }
        if let (row, earlier) = repeats.first {
            diagnostics.append(
                .warning(
                    "manifest-duplicate",
                    "\(repeats.count) row(s) repeat an earlier row; this one repeats line \(earlier.location.line)",
                    at: row.location, fix: "remove the repeated rows (each photo once)"))
        }
        return manifestRows
    }

    /// The folder's own entries: its team folders, each with the team id it names (or its own
    /// name), returned in name order; a photo right in the folder is a submission only when the
    /// manifest places it, and anything else is skipped.
    private func entries(
        of folder: InputFolder, displayPath: String, manifestRows: [String: Manifest.Row],
        into scan: inout SubmissionScan
    ) throws(DiagnosticError) -> [(folder: String, team: String)] {
        guard let entries = folder.entries()?.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) else {
            throw DiagnosticError(
                .error(
                    "unreadable", "cannot list the folder: \(String(cString: strerror(errno)))",
                    at: SourceLocation(file: displayPath), fix: "make the folder readable (chmod +rx)"))
        }
        let teams = hunt.teamLookup
        var teamFolders: [(folder: String, team: String)] = []
        for (name, kind) in entries where !name.hasPrefix(".") {
            switch kind {
            case .symbolicLink:
                scan.skipped.append(SkippedFile(path: name, reason: "symbolic link refused (copy the files in instead)"))
            case .file:
                if name == AnswerLog.fileName {
                    readAnswerLog(in: folder, displayPath: displayPath, into: &scan)
                } else if name == HintLog.fileName {
                    readHintLog(in: folder, displayPath: displayPath + "/" + name, into: &scan)
                } else if let row = manifestRows[name] {
                    scan.submissions.append(submission(name, in: folder, row: row))
                } else {
                    scan.skipped.append(SkippedFile(path: name, reason: "not in a team folder (put it in \(displayPath)/<team>/)"))
                }
            case .directory:
                switch teams.find(name) {
                case .found(let team): teamFolders.append((name, team.id))
                case .notFound: teamFolders.append((name, name))
                case .ambiguous(let a, let b):
                    teamFolders.append((name, name))
                    scan.diagnostics.append(
                        .warning(
                            "ambiguous-team",
                            "team folder `\(name)` matches both team `\(a.id)` (\(a.name)) and team `\(b.id)` (\(b.name)); its photos are rejected as unknown-team",
                            at: SourceLocation(file: displayPath + "/" + name),
                            fix: "rename the folder to the id of one team (`\(a.id)` or `\(b.id)`)"))
                }
            case .other, .unknown:
                scan.skipped.append(SkippedFile(path: name, reason: "not a regular file"))
            }
        }
        return teamFolders
    }

    /// The attempts of the folder's `answers.jsonl`, each a submission; its bad lines are problems.
    private func readAnswerLog(in folder: InputFolder, displayPath: String, into scan: inout SubmissionScan) {
        let logPath = displayPath + "/" + AnswerLog.fileName
        let bytes: [UInt8]
        do {
            bytes = try InputFile(AnswerLog.fileName, inside: folder, displayPath: logPath).readAll(
                limitBytes: AnswerLog.maximumBytes, what: "answers log")
        } catch {
            scan.diagnostics.append(error.diagnostic)
            return
        }
        let (attempts, problems) = AnswerLog.parse(bytes, displayPath: logPath)
        scan.diagnostics += problems
        scan.submissions += answerSubmissions(attempts, log: AnswerLog.fileName, filePath: folder.path + "/" + AnswerLog.fileName)
    }

    /// The hints bought, from the folder's `hints.jsonl`; its bad lines are problems.
    private func readHintLog(in folder: InputFolder, displayPath: String, into scan: inout SubmissionScan) {
        do {
            let bytes = try InputFile(HintLog.fileName, inside: folder, displayPath: displayPath).readAll(
                limitBytes: HintLog.maximumBytes, what: "hints log")
            let (purchases, problems) = HintLog.parse(bytes, displayPath: displayPath, hunt: hunt)
            scan.hintPurchases = purchases
            scan.diagnostics += problems
        } catch {
            scan.diagnostics.append(error.diagnostic)
        }
    }

    /// Attempts as submissions: each team as the id it names (by `NameKey`, as team folders are),
    /// else as sent, which the judge rejects as `unknown-team`.
    package func answerSubmissions(_ attempts: [AnswerAttempt], log: String, filePath: String) -> [Submission] {
        let teams = hunt.teamLookup
        return attempts.map { attempt in
            let team = teams.find(attempt.team).value?.id ?? attempt.team
            return Submission(answer: attempt, log: log, filePath: filePath, team: team)
        }
    }

    /// The photos of every team folder, walked in parallel (team folders are independent), each
    /// sorted by path, then merged in folder order; a folder that names no team and holds photos
    /// is warned about, with the team id it may have meant.
    private func walkTeamFolders(
        _ teamFolders: [(folder: String, team: String)], of folder: InputFolder, displayPath: String,
        manifestRows: [String: Manifest.Row], into scan: inout SubmissionScan
    ) {
        let names = TaskNames(hunt.taskLookup, ids: hunt.tasks.map(\.id))
        let walked = [([Submission], [SkippedFile])](parallelCount: teamFolders.count) { k in
            var folderSkipped: [SkippedFile] = []
            var found = walk(teamFolders[k], root: folder, names: names, manifestRows: manifestRows, skipped: &folderSkipped)
            found.sort { $0.path < $1.path }
            return (found, folderSkipped)
        }
        let teams = hunt.teamLookup
        var unknownTeamPhotos: [String: Int] = [:]
        for (k, (name, team)) in teamFolders.enumerated() {
            let (found, folderSkipped) = walked[k]
            let unmapped = found.filter { $0.team == team }.count
            if name == team, case .notFound = teams.find(name), unmapped > 0 { unknownTeamPhotos[name] = unmapped }
            scan.submissions += found
            scan.skipped += folderSkipped
        }
        var teamSuggestions = Suggestions(hunt.teams.map(\.id))
        for (folder, count) in unknownTeamPhotos.sorted(by: { $0.key < $1.key }) {
            let suggestion = teamSuggestions.suggest(for: folder)
            scan.diagnostics.append(
                .warning(
                    "unknown-team", "team folder `\(folder)` names no team of the hunt; its \(count) photo(s) are rejected as unknown-team",
                    at: SourceLocation(file: displayPath + "/" + folder),
                    fix: suggestion.map { "did you mean `\($0)`? Rename the folder, or add the team to the hunt" }
                        ?? "rename the folder to a team id, or add the team to the hunt's `teams:`"))
        }
    }

    /// Manifest rows whose file was not found are errors. When no row names a photo, the manifest
    /// was not understood (columns swapped, paths from another folder): nothing is judged.
    private func checkFound(
        _ manifestRows: [String: Manifest.Row], displayPath: String,
        into scan: inout SubmissionScan
    ) throws(DiagnosticError) {
        let foundPaths = manifestRows.isEmpty ? [] : Set(scan.submissions.map(\.path))
        if let (_, first) = manifestRows.min(by: { $0.value.location.line < $1.value.location.line }),
            !manifestRows.keys.contains(where: foundPaths.contains)
        {
            throw DiagnosticError(
                .error(
                    "manifest-matches-nothing",
                    "none of the manifest's \(manifestRows.count) path(s) is a photo in \(displayPath); the first is `\(first.path)`",
                    at: first.location, fix: "give paths relative to \(displayPath) (team/photo.jpg), in a column named `path`"))
        }
        for (path, row) in manifestRows.sorted(by: { $0.key < $1.key }) where !foundPaths.contains(path) {
            scan.diagnostics.append(
                .error(
                    "manifest-missing-file", "`\(row.path)` is not a photo in \(displayPath)", at: row.location,
                    fix: "check the path; it is relative to the submissions folder"))
        }
    }

    /// The team folder's photos, found by `FolderWalk`: `team` is the id the folder names (or the folder's name).
    private func walk(
        _ teamFolder: (folder: String, team: String), root: InputFolder, names: TaskNames, manifestRows: [String: Manifest.Row],
        skipped: inout [SkippedFile]
    ) -> [Submission] {
        let (folderName, team) = teamFolder
        var result: [Submission] = []
        // The task each subfolder right under the team folder names (a near miss is a typo to
        // report, not a folder to ignore, so it is kept as the task too).
        var folderTasks: [String: String] = [:]
        for step in FolderWalk(root, from: folderName) {
            guard case .entry(let entry) = step else {
                if case .unlistable(let relative, _) = step { skipped.append(SkippedFile(path: relative, reason: "folder could not be listed")) }
                continue
            }
            let path = entry.relative
            // The first folder below the team's; nil for an entry right in the team's folder.
            var first: String? {
                let below = path.utf8.dropFirst(folderName.utf8.count + 1)
                return below.firstIndex(of: UInt8(ascii: "/")).map { String(Substring(below[..<$0])) }
            }
            switch entry.kind {
            case .symbolicLink:
                skipped.append(SkippedFile(path: path, reason: "symbolic link refused (copy the file in instead)"))
            case .directory:
                if first == nil, let task = names.task(named: entry.name) { folderTasks[entry.name] = task }
            case .other, .unknown:
                skipped.append(SkippedFile(path: path, reason: "not a regular file"))
            case .file:
                var found: Submission
                if !manifestRows.isEmpty, let row = manifestRows[path] {
                    found = submission(path, in: root, row: row)
                } else if let reason = Self.notAPhoto(entry.name, in: entry.folder) {
                    // The players' page writes one browser fix beside each upload: part of its
                    // photo, not a file the organizer must look at (a day has hundreds).
                    if !entry.name.hasSuffix(BrowserFix.sidecarSuffix) { skipped.append(SkippedFile(path: path, reason: reason)) }
                    continue
                } else if !folderTasks.isEmpty, let task = first.flatMap({ folderTasks[$0] }) {
                    found = Submission(path: path, inside: root, team: team, task: task, taskSource: .folder)
                } else if let task = names.prefix(of: entry.name) {
                    found = Submission(path: path, inside: root, team: team, task: task, taskSource: .fileName)
                } else {
                    found = Submission(path: path, inside: root, team: team, task: nil, taskSource: .auto)
                }
                found.sidecar = PhotoInput.sidecar(of: entry.name, listed: entry.sidecars)
                found.browserSidecar = PhotoInput.browserSidecar(of: entry.name, listed: entry.sidecars)
                result.append(found)
            }
        }
        return result
    }

    private func submission(_ path: String, in root: InputFolder, row: Manifest.Row) -> Submission {
        Submission(
            path: path, inside: root, team: row.team, task: row.task.isEmpty ? nil : row.task,
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
        case .sidecar:
            return name.hasSuffix(BrowserFix.sidecarSuffix)
                ? "the browser's position at upload (read with its photo)" : "XMP sidecar (read with its photo)"
        case nil: break
        }
        let head: [UInt8]
        do {
            head = try InputFile(name: name, in: folder, displayPath: name).read(at: 0, count: FormatSniffer.headLength)
        } catch {
            return error.message
        }
        if head.isEmpty { return "empty file (0 bytes)" }
        guard case .other(let what) = FormatSniffer.sniff(head) else { return nil }
        return "not a photo or video: \(what)"
    }
}

/// A hunt's task ids, prepared once for matching every folder and file name against them.
struct TaskNames: Sendable {
    let lookup: NameLookup<HuntTask>
    /// Near misses: a folder named like a task is a typo to report, not a folder to ignore.
    let suggestions: Suggestions

    init(_ lookup: NameLookup<HuntTask>, ids: [String]) {
        self.lookup = lookup
        suggestions = Suggestions(ids.sorted())
    }

    /// What a subfolder of a team folder says of the task: the id it names; the name itself when
    /// it names two tasks or nearly names one (the judge reports either); nil for any other folder.
    func task(named name: String) -> String? {
        switch lookup.find(name) {
        case .found(let task): task.id
        case .ambiguous: name
        case .notFound: suggestions.closest(to: name) != nil ? name : nil
        }
    }

    /// The task whose id the file name starts with (by `NameKey`), followed by `-`, `_`, a space
    /// or `.`: the longest such start wins. One that names two tasks is returned as written, for
    /// the judge to report.
    func prefix(of fileName: String) -> String? {
        var best: String?
        var index = fileName.startIndex
        while let separator = fileName[index...].firstIndex(where: { $0 == "-" || $0 == "_" || $0 == " " || $0 == "." }) {
            let start = String(fileName[..<separator])
            switch lookup.find(start) {
            case .found(let task): best = task.id
            case .ambiguous: best = start
            case .notFound: break
            }
            index = fileName.index(after: separator)
        }
        return best
    }
}
