import Foundation

/// What `hunt purge` removes once a hunt's photos have been kept long enough (`retention:`), and
/// the removing.
///
/// Personal data of a hunt day lives in the teams' files: photos and videos (faces, places,
/// devices in their metadata), their sidecars (`.xmp`, the browser's position
/// `.browser.xmp`), unfinished uploads (`.incoming/`), the positions the players' log
/// (`reviews.players.jsonl`) kept of each upload, and HTML reports, which embed thumbnails.
/// A purge removes those that arrived before a moment (a file's modification time: when it was
/// written into the folder) and keeps the rest: results.json, CSV and text reports, the
/// reviews and the audit log's decisions, the log's other fields (who sent which file when),
/// and any file in the folder that is none of those (a manifest), which it names.
///
/// `plan()` only reads; `carryOut(_:)` removes what the plan lists, appends a line per removed
/// file to `.purged.jsonl` in the submissions folder (so a later judge can say what is gone),
/// and rewrites the players' log without the removed positions (a temporary file, then renamed).
/// Run it while `hunt serve` is stopped: a line the server appends during the rewrite is lost.
public struct SubmissionsPurge: Sendable {
    /// The submissions folder.
    public var submissions: URL
    /// The folder as the user gave it, for messages.
    public var displayPath: String
    /// Files that arrived before this moment go.
    public var before: Date
    /// The players' log whose positions from before `before` go; nil for none.
    public var playersLog: URL?
    /// A judge's `--out` folder whose HTML reports (which embed thumbnails) go; nil for none.
    public var out: URL?

    /// The record of removed files kept in the submissions folder.
    public static let recordName = ".purged.jsonl"
    /// The unfinished uploads' folder inside the submissions folder.
    static let incomingName = ".incoming"
    /// The fields of a players' log line that say where a player was.
    static let positionFields = ["lat", "lon", "accuracy_m", "fixed_at"]

    /// A purge of what arrived in `submissions` before `before`.
    public init(submissions: URL, displayPath: String, before: Date, playersLog: URL? = nil, out: URL? = nil) {
        self.submissions = submissions
        self.displayPath = displayPath
        self.before = before
        self.playersLog = playersLog
        self.out = out
    }

    /// What a file is, for the lists.
    public enum Kind: String, Sendable, CaseIterable {
        case photo, video, sidecar
        case browserPosition = "browser position"
        case unfinishedUpload = "unfinished upload"
        case reportWithPhotos = "report with photos"
    }

    /// A file to remove.
    public struct Removal: Sendable, Equatable {
        /// The path as shown (under the folder given).
        public var path: String
        /// Where it is.
        public var url: URL
        /// What it is.
        public var kind: Kind
        /// Its size in bytes.
        public var bytes: Int64
        /// When it was written into the folder.
        public var arrived: Date
    }

    /// A file of the folder that stays, and why.
    public struct Kept: Sendable, Equatable {
        /// The path as shown.
        public var path: String
        /// Why it stays.
        public var reason: String
    }

    /// What a purge would do.
    public struct Plan: Sendable {
        /// The files to remove, in path order.
        public var removals: [Removal] = []
        /// Files of a personal kind that arrived on or after `before`: they stay.
        public var recent = 0
        /// Other files of the folder that stay, each with why (symbolic links, manifests, notes).
        public var kept: [Kept] = []
        /// Lines of the players' log whose position would be removed.
        public var logPositions = 0

        /// How many of each kind go, and their bytes.
        public var totals: [(kind: Kind, files: Int, bytes: Int64)] {
            Kind.allCases.compactMap { kind in
                let some = removals.filter { $0.kind == kind }
                return some.isEmpty ? nil : (kind, some.count, some.reduce(0) { $0 + $1.bytes })
            }
        }
    }

    /// What `carryOut` did.
    public struct Outcome: Sendable {
        /// The files removed.
        public var removed: [Removal] = []
        /// The files that could not be removed, each with the system's reason.
        public var failed: [(path: String, reason: String)] = []
        /// Lines of the players' log whose position was removed.
        public var logPositions = 0
        /// Why the players' log could not be rewritten, if it could not.
        public var logFailure: String?
    }

    // MARK: Planning

    /// What a purge would remove and keep; reads only. Throws when the folder cannot be read.
    public func plan() throws(DiagnosticError) -> Plan {
        var plan = Plan()
        guard isFolder(submissions) else {
            throw DiagnosticError(
                .error(
                    "not-a-folder", "no such folder", at: SourceLocation(file: displayPath),
                    fix: "give the submissions folder the judge and `hunt serve` used"))
        }
        walk(submissions, shown: displayPath, into: &plan)
        if let out, isFolder(out) {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: out.path))?.sorted() ?? [] where name.lowercased().hasSuffix(".html") {
                let url = out.appendingPathComponent(name)
                guard let info = Self.info(url), info.regular, Self.embedsImages(url) else { continue }
                plan.removals.append(
                    Removal(path: Self.join(out.path, name), url: url, kind: .reportWithPhotos, bytes: info.bytes, arrived: info.modified))
            }
        }
        if let playersLog, let text = try? String(contentsOf: playersLog, encoding: .utf8) {
            plan.logPositions = Self.strippingPositions(text, before: before).stripped
        }
        return plan
    }

    private func walk(_ folder: URL, shown: String, into plan: inout Plan) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for name in names {
            let url = folder.appendingPathComponent(name)
            let path = Self.join(shown, name)
            guard let info = Self.info(url) else { continue }
            if info.link {
                plan.kept.append(Kept(path: path, reason: "a symbolic link: not followed; remove it and what it points to by hand"))
                continue
            }
            if info.folder {
                walk(url, shown: path, into: &plan)
                continue
            }
            guard info.regular else { continue }
            let incoming = folder.lastPathComponent == Self.incomingName
            guard let kind = incoming ? .unfinishedUpload : Self.kind(of: name) else {
                if name == Self.recordName || name.hasPrefix(".") { continue }
                plan.kept.append(Kept(path: path, reason: "not a photo, video or sidecar"))
                continue
            }
            if info.modified < before {
                plan.removals.append(Removal(path: path, url: url, kind: kind, bytes: info.bytes, arrived: info.modified))
            } else {
                plan.recent += 1
            }
        }
    }

    /// What a file's name says it is, nil for none of the personal kinds.
    static func kind(of name: String) -> Kind? {
        let lower = name.lowercased()
        if lower.hasSuffix(BrowserFix.sidecarSuffix) { return .browserPosition }
        guard let dot = lower.lastIndex(of: ".") else { return nil }
        let ext = String(lower[lower.index(after: dot)...])
        if PhotoFiles.photoExtensions.contains(ext) { return .photo }
        if PhotoFiles.videoExtensions.contains(ext) { return .video }
        return ext == "xmp" ? .sidecar : nil
    }

    // MARK: Carrying out

    /// Removes what `plan` lists (each file once more checked to be the same regular file),
    /// records each in `.purged.jsonl`, and removes the players' log's positions from before
    /// `before`. A file that cannot be removed is reported and the rest go on.
    public func carryOut(_ plan: Plan, now: Date = Date()) -> Outcome {
        var outcome = Outcome()
        var record = ""
        for removal in plan.removals {
            guard let info = Self.info(removal.url), info.regular, !info.link else {
                outcome.failed.append((removal.path, "no longer a regular file; left as it is"))
                continue
            }
            do {
                try FileManager.default.removeItem(at: removal.url)
                outcome.removed.append(removal)
                if removal.kind != .reportWithPhotos { record += Self.recordLine(removal, relativeTo: submissions, now: now) }
            } catch {
                outcome.failed.append((removal.path, (error as NSError).localizedDescription))
            }
        }
        if !record.isEmpty {
            try? AppendOnlyFile.append(Data(record.utf8), to: submissions.appendingPathComponent(Self.recordName))
        }
        if let playersLog, let text = try? String(contentsOf: playersLog, encoding: .utf8) {
            let (rewritten, stripped) = Self.strippingPositions(text, before: before)
            if stripped > 0 {
                // Not `FileManager.replaceItemAt`: on Linux it removed the log and then failed.
                do {
                    try OutputBatch.write(Array(rewritten.utf8), to: playersLog)
                    outcome.logPositions = stripped
                } catch {
                    outcome.logFailure = error.message
                }
            }
        }
        return outcome
    }

    /// One JSON line of `.purged.jsonl`.
    static func recordLine(_ removal: Removal, relativeTo folder: URL, now: Date) -> String {
        let relative = removal.url.path.hasPrefix(folder.path + "/") ? String(removal.url.path.dropFirst(folder.path.count + 1)) : removal.path
        return "{\"path\":\(JSONText.quote(relative)),\"kind\":\(JSONText.quote(removal.kind.rawValue)),\"bytes\":\(removal.bytes),"
            + "\"arrived\":\(JSONText.quote(Self.iso(removal.arrived))),\"removed\":\(JSONText.quote(Self.iso(now)))}\n"
    }

    /// The players' log with the position fields taken out of each line written before `before`,
    /// and how many lines lost one. Lines that are not JSON objects are kept as they are.
    static func strippingPositions(_ text: String, before: Date) -> (text: String, stripped: Int) {
        var stripped = 0
        let parser = ISO8601DateFormatter()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard !line.isEmpty,
                var object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                let at = object["at"] as? String, let when = parser.date(from: at), when < before,
                positionFields.contains(where: { object[$0] != nil })
            else { return String(line) }
            for field in positionFields { object[field] = nil }
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
                return String(line)
            }
            stripped += 1
            return String(decoding: data, as: UTF8.self)
        }
        return (lines.joined(separator: "\n"), stripped)
    }

    // MARK: The record

    /// What earlier purges removed from a submissions folder: how many files and when last;
    /// nil when nothing was purged.
    public static func record(in submissions: URL) -> (files: Int, last: Date?)? {
        guard let text = try? String(contentsOf: submissions.appendingPathComponent(recordName), encoding: .utf8) else { return nil }
        let parser = ISO8601DateFormatter()
        var files = 0, last: Date?
        for line in text.split(separator: "\n") {
            files += 1
            if let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                let removed = (object["removed"] as? String).flatMap(parser.date(from:))
            {
                last = max(last ?? removed, removed)
            }
        }
        return files == 0 ? nil : (files, last)
    }

    // MARK: Files

    private struct Info {
        var link: Bool, folder: Bool, regular: Bool, bytes: Int64, modified: Date
    }

    /// What `lstat` says of `url` (links not followed).
    private static func info(_ url: URL) -> Info? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        let modified = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
        return Info(link: type == S_IFLNK, folder: type == S_IFDIR, regular: type == S_IFREG, bytes: Int64(status.st_size), modified: modified)
    }

    private func isFolder(_ url: URL) -> Bool { Self.info(url)?.folder == true }

    /// Whether an HTML file holds an embedded image (`data:image/`), read in pieces.
    static func embedsImages(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let needle = Data("data:image/".utf8)
        var carry = Data()
        while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
            let bytes = carry + chunk
            if bytes.range(of: needle) != nil { return true }
            carry = bytes.suffix(needle.count - 1)
        }
        return false
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty || folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }

    private static func iso(_ date: Date) -> String {
        HuntClock.iso(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)), offsetSeconds: 0)
    }
}
