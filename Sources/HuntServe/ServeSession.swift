import Foundation
import HuntKit

/// The state of a `hunt serve` session: the hunt, the reviews, the current judgement, and the
/// one place that changes them. Every change (a decision, an undo, a re-judge after the folder
/// changed) runs alone, in arrival order, through `exclusively`: an actor alone would interleave
/// two decisions at the judge's `await`, and one could then write over the other's file.
public actor ServeSession {
    public nonisolated let configuration: ServeConfiguration
    nonisolated let events = EventHub()
    /// Bounds the memory of photo previews decoded side by side.
    let previewBudget = ThumbnailMemoryBudget()
    /// Photo reads by path and file stamp: a re-judge reads only new or changed photos.
    public nonisolated let cache = PhotoReadCache()
    private(set) var hunt: Hunt
    private var reviews: Reviews
    public private(set) var results: JudgeResults?
    /// Why the last judgement failed (the previous one is still shown), or nil.
    public private(set) var problem: String?
    /// Counts judgements, so pages can tell a new one from the one they have.
    public private(set) var generation = 0
    var indexByPath: [String: Int] = [:]
    var pathByID: [String: String] = [:]
    var byTeam: [String: [Int]] = [:]
    var leaderboard: LeaderboardAnswer?
    /// Paths the reviews file decides that are not submissions now (the photo left the folder):
    /// kept in the file, shown in the console as "decided, photo gone".
    var gone: Set<String> = []
    /// Makes leaderboard photo ids (`shownID(of:)`) unguessable from paths and queue ids.
    nonisolated let shownSalt = ServeTokens.random()
    private var watched = WatchedFiles()
    /// The folder as last read and examined: what a decision judges again without reading or
    /// examining a photo.
    private var examined: ExaminedSubmissions?
    /// The judgement of `examined` with the current reviews, kept to be judged again.
    private var standing: StandingJudgement?
    private var submissionPaths: Set<String> = []
    /// Writes of the reviews file by decisions, and how many of them the judgement includes.
    private var reviewsWritten = 0
    private var reviewsJudged = 0
    private var settlingDecisions = false
    private var judgedWaiters: [(upTo: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private let outWriter: OutFolderWriter?
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private let audit: AuditLog

    /// Loads the hunt and the reviews file (which may not exist yet). Throws what is wrong with either.
    public init(configuration: ServeConfiguration) throws(DiagnosticError) {
        self.configuration = configuration
        let loaded = HuntLoader().load(contentsOf: URL(fileURLWithPath: configuration.huntPath), displayPath: configuration.huntPath)
        hunt = try loaded.get()
        reviews = try Self.readReviews(configuration.reviewsPath)
        audit = AuditLog(reviewsFile: URL(fileURLWithPath: configuration.reviewsPath))
        outWriter = configuration.outPath.map { OutFolderWriter(out: $0, formats: configuration.reports, submissions: configuration.submissionsPath) }
    }

    /// The reviews file's decisions; none (and no file named in results.json, as `hunt judge`
    /// without `--reviews`) while it does not exist.
    static func readReviews(_ path: String) throws(DiagnosticError) -> Reviews {
        guard FileStamp.of(path: path) != nil else { return Reviews() }
        return try Reviews.read(contentsOf: URL(fileURLWithPath: path), displayPath: path)
    }

    // MARK: One change at a time

    private func enter() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func leave() {
        if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
    }

    private func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await enter()
        defer { leave() }
        return try await body()
    }

    // MARK: Judging

    /// Judges the folder as it is now. The first call reads every photo; later ones only new or
    /// changed photos.
    public func judge() async {
        try? await exclusively { await judgeNow(reason: "start") }
    }

    /// What the last judgement came to, in a line for the organizer's terminal.
    public var summary: String {
        if let problem { return "\(problem)\nthe console shows this until it is fixed; it re-judges when the files change" }
        guard let results else { return "nothing judged yet" }
        return "judged \(results.summary.submissions) submissions: \(results.summary.undecided) to review; decisions go to \(configuration.reviewsPath)"
    }

    /// Reads the folder anew (only new or changed photos really are read) and settles.
    private func judgeNow(reason: String, seen: WatchedFiles? = nil) async {
        watched = seen ?? WatchedFiles.take(configuration: configuration, hunt: hunt)
        cache.expect(watched.submissions)
        let run = JudgeRun(hunt: hunt, reviews: reviews, reader: PhotoReader(cache: cache))
        let fresh: ExaminedSubmissions
        do {
            fresh = try await run.examine(submissions: URL(fileURLWithPath: configuration.submissionsPath), displayPath: configuration.submissionsPath)
        } catch let error as DiagnosticError {
            fail(error.diagnostics.map(\.oneLine).joined(separator: "\n"))
            return
        } catch {
            fail("\(error)")
            return
        }
        // The old judgement's cases go before the new ones are made: two at once is what peaks.
        // Their memory is handed back first too: left in glibc's free lists, the new judgement's
        // allocations fragmented around it (a re-judge peaked at 268 MB resident; now 197 MB).
        standing = nil
        examined = nil
        ProcessMemory.returnFreedMemory()
        submissionPaths = Set(fresh.paths)
        examined = fresh
        settle(reason: reason, reindex: true)
        ProcessMemory.returnFreedMemory()
    }

    /// Judges what was examined with the current reviews, from memory: a decision re-runs the
    /// rules across photos and the scoring, and reads or examines no photo. Gives what
    /// `hunt judge` would. `reindex` after a new read (the set of submissions may have changed).
    private func settle(reason: String, reindex: Bool = false) {
        guard let examined else { return }
        let reviewProblems = reviews.entries.isEmpty ? [] : reviews.check(paths: submissionPaths, hunt: hunt)
        if reviewProblems.contains(where: { $0.severity == .error }) {
            fail(reviewProblems.filter { $0.severity == .error }.map(\.oneLine).joined(separator: "\n"))
            return
        }
        // A decision about a photo that left the folder judges nothing but stays in the file.
        gone = Set(reviews.entries.keys.filter { !submissionPaths.contains($0) })
        // Decisions alone: only the teams they touch are judged again (`StandingJudgement`).
        // The judgement's arrays are changed in place only if nothing else holds them.
        results = nil
        if reindex || standing?.update(reviews: reviews) != true {
            standing = StandingJudgement(examined, hunt: hunt, reviews: reviews, files: (configuration.huntPath, configuration.submissionsPath))
        }
        reviewsJudged = reviewsWritten
        publish(standing!.results, reason: reason, reindex: reindex)
    }

    /// Makes `judged` current, keeps `--out` up to date and tells the pages.
    private func publish(_ judged: JudgeResults, reason: String, reindex: Bool) {
        problem = nil
        install(judged, reindex: reindex || indexByPath.count != judged.submissions.count)
        outWriter?.submit(judged, inputs: inputFiles)
        events.send("judged", ["generation": .int(generation), "submissions": .int(judged.summary.submissions),
                               "undecided": .int(judged.summary.undecided), "reason": .string(reason)] as [String: JSONValue])
    }

    /// The reviews file's decision about `path`, if any.
    func reviewEntry(_ path: String) -> Reviews.Review? { reviews.entries[path] }

    /// Files `--out` must never replace.
    private var inputFiles: [URL] {
        [URL(fileURLWithPath: configuration.huntPath), URL(fileURLWithPath: configuration.reviewsPath)] + hunt.targetFiles
    }

    private func fail(_ message: String) {
        problem = message
        events.send("problem", ["generation": .int(generation), "message": .string(message)] as [String: JSONValue])
    }

    /// Makes `judged` the current judgement. The lookups by path, id and team depend only on the
    /// set of submissions (in path order), so a decision keeps them.
    private func install(_ judged: JudgeResults, reindex: Bool) {
        generation += 1
        results = judged
        if reindex {
            indexByPath = Dictionary(uniqueKeysWithValues: judged.submissions.enumerated().map { ($1.path, $0) })
            pathByID = Dictionary(judged.submissions.map { (Self.id(of: $0.path), $0.path) }, uniquingKeysWith: { a, _ in a })
            byTeam = [:]
            for (index, submission) in judged.submissions.enumerated() { byTeam[submission.team, default: []].append(index) }
            for (team, indices) in byTeam {
                byTeam[team] = indices.sorted { (judged.submissions[$0].evidence.capturedAt ?? "", $0) < (judged.submissions[$1].evidence.capturedAt ?? "", $1) }
            }
            // The cache forgets photos that are gone, so it stays the size of the folder.
            if cache.count > submissionPaths.count { cache.drop { !submissionPaths.contains($0) } }
        }
        let board = Self.leaderboard(judged, generation: generation, shownID: shownID(of:))
        if var before = leaderboard {
            before.generation = board.generation
            if before != board { events.send("leaderboard", board) }
        } else {
            events.send("leaderboard", board)
        }
        leaderboard = board
    }

    /// A submission's id: 64-bit FNV-1a of its path, in hex. It names no team (blind judging),
    /// and stays the same across restarts, so a link to a submission keeps working.
    static func id(of path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The id a leaderboard photo goes by: unrelated to its queue id (`id(of:)`), so that in blind
    /// mode nothing links a queue item to the team the leaderboard names beside the photo.
    nonisolated func shownID(of path: String) -> String { Self.id(of: shownSalt + "/" + path) }

    static func leaderboard(_ judged: JudgeResults, generation: Int, shownID: (String) -> String) -> LeaderboardAnswer {
        let rows = judged.teams.map { LeaderboardAnswer.Row(rank: $0.rank, id: $0.id, name: $0.name, points: $0.points, tasksDone: $0.tasksDone) }
        // The six latest completions, kept while walking them all (no sort of thousands per decision).
        var recent: [(at: String, team: String, task: String, submission: String)] = []
        let later = { (a: (at: String, team: String, task: String, submission: String), b: (at: String, team: String, task: String, submission: String)) in
            (a.at, a.submission) > (b.at, b.submission)
        }
        for team in judged.teams {
            for completion in team.completions {
                let entry = (at: completion.at ?? "", team: team.name, task: completion.task, submission: completion.submission)
                guard recent.count < 6 || later(entry, recent[recent.count - 1]) else { continue }
                recent.insert(entry, at: recent.firstIndex { later(entry, $0) } ?? recent.endIndex)
                if recent.count > 6 { recent.removeLast() }
            }
        }
        let titles = Dictionary(judged.tasks.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        return LeaderboardAnswer(generation: generation, title: judged.hunt.title, teams: rows,
                                 recent: recent.prefix(6).map { .init(team: $0.team, task: titles[$0.task] ?? $0.task, at: $0.at.isEmpty ? nil : $0.at,
                                                                      photo: "/api/photo?shown=" + shownID($0.submission)) },
                                 submissions: judged.summary.submissions, undecided: judged.summary.undecided)
    }

    // MARK: Watching

    /// Looks at the folder, the hunt and the reviews file; re-judges when any changed. True when it did.
    @discardableResult
    public func poll() async -> Bool {
        // The folder is listed off the actor: decisions go on meanwhile.
        let (settings, current) = (configuration, hunt)
        let now = await Task.detached { WatchedFiles.take(configuration: settings, hunt: current) }.value
        return (try? await exclusively { () async -> Bool in
            let change = watched.change(to: now)
            guard change.any else { return false }
            if change.hunt {
                let loaded = HuntLoader().load(contentsOf: URL(fileURLWithPath: configuration.huntPath), displayPath: configuration.huntPath)
                guard let newHunt = try? loaded.get() else {
                    watched = now
                    fail(loaded.diagnostics.filter { $0.severity == .error }.map(\.oneLine).joined(separator: "\n"))
                    return false
                }
                hunt = newHunt
            }
            if change.reviews {
                do { reviews = try Self.readReviews(configuration.reviewsPath) } catch {
                    watched = now
                    fail((error as? DiagnosticError)?.diagnostics.map(\.oneLine).joined(separator: "\n") ?? "\(error)")
                    return false
                }
            }
            // A changed sidecar is not part of its photo's stamp: forget that folder's photos.
            let sidecarFolders = Set(change.sidecars.map { ($0 as NSString).deletingLastPathComponent })
            if !sidecarFolders.isEmpty { cache.drop { sidecarFolders.contains(($0 as NSString).deletingLastPathComponent) } }
            if change.photos || change.hunt || examined == nil {
                await judgeNow(reason: change.hunt ? "hunt changed" : "photos changed", seen: change.hunt ? nil : now)
            } else {
                watched = now
                settle(reason: "reviews changed")
            }
            return true
        }) ?? false
    }

    /// Waits until `--out` holds the latest judgement.
    public func flushOut() async { await outWriter?.idle() }

    /// Polls every `pollInterval` until the task is cancelled.
    public func watch() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: configuration.pollInterval)
            if Task.isCancelled { break }
            await poll()
        }
    }

    // MARK: Decisions

    /// Writes the decisions into the reviews file (one atomic replace), logs each, re-judges, and
    /// answers with the photos' new verdicts.
    public func decide(_ request: DecisionRequest, now: Date = Date()) async throws -> DecisionAnswer {
        let (paths, written) = try await exclusively { () async throws -> ([String], Int) in
            guard let decision = Reviews.Decision(rawValue: request.decision.lowercased()) else {
                throw ServeError("decision must be accept or reject, not `\(request.decision)`")
            }
            let by = try Self.judgeName(request.by, required: true)
            if let note = request.note, note.count > Reviews.maximumNoteCharacters {
                throw ServeError("the note is \(note.count) characters long; at most \(Reviews.maximumNoteCharacters): say it in fewer words", status: 413)
            }
            if let task = request.task, task.utf8.count > Hunt.maximumTextBytes {
                throw ServeError("`task` is \(task.utf8.count) bytes long; at most \(Hunt.maximumTextBytes / 1024) KiB", status: 413)
            }
            if let task = request.task, hunt.task(task) == nil { throw ServeError("no task `\(task)` in the hunt") }
            let paths = try submissionPaths(request)
            let at = Self.timestamp(now)
            let note = request.note.flatMap { $0.isEmpty ? nil : $0 }
            let entry = ReviewEntry(decision: decision, note: note, by: by, task: request.task, at: at)
            try writeReviews(paths.map { ($0, entry) }, action: "decide", by: by, at: at)
            return (paths, reviewsWritten)
        }
        await judged(upTo: written)
        return answer(for: paths)
    }

    /// Puts back what the photo's entry was before its latest logged event (which is what the
    /// audit log keeps), and logs that too.
    public func undo(path requested: String?, id: String?, by: String?, now: Date = Date()) async throws -> DecisionAnswer {
        let (path, written) = try await exclusively { () async throws -> (String, Int) in
            let paths = try submissionPaths(DecisionRequest(path: requested, id: id, decision: "undo"))
            // The event that made the file's entry what it is now: a logged event whose file write
            // never happened (the log is written first) is passed over.
            let current = paths.first.flatMap { reviews.entries[$0] }.map(ReviewEntry.init)
            guard let path = paths.first, let last = audit.latest(where: { $0.path == path && $0.entry == current }) else {
                throw ServeError("nothing to undo for this photo", status: 409)
            }
            let who = try Self.judgeName(by, required: false)
            try writeReviews([(path, last.previous)], action: "undo", by: who, at: Self.timestamp(now))
            return (path, reviewsWritten)
        }
        await judged(upTo: written)
        return answer(for: [path])
    }

    /// Returns once the current judgement includes the reviews file's `write`-th write.
    /// Decisions that arrive while a judgement runs are judged together in the next one.
    private func judged(upTo write: Int) async {
        guard reviewsJudged < write else { return }
        if !settlingDecisions {
            settlingDecisions = true
            Task { await self.settleDecisions() }
        }
        await withCheckedContinuation { judgedWaiters.append((write, $0)) }
    }

    private func settleDecisions() async {
        while reviewsJudged < reviewsWritten {
            // Decisions already waiting are written first, so one judgement takes them all.
            await Task.yield()
            let target = reviewsWritten
            settle(reason: "decided")
            reviewsJudged = max(reviewsJudged, target)
            resumeJudgedWaiters()
        }
        settlingDecisions = false
        resumeJudgedWaiters()
    }

    private func resumeJudgedWaiters() {
        let ready = judgedWaiters.filter { $0.upTo <= reviewsJudged }
        judgedWaiters.removeAll { $0.upTo <= reviewsJudged }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// The paths a request names, each a submission of the current judgement.
    private func submissionPaths(_ request: DecisionRequest) throws(ServeError) -> [String] {
        var paths: [String] = []
        for path in (request.path.map { [$0] } ?? []) + (request.paths ?? []) {
            guard indexByPath[path] != nil else { throw ServeError("`\(path)` is not a submission of the current judgement", status: 404) }
            paths.append(path)
        }
        for id in (request.id.map { [$0] } ?? []) + (request.ids ?? []) {
            guard let path = pathByID[id] else { throw ServeError("no submission has the id `\(id)`", status: 404) }
            paths.append(path)
        }
        guard !paths.isEmpty else { throw ServeError("name the photo: `path` or `id` (or `paths`/`ids` for several)") }
        guard paths.count <= 20_000 else { throw ServeError("at most 20,000 photos in one decision", status: 413) }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// Edits the reviews file for every (path, entry) — nil removes the entry — in one atomic
    /// write, appends the events to the audit log, and re-judges.
    private func writeReviews(_ changes: [(String, ReviewEntry?)], action: String, by: String, at: String) throws {
        let url = URL(fileURLWithPath: configuration.reviewsPath)
        let shown = configuration.reviewsPath
        var text = ""
        if FileStamp.of(path: shown) != nil {
            do { text = String(decoding: try InputFile.read(path: shown, limitBytes: Reviews.maximumFileBytes, what: "reviews file"), as: UTF8.self) } catch {
                throw ServeError("\(error)", status: 500)
            }
        }
        let file: ReviewsFileEdit
        let before: Reviews
        do {
            file = try ReviewsFileEdit(text, displayPath: shown)
            before = try file.reviews()
        } catch {
            throw ServeError("\(shown) has a problem, so nothing was written: \(error.diagnostics.map(\.oneLine).joined(separator: "; "))", status: 409)
        }
        do { text = try file.applying(changes.map { (path: $0.0, entry: $0.1) }) } catch {
            throw ServeError("\(error)", status: 409)
        }
        guard text.utf8.count <= Reviews.maximumFileBytes else {
            throw ServeError("this would make \(shown) \(text.utf8.count >> 20) MiB, past the \(Reviews.maximumFileBytes >> 20) MiB that hunt judge and hunt serve read, so nothing was written; decide fewer photos at once or write a shorter note", status: 413)
        }
        let logged = changes.map { path, entry in
            AuditLog.Event(action: action, path: path, by: by, at: at, entry: entry, previous: before.entries[path].map(ReviewEntry.init))
        }
        let after: Reviews
        do { after = try ReviewsFileEdit(text, displayPath: shown).reviews() } catch {
            throw ServeError("the edited reviews file would not parse, so nothing was written: \(error.diagnostics.map(\.oneLine).joined(separator: "; "))", status: 500)
        }
        if examined != nil {
            let problems = after.check(paths: submissionPaths, hunt: hunt).filter { $0.severity == .error }
            if !problems.isEmpty {
                throw ServeError("\(shown) has a problem, so nothing was written; fix it, then decide again: "
                                 + problems.map(\.oneLine).joined(separator: "; "), status: 409)
            }
        }
        // The log first: a decision in the file is always in the log, even if the process dies
        // between the two writes (undo passes over a logged event whose file write never happened).
        try audit.append(logged)
        do { try OutputBatch.write(Array(text.utf8), to: url, displayPath: shown, inputs: [URL(fileURLWithPath: configuration.huntPath)]) } catch {
            throw ServeError("\(error)", status: 500)
        }
        reviewsWritten += 1
        // The file's new stamp is taken, so the watcher does not judge this write again.
        watched.reviews = FileStamp.of(path: configuration.reviewsPath)
        reviews = text.isEmpty && FileStamp.of(path: shown) == nil ? Reviews() : after
        for event in logged {
            events.send("decided", ["path": configuration.blind ? nil : event.path, "id": Self.id(of: event.path),
                                    "decision": event.entry?.decision.rawValue, "by": event.by, "action": event.action])
        }
    }

    /// The judge's name from a request's `by`, trimmed; at most `Reviews.maximumNameCharacters`.
    /// Without one: an error when `required`, else "unknown".
    static func judgeName(_ by: String?, required: Bool) throws(ServeError) -> String {
        guard let name = by?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
            if required { throw ServeError("say who decides: `by` is the judge's name") }
            return "unknown"
        }
        guard name.count <= Reviews.maximumNameCharacters else {
            throw ServeError("`by` is \(name.count) characters long; a judge's name is at most \(Reviews.maximumNameCharacters)", status: 413)
        }
        return name
    }

    private func answer(for paths: [String]) -> DecisionAnswer {
        let judged = results
        return DecisionAnswer(generation: generation, decided: paths.compactMap { path in
            guard let index = indexByPath[path], let submission = judged?.submissions[index] else { return nil }
            return .init(id: Self.id(of: path), path: configuration.blind ? nil : path, verdict: submission.verdict.rawValue,
                         judgedVerdict: submission.judgedVerdict.rawValue, review: submission.review, points: submission.points)
        }, undecided: judged?.summary.undecided ?? 0)
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

/// A JSON value for small event payloads.
enum JSONValue: Sendable, Encodable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    case int(Int), string(String)
    init(integerLiteral value: Int) { self = .int(value) }
    init(stringLiteral value: String) { self = .string(value) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }
}

extension Diagnostic {
    /// `file:line:column: message (fix)` on one line.
    var oneLine: String { "\(location): \(message)" + (fix.map { " — \($0)" } ?? "") }
}
