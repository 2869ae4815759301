import Foundation
import HuntKit

/// What the teams have sent through their pages: each team's files and bytes (for the limits),
/// the contents already there (for "already sent"), the uploads written but not judged yet, and
/// each token's recent requests (the rate limit). Files are written by `PlayerUpload`; this actor
/// only keeps the books, so a slow upload never holds it.
///
/// A team's files and bytes are what its folder and its `.withdrawn/` folder hold, and the bytes
/// of its uploads under way as they arrive: a withdrawn file stays on disk, so it still counts,
/// and uploads side by side share what is left rather than each being allowed all of it.
actor PlayerUploads {
    let submissions: String
    let options: PlayersOptions
    private var usage: [String: Usage] = [:]
    /// Uploads written and not yet in a judgement: path → task, by team.
    private(set) var pending: [String: [String: String]] = [:]
    private var buckets: [String: (tokens: Double, at: Date)] = [:]

    private struct Usage {
        var files = 0
        var bytes = 0
        /// Uploads under way, counted against the file limit until they end.
        var inFlight = 0
        /// Bytes those uploads have received so far (`reserve`), counted against the byte limit.
        var reserved = 0
        /// Content (SHA-256, hex) → path, of the files the team's folder holds.
        var contents: [String: String] = [:]
    }

    init(submissions: String, options: PlayersOptions) {
        self.submissions = submissions
        self.options = options
    }

    /// Whether the team may make another request now (a token bucket holding a minute's worth).
    func allow(_ team: String, now: Date = Date()) -> Bool {
        let rate = Double(max(1, options.requestsPerMinute))
        var bucket = buckets[team] ?? (rate, now)
        bucket.tokens = min(rate, bucket.tokens + now.timeIntervalSince(bucket.at) * rate / 60)
        bucket.at = now
        let allowed = bucket.tokens >= 1
        if allowed { bucket.tokens -= 1 }
        buckets[team] = bucket
        return allowed
    }

    /// One upload of `team`'s, from its start to its end: `body` gets the bytes the team may
    /// still send in this file and the upload's `Ticket`, through which it counts the bytes as they
    /// come and names the file it kept. However `body` leaves — an answer, a refusal, a cut-off
    /// connection — the upload ends once, counting what the ticket says (nothing kept on a throw).
    /// Refuses at once when the team may send nothing more.
    nonisolated func withUpload<T: Sendable>(
        _ team: String, task: String,
        _ body: (_ limit: Int, _ ticket: inout Ticket) async throws -> T
    ) async throws -> T {
        let limit = try await begin(team)
        var ticket = Ticket(uploads: self, team: team)
        do {
            let answer = try await body(limit, &ticket)
            await end(team, task: task, kept: ticket.kept, reserved: ticket.reserved)
            return answer
        } catch {
            await end(team, task: task, kept: nil, reserved: ticket.reserved)
            throw error
        }
    }

    /// What an upload under way has counted against its team, and what it kept.
    struct Ticket {
        let uploads: PlayerUploads
        let team: String
        /// The bytes counted as they came (`reserve`).
        private(set) var reserved = 0
        /// The new file it placed, once it has.
        private(set) var kept: (path: String, bytes: Int, sha256: String)?

        /// Counts `count` more bytes against the team's byte limit, or refuses them when its files
        /// and uploads would pass it.
        mutating func reserve(_ count: Int) async throws(ServeError) {
            try await uploads.reserve(team, bytes: count)
            reserved += count
        }

        /// The upload placed a new file: it counts as the team's from the end of the upload.
        mutating func keep(_ path: String, bytes: Int, sha256: String) {
            kept = (path, bytes, sha256)
        }
    }

    /// Starts an upload for `team`: the bytes it may still send, or why it may send nothing more.
    private func begin(_ team: String) throws(ServeError) -> Int {
        var use = load(team)
        guard use.files + use.inFlight < options.maxTeamFiles else {
            throw ServeError(player: "refused.team-files", count: options.maxTeamFiles, status: 413)
        }
        let left = options.maxTeamBytes - use.bytes - use.reserved
        guard left > 0 else { throw ServeError(player: "refused.team-bytes", status: 413) }
        use.inFlight += 1
        usage[team] = use
        return min(left, options.maxFileBytes)
    }

    /// Counts `count` more bytes of an upload under way against the team's byte limit, or refuses
    /// them when the team's files and uploads would pass it.
    private func reserve(_ team: String, bytes count: Int) throws(ServeError) {
        var use = load(team)
        guard count <= options.maxTeamBytes - use.bytes - use.reserved else {
            throw ServeError(player: "refused.team-bytes", status: 413)
        }
        use.reserved += count
        usage[team] = use
    }

    /// The path of the team's file with this content, if it has one.
    func existing(_ team: String, sha256: String) -> String? {
        let use = load(team)
        return use.contents[sha256] ?? use.contents["short:" + sha256.prefix(12)]
    }

    /// Ends an upload begun with `begin`: the file it `kept` (nil for none), and the `reserved`
    /// bytes it had counted as they came.
    private func end(_ team: String, task: String, kept: (path: String, bytes: Int, sha256: String)?, reserved: Int) {
        var use = load(team)
        use.inFlight -= 1
        use.reserved -= reserved
        if let kept {
            use.files += 1
            use.bytes += kept.bytes
            use.contents[kept.sha256] = kept.path
            pending[team, default: [:]][kept.path] = task
        }
        usage[team] = use
    }

    /// Forgets a withdrawn file as a submission; it still counts towards the limits (it is kept in
    /// `.withdrawn/`), and the same content may be sent again.
    func withdrew(_ team: String, path: String) {
        var use = load(team)
        use.contents = use.contents.filter { $0.value != path }
        pending[team]?[path] = nil
        usage[team] = use
    }

    /// Forgets pending uploads the judgement now has.
    func judged(_ team: String, has: (String) -> Bool) {
        guard let paths = pending[team] else { return }
        pending[team] = paths.filter { !has($0.key) }
    }

    /// The team's books, read from its folders the first time (files the page sent earlier, from
    /// their names; any other file counts towards the limits, and so does what it withdrew).
    private func load(_ team: String) -> Usage {
        if let use = usage[team] { return use }
        var use = Usage()
        for (root, withdrawn) in [(submissions + "/" + team, false), (submissions + "/" + PlayerUpload.withdrawn + "/" + team, true)] {
            guard let folder = try? InputFolder(path: root) else { continue }
            for (relative, stamp) in folder.fileStamps() {
                use.files += 1
                use.bytes += Int(stamp.sizeBytes)
                if !withdrawn, let hash = Self.shortHash(inName: relative) { use.contents["short:" + hash] = team + "/" + relative }
            }
        }
        usage[team] = use
        return use
    }

    /// The short hash in a name the server chose (`UploadName`: `20260502T101500Z-0123456789ab.jpg`).
    static func shortHash(inName path: String) -> String? {
        UploadName((path as NSString).lastPathComponent)?.shortHash
    }

    /// Whether `path` is `<team>/<task>/<name>` with a name the server chose.
    static func isServerName(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && UploadName(String(parts[2])) != nil
    }
}

/// One upload, streamed to a temporary file inside the submissions folder (`.incoming/`, which
/// the judge and the watcher skip as every dot-folder), hashed and sniffed as it comes, then
/// renamed into `<team>/<task>/<UTC time>-<short hash>.<ext>` without ever replacing a file.
struct PlayerUpload {
    static let incoming = ".incoming"
    static let withdrawn = ".withdrawn"

    let submissions: String
    let team: String
    let task: String
    private let temporary: String
    private let fd: Int32
    private var hasher = SHA256()
    private var head: [UInt8] = []
    private(set) var bytes = 0
    private(set) var format: PhotoMetadata.Format?

    /// Opens a new temporary file for the upload.
    init(submissions: String, team: String, task: String) throws(ServeError) {
        self.submissions = submissions
        self.team = team
        self.task = task
        let folder = submissions + "/" + Self.incoming
        if mkdir(folder, 0o755) != 0, errno != EEXIST {
            throw ServeError("the submissions folder cannot take uploads: \(String(cString: strerror(errno)))", status: 500)
        }
        temporary = folder + "/" + ServeTokens.random() + ".part"
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw ServeError("the upload could not be stored: \(String(cString: strerror(errno)))", status: 500) }
        // Held until `close`: what tells `removeStale` that an upload is still writing this file.
        _ = flock(fd, LOCK_EX | LOCK_NB)
    }

    /// Adds the next piece; refuses a file that is not a photo or video the judge reads (told
    /// from its first bytes) or that grows past `limit` bytes.
    mutating func append(_ piece: UnsafeRawBufferPointer, limit: Int) throws(ServeError) {
        bytes += piece.count
        guard bytes <= limit else {
            throw ServeError(player: "refused.too-large", ["megabytes": String(limit / 1_000_000)], status: 413)
        }
        if format == nil, head.count < 64 {
            head += piece.prefix(64 - head.count)
            if head.count >= 64 { try sniff() }
        }
        hasher.update(piece)
        var offset = 0
        while offset < piece.count {
            let n = write(fd, piece.baseAddress! + offset, piece.count - offset)
            guard n > 0 else { throw ServeError("the upload could not be stored: \(String(cString: strerror(errno)))", status: 507) }
            offset += n
        }
    }

    private mutating func sniff() throws(ServeError) {
        guard let found = PhotoMetadata.Format(sniffing: head) else {
            throw ServeError(player: "refused.not-media", status: 415)
        }
        format = found
    }

    /// The content's SHA-256 (hex), once every byte is in; checks the type of a file shorter than the sniffed head.
    mutating func finish() throws(ServeError) -> String {
        guard bytes > 0 else { throw ServeError(player: "refused.empty-file") }
        if format == nil { try sniff() }
        guard fsync(fd) == 0 else { throw ServeError("the upload could not be stored: \(String(cString: strerror(errno)))", status: 507) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// Puts the file in place as `<team>/<task>/<time>-<hash>.<ext>`, with the browser's fix
    /// beside it first (so a judge that sees the photo sees its fix). Never replaces a file: the
    /// path, and whether it is new (false: the same content reached the same name first).
    func place(sha256: String, at now: Date, fix: BrowserFix?) throws(ServeError) -> (path: String, new: Bool) {
        let folder = team + "/" + task
        try Self.makeFolders(submissions, folder)
        let name = UploadName.make(receivedAt: now, sha256: sha256, fileExtension: format.map(Self.fileExtension) ?? "bin")
        if let fix {
            try Self.writeNew(
                submissions + "/" + folder + "/" + BrowserFix.sidecarName(for: name), Array(fix.xmpSidecar().utf8),
                temporaryIn: submissions + "/" + Self.incoming)
        }
        // The same content in the same second has the same name: sent twice at once.
        guard link(temporary, submissions + "/" + folder + "/" + name) == 0 else {
            if errno == EEXIST { return (folder + "/" + name, false) }
            throw ServeError("the upload could not be put in place: \(String(cString: strerror(errno)))", status: 500)
        }
        return (folder + "/" + name, true)
    }

    /// Removes the temporary file (always, whether the upload was kept or not).
    func close() {
        _ = Foundation.close(fd)
        unlink(temporary)
    }

    /// Removes what uploads cut short left in `.incoming/` (a crash, a power cut): each `.part`
    /// file not written for `olderThan` seconds that no upload holds (its lock is free, so no
    /// upload of this or another server is writing it). The names removed, sorted.
    static func removeStale(submissions: String, olderThan seconds: Double, now: Date = Date()) -> [String] {
        let folder = submissions + "/" + incoming
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasSuffix(".part") {
            let path = folder + "/" + name
            guard let stamp = FileStamp.of(path: path), now.timeIntervalSince1970 - Double(stamp.modifiedNanoseconds) / 1e9 > seconds else {
                continue
            }
            // A link placed there is not followed (the open fails), a FIFO not waited on.
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard fd >= 0 else { continue }
            defer { _ = Foundation.close(fd) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    static func fileExtension(_ format: PhotoMetadata.Format) -> String {
        switch format {
        case .jpeg: "jpg"
        case .heic: "heic"
        case .avif: "avif"
        case .png: "png"
        case .webp: "webp"
        case .tiff: "tif"
        case .mov: "mov"
        case .mp4: "mp4"
        case .threeGP: "3gp"
        }
    }

    /// Makes `relative`'s folders under `root` one at a time, refusing any that is not a plain
    /// folder (a link placed there would lead the file elsewhere).
    static func makeFolders(_ root: String, _ relative: String) throws(ServeError) {
        var path = root
        for part in relative.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o755) != 0, errno != EEXIST {
                throw ServeError("\(relative): cannot make the folder: \(String(cString: strerror(errno)))", status: 500)
            }
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { throw ServeError("\(relative) is not a folder", status: 500) }
        }
    }

    /// Writes `bytes` to a temporary file in `folder` and links it to `path`, which must not exist.
    static func writeNew(_ path: String, _ bytes: [UInt8], temporaryIn folder: String) throws(ServeError) {
        let temporary = folder + "/" + ServeTokens.random() + ".part"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw ServeError("cannot write \(path): \(String(cString: strerror(errno)))", status: 500) }
        defer { unlink(temporary) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        _ = Foundation.close(fd)
        guard written == bytes.count, synced, link(temporary, path) == 0 else {
            throw ServeError("cannot write \(path): \(String(cString: strerror(errno)))", status: 500)
        }
    }

    /// Moves `path` (relative to the submissions folder) and its browser-fix sidecar into
    /// `.withdrawn/`, under the same relative path; nothing is deleted or replaced.
    static func withdraw(_ path: String, submissions: String) throws(ServeError) {
        let folder = (path as NSString).deletingLastPathComponent
        try makeFolders(submissions, withdrawn + "/" + folder)
        let sidecar = folder + "/" + BrowserFix.sidecarName(for: (path as NSString).lastPathComponent)
        for (relative, required) in [(sidecar, false), (path, true)] {
            let from = submissions + "/" + relative, to = submissions + "/" + withdrawn + "/" + relative
            if link(from, to) == 0 || errno == EEXIST {
                unlink(from)
            } else if required || errno != ENOENT {
                throw ServeError("the photo could not be withdrawn: \(String(cString: strerror(errno)))", status: 500)
            }
        }
    }
}
