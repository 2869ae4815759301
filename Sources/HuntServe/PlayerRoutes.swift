import AsyncAlgorithms
import Foundation
import Hummingbird
import HuntKit
import NIOCore

/// The players' room under `/t/<token>`: the team's page and its script and style, the team's
/// state and its event stream, its own photos, uploads and withdrawals. The token names the
/// team (`PlayerAccess`); nothing here takes a team, a path or a file name from the request.
struct PlayerRoutes: Sendable {
    let room: PlayersRoom
    let pages: ServePages
    let brake: BadTokenBrake
    /// A team's previews, two at a time (a page shows its thumbnails a few at once anyway).
    let previews = TeamLanes(perTeam: 2)

    static let mountPath = "/t/:token"

    var endpoints: RouteCollection<ServeContext> {
        let routes = RouteCollection(context: ServeContext.self)
        routes.add(middleware: PlayerRefusalWords(room: room))
        routes.add(middleware: PlayerAccess(room: room, brake: brake))
        routes.get(use: page)
        routes.get("assets/:name", use: asset)
        routes.get("api/state", use: state)
        routes.get("events", use: events)
        routes.get("photo", use: photo)
        routes.post("upload", use: upload)
        routes.post("withdraw", use: withdraw)
        routes.post("show", use: showPhotos)
        routes.post("guide", use: guide)
        routes.post("answer", use: answer)
        routes.post("check-in", use: checkIn)
        routes.post("hint", use: hint)
        routes.post("message", use: message)
        return routes
    }

    private var session: ServeSession { room.session }

    /// The page, with the address of its room and its words written in, in the language the
    /// player chose (`?lang=`, from the page's switch), else the one their phone asks for
    /// (`Accept-Language`), among those the hunt offers.
    @Sendable func page(_ request: Request, context: ServeContext) async throws -> Response {
        let offered = await session.hunt.languages
        let language = LanguageChoice.language(
            chosen: request.uri.queryParameters["lang"].map(String.init),
            acceptLanguage: request.headers[.acceptLanguage], offered: offered)
        let catalog = (try? PlayerCatalog.named(language)) ?? .english
        let choices = offered.map { ($0, (try? PlayerCatalog.named($0))?.name ?? $0) }
        guard
            let html = pages.players(
                base: "/t/" + (context.parameters.get("token") ?? ""), language: language, catalog: catalog,
                offered: choices)
        else {
            throw ServeError("no such file", status: 404)
        }
        return html
    }

    /// The language a team's state is asked in (`?lang=`), when the hunt offers it and it is not the hunt's own.
    private func language(_ request: Request) async -> String? {
        guard let asked = request.uri.queryParameters["lang"].map(String.init) else { return nil }
        let hunt = await session.hunt
        return asked != hunt.language && hunt.languages.contains(asked) ? asked : nil
    }

    @Sendable func asset(_ request: Request, context: ServeContext) throws -> Response {
        guard let name = context.parameters.get("name"), ServePages.playerAssets.contains(name), let asset = pages.asset(name) else {
            throw ServeError("no such file", status: 404)
        }
        return asset
    }

    @Sendable func state(_ request: Request, context: ServeContext) async throws -> TeamView {
        await room.view(try Self.team(context), language: await language(request))
    }

    /// Server-Sent Events for one team: its state each time a judgement changes it (its verdicts,
    /// a judge's decision, its points, or the leaderboard when it may see that), and nothing else.
    /// The view is computed once a change for all the team's pages (`TeamStreams`).
    @Sendable func events(_ request: Request, context: ServeContext) async throws -> Response {
        let team = try Self.team(context)
        let language = await language(request)
        let page = PlayersRoom.page(team, language: language)
        let (states, end) = await room.streams.subscribe(page)
        // The live day's events (paused, ended), the state now first: a page that reconnects is told at once.
        let (live, endLive) = await session.live.subscribe(page)
        context.connectionClosed?.whenComplete { _ in
            end()
            endLive()
        }
        let room = self.room
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
            var last = EventHub.Event(name: "state", value: await room.view(team, language: language))
            try await writer.write(ByteBuffer(string: last.text))
            var lastLive = ""
            for await event in merge(states, live) {
                if event.name == "state" {
                    guard event.json != last.json else { continue }
                    last = event
                } else {
                    // A change for other teams tells this page the same again: sent once.
                    guard event.json != lastLive else { continue }
                    lastLive = event.json
                }
                try await writer.write(ByteBuffer(string: event.text))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    /// One of the team's own photos, scaled (`?id=`, `&size=small`).
    @Sendable func photo(_ request: Request, context: ServeContext) async throws -> Response {
        let team = try Self.team(context)
        guard let id = request.uri.queryParameters["id"], let path = await session.teamSubmission(team: team, id: String(id)) else {
            throw ServeError(player: "refused.no-photo", status: 404)
        }
        let pixels = request.uri.queryParameters["size"] == "small" ? PhotoRoutes.smallPixels : PhotoRoutes.largePixels
        return try PhotoRoutes.response(await previews.run(team) { await session.preview(path: path, id: nil, maxPixels: pixels) })
    }

    /// The file's bytes as the body, `?task=ID`, and the browser's fix when it gave one:
    /// `lat`, `lon`, `accuracy` (metres), `fixed_at` (ms since 1970), `live=1` from the camera.
    /// Every refusal is told to the organizer (`ServeSession.uploadFailed`): none goes unseen.
    @Sendable func upload(_ request: Request, context: ServeContext) async throws -> EditedResponse<Sent> {
        let team = try Self.team(context)
        // Paused or ended: refused before a byte is read (uploads already under way finish), and not an upload failure.
        if let refusal = await session.live.refusal { throw refusal }
        do {
            let response = try await receive(request, team: team)
            await session.uploadSucceeded()
            return response
        } catch {
            let refused = Self.refusal(error)
            let task = request.uri.queryParameters["task"].map { String($0.prefix(80)) } ?? ""
            await session.uploadFailed(UploadFailure(team: team, task: task, status: refused.code, why: refused.description))
            throw refused
        }
    }

    /// What an upload's error is told as: the server's own words, or, for an error from below
    /// (the connection), that the file did not arrive whole — the players' side, so no banner.
    static func refusal(_ error: any Error) -> ServeError {
        if let error = error as? ServeError { return error }
        if let error = error as? any HTTPResponseError, error.status.code < 500 { return ServeError("\(error)", status: error.status.code) }
        if error is CancellationError { return ServeError(player: "refused.cut-off", status: 400) }
        var refusal = ServeError("the upload did not arrive whole (\(error)): send the photo again", status: 400)
        refusal.playerWords = PlayerWords(key: "refused.not-whole", values: [:])
        return refusal
    }

    private func receive(_ request: Request, team: String) async throws -> EditedResponse<Sent> {
        let query = ServeRoutes.query(request)
        guard let task = query["task"], PlayersRoom.isFolderName(task), await session.taskChoices.contains(where: { $0.id == task }) else {
            throw ServeError(player: "refused.no-task", status: 404)
        }
        let received = Date()
        let fix = try Self.fix(query, uploadedAt: received)
        let placed = try await room.uploads.withUpload(team, task: task) { limit, ticket in
            if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
                throw ServeError(player: "refused.too-large", ["megabytes": String(limit / 1_000_000)], status: 413)
            }
            var upload = try PlayerUpload(submissions: session.configuration.submissionsPath, team: team, task: task)
            defer { upload.close() }
            // Counted against the team's bytes as they arrive, so uploads side by side share what is left.
            for try await buffer in request.body {
                try await ticket.reserve(buffer.readableBytes)
                try buffer.withUnsafeReadableBytes { (piece) throws(ServeError) in try upload.append(piece, limit: limit) }
            }
            let sha256 = try upload.finish()
            if let earlier = await room.uploads.existing(team, sha256: sha256) { return (path: earlier, new: false, bytes: 0, sha256: sha256) }
            let placed = try upload.place(sha256: sha256, at: received, fix: fix)
            if placed.new { ticket.keep(placed.path, bytes: upload.bytes, sha256: sha256) }
            return (path: placed.path, new: placed.new, bytes: upload.bytes, sha256: sha256)
        }
        guard placed.new else { return sent("already sent", path: placed.path, status: .ok) }
        room.record(
            .init(
                action: "upload", team: team, task: task, path: placed.path, at: received,
                bytes: placed.bytes, sha256: placed.sha256, fix: fix))
        room.judgeSoon()
        return sent("sent", path: placed.path, status: .created)
    }

    /// `{"id"}`: moves the team's undecided upload into `.withdrawn/`.
    @Sendable func withdraw(_ request: Request, context: ServeContext) async throws -> [String: String] {
        let team = try Self.team(context)
        let body = try await request.decode(as: WithdrawRequest.self, context: context)
        let pending = await room.uploads.pending[team] ?? [:]
        let path: String
        if let waiting = pending.keys.first(where: { session.ids.id(of: $0) == body.id }) {
            path = waiting
        } else {
            guard let found = await session.teamSubmission(team: team, id: body.id) else {
                throw ServeError(player: "refused.no-photo", status: 404)
            }
            path = found
        }
        guard PlayerUploads.isServerName(path), await session.review(of: path) == nil else {
            throw ServeError(player: "refused.decided", status: 409)
        }
        try PlayerUpload.withdraw(path, submissions: session.configuration.submissionsPath)
        await room.uploads.withdrew(team, path: path)
        room.record(.init(action: "withdraw", team: team, path: path, at: Date()))
        room.judgeSoon()
        return ["status": "withdrawn", "id": body.id]
    }

    /// The way to a guided task from the phone's position (`TeamGuides`): body `{task, lat, lon, accuracy}`.
    @Sendable func guide(_ request: Request, context: ServeContext) async throws -> GuideAnswer {
        let team = try Self.team(context)
        let body = try await request.decode(as: GuideRequest.self, context: context)
        return try await room.guide(body, team: team, language: await language(request))
    }

    /// Whether the team lets its photos be in the end-of-day show: body `{"show": true|false}`.
    @Sendable func showPhotos(_ request: Request, context: ServeContext) async throws -> [String: Bool] {
        let team = try Self.team(context)
        let body = try await request.decode(as: ShowConsent.self, context: context)
        try await session.showTeam(team, shown: body.show)
        return ["show": body.show]
    }

    /// The largest answer request body: the answer's bytes, a task id and the JSON around them.
    static let maximumAnswerBody = 4096

    /// `{"task", "answer"}` (`?lang=` for the reasons' language): the answer appended to
    /// SUBMISSIONS/answers.jsonl and judged on the spot (`ServeSession.answer`), answered with
    /// the verdict, the reasons and the tries left. Rate-limited with the uploads (`PlayerAccess`).
    @Sendable func answer(_ request: Request, context: ServeContext) async throws -> AnswerReply {
        let team = try Self.team(context)
        // Paused or ended: answers are refused as uploads are, in the same words.
        if let refusal = await session.live.refusal { throw refusal }
        let sent = try await Self.body(
            of: request, as: AnswerRequest.self, upTo: Self.maximumAnswerBody,
            tooLarge: ServeError(player: "refused.answer-too-long", count: ServeSession.maximumAnswerBytes, status: 413))
        let language = await language(request)
        let reply = try await session.answer(team: team, task: sent.task, typed: sent.answer, language: language)
        room.record(.init(action: "answer", team: team, task: sent.task, path: AnswerLog.fileName + "#" + reply.id, at: Date()))
        room.judgeSoon()
        return reply
    }

    /// A small JSON body the page sends (an answer, a check-in, a hint), read up to `limit` bytes:
    /// `tooLarge` past it, `unreadable` (400, "reload the page") when it is not such JSON.
    static func body<Sent: Decodable>(
        of request: Request, as: Sent.Type, upTo limit: Int, tooLarge: ServeError,
        unreadable: ServeError = ServeError(player: "refused.unreadable")
    ) async throws -> Sent {
        let body: ByteBuffer
        do { body = try await request.body.collect(upTo: limit) } catch { throw tooLarge }
        do { return try ServeJSON.decoder.decode(Sent.self, from: Data(buffer: body)) } catch { throw unreadable }
    }

    /// The largest check-in request body: a task id and five numbers.
    static let maximumCheckInBody = 1024

    /// `{"task", "latitude", "longitude", "accuracy"}` and, for a check-in the page kept without a
    /// signal, `"fixed_at"` (`CheckInRequest.madeAt`); `?lang=` for the reasons' language: the
    /// check-in appended to SUBMISSIONS/answers.jsonl and judged on the spot (`ServeSession.checkIn`),
    /// refused as answers are when paused or ended, rate-limited with them (`PlayerAccess`); a
    /// body that is not such numbers is refused (400) with nothing written.
    @Sendable func checkIn(_ request: Request, context: ServeContext) async throws -> CheckInReply {
        let team = try Self.team(context)
        if let refusal = await session.live.refusal { throw refusal }
        let language = await language(request)
        let sent = try await Self.body(
            of: request, as: CheckInRequest.self, upTo: Self.maximumCheckInBody,
            tooLarge: ServeError(player: "check-in.bad-position", status: 413), unreadable: ServeError(player: "check-in.bad-position"))
        let position = CheckInPosition(latitude: sent.latitude, longitude: sent.longitude, accuracyMetres: sent.accuracy)
        let reply = try await session.checkIn(
            team: team, task: sent.task, position: position, madeAt: sent.madeAt(received: Date()), language: language)
        room.record(.init(action: "check-in", team: team, task: sent.task, path: AnswerLog.fileName + "#" + reply.id, at: Date()))
        room.judgeSoon()
        return reply
    }

    /// The largest hint request body: a task id, an index and the JSON around them.
    static let maximumHintBody = 1024

    /// `{"task", "hint"}` (`?lang=` for the text's language): the hint's text, bought first when
    /// it is for sale and not open yet (`ServeSession.buyHint`). Refused while paused or ended,
    /// and rate-limited, as answers are.
    @Sendable func hint(_ request: Request, context: ServeContext) async throws -> HintReply {
        let team = try Self.team(context)
        if let refusal = await session.live.refusal { throw refusal }
        let sent = try await Self.body(
            of: request, as: HintRequest.self, upTo: Self.maximumHintBody, tooLarge: ServeError(player: "refused.unreadable", status: 413))
        let reply = try await session.buyHint(team: team, task: sent.task, hint: sent.hint, language: await language(request))
        if reply.cost > 0 { room.record(.init(action: "hint", team: team, task: reply.task, path: HintLog.fileName, at: Date())) }
        return reply
    }

    /// `{"text"}`: the team's message to the organizers (the page's "Message the organizers");
    /// bounded and rate limited (`LiveDay.ask`); it and the replies come back in the `live` event.
    @Sendable func message(_ request: Request, context: ServeContext) async throws -> LiveDay.Line {
        let team = try Self.team(context)
        let body = try await request.decode(as: MessageRequest.self, context: context)
        return try await session.live.ask(body.text, team: team)
    }

    static func team(_ context: ServeContext) throws(ServeError) -> String {
        guard let team = context.team else { throw ServeError("this team link is not valid", status: 404) }
        return team
    }

    /// What an upload is answered with: `{"status", "id", "name"}`, 201 for a new file.
    struct Sent: ResponseEncodable {
        var status: String
        var id: String
        var name: String
    }

    func sent(_ status: String, path: String, status code: HTTPResponse.Status) -> EditedResponse<Sent> {
        EditedResponse(status: code, response: Sent(status: status, id: session.ids.id(of: path), name: (path as NSString).lastPathComponent))
    }

    /// A phone's `fixed_at` (milliseconds since 1970) as a time; nil for none (not a number, 1970
    /// or before, or past the year 9999, which no phone's clock is set to).
    static func fixTime(milliseconds ms: Double) -> Date? {
        guard ms.isFinite, ms > 0, ms < 253_402_300_800_000 else { return nil }
        return Date(timeIntervalSince1970: ms / 1000)
    }

    /// The browser's fix from the query, or nil when it sent none; numbers out of range are refused.
    static func fix(_ query: [String: String], uploadedAt: Date) throws(ServeError) -> BrowserFix? {
        guard let latText = query["lat"], let lonText = query["lon"], !latText.isEmpty, !lonText.isEmpty else { return nil }
        guard let lat = Double(latText), let lon = Double(lonText), (-90...90).contains(lat), (-180...180).contains(lon) else {
            throw ServeError("lat and lon must be degrees (-90…90, -180…180)")
        }
        let accuracy = query["accuracy"].flatMap(Double.init) ?? 0
        guard accuracy.isFinite, accuracy >= 0 else { throw ServeError("accuracy must be metres ≥ 0") }
        var fixedAt = uploadedAt
        if let ms = query["fixed_at"].flatMap(Double.init) {
            guard let date = Self.fixTime(milliseconds: ms) else {
                throw ServeError("fixed_at must be milliseconds since 1970, before the year 10000")
            }
            fixedAt = date
        }
        return BrowserFix(
            position: Coordinate(latitude: lat, longitude: lon), accuracyMetres: accuracy, fixedAt: fixedAt, uploadedAt: uploadedAt,
            liveCapture: query["live"] == "1")
    }
}

struct WithdrawRequest: Decodable {
    var id: String
}

struct AnswerRequest: Decodable {
    var task: String
    var answer: String
}

/// `POST /t/<token>/message`'s body.
struct MessageRequest: Decodable {
    var text: String
}

extension LiveDay.Line: ResponseEncodable {}

/// Finds the team a `/t/<token>` request is for; an unknown token waits as a wrong console
/// token does (`BadTokenBrake`), and a team over its rate is told to wait.
struct PlayerAccess: RouterMiddleware {
    typealias Context = ServeContext
    let room: PlayersRoom
    let brake: BadTokenBrake

    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        guard let token = context.parameters.get("token"), let team = room.tokens.team(of: Substring(token)) else {
            try await Task.sleep(for: await brake.delayAfterFailure())
            throw ServeError(player: "refused.team-link", status: 404)
        }
        guard await room.uploads.allow(team) else {
            let why = "too many requests from your team: wait a few seconds and try again"
            if request.method == .post, request.uri.path.hasSuffix("/upload") {
                let task = request.uri.queryParameters["task"].map { String($0.prefix(80)) } ?? ""
                await room.session.uploadFailed(UploadFailure(team: team, task: task, status: 429, why: why))
            }
            var response = ServeError.text(why, status: .tooManyRequests)
            response.headers[.retryAfter] = "5"
            return response
        }
        var context = context
        context.team = team
        return try await next(request, context)
    }
}

/// Answers a refusal with player words (`ServeError.playerWords`) in the player's language: the
/// page's `?lang=`, else the phone's `Accept-Language`, among the hunt's languages. The words in
/// the organizer's log stay English: they are written before the refusal reaches here.
struct PlayerRefusalWords: RouterMiddleware {
    typealias Context = ServeContext
    let room: PlayersRoom

    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ServeError {
            guard let words = error.playerWords else { throw error }
            let language = LanguageChoice.language(
                chosen: request.uri.queryParameters["lang"].map(String.init), acceptLanguage: request.headers[.acceptLanguage],
                offered: await room.session.hunt.languages)
            var said = ServeError(words.text(in: (try? PlayerCatalog.named(language)) ?? .english), status: error.code)
            said.playerWords = words
            throw said
        }
    }
}

extension PlayersRoom {
    /// Team `team`'s state now, in `language` (the hunt's when nil); uploads the judgement has
    /// taken stop being pending.
    func view(_ team: String, language: String? = nil) async -> TeamView {
        // With nothing to compare with, the view is always made.
        await Self.view(team, language: language, session: session, uploads: uploads, sees: options.sees)!.view
    }

    /// What `TeamStreams` keys a team's pages by: the team, and the language when it is not the
    /// hunt's own (`foxes/en`); a team id holds no `/` (`isFolderName`).
    static func page(_ team: String, language: String?) -> String { language.map { team + "/" + $0 } ?? team }

    static func teamAndLanguage(_ page: String) -> (team: String, language: String?) {
        guard let slash = page.firstIndex(of: "/") else { return (page, nil) }
        return (String(page[..<slash]), String(page[page.index(after: slash)...]))
    }
}

/// What `POST /t/<token>/show` takes.
struct ShowConsent: Decodable {
    var show: Bool
}
