import Foundation
import Hummingbird
import HuntKit
import NIOCore

/// The JSON API under `/api`: what any token may ask (the session, the leaderboard, the event
/// stream, the show), then the judge-only group (results, the queue, an item, a team's grid, decisions,
/// undo, the reveal of a frozen leaderboard, and stars for the end-of-day show).
struct APIRoutes: Sendable {
    let session: ServeSession
    /// Handed to the judge's pages: decisions need it as a bearer token (a cookie alone never decides).
    let judgeToken: String

    var endpoints: RouteCollection<ServeContext> {
        let routes = RouteCollection(context: ServeContext.self)
        routes.get("session", use: start)
        routes.get("leaderboard", use: leaderboard)
        routes.get("events", use: events)
        routes.get("show", use: show)
        routes.add(middleware: JudgeOnlyMiddleware())
        routes.get("results", use: results)
        routes.get("queue", use: queue)
        routes.get("item", use: item)
        routes.get("team", use: team)
        routes.post("decisions", use: decide)
        routes.post("undo", use: undo)
        routes.post("reveal", use: reveal)
        routes.post("star", use: star)
        routes.get("live", use: live)
        routes.post("live", use: changeLive)
        routes.post("announce", use: announce)
        routes.get("inbox", use: inbox)
        routes.post("reply", use: reply)
        routes.post("inbox/read", use: read)
        return routes
    }

    /// What the pages need to start: who they are talking to and, for the judge, the token to
    /// send with decisions. Other sites cannot read this answer (no CORS), and the cookie is
    /// SameSite=Strict.
    @Sendable func start(_ request: Request, context: ServeContext) async throws -> SessionAnswer {
        let blind = session.configuration.blind
        return SessionAnswer(
            role: context.role?.rawValue ?? "viewer", token: context.role == .judge ? judgeToken : nil,
            blind: blind, title: await session.title, tasks: await session.taskChoices,
            teams: blind ? [] : await session.teamChoices, reasons: ReasonCode.allCases.map(\.rawValue),
            warnings: context.role == .judge ? await session.huntWarnings.map(\.oneLine) : [])
    }

    @Sendable func leaderboard(_ request: Request, context: ServeContext) async throws -> LeaderboardAnswer {
        guard let board = await session.currentLeaderboard(forJudges: context.role == .judge) else { throw ServeError("not judged yet", status: 503) }
        return board
    }

    /// Server-Sent Events: every event for the judge, the leaderboard's for a viewer.
    @Sendable func events(_ request: Request, context: ServeContext) async throws -> Response {
        let (stream, end) = session.events.subscribe(judge: context.role == .judge)
        // A client that goes away ends its stream now: its descriptor is not held until the next event.
        context.connectionClosed?.whenComplete { _ in end() }
        let hello = ByteBuffer(string: "retry: 2000\n\n")
        let body = ResponseBody { writer in
            try await writer.write(hello)
            for await event in stream { try await writer.write(ByteBuffer(string: event.text)) }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    /// results.json as `hunt judge` writes it.
    @Sendable func results(_ request: Request, context: ServeContext) async throws -> Response {
        if session.configuration.blind {
            throw ServeError(
                "blind judging: results.json names the team of every photo; read it from --out or `hunt judge` after judging", status: 403)
        }
        guard let chunks = await session.resultsJSON() else { throw ServeError("not judged yet: \(await session.problem ?? "")", status: 503) }
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(contentsOf: chunks.map { ByteBuffer(bytes: $0) }))
    }

    @Sendable func queue(_ request: Request, context: ServeContext) async throws -> QueueAnswer {
        let filter = try QueueFilter(query: ServeRoutes.query(request))
        if session.configuration.blind, filter.team != nil {
            throw ServeError("blind judging: the queue is not filtered by team", status: 403)
        }
        return await session.queue(filter)
    }

    @Sendable func item(_ request: Request, context: ServeContext) async throws -> QueueItem {
        let query = request.uri.queryParameters
        return try await session.item(path: query["path"].map(String.init), id: query["id"].map(String.init))
    }

    @Sendable func team(_ request: Request, context: ServeContext) async throws -> TeamGrid {
        guard let team = request.uri.queryParameters["team"] else { throw ServeError("say which team: ?team=ID") }
        return try await session.teamGrid(String(team))
    }

    @Sendable func decide(_ request: Request, context: ServeContext) async throws -> DecisionAnswer {
        let decision = try await request.decode(as: DecisionRequest.self, context: context)
        return try await session.decide(decision)
    }

    @Sendable func undo(_ request: Request, context: ServeContext) async throws -> DecisionAnswer {
        let undo = try await request.decode(as: UndoRequest.self, context: context)
        return try await session.undo(path: undo.path, id: undo.id, by: undo.by)
    }

    /// The end-of-day show: its slides and podium (`ServeSession.showAnswer`), with the stars' ids for a judge.
    @Sendable func show(_ request: Request, context: ServeContext) async throws -> ShowAnswer {
        await session.showAnswer(forJudges: context.role == .judge)
    }

    /// Stars a photo for the show, or takes its star away: body `{"id", "starred"}`.
    @Sendable func star(_ request: Request, context: ServeContext) async throws -> ShowAnswer {
        let body = try await request.decode(as: StarRequest.self, context: context)
        return try await session.star(id: body.id, starred: body.starred ?? true)
    }

    /// Ends the leaderboard's freeze for everyone and plays the final ranking on the leaderboard
    /// screens (`ServeSession.reveal`); answers the standings revealed.
    @Sendable func reveal(_ request: Request, context: ServeContext) async throws -> LeaderboardAnswer {
        try await session.reveal()
    }
}

/// What `POST /api/star` takes.
struct StarRequest: Decodable {
    var id: String
    var starred: Bool?
}

extension APIRoutes {
    /// Whether the hunt runs, is paused or has ended.
    @Sendable func live(_ request: Request, context: ServeContext) async throws -> LiveDay.Told {
        await session.live.told
    }

    /// `POST /api/live` `{"action": "pause" | "resume" | "end", "results_at"?, "by"?}`: the
    /// console's buttons (each after a confirmation). Judges keep judging whatever the state.
    @Sendable func changeLive(_ request: Request, context: ServeContext) async throws -> LiveDay.Told {
        let change = try await request.decode(as: LiveChange.self, context: context)
        return try await session.live.change(action: change.action, resultsAt: change.resultsAt, by: change.by)
    }
}

extension APIRoutes {
    /// `POST /api/announce` `{"text", "team"?, "by"?}`: to every team's page, or to team `team`'s only.
    @Sendable func announce(_ request: Request, context: ServeContext) async throws -> LiveDay.Shown {
        let body = try await request.decode(as: AnnounceRequest.self, context: context)
        let team = body.team?.isEmpty == false ? try await knownTeam(body.team) : nil
        return try await session.live.announce(body.text, team: team, by: body.by)
    }
}

extension APIRoutes {
    /// The teams' messages, a thread a team (`LiveDay.Inbox`).
    @Sendable func inbox(_ request: Request, context: ServeContext) async throws -> LiveDay.Inbox {
        await session.live.inbox(names: Dictionary(await session.teamChoices.map { ($0.id, $0.name) }) { first, _ in first })
    }

    /// `POST /api/reply` `{"team", "text", "by"?}`: a reply in team `team`'s thread, to that team's pages only.
    @Sendable func reply(_ request: Request, context: ServeContext) async throws -> LiveDay.Line {
        let body = try await request.decode(as: AnnounceRequest.self, context: context)
        return try await session.live.reply(body.text, team: try await knownTeam(body.team), by: body.by)
    }

    /// `POST /api/inbox/read` `{"team", "by"?}`: a judge read the team's thread.
    @Sendable func read(_ request: Request, context: ServeContext) async throws -> LiveDay.Inbox {
        let body = try await request.decode(as: ReadRequest.self, context: context)
        try await session.live.read(team: try await knownTeam(body.team), by: body.by)
        return try await inbox(request, context: context)
    }

    /// `team` when the hunt lists it.
    func knownTeam(_ team: String?) async throws(ServeError) -> String {
        guard let team, !team.isEmpty else { throw ServeError("say which team: `team` is a team id") }
        guard await session.teamChoices.contains(where: { $0.id == team }) else {
            throw ServeError("no team `\(team.prefix(80))` in this hunt: choose one of the hunt file's `teams`", status: 404)
        }
        return team
    }
}

/// `POST /api/inbox/read`'s body.
struct ReadRequest: Decodable {
    var team: String?
    var by: String?
}

extension LiveDay.Inbox: ResponseEncodable {}

/// `POST /api/announce`'s body (and `/api/reply`'s: the team is required there).
struct AnnounceRequest: Decodable {
    var text: String
    var team: String?
    var by: String?
}

extension LiveDay.Shown: ResponseEncodable {}

/// `POST /api/live`'s body.
struct LiveChange: Decodable {
    var action: String
    var resultsAt: String?
    var by: String?

    enum CodingKeys: String, CodingKey {
        case action
        case resultsAt = "results_at"
        case by
    }
}

extension LiveDay.Told: ResponseEncodable {}

/// What `/api/session` answers.
struct SessionAnswer: ResponseEncodable {
    var role: String
    var token: String?
    var blind: Bool
    var title: String
    var tasks: [ServeSession.Choice]
    var teams: [ServeSession.Choice]
    var reasons: [String]
    /// The hunt file's warnings (for the judge), one line each.
    var warnings: [String]
}

/// `POST /api/undo`: `{"path"}` or `{"id"}`, and `by`.
struct UndoRequest: Decodable {
    var path: String?
    var id: String?
    var by: String?
}

extension QueueFilter {
    /// The filters of `/api/queue`'s query parameters.
    init(query: [String: String]) throws(ServeError) {
        self.init()
        func text(_ key: String) -> String? { query[key].flatMap { $0.isEmpty ? nil : $0 } }
        task = text("task")
        team = text("team")
        reason = text("reason")
        around = text("around")
        if let verdict = text("verdict") {
            guard QueueFilter.verdicts.contains(verdict) else {
                throw ServeError("verdict must be one of \(QueueFilter.verdicts.joined(separator: ", ")), not `\(verdict)`")
            }
            self.verdict = verdict
        }
        if let reason, ReasonCode(rawValue: reason) == nil { throw ServeError("no reason code `\(reason)`") }
        for (key, path) in [("offset", \QueueFilter.offset), ("limit", \QueueFilter.limit)] {
            guard let value = text(key) else { continue }
            guard let number = Int(value), number >= 0 else { throw ServeError("`\(key)` must be a whole number ≥ 0, not `\(value)`") }
            self[keyPath: path] = number
        }
    }
}
