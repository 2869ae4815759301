import Foundation
import HTTPTypes
import Hummingbird
import HuntKit
import NIOCore

/// The pages and the JSON API of `hunt serve`. Every route answers from the session's current
/// judgement; no route opens a path taken from the request (photos are looked up by submission).
enum ServeRoutes {
    /// Decisions, even bulk ones naming every photo, fit well within this.
    static let maximumBodyBytes = 4 << 20
    /// The long side of the photo the queue shows, and of the small copies beside it.
    static let largePixels = 1600
    static let smallPixels = 320

    static func router(session: ServeSession, pages: ServePages, access: AccessMiddleware) -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        router.add(middleware: access)

        router.get("/") { _, context in
            Response(status: .seeOther, headers: [.location: context.role == .judge ? "/queue" : "/leaderboard"])
        }
        for page in ServePages.Page.allCases {
            router.get(RouterPath(page.route)) { _, context in
                guard page.viewerMay || context.role == .judge else { throw ServeError("the leaderboard URL shows only the leaderboard", status: 403) }
                return pages.response(page)
            }
        }
        router.get("/assets/:name") { _, context in
            guard let name = context.parameters.get("name"), let asset = pages.asset(name) else { throw ServeError("no such file", status: 404) }
            return asset
        }

        // What the pages need to start: who they are talking to and, for the judge, the token
        // to send with decisions (a cookie alone never decides). Other sites cannot read this
        // answer (no CORS), and the cookie is SameSite=Strict.
        router.get("/api/session") { _, context in
            let configuration = session.configuration
            return try json(SessionAnswer(role: context.role?.rawValue ?? "viewer",
                                          token: context.role == .judge ? access.tokens.judge : nil,
                                          blind: configuration.blind, title: await session.title,
                                          tasks: await session.taskChoices, teams: configuration.blind ? [] : await session.teamChoices,
                                          reasons: ReasonCode.allCases.map(\.rawValue)))
        }
        router.get("/api/results") { _, context in
            try requireJudge(context)
            if session.configuration.blind {
                throw ServeError("blind judging: results.json names the team of every photo; read it from --out or `hunt judge` after judging", status: 403)
            }
            guard let chunks = await session.resultsJSON() else { throw ServeError("not judged yet: \(await session.problem ?? "")", status: 503) }
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(contentsOf: chunks.map { ByteBuffer(bytes: $0) }))
        }
        router.get("/api/queue") { request, context in
            try requireJudge(context)
            return try json(await session.queue(try filter(query(request))))
        }
        router.get("/api/item") { request, context in
            try requireJudge(context)
            let query = request.uri.queryParameters
            return try json(try await session.item(path: query["path"].map(String.init), id: query["id"].map(String.init)))
        }
        router.get("/api/leaderboard") { _, _ in
            guard let board = await session.currentLeaderboard() else { throw ServeError("not judged yet", status: 503) }
            return try json(board)
        }
        router.get("/api/team") { request, context in
            try requireJudge(context)
            guard let team = request.uri.queryParameters["team"] else { throw ServeError("say which team: ?team=ID") }
            return try json(try await session.teamGrid(String(team)))
        }
        router.get("/api/photo") { request, context in
            let query = request.uri.queryParameters
            let pixels = query["size"] == "small" ? smallPixels : largePixels
            // The leaderboard's recent accepted photos (`shown=`), for anyone with a token;
            // everything else (`id=`, `path=`) is for the judge.
            if let shown = query["shown"] {
                guard let path = await session.recentPhotoPath(shown: String(shown)) else { throw ServeError("no such photo on the leaderboard", status: 404) }
                return try await photoResponse(await session.preview(path: path, id: nil, maxPixels: pixels))
            }
            try requireJudge(context)
            return try await photoResponse(await session.preview(path: query["path"].map(String.init), id: query["id"].map(String.init), maxPixels: pixels))
        }
        router.get("/api/reference") { request, context in
            try requireJudge(context)
            guard let task = request.uri.queryParameters["task"] else { throw ServeError("say which task: ?task=ID") }
            return try await photoResponse(await session.reference(task: String(task)))
        }
        router.get("/api/events") { _, context in
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
        router.post("/api/decisions") { request, context in
            try requireJudge(context)
            let decision = try await decode(DecisionRequest.self, request, context: context)
            return try json(try await session.decide(decision))
        }
        router.post("/api/undo") { request, context in
            try requireJudge(context)
            let undo = try await decode(UndoRequest.self, request, context: context)
            return try json(try await session.undo(path: undo.path, id: undo.id, by: undo.by))
        }
        return router
    }

    static func requireJudge(_ context: ServeContext) throws(ServeError) {
        guard context.role == .judge else { throw ServeError("this needs the judge's token; the leaderboard URL shows only the leaderboard", status: 403) }
    }

    /// The query parameters; of a repeated one, the first.
    static func query(_ request: Request) -> [String: String] {
        Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { first, _ in first })
    }

    static func filter(_ query: [String: String]) throws(ServeError) -> QueueFilter {
        var filter = QueueFilter()
        func text(_ key: String) -> String? { query[key].flatMap { $0.isEmpty ? nil : $0 } }
        filter.task = text("task")
        filter.team = text("team")
        filter.reason = text("reason")
        filter.around = text("around")
        if let verdict = text("verdict") {
            guard QueueFilter.verdicts.contains(verdict) else {
                throw ServeError("verdict must be one of \(QueueFilter.verdicts.joined(separator: ", ")), not `\(verdict)`")
            }
            filter.verdict = verdict
        }
        if let reason = filter.reason, ReasonCode(rawValue: reason) == nil { throw ServeError("no reason code `\(reason)`") }
        for (key, path) in [("offset", \QueueFilter.offset), ("limit", \QueueFilter.limit)] {
            guard let value = text(key) else { continue }
            guard let number = Int(value), number >= 0 else { throw ServeError("`\(key)` must be a whole number ≥ 0, not `\(value)`") }
            filter[keyPath: path] = number
        }
        return filter
    }

    static func decode<T: Decodable>(_ type: T.Type, _ request: Request, context: ServeContext) async throws -> T {
        let body = try await request.body.collect(upTo: maximumBodyBytes)
        do { return try ServeJSON.decoder.decode(type, from: Data(buffer: body)) } catch {
            throw ServeError("the request body is not the JSON this takes (see “The judges' console”, the API table): \(error.localizedDescription)")
        }
    }

    static func json(_ value: some Encodable) throws -> Response {
        let data = try ServeJSON.encoder.encode(value)
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func text(_ message: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    static func photoResponse(_ preview: ServeSession.Preview) throws -> Response {
        switch preview {
        case .jpeg(let bytes):
            return Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        case .file(let bytes, let contentType):
            return Response(status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        case .none(let why):
            throw ServeError(why, status: 404)
        }
    }
}

/// What `/api/session` answers.
struct SessionAnswer: Encodable {
    var role: String
    var token: String?
    var blind: Bool
    var title: String
    var tasks: [ServeSession.Choice]
    var teams: [ServeSession.Choice]
    var reasons: [String]
}

/// `POST /api/undo`: `{"path"}` or `{"id"}`, and `by`.
struct UndoRequest: Decodable {
    var path: String?
    var id: String?
    var by: String?
}
