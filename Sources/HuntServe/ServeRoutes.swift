import Foundation
import HTTPTypes
import Hummingbird
import HuntKit
import NIOCore

/// The console's router: the access check on every request, then one controller per area —
/// the pages, the JSON API (a judge-only group inside it) and the photos. Every route answers
/// from the session's current judgement; no route opens a path taken from the request (photos
/// are looked up by submission). A refusal is a thrown `ServeError`, which answers for itself.
enum ServeRoutes {
    /// Decisions, even bulk ones naming every photo, fit well within this.
    static let maximumBodyBytes = 4 << 20

    static func router(session: ServeSession, pages: ServePages, access: AccessMiddleware, players: PlayersRoom? = nil) -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        router.add(middleware: access)
        router.addRoutes(PageRoutes(pages: pages).endpoints)
        if let players {
            router.addRoutes(PlayerRoutes(room: players, pages: pages, brake: access.brake).endpoints, atPath: RouterPath(PlayerRoutes.mountPath))
            router.addRoutes(CodeRoutes(room: players, pages: pages).endpoints, atPath: CodeRoutes.path)
        }
        router.addRoutes(APIRoutes(session: session, judgeToken: access.tokens.judge).endpoints, atPath: "/api")
        router.addRoutes(PhotoRoutes(session: session).endpoints, atPath: "/api")
        return router
    }

    /// The query parameters; of a repeated one, the first.
    static func query(_ request: Request) -> [String: String] {
        Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Lets only requests with the judge's token through (the judge-only routes of `APIRoutes`).
struct JudgeOnlyMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        try Self.require(context)
        return try await next(request, context)
    }
}

// The JSON answers, encoded by the context's `responseEncoder` (`ServeContext`).
extension QueueAnswer: ResponseEncodable {}
extension QueueItem: ResponseEncodable {}
extension AnswerReply: ResponseEncodable {}
extension CheckInReply: ResponseEncodable {}
extension LeaderboardAnswer: ResponseEncodable {}
extension ShowAnswer: ResponseEncodable {}
extension GuideAnswer: ResponseEncodable {}
extension DecisionAnswer: ResponseEncodable {}
extension TeamGrid: ResponseEncodable {}
extension TeamView: ResponseEncodable {}
