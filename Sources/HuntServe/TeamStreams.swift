import Foundation

/// The teams' event streams (`/t/<token>/events`). After each change of the judgement, each team
/// with a page open has its view made and encoded once, and that one `state` event is shared by
/// all its pages; a page that reads slowly keeps only the newest, never a backlog. The session
/// only hands over what a view is made from (`TeamView.Inputs`, one short visit a team), and a
/// view is made again, away from the session, only when that changed: a decision costs the
/// views of the teams it touched, however many pages are open, and the judges are answered
/// between the visits.
actor TeamStreams {
    /// Makes team `team`'s view, unless its inputs are still `unless` (nil then).
    typealias View = @Sendable (_ team: String, _ unless: TeamView.Inputs?) async -> (view: TeamView, inputs: TeamView.Inputs)?

    private let events: EventHub
    private let view: View
    /// The least time from one round to the next: while judges decide as fast as they can, each
    /// round would otherwise follow the last at once and take a core from them; the changes
    /// meanwhile make one round. A page still hears of a decision well within a second.
    private let roundsApart: Duration
    private var pages: [String: [UUID: AsyncStream<EventHub.Event>.Continuation]] = [:]
    /// The view last sent to each watching team's pages, and what it was made from.
    private var latest: [String: (view: TeamView, inputs: TeamView.Inputs)] = [:]
    private var listening = false

    init(events: EventHub, roundsApart: Duration = .milliseconds(100), view: @escaping View) {
        self.events = events
        self.roundsApart = roundsApart
        self.view = view
    }

    /// Team `team`'s `state` events from now on, each when the team's view changes (the newest
    /// only, for a page that reads slowly); `end()` ends it (the page went away).
    func subscribe(_ team: String) -> (events: AsyncStream<EventHub.Event>, end: @Sendable () -> Void) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<EventHub.Event>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { [weak self] _ in Task { await self?.remove(team, id) } }
        pages[team, default: [:]][id] = continuation
        if !listening {
            listening = true
            // Subscribed here, not in the task: no change between now and its start is missed.
            // The newest one is kept: changes that come while views are computed make one more round.
            let changes = events.subscribe(judge: true, keepingNewest: 1).stream
            Task { await listen(changes) }
        }
        return (stream, { continuation.finish() })
    }

    /// Every watching team's view after each change of the session, until the session ends its
    /// events (shutdown), which ends every page's stream too.
    private func listen(_ changes: AsyncStream<EventHub.Event>) async {
        for await _ in changes {
            let began = ContinuousClock.now
            await refresh()
            try? await Task.sleep(until: began + roundsApart)
        }
        for continuation in pages.values.flatMap(\.values) { continuation.finish() }
        pages = [:]
        latest = [:]
        listening = false
    }

    /// Each watching team's view, once, sent to its pages when it changed; a team whose inputs
    /// did not change is passed over.
    func refresh() async {
        for team in pages.keys.sorted() {
            guard let now = await view(team, latest[team]?.inputs) else { continue }
            // Its pages may have gone while the view was made.
            guard let watching = pages[team] else { continue }
            let changed = now.view != latest[team]?.view
            latest[team] = now
            guard changed else { continue }
            let event = EventHub.Event(name: "state", value: now.view)
            for continuation in watching.values { continuation.yield(event) }
        }
    }

    private func remove(_ team: String, _ id: UUID) {
        pages[team]?[id] = nil
        if pages[team]?.isEmpty == true {
            pages[team] = nil
            latest[team] = nil
        }
    }
}

extension PlayersRoom {
    /// Team `team`'s state now, unless what it is made from is still `previous` (then nil);
    /// uploads the judgement has taken stop being pending.
    static func view(
        _ team: String, language: String? = nil, session: ServeSession, uploads: PlayerUploads, sees: PlayersOptions.Sees,
        unless previous: TeamView.Inputs? = nil
    ) async -> (view: TeamView, inputs: TeamView.Inputs)? {
        let pending = await uploads.pending[team] ?? [:]
        guard let (inputs, hunt) = await session.teamViewInputs(team, sees: sees, pending: pending, unless: previous) else { return nil }
        let taken = inputs.pendingJudged
        if !taken.isEmpty { await uploads.judged(team) { taken.contains($0) } }
        return (TeamView(team: team, hunt: hunt, sees: sees, inputs: inputs, ids: session.ids, language: language), inputs)
    }
}
