import Foundation
import HuntKit

/// The live day: whether the hunt runs, is paused or has ended (by the organizer, or by the
/// hunt's window closing), and the announcements (the console's, and the hunt file's from their
/// time on), told to every team's page at once over its event stream (the `live` event, each page
/// its team's announcements in its language). The organizer's choice is kept in a small file
/// beside the reviews file (`reviews.yaml` → `reviews.live.json`, replaced atomically), so a
/// restart keeps it, and each change is a line of the audit log; the console's announcements are
/// lines of `reviews.messages.jsonl`, read again at start.
actor LiveDay {
    enum Phase: String, Codable, Sendable {
        case running, paused, ended
    }

    /// What the organizer last chose, as the state file keeps it.
    struct Choice: Codable, Sendable, Equatable {
        var phase: Phase
        /// When the results are told ("17:30"), as the organizer wrote it: only with `ended`.
        var resultsAt: String?
        var by: String
        var at: Date

        enum CodingKeys: String, CodingKey {
            case phase
            case resultsAt = "results_at"
            case by, at
        }
    }

    /// What a page is told (`GET /api/live`, the `live` event of the console's and the teams' streams).
    struct Told: Encodable, Sendable, Equatable {
        var phase: Phase
        var resultsAt: String?
        /// Who chose it (`window` when the hunt's window closed); nil while it has always run.
        var by: String?
        /// When, ISO 8601 UTC.
        var at: String?
        /// The announcements the page is shown, newest first: a team's page its team's (at most
        /// `shownAtMost`), the console every one.
        var announcements: [Shown] = []
        /// A team's page: its messages with the organizers, oldest first (the newest `shownAtMost`).
        var thread: [Line]?
        /// The console: the teams' messages no judge has read yet.
        var unread: Int?

        enum CodingKeys: String, CodingKey {
            case phase
            case resultsAt = "results_at"
            case by, at, announcements, thread, unread
        }
    }

    /// One message of a team's thread with the organizers, as its page and the console show it.
    struct Line: Encodable, Sendable, Equatable {
        var id: String
        /// ISO 8601 UTC.
        var at: String
        /// `team` (the team asked) or `organizers` (a reply).
        var from: String
        /// The judge who replied (the console only).
        var by: String?
        var text: String
    }

    /// The console's inbox (`GET /api/inbox`): a thread a team, the one with the newest message first.
    struct Inbox: Encodable, Sendable {
        struct Conversation: Encodable, Sendable {
            var team: String
            var name: String
            var unread: Int
            var lines: [Line]
        }
        var unread: Int
        var threads: [Conversation]
    }

    /// A line of the messages log (one JSON object a line): an announcement the console sent, a
    /// team's `question`, a judge's `reply` to it, or `read` (a judge read team `team`'s thread up to message `id`).
    struct Sent: Codable, Sendable, Equatable {
        var kind = "announcement"
        var id: String
        var at: Date
        var by: String
        var text: String
        /// The team it is for; nil for every team.
        var team: String?
    }

    /// One announcement as a page shows it.
    struct Shown: Encodable, Sendable, Equatable {
        var id: String
        /// ISO 8601 UTC.
        var at: String
        var text: String
        /// The one team it is for; nil for every team.
        var team: String?
    }

    /// The most announcements a team's page is sent (the newest): a long day's worth, a small event.
    static let shownAtMost = 50
    /// The newest the console lists.
    static let consoleShows = 200
    /// The most the console may send in a day: past it, it is refused (the log and every page stay small).
    static let sentAtMost = 5_000

    /// A change as the audit log keeps it (beside the decisions' events, which have a `path`).
    struct Logged: Encodable {
        var action: String
        var by: String
        var at: String
        var resultsAt: String?

        enum CodingKeys: String, CodingKey {
            case action, by, at
            case resultsAt = "results_at"
        }
    }

    /// The longest results time the organizer may write ("17:30", "tomorrow at 10 in the hall").
    static let maximumResultsCharacters = 80

    nonisolated let file: URL
    private let auditFile: URL
    /// The console's announcements (and, later, the teams' questions): `reviews.messages.jsonl`.
    nonisolated let messagesFile: URL
    private let now: @Sendable () -> Date
    private var choice: Choice?
    private var window: TimeWindow?
    /// The hunt file's announcements.
    private var planned: [Announcement]
    /// The messages log as it is now.
    private var messages = MessageLog()

    /// The messages log in memory.
    struct MessageLog: Sendable {
        /// The console's announcements, oldest first.
        var sent: [Sent] = []
        /// Each team's questions and the replies, oldest first.
        var threads: [String: [Sent]] = [:]
        /// Each team's thread as a judge last read it: the id of the last message read.
        var readUpTo: [String: String] = [:]
        /// Counts the lines of the log (the next message's id).
        var logged = 0

        /// Takes a line of the log.
        mutating func take(_ line: Sent) {
            logged += 1
            switch line.kind {
            case "announcement": sent.append(line)
            case "question", "reply": if let team = line.team { threads[team, default: []].append(line) }
            case "read": if let team = line.team { readUpTo[team] = line.id }
            default: break
            }
        }
    }
    private var pages: [String: [UUID: AsyncStream<EventHub.Event>.Continuation]] = [:]
    private var alarm: Task<Void, Never>?
    /// Each change is also sent here (the console's stream).
    private let events: EventHub

    /// Reads the state file beside `reviewsPath` (none: the hunt runs). Throws when it is there but unreadable.
    init(
        reviewsPath: String, window: TimeWindow?, planned: [Announcement] = [], events: EventHub,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(DiagnosticError) {
        let reviews = URL(fileURLWithPath: reviewsPath)
        file = ServeConfiguration.besideReviews(reviews, "live.json")
        messagesFile = ServeConfiguration.besideReviews(reviews, "messages.jsonl")
        auditFile = AuditLog(reviewsFile: reviews).url
        self.window = window
        self.planned = planned
        self.events = events
        self.now = now
        choice = try Self.read(file)
        for line in try Self.readSent(messagesFile) { messages.take(line) }
    }

    /// Appends `line` to the messages log (one write), then takes it into memory.
    private func log(_ line: Sent) throws(ServeError) {
        guard let bytes = try? Self.lineEncoder.encode(line) else { throw ServeError("the message could not be written as JSON", status: 500) }
        try AuditLog.appendAtOnce(bytes + [0x0A], to: messagesFile)
        messages.take(line)
    }

    /// `text` trimmed, when it is a message the pages may show: not empty, at most `Announcement.maximumCharacters`.
    static func messageText(_ text: String, what: String) throws(ServeError) -> String {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw ServeError("say something: the \(what) is empty") }
        guard text.count <= Announcement.maximumCharacters else {
            throw ServeError(
                "the \(what) is \(text.count) characters long; at most \(Announcement.maximumCharacters) fit a phone's screen", status: 413)
        }
        return text
    }

    /// The console's announcements in the messages log; lines that do not parse (a crash half way
    /// through a write) are passed over.
    private static func readSent(_ file: URL) throws(DiagnosticError) -> [Sent] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path: file.path, limitBytes: 64 << 20, what: "messages log") } catch {
            throw DiagnosticError(
                .error(
                    "live-state", "\(error)", at: SourceLocation(file: file.path),
                    fix: "the file holds the day's announcements; move it away to start with none"))
        }
        let decoder = decoder
        return bytes.split(separator: 0x0A).compactMap { try? decoder.decode(Sent.self, from: Data($0)) }
    }

    private static func read(_ file: URL) throws(DiagnosticError) -> Choice? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let fix = "the file holds whether the hunt is paused or ended; remove it to run the hunt again, or put back the one `hunt serve` wrote"
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path: file.path, limitBytes: 64 << 10, what: "live state") } catch {
            throw DiagnosticError(.error("live-state", "\(error)", at: SourceLocation(file: file.path), fix: fix))
        }
        do { return try decoder.decode(Choice.self, from: Data(bytes)) } catch {
            throw DiagnosticError(
                .error(
                    "live-state", "`\(file.path)` is not the live state `hunt serve` writes (\(error))", at: SourceLocation(file: file.path), fix: fix
                ))
        }
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    // MARK: The state

    /// The state now, for the console: the organizer's choice, unless the window closed after it
    /// (then ended), with every announcement.
    var told: Told {
        var told = state
        told.announcements = shown(to: nil, language: nil, atMost: Self.consoleShows)
        told.unread = messages.threads.keys.reduce(0) { $0 + unread($1) }
        return told
    }

    /// The state now without the announcements.
    private var state: Told {
        guard let choice else { return Told(phase: .running) }
        return Told(phase: choice.phase, resultsAt: choice.resultsAt, by: choice.by, at: ServeSession.timestamp(choice.at))
    }

    /// Why an upload (or an answer) is refused now, in words for the team's page; nil while the hunt runs.
    /// 423 while paused, 410 once ended: the page tells them apart and says it in the player's language.
    var refusal: ServeError? {
        let told = state
        switch told.phase {
        case .running: return nil
        case .paused: return ServeError("the hunt is paused: nothing is taken until the organizers resume it; send it again then", status: 423)
        case .ended:
            let results = told.resultsAt.map { "; results at \($0)" } ?? ""
            return ServeError("the hunt has ended\(results): nothing more is taken", status: 410)
        }
    }

    /// Pauses, resumes or ends the hunt (`action`: `pause`, `resume`, `end`), logged first in the
    /// audit log, then kept in the state file; every page is told. Asking for the state it is
    /// already in changes nothing.
    func change(action: String, resultsAt: String?, by: String?) throws(ServeError) -> Told {
        let phase: Phase
        switch action {
        case "pause": phase = .paused
        case "resume": phase = .running
        case "end": phase = .ended
        default: throw ServeError("`action` must be pause, resume or end, not `\(action.prefix(40))`")
        }
        let who: String
        do { who = try Reviews.Review.judgeName(by, required: false) } catch { throw ServeError(error) }
        var results = resultsAt?.trimmingCharacters(in: .whitespacesAndNewlines)
        if results?.isEmpty == true { results = nil }
        if let results {
            guard phase == .ended else { throw ServeError("`results_at` goes with `end` only") }
            guard results.count <= Self.maximumResultsCharacters, !results.contains(where: \.isNewline) else {
                throw ServeError("`results_at` is one line of at most \(Self.maximumResultsCharacters) characters, e.g. `17:30`")
            }
        }
        let before = state
        if before.phase == phase, before.resultsAt == results { return told }
        try keep(Choice(phase: phase, resultsAt: results, by: who, at: now()), action: action)
        tell()
        return told
    }

    /// Logs `next` in the audit log, then writes it into the state file.
    private func keep(_ next: Choice, action: String) throws(ServeError) {
        let line = Logged(action: action, by: next.by, at: ServeSession.timestamp(next.at), resultsAt: next.resultsAt)
        guard let logged = try? ServeJSON.encoder.encode(line), let written = try? Self.encoder.encode(next) else {
            throw ServeError("the live state could not be written as JSON", status: 500)
        }
        try AuditLog.appendAtOnce(logged + [0x0A], to: auditFile)
        do { try OutputBatch.write(Array(written) + [0x0A], to: file, displayPath: file.path) } catch {
            throw ServeError("\(file.path): \(error.message)", status: 500)
        }
        choice = next
    }

    /// The window's end passed while the server ran: the game ends (`by: window`), kept and
    /// logged as the organizer's End is, unless it already ended or the organizer chose since.
    /// A server started after the end (judging the next day, a test) does not end it by itself.
    private func windowClosed(at end: Date) {
        guard window?.end == end, choice?.phase != .ended, (choice?.at ?? .distantPast) <= end else { return }
        // A failed write is the organizer's to see (the console's End writes the same file); the pages are told anyway.
        if (try? keep(Choice(phase: .ended, by: "window", at: now()), action: "end")) == nil {
            choice = Choice(phase: .ended, by: "window", at: now())
        }
    }

    /// The hunt (re)read: its window and its announcements may have changed.
    func use(window: TimeWindow?, planned: [Announcement]) {
        guard window != self.window || planned != self.planned || alarm == nil else { return }
        self.window = window
        self.planned = planned
        tell()
    }

    // MARK: Announcements

    /// Sends `text` to team `team`'s pages (every team's when nil; the caller checked the team
    /// exists), logged first; every page it is for shows it at once.
    func announce(_ text: String, team: String?, by: String?) throws(ServeError) -> Shown {
        let text = try Self.messageText(text, what: "announcement")
        guard messages.sent.count < Self.sentAtMost else {
            throw ServeError("\(Self.sentAtMost) announcements were sent today, the most a day takes; edit the hunt file's instead", status: 429)
        }
        let who: String
        do { who = try Reviews.Review.judgeName(by, required: false) } catch { throw ServeError(error) }
        let now = now()
        let announcement = Sent(id: "c\(messages.sent.count + 1)", at: now, by: who, text: text, team: team)
        try log(announcement)
        tell()
        return Self.shown(announcement)
    }

    private static var lineEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// A hunt file's announcement's id, from its time, text and teams: the same after an edit of
    /// the file elsewhere (a phone does not show it as new again), another when it is reworded.
    static func plannedID(_ plan: Announcement) -> String {
        var hash = SHA256()
        let text = Array("\(plan.at.timeIntervalSince1970)\n\(plan.text.text)\n\(plan.teams.joined(separator: ","))".utf8)
        text.withUnsafeBytes { hash.update($0) }
        return "h" + hash.finalize().prefix(6).map { String(format: "%02x", $0) }.joined()
    }

    private static func shown(_ sent: Sent) -> Shown {
        Shown(id: sent.id, at: ServeSession.timestamp(sent.at), text: sent.text, team: sent.team)
    }

    /// The announcements `team` is shown now (every one for nil), newest first, the hunt file's in
    /// `language` (its own when nil).
    private func shown(to team: String?, language: String?, atMost: Int) -> [Shown] {
        let now = now()
        var all: [(at: Date, shown: Shown)] = []
        for plan in planned where plan.at <= now && (team.map(plan.isFor) ?? true) {
            // The console names the teams; a team's page says "to your team" for one meant for it alone.
            let named = plan.teams.isEmpty ? nil : plan.teams.joined(separator: ", ")
            let to = team == nil ? named : plan.teams.count == 1 ? team : nil
            all.append((plan.at, Shown(id: Self.plannedID(plan), at: ServeSession.timestamp(plan.at), text: plan.text.text(in: language), team: to)))
        }
        for sent in messages.sent.suffix(atMost) where team == nil || sent.team == nil || sent.team == team {
            all.append((sent.at, Self.shown(sent)))
        }
        // Newest first; the console's after the file's at the same second.
        return all.enumerated().sorted { ($0.element.at, $0.offset) > ($1.element.at, $1.offset) }.prefix(atMost).map(\.element.shown)
    }

    // MARK: The pages

    /// The `live` events of one team's page (`page`: `PlayersRoom.page`), the state now first;
    /// a page that reads slowly keeps the newest only. `end()` ends it (the page went away).
    func subscribe(_ page: String) -> (events: AsyncStream<EventHub.Event>, end: @Sendable () -> Void) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<EventHub.Event>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { [weak self] _ in Task { await self?.remove(page, id) } }
        pages[page, default: [:]][id] = continuation
        continuation.yield(event(for: page))
        if alarm == nil { setAlarm() }
        return (stream, { continuation.finish() })
    }

    /// How many pages listen (for the benchmark's memory figure and the tests).
    var listening: Int { pages.values.reduce(0) { $0 + $1.count } }

    private func remove(_ page: String, _ id: UUID) {
        pages[page]?[id] = nil
        if pages[page]?.isEmpty == true { pages[page] = nil }
    }

    /// What team page `page` (`PlayersRoom.page`) is told: the state and its team's announcements in its language.
    func told(page: String) -> Told {
        let (team, language) = PlayersRoom.teamAndLanguage(page)
        var told = state
        told.announcements = shown(to: team, language: language, atMost: Self.shownAtMost)
        told.thread = (messages.threads[team] ?? []).suffix(Self.shownAtMost).map { Self.line($0, forConsole: false) }
        return told
    }

    // MARK: Questions from the teams

    /// The most messages a team may send in a day, and the least time between two (seconds).
    static let questionsAtMost = 200
    static let questionsApart = 5.0

    /// Team `team`'s message to the organizers (its page's box), logged; the console is told.
    func ask(_ text: String, team: String) throws(ServeError) -> Line {
        let text = try Self.messageText(text, what: "message")
        let theirs = (messages.threads[team] ?? []).filter { $0.kind == "question" }
        let now = now()
        guard theirs.count < Self.questionsAtMost else {
            throw ServeError(player: "refused.messages-today", count: Self.questionsAtMost, status: 429)
        }
        if let last = theirs.last, now.timeIntervalSince(last.at) < Self.questionsApart {
            throw ServeError("wait a few seconds before the next message", status: 429)
        }
        let question = Sent(kind: "question", id: "m\(messages.logged + 1)", at: now, by: team, text: text, team: team)
        try log(question)
        tell(only: team)
        return Self.line(question, forConsole: false)
    }

    /// A judge's reply in team `team`'s thread (the caller checked the team exists): only that team's pages get it.
    func reply(_ text: String, team: String, by: String?) throws(ServeError) -> Line {
        let text = try Self.messageText(text, what: "reply")
        let who: String
        do { who = try Reviews.Review.judgeName(by, required: false) } catch { throw ServeError(error) }
        let reply = Sent(kind: "reply", id: "m\(messages.logged + 1)", at: now(), by: who, text: text, team: team)
        try log(reply)
        // Replying reads the thread.
        try markRead(team, by: who)
        tell(only: team)
        return Self.line(reply, forConsole: true)
    }

    /// A judge read team `team`'s thread: its messages so far stop counting as unread.
    func read(team: String, by: String?) throws(ServeError) {
        if try markRead(team, by: (try? Reviews.Review.judgeName(by, required: false)) ?? "unknown") { events.send("live", told) }
    }

    @discardableResult
    private func markRead(_ team: String, by who: String) throws(ServeError) -> Bool {
        guard let last = messages.threads[team]?.last(where: { $0.kind == "question" }), messages.readUpTo[team] != last.id else { return false }
        try log(Sent(kind: "read", id: last.id, at: now(), by: who, text: "", team: team))
        return true
    }

    /// The console's inbox, the teams named by `names`.
    func inbox(names: [String: String]) -> Inbox {
        let threads = messages.threads.map { team, lines in
            Inbox.Conversation(
                team: team, name: names[team] ?? team, unread: unread(team),
                lines: lines.suffix(Self.consoleShows).map { Self.line($0, forConsole: true) })
        }
        let newest = threads.sorted { ($0.lines.last?.at ?? "", $0.team) > ($1.lines.last?.at ?? "", $1.team) }
        return Inbox(unread: newest.reduce(0) { $0 + $1.unread }, threads: newest)
    }

    /// Team `team`'s questions after the last one a judge read.
    private func unread(_ team: String) -> Int {
        let questions = (messages.threads[team] ?? []).filter { $0.kind == "question" }
        guard let read = messages.readUpTo[team], let index = questions.lastIndex(where: { $0.id == read }) else { return questions.count }
        return questions.count - index - 1
    }

    private static func line(_ sent: Sent, forConsole: Bool) -> Line {
        Line(
            id: sent.id, at: ServeSession.timestamp(sent.at), from: sent.kind == "question" ? "team" : "organizers",
            by: forConsole && sent.kind == "reply" ? sent.by : nil, text: sent.text)
    }

    private func event(for page: String) -> EventHub.Event {
        EventHub.Event(name: "live", value: told(page: page))
    }

    /// Every page (and the console) is told the state now; the alarm is set for the next change of it by the clock.
    private func tell() {
        tell(only: nil)
        setAlarm()
    }

    /// The console and the pages of team `team` (of every team when nil) are told the state now:
    /// a team's message or its reply changes no other team's page, and 300 teams' pages are not
    /// made again for it.
    private func tell(only team: String?) {
        events.send("live", told)
        for (page, watching) in pages where team == nil || PlayersRoom.teamAndLanguage(page).team == team {
            let event = event(for: page)
            for continuation in watching.values { continuation.yield(event) }
        }
    }

    /// Wakes at the next time the pages change by themselves (the window's end, a planned
    /// announcement's time), to tell them.
    private func setAlarm() {
        alarm?.cancel()
        let now = now()
        // Just past the end: the window includes its last instant.
        let times = planned.map(\.at) + (window.map { [$0.end + 0.5] } ?? [])
        guard let next = times.filter({ $0 > now }).min() else {
            alarm = Task {}
            return
        }
        let end = window?.end
        alarm = Task { [weak self] in
            guard (try? await Task.sleep(for: .seconds(next.timeIntervalSince(now) + 0.05))) != nil else { return }
            await self?.wake(windowEnd: end)
        }
    }

    private func wake(windowEnd end: Date?) {
        if let end, now() > end { windowClosed(at: end) }
        tell()
    }

    /// Ends every page's stream (shutdown) and the alarm.
    func finish() {
        alarm?.cancel()
        for continuation in pages.values.flatMap(\.values) { continuation.finish() }
        pages = [:]
    }
}
