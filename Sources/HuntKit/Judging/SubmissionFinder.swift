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

    /// File name extensions taken as photos (or videos) without looking inside.
    static let photoExtensions = PhotoFiles.mediaExtensions

    public func scan(_ root: URL, displayPath: String) throws(DiagnosticError) -> SubmissionScan {
        let rootLocation = SourceLocation(file: displayPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw DiagnosticError(.error("file-not-found", "no such folder", at: rootLocation,
                                         fix: "give the folder that holds one subfolder per team"))
        }
        guard isDirectory.boolValue else {
            throw DiagnosticError(.error("not-a-folder", "is a file, not a folder", at: rootLocation,
                                         fix: "give the folder that holds one subfolder per team"))
        }
        let root = root.standardizedFileURL.resolvingSymlinksInPath()
        var submissions: [Submission] = []
        var skipped: [SkippedFile] = []
        var diagnostics: [Diagnostic] = []
        let teamIDs = Set(hunt.teams.map(\.id))
        var manifestRows: [String: Manifest.Row] = [:]

        if let manifest {
            for row in manifest.rows {
                guard let relative = Self.normalised(row.path) else {
                    diagnostics.append(.error("path-outside", "`\(row.path)` leaves the submissions folder; refused",
                                              at: row.location, fix: "give paths relative to \(displayPath)"))
                    continue
                }
                manifestRows[relative] = row
            }
        }

        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        } catch {
            throw DiagnosticError(.error("unreadable", "cannot list the folder: \(error.localizedDescription)", at: rootLocation))
        }
        var unknownTeamPhotos: [String: Int] = [:]
        var teamFolders: [String] = []
        for name in entries where !name.hasPrefix(".") {
            let url = root.appendingPathComponent(name)
            switch Self.kind(of: url) {
            case .symbolicLink:
                skipped.append(SkippedFile(path: name, reason: "symbolic link refused (copy the files in instead)"))
            case .file:
                if let row = manifestRows[name] {
                    submissions.append(submission(name, filePath: url.path, row: row))
                } else {
                    skipped.append(SkippedFile(path: name, reason: "not in a team folder (put it in \(displayPath)/<team>/)"))
                }
            case .directory:
                teamFolders.append(name)
            case .other:
                skipped.append(SkippedFile(path: name, reason: "not a regular file"))
            }
        }
        // Team folders are independent: walk them in parallel, each sorted by path, then merge.
        let names = TaskNames(hunt.tasks.map(\.id))
        let rows = manifestRows
        let rootPath = root.path
        let folders = teamFolders
        let walked = [([Submission], [SkippedFile])](parallelCount: teamFolders.count) { k in
            var folderSkipped: [SkippedFile] = []
            let name = folders[k]
            var found = walk(team: name, folder: rootPath + "/" + name, names: names, manifestRows: rows, skipped: &folderSkipped)
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
        for (folder, count) in unknownTeamPhotos.sorted(by: { $0.key < $1.key }) {
            let suggestion = NearMiss.closest(to: folder, in: hunt.teams.map(\.id))
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

    private func walk(team: String, folder: String, names: TaskNames, manifestRows: [String: Manifest.Row],
                      skipped: inout [SkippedFile]) -> [Submission] {
        var result: [Submission] = []
        // (on disk, relative to the submissions folder, the task its first subfolder under the team names)
        var stack: [(path: String, relative: String, task: String?)] = [(folder, team, nil)]
        while let (path, rel, folderTask) = stack.popLast() {
            guard let listing = Self.list(path) else {
                skipped.append(SkippedFile(path: rel, reason: "folder could not be listed"))
                continue
            }
            for (name, kind) in listing.entries where !name.hasPrefix(".") {
                let child = path + "/" + name
                let childRel = rel + "/" + name
                switch kind {
                case .symbolicLink:
                    skipped.append(SkippedFile(path: childRel, reason: "symbolic link refused (copy the file in instead)"))
                case .directory:
                    // The first subfolder under the team decides; a near miss is a typo to report, not a folder to ignore.
                    let task = rel == team ? (names.ids.contains(name) || NearMiss.closest(to: name, in: names.sorted) != nil ? name : nil)
                                           : folderTask
                    stack.append((child, childRel, task))
                case .other:
                    skipped.append(SkippedFile(path: childRel, reason: "not a regular file"))
                case .file:
                    var found: Submission
                    if !manifestRows.isEmpty, let row = manifestRows[childRel] {
                        found = submission(childRel, filePath: child, row: row)
                    } else if let reason = Self.notAPhoto(path: child, name: name) {
                        skipped.append(SkippedFile(path: childRel, reason: reason))
                        continue
                    } else if let folderTask {
                        found = Submission(path: childRel, filePath: child, team: team, task: folderTask, taskSource: .folder)
                    } else if let task = names.prefix(of: name) {
                        found = Submission(path: childRel, filePath: child, team: team, task: task, taskSource: .fileName)
                    } else {
                        found = Submission(path: childRel, filePath: child, team: team, task: nil, taskSource: .auto)
                    }
                    found.sidecar = PhotoInput.sidecar(of: name, in: path, listed: listing.sidecars)
                    result.append(found)
                }
            }
        }
        return result
    }

    /// A folder's entries and their kinds from readdir(3)'s d_type (lstat only when it is unknown),
    /// and the names of the XMP sidecars among them.
    static func list(_ path: String) -> (entries: [(String, Kind)], sidecars: Set<String>)? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var entries: [(String, Kind)] = []
        var sidecars: Set<String> = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_UNKNOWN): kind = Self.kind(of: URL(fileURLWithPath: path + "/" + name))
            default: kind = .other
            }
            if name.hasSuffix(".xmp") || name.hasSuffix(".XMP") { sidecars.insert(name) }
            entries.append((name, kind))
        }
        return (entries, sidecars)
    }

    private func submission(_ path: String, filePath: String, row: Manifest.Row) -> Submission {
        Submission(path: path, filePath: filePath, team: row.team, task: row.task.isEmpty ? nil : row.task,
                   taskSource: row.task.isEmpty ? .auto : .manifest)
    }

    /// `a/./b` → `a/b`; nil when the path is absolute or climbs out with `..`.
    static func normalised(_ path: String) -> String? {
        if path.hasPrefix("/") || path.hasPrefix("~") { return nil }
        var parts: [Substring] = []
        for part in path.replacingOccurrences(of: "\\", with: "/").split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." { return nil }
            parts.append(part)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    enum Kind { case file, directory, symbolicLink, other }

    static func kind(of url: URL) -> Kind {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return .symbolicLink
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .other
        }
    }

    /// Nil for a photo; otherwise why the file is skipped. Known photo extensions are taken on
    /// trust (the reader reports them unreadable if they are not); other files are sniffed.
    static func notAPhoto(path: String, name: String) -> String? {
        let ext = name.lastIndex(of: ".").map { String(name[name.index(after: $0)...]).lowercased() } ?? ""
        if photoExtensions.contains(ext) { return nil }
        if ext == "xmp" { return "XMP sidecar (read with its photo)" }
        guard let handle = FileHandle(forReadingAtPath: path) else { return "could not be opened" }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 12)) ?? Data())
        if Self.looksLikePhoto(head) { return nil }
        return ext.isEmpty ? "not a photo" : "not a photo (.\(ext))"
    }

    /// JPEG, PNG, TIFF, ISOBMFF (`ftyp`, photo or video), classic QuickTime or RIFF WEBP magic.
    static func looksLikePhoto(_ head: [UInt8]) -> Bool {
        if head.count >= 8, QuickTimeReader.classicFirstBoxes.contains(head.fourCC(4)) { return true }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return true }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return true }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return true }
        if head.count >= 12, head[4...7].elementsEqual("ftyp".utf8) { return true }
        if head.count >= 12, head[0...3].elementsEqual("RIFF".utf8), head[8...11].elementsEqual("WEBP".utf8) { return true }
        return false
    }
}

/// A hunt's task ids, prepared once for matching every file name against them.
struct TaskNames: Sendable {
    let ids: Set<String>
    /// Sorted, for near-miss suggestions.
    let sorted: [String]
    private let lowered: [(id: String, utf8: [UInt8])]

    init(_ ids: [String]) {
        self.ids = Set(ids)
        sorted = ids.sorted()
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

/// "Did you mean" by edit distance.
enum NearMiss {
    /// The candidate within a small edit distance of `word` (at most 2, and less than a third of its length), if any.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = min(2, max(1, word.count / 3))
        var best: (String, Int)?
        for candidate in candidates.sorted() {
            let d = distance(word.lowercased(), candidate.lowercased())
            if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
