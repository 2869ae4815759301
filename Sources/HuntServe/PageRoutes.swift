import Foundation
import Hummingbird

/// The console's pages and their scripts and styles, from memory (`ServePages`).
struct PageRoutes: Sendable {
    let pages: ServePages

    var endpoints: RouteCollection<ServeContext> {
        let routes = RouteCollection(context: ServeContext.self)
        routes.get("/", use: start)
        for page in ServePages.Page.allCases {
            routes.get(RouterPath(page.route)) { _, context in try open(page, context: context) }
        }
        routes.get("/assets/:name", use: asset)
        return routes
    }

    /// The judge's queue, or the leaderboard for a viewer.
    @Sendable func start(_ request: Request, context: ServeContext) -> Response {
        Response(status: .seeOther, headers: [.location: context.role == .judge ? "/queue" : "/leaderboard"])
    }

    func open(_ page: ServePages.Page, context: ServeContext) throws(ServeError) -> Response {
        guard page.viewerMay || context.role == .judge else { throw ServeError("the leaderboard URL shows only the leaderboard", status: 403) }
        return pages.response(page)
    }

    @Sendable func asset(_ request: Request, context: ServeContext) throws -> Response {
        guard let name = context.parameters.get("name"), let asset = pages.asset(name) else { throw ServeError("no such file", status: 404) }
        return asset
    }
}
