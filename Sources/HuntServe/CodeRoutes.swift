import Foundation
import Hummingbird
import HuntKit

/// `/code`: where a poster's QR code leads (`hunt sheets --posters`), `/code#<task>:<CODE>`. A
/// poster names no team, so this page takes no token: its script (code.js) sends the phone on
/// to the team page it opened last (the team page remembers itself on the phone), with the code
/// in the URL's fragment, which no request carries: the code reaches the server only when the
/// team sends it. A phone that never opened a team page is told to open its link first.
struct CodeRoutes: Sendable {
    let room: PlayersRoom
    let pages: ServePages

    static let path = RouterPath(AccessMiddleware.codePath)
    /// What the page may fetch under `/code/`.
    static let assets: Set<String> = ["code.js", "players.css"]

    var endpoints: RouteCollection<ServeContext> {
        let routes = RouteCollection(context: ServeContext.self)
        routes.get(use: page)
        routes.get(":name", use: asset)
        return routes
    }

    /// The page in the language the phone asks for, among those the hunt offers.
    @Sendable func page(_ request: Request, context: ServeContext) async throws -> Response {
        let offered = await room.session.hunt.languages
        let language = LanguageChoice.language(chosen: nil, acceptLanguage: request.headers[.acceptLanguage], offered: offered)
        let catalog = (try? PlayerCatalog.named(language)) ?? .english
        guard let html = pages.players(base: AccessMiddleware.codePath, language: language, catalog: catalog, page: "code.html") else {
            throw ServeError("no such file", status: 404)
        }
        return html
    }

    @Sendable func asset(_ request: Request, context: ServeContext) throws -> Response {
        guard let name = context.parameters.get("name"), Self.assets.contains(name), let asset = pages.asset(name) else {
            throw ServeError("no such file", status: 404)
        }
        return asset
    }
}
