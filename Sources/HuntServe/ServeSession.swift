import Foundation
import Synchronization
import HuntKit

/// The console's state: the hunt, the reviews store, the current judgement and the stamps of the
/// files they were made from, behind one actor. No change — a decision, an undo, a new read of the
/// folder — suspends between reading the state and writing what it read. Where one awaits, the
/// state is whole: a read of the folder awaits its photos (and is dropped when a later read
/// overtook it), a written decision yields before it is judged (so the decisions that come
/// meanwhile are judged together, and the judgement then includes them all), and a judgement
/// awaits the hand-over of its results to `--out` last.
public actor ServeSession {
    package nonisolated let configuration: ServeConfiguration
    nonisolated let events = EventHub()
    /// Whether the hunt runs, is paused or has ended, and what the teams are told (`LiveDay`).
    nonisolated let live: LiveDay
    /// Bounds the memory of photo previews decoded side by side.
    let previewBudget = ThumbnailMemoryBudget()
    /// Previews that could not be made (libheif crashed or ran out of time), by path and size,
    /// with the file's stamp then and why: asked again, the same file is refused at once
    /// instead of costing its seconds of decoding each time.
    var unpreviewable: [String: (stamp: FileStamp?, why: String)] = [:]
    /// Photo reads by path and file stamp: a re-judge reads only new or changed photos.
    package nonisolated let cache = PhotoReadCache()
    /// The submissions' ids and the leaderboard's photo ids, under this server's own key.
    nonisolated let ids: SubmissionIDs
    /// The hunt the current judgement was made with.
    private(set) var hunt: Hunt
    /// Counts the hunts judged with (a changed hunt file, or the first): what a team's page shows
    /// of the hunt is as it was while this stays the same (`TeamView.Inputs`).
    private(set) var huntVersion = 0
    /// The hunt file's warnings: `hunt serve` prints them at start, as `hunt judge` does, and
    /// the queue shows them.
    public private(set) var huntWarnings: [Diagnostic]
    private var store: ReviewsStore
    private var judgement: CurrentJudgement
    /// The files as the current judgement saw them.
    private var seen = WatchedFiles()
    private let outWriter: OutFolderWriter?
    /// Counts reads of the folder begun, so a read that a later one overtook is dropped.
    private var readsBegun = 0
    /// Reads of the folder, one after another (`poll()`).
    private let polls = Coalescing<Bool>()
    /// Whether a look asked for by `pollSoon()` has not begun yet: the asks that come meanwhile
    /// are that same look, so a burst of answers queues one task, not one each.
    private nonisolated let lookAsked = Atomic<Bool>(false)
    /// `leaderboard: { freeze: … }`: what players and viewers see of the standings, and the reveal.
    var freeze: LeaderboardFreeze
    /// The tasks with `opens:` whose time had come at the last look (`pollOnce`).
    private var openedTasks: Set<String> = []
    /// The timed hints open at the last look (`timedHintsOpen`).
    private var openedHints: Set<String> = []
    /// The hints teams bought (SUBMISSIONS/hints.jsonl, read with each read of the folder, and
    /// those bought since): charged on the judgement's points (`JudgeResults.charging`).
    var hintsBought: [HintPurchase] = []
    /// The end-of-day show's stars and the teams that withheld their photos (`reviews.show.json`),
    /// or why that file could not be read.
    var show: Result<ShowChoices, ServeError>
    /// The leaderboards last sent: the judges' (the truth) and the viewers' (frozen or not).
    private(set) var boards: (judges: LeaderboardAnswer?, viewers: LeaderboardAnswer?)

    /// The stamp of submission `path` as the current judgement saw it.
    func seenStamp(_ path: String) -> FileStamp? { seen.submissions[path] }

    /// Answers the players' page has written to answers.jsonl, by team, until the folder's
    /// examination holds them (`ServeSession+Answers`).
    var recentAnswers: [String: [AnswerAttempt]] = [:]
    /// Team `team`'s submissions as last examined: what an answer sent now is judged among.
    func examinedInputs(ofTeam team: String) -> [JudgeInput] { judgement.examination?.examined.inputs(ofTeam: team) ?? [] }
    /// The decisions of the reviews file now.
    var decisions: Reviews { store.reviews }

    package var results: JudgeResults? { judgement.results }
    /// Why the last judgement failed (the previous one is still shown), or nil.
    package var problem: String? { judgement.problem }
    /// Why the players' uploads are failing on the server's side (the last such failure), until
    /// one succeeds; nil while they work. The console shows it (`uploadFailed`).
    package internal(set) var uploadsFailing: String?
    /// Counts judgements, so pages can tell a new one from the one they have.
    package var generation: Int { judgement.generation }

    /// Loads the hunt and the reviews file (which may not exist yet). Throws what is wrong with either.
    public init(configuration: ServeConfiguration) throws(DiagnosticError) {
        self.configuration = configuration
        ids = SubmissionIDs()
        judgement = CurrentJudgement(ids: ids, blind: configuration.blind, boardPhotos: configuration.boardPhotos)
        let loaded = HuntLoader().load(contentsOf: URL(fileURLWithPath: configuration.huntPath), displayPath: configuration.huntPath)
        hunt = configuration.served(try loaded.get())
        huntWarnings = Self.warnings(loaded)
        store = try ReviewsStore(path: configuration.reviewsPath)
        freeze = LeaderboardFreeze(path: configuration.besideReviews("board.json"), hunt: hunt)
        show = ShowChoices.read(configuration.besideReviews("show.json"))
        live = try LiveDay(reviewsPath: configuration.reviewsPath, window: hunt.window, planned: hunt.announcements, events: events)
        outWriter = configuration.outPath.map { OutFolderWriter(out: $0, formats: configuration.reports, submissions: configuration.submissionsPath) }
    }

    private static func warnings(_ loaded: HuntLoadResult) -> [Diagnostic] {
        loaded.diagnostics.filter { $0.severity == .warning }
    }

    /// What the last judgement came to, in a line for the organizer's terminal.
    package var summary: String {
        if let problem { return "\(problem)\nthe console shows this until it is fixed; it re-judges when the files change" }
        guard let results else { return "nothing judged yet" }
        return
            "judged \(results.summary.submissions) submissions: \(results.summary.undecided) to review; decisions go to \(configuration.reviewsPath)"
    }

    // MARK: Reading the folder

    /// Reads and judges the folder as it is now. The first call reads every photo; later ones
    /// only new or changed photos.
    public func judgeFolder() async {
        await readAndJudge(hunt: hunt, reason: "start", stamps: nil)
    }

    /// Looks at the folder, the hunt and the reviews file; judges again when any changed. True when it did.
    /// A call made while another runs waits for it, and one more look is taken after it: a read
    /// begun beside another would overtake it and drop its work (the watcher's second and a burst
    /// of uploads' looks), so reads follow one another.
    @discardableResult
    package func poll() async -> Bool {
        await polls.run(combining: { $0 || $1 }) { await pollOnce() }
    }

    /// Asks for a `poll()` without waiting for it: an upload or an answer is in place, judge it
    /// now rather than at the watcher's next look. Asks made before that look begins are
    /// answered by it (it reads the folder after them).
    nonisolated func pollSoon() {
        guard !lookAsked.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Task {
            lookAsked.store(false, ordering: .releasing)
            await poll()
        }
    }

    private func pollOnce() async -> Bool {
        // The folder is listed off the actor: decisions go on meanwhile.
        let (settings, current) = (configuration, hunt)
        let now = await Task.detached { WatchedFiles.take(configuration: settings, hunt: current) }.value
        let judged = await judgeChanges(now)
        // A task's `opens:` time came: the team pages show it now (their views are made again).
        let opened = hunt.openedTasks(at: Date()), hintsOpen = timedHintsOpen(at: Date())
        if opened != openedTasks || hintsOpen != openedHints {
            (openedTasks, openedHints) = (opened, hintsOpen)
            events.send("opened", ["tasks": .int(opened.count)] as [String: JSONValue])
        }
        // The freeze begins on the clock, not with a judgement: every page hears of it within a poll.
        if !judged, freeze.isFrozen(at: Date()) != (boards.judges?.frozenSince != nil) { publishBoards(truthChanged: false) }
        return judged
    }

    /// Judges again for what changed between the files as judged and `now`.
    func judgeChanges(_ now: WatchedFiles) async -> Bool {
        let change = seen.change(to: now)
        guard change.any else { return false }
        var newHunt = hunt
        if change.hunt {
            let loaded = HuntLoader().load(contentsOf: URL(fileURLWithPath: configuration.huntPath), displayPath: configuration.huntPath)
            guard let loadedHunt = try? loaded.get() else {
                seen = now
                fail(loaded.diagnostics.filter { $0.severity == .error }.map(\.oneLine).joined(separator: "\n"))
                return false
            }
            newHunt = configuration.served(loadedHunt)
            huntWarnings = Self.warnings(loaded)
        }
        if change.reviews {
            do { try store.reload() } catch {
                seen = now
                fail(error.diagnostics.map(\.oneLine).joined(separator: "\n"))
                return false
            }
        }
        // A changed sidecar is not part of its photo's stamp: forget that folder's photos.
        let sidecarFolders = Set(change.sidecars.map(Self.folder(of:)))
        if !sidecarFolders.isEmpty { cache.drop { sidecarFolders.contains(Self.folder(of: $0)) } }
        if change.photos || change.hunt || !judgement.hasExamined {
            await readAndJudge(hunt: newHunt, reason: change.hunt ? "hunt changed" : "photos changed", stamps: change.hunt ? nil : now)
        } else {
            seen = now
            await judgeDecisions(reason: "reviews changed")
        }
        return true
    }

    /// Reads the folder anew with `newHunt`, examines it and judges it. With `stamps` (the hunt
    /// is the one judged before), photos unchanged since the last examination keep their cases
    /// and only new or changed ones are read and examined; without, every photo is examined
    /// (read from the cache when unchanged). Decisions go on during the read; the examination
    /// takes the reviews as they are when it is done.
    private func readAndJudge(hunt newHunt: Hunt, reason: String, stamps: WatchedFiles?) async {
        readsBegun += 1
        let ticket = readsBegun
        seen = stamps ?? WatchedFiles.take(configuration: configuration, hunt: newHunt)
        let now = seen
        cache.expect(now.submissions)
        let run = JudgeRun(hunt: newHunt, reviews: store.reviews, reader: PhotoReader(cache: cache))
        var previous = stamps == nil ? nil : judgement.examination
        let changes: ExaminedChanges
        do {
            changes = try await examineChanges(with: run, files: now, since: previous)
        } catch let error as DiagnosticError {
            fail(error.diagnostics.map(\.oneLine).joined(separator: "\n"))
            return
        } catch {
            fail("\(error)")
            return
        }
        guard ticket == readsBegun else { return }
        hunt = newHunt
        freeze.start = newHunt.freezeStart
        if stamps == nil { huntVersion += 1 }
        // The old judgement goes before the new examination is made whole (its unchanged
        // photos' cases carried over), and its memory is handed back first: two judgements side
        // by side, or the new one fragmented around the old in glibc's free lists, is what peaks.
        judgement.dropExamined()
        ProcessMemory.returnFreedMemory()
        let fresh = changes.merged(carryingFrom: previous?.examined)
        previous = nil
        let paths = Set(fresh.paths)
        hintsBought = readHintsBought()
        judgement.hintsBought = hintsBought
        let outcome: CurrentJudgement.Outcome
        do {
            outcome = try judgement.judgeExamined(
                fresh, stamps: now.submissions, paths: paths, hunt: hunt, reviews: store.reviews, reviewWrites: store.writes,
                files: files, shownID: shownID(of:))
        } catch {
            fail(error.description)
            return
        }
        // The cache forgets photos that are gone, so it stays the size of the folder.
        if cache.count > paths.count { cache.drop { !paths.contains($0) } }
        ProcessMemory.returnFreedMemory()
        if stamps == nil { await live.use(window: hunt.window, planned: hunt.announcements) }
        await announce(outcome, reason: reason)
    }

    /// The folder's changes since `previous` (examined with the same hunt) as `files` show
    /// them, read and examined with `run`.
    private nonisolated func examineChanges(
        with run: JudgeRun, files now: WatchedFiles,
        since previous: (examined: ExaminedSubmissions, stamps: [String: FileStamp])?
    ) async throws -> ExaminedChanges {
        // A photo's sidecar is not part of its stamp: a changed one makes its folder's photos new.
        let sidecarFolders =
            previous.map { before in
                Set(WatchedFiles(submissions: before.stamps, hunt: now.hunt, reviews: now.reviews).change(to: now).sidecars.map(Self.folder(of:)))
            } ?? []
        return try await run.examineChanges(
            submissions: URL(fileURLWithPath: configuration.submissionsPath), displayPath: configuration.submissionsPath,
            since: previous?.examined,
            unchanged: { path in
                previous?.stamps[path] == now.submissions[path] && !sidecarFolders.contains(Self.folder(of: path))
            })
    }

    /// The folder part of a submissions-relative path ("" at the top).
    private static func folder(of path: String) -> String { (path as NSString).deletingLastPathComponent }

    /// Judges what was examined with the current reviews, from memory (`CurrentJudgement`).
    func judgeDecisions(reason: String) async {
        judgement.hintsBought = hintsBought
        let outcome: CurrentJudgement.Outcome
        do {
            outcome = try judgement.judgeAgain(hunt: hunt, reviews: store.reviews, reviewWrites: store.writes, files: files, shownID: shownID(of:))
        } catch {
            fail(error.description)
            return
        }
        await announce(outcome, reason: reason)
    }

    private var files: (hunt: String, submissions: String) { (configuration.huntPath, configuration.submissionsPath) }

    /// Tells the pages of a new judgement and keeps `--out` up to date. Called last in a change:
    /// the state is whole before it awaits the writer.
    private func announce(_ outcome: CurrentJudgement.Outcome, reason: String) async {
        let judged = outcome.results
        let generation = judgement.generation
        publishBoards(truthChanged: outcome.leaderboard != nil)
        events.send(
            "judged",
            [
                "generation": .int(generation), "submissions": .int(judged.summary.submissions),
                "undecided": .int(judged.summary.undecided), "reason": .string(reason)
            ] as [String: JSONValue])
        await outWriter?.submit(judged, generation: generation, inputs: inputFiles)
    }

    /// Sends the leaderboards that changed at `now`: the truth to the judges (saying since when
    /// players see it frozen), and what viewers see to the leaderboard screens — which, frozen,
    /// does not change. The team pages hear of either through the judges' events.
    func publishBoards(truthChanged: Bool, now: Date = Date()) {
        guard let truth = judgement.leaderboard else { return }
        let clock = HuntClock(timezone: hunt.timezone)
        let judges = freeze.forJudges(truth, at: now, clock: clock)
        let viewers = freeze.shown(truth, at: now, clock: clock)
        if let problem = freeze.problem {
            events.send("problem", ["generation": .int(judgement.generation), "message": .string(problem)] as [String: JSONValue])
        }
        let before = boards
        boards = (judges, viewers)
        if truthChanged || before.judges?.frozenSince != judges.frozenSince { events.send("leaderboard", judges, to: .judges) }
        if let shown = before.viewers, Self.sameStandings(shown, viewers) { return }
        events.send("leaderboard", viewers, to: .viewers)
    }

    /// Whether two boards show the same (their generations aside).
    private static func sameStandings(_ a: LeaderboardAnswer, _ b: LeaderboardAnswer) -> Bool {
        var a = a
        a.generation = b.generation
        return a == b
    }

    /// Reveals the final ranking to everyone: ends the freeze (kept beside the reviews file) and
    /// sends the judges' standings as a `reveal` event, which the leaderboard screen plays from
    /// last place up. Refused when the standings are not frozen (nothing is hidden).
    package func reveal(now: Date = Date()) throws(ServeError) -> LeaderboardAnswer {
        guard let truth = judgement.leaderboard else { throw ServeError("nothing judged yet: nothing to reveal", status: 503) }
        guard freeze.reveal(at: now) else {
            let why =
                freeze.revealedAt != nil
                ? "the final ranking was already revealed" : "the leaderboard is not frozen: players already see the standings"
            throw ServeError(why, status: 409)
        }
        events.send("reveal", truth, to: .everyone)
        publishBoards(truthChanged: true, now: now)
        return truth
    }

    private func fail(_ message: String) {
        judgement.failed(message)
        events.send("problem", ["generation": .int(judgement.generation), "message": .string(message)] as [String: JSONValue])
    }

    /// Files `--out` and the reviews file must never replace.
    private var inputFiles: [URL] {
        [URL(fileURLWithPath: configuration.huntPath), URL(fileURLWithPath: configuration.reviewsPath)] + hunt.targetFiles
    }

    /// Waits until `--out` holds the latest judgement.
    package func flushOut() async { await outWriter?.idle() }

    // MARK: Decisions

    /// Writes the decision into the reviews file for every photo it names (one atomic replace),
    /// logs each, judges again, and answers with the photos' new verdicts.
    package func decide(_ request: DecisionRequest, now: Date = Date()) async throws(ServeError) -> DecisionAnswer {
        let review: Reviews.Review
        do {
            review = try Reviews.Review(
                deciding: request.decision, note: request.note, by: request.by, task: request.task,
                at: Self.timestamp(now), hunt: hunt)
        } catch { throw ServeError(error) }
        let paths = try judgement.index.paths(named: request, blind: configuration.blind)
        let before = verdicts(of: paths)
        let logged = try store.decide(review, paths: paths, checkedAgainst: checkTarget, inputs: [URL(fileURLWithPath: configuration.huntPath)])
        wrote(logged)
        await judgeWrittenDecisions()
        return answer(for: paths, before: before)
    }

    /// Puts back what the photo's entry was before its latest logged event, and logs that too.
    package func undo(path requested: String?, id: String?, by: String?, now: Date = Date()) async throws(ServeError) -> DecisionAnswer {
        let paths = try judgement.index.paths(named: DecisionRequest(path: requested, id: id, decision: "undo"), blind: configuration.blind)
        let who: String
        do { who = try Reviews.Review.judgeName(by, required: false) } catch { throw ServeError(error) }
        let before = verdicts(of: [paths[0]])
        let logged = try store.undo(
            path: paths[0], by: who, at: Self.timestamp(now), checkedAgainst: checkTarget,
            inputs: [URL(fileURLWithPath: configuration.huntPath)])
        wrote(logged)
        await judgeWrittenDecisions()
        return answer(for: [paths[0]], before: before)
    }

    /// What an edit of the reviews file is checked against: the hunt, once the folder is examined.
    private var checkTarget: Hunt? {
        judgement.hasExamined ? hunt : nil
    }

    /// After a write of the reviews file: the stamp of what was written is kept (so the watcher
    /// does not judge this write again, but does see an edit made right after it) and the pages
    /// are told of each event.
    private func wrote(_ logged: [AuditLog.Event]) {
        seen.reviews = store.writtenStamp
        for event in logged {
            events.send(
                "decided",
                [
                    "path": configuration.blind ? nil : event.path, "id": ids.id(of: event.path),
                    "decision": event.entry?.decision.rawValue, "by": event.by, "action": event.action
                ])
        }
    }

    /// Judges again unless a judgement since includes every decision written so far. Decisions
    /// that arrive meanwhile are written first (the yield lets them in), so one judgement takes
    /// them all.
    private func judgeWrittenDecisions() async {
        await Task.yield()
        guard judgement.reviewWritesIncluded < store.writes else { return }
        await judgeDecisions(reason: "decided")
    }

    private func verdicts(of paths: [String]) -> [String: Verdict] {
        guard let judged = results else { return [:] }
        var verdicts: [String: Verdict] = [:]
        for path in paths { if let index = judgement.index.byPath[path] { verdicts[path] = judged.submissions[index].verdict } }
        return verdicts
    }

    private func answer(for paths: [String], before: [String: Verdict]) -> DecisionAnswer {
        let judged = results
        return DecisionAnswer(
            generation: generation,
            decided: paths.compactMap { path in
                guard let index = judgement.index.byPath[path], let submission = judged?.submissions[index] else { return nil }
                return .init(
                    id: judgement.index.ids[index], path: configuration.blind ? nil : path, verdict: submission.verdict.rawValue,
                    judgedVerdict: submission.judgedVerdict.rawValue, review: submission.review, points: submission.points,
                    change: before[path].map { DecisionAnswer.change(to: submission.verdict, from: $0) })
            }, undecided: judged?.summary.undecided ?? 0)
    }

    /// `2026-05-02T08:15:00Z`: when a decision was made, in UTC to the second (written byte by
    /// byte, as results.json's times are, rather than through a formatter made per decision).
    static func timestamp(_ date: Date) -> String {
        HuntClock.iso(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)), offsetSeconds: 0)
    }

    // MARK: Lookups for the pages

    var index: SubmissionIndex { judgement.index }
    var leaderboard: LeaderboardAnswer? { boards.judges ?? judgement.leaderboard }
    var gone: Set<String> { judgement.gone }

    /// The reviews file's decision about `path`, if any.
    func review(of path: String) -> Reviews.Review? { store.reviews.entries[path] }

    /// The id a leaderboard photo goes by (`SubmissionIDs.shownID(of:)`).
    nonisolated func shownID(of path: String) -> String { ids.shownID(of: path) }
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
