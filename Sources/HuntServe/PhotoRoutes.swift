import Foundation
import Hummingbird
import HuntKit
import NIOCore

/// The photos the pages show: a submission scaled for the queue (the judge's), a leaderboard
/// photo (anyone's with a token), a task's reference photo (the judge's).
struct PhotoRoutes: Sendable {
    /// The long side of the photo the queue shows, and of the small copies beside it.
    static let largePixels = 1600
    static let smallPixels = 320

    let session: ServeSession

    var endpoints: RouteCollection<ServeContext> {
        let routes = RouteCollection(context: ServeContext.self)
        routes.get("photo", use: photo)
        routes.add(middleware: JudgeOnlyMiddleware())
        routes.get("reference", use: reference)
        return routes
    }

    /// `?id=` or `?path=` (not blind) for the judge; `?shown=` for the leaderboard's recent accepted photos.
    @Sendable func photo(_ request: Request, context: ServeContext) async throws -> Response {
        let query = request.uri.queryParameters
        let pixels = query["size"] == "small" ? Self.smallPixels : Self.largePixels
        if let shown = query["shown"] {
            guard let path = await session.recentPhotoPath(shown: String(shown)) else {
                throw ServeError("no such photo on the leaderboard", status: 404)
            }
            return try Self.response(await session.preview(path: path, id: nil, maxPixels: pixels))
        }
        try JudgeOnlyMiddleware.require(context)
        if session.configuration.blind, query["path"] != nil { throw ServeError.blindPath }
        return try Self.response(await session.preview(path: query["path"].map(String.init), id: query["id"].map(String.init), maxPixels: pixels))
    }

    @Sendable func reference(_ request: Request, context: ServeContext) async throws -> Response {
        guard let task = request.uri.queryParameters["task"] else { throw ServeError("say which task: ?task=ID") }
        return try Self.response(await session.reference(task: String(task)))
    }

    static func response(_ preview: ServeSession.Preview) throws(ServeError) -> Response {
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

extension JudgeOnlyMiddleware {
    /// Refuses a request without the judge's token (for a route that is open to viewers in part).
    static func require(_ context: ServeContext) throws(ServeError) {
        guard context.role == .judge else {
            throw ServeError("this needs the judge's token; the leaderboard URL shows only the leaderboard", status: 403)
        }
    }
}
