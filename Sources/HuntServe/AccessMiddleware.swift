import Foundation
import HTTPTypes
import Hummingbird

/// What every request passes first: the Host check (no DNS rebinding), the token (from
/// `?token=`, which becomes a cookie, then from the cookie or an `Authorization: Bearer` header),
/// the judge token for anything that changes state, and the security headers on every answer.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy:
            "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        .cacheControl: "no-store"
    ]

    static let playersPrefix = "/t/"
    /// Where a poster's QR code leads (`CodeRoutes`).
    static let codePath = "/code"

    var tokens: ServeTokens
    /// `host:port` values the Host header may have (lower case).
    var allowedHosts: AllowedHosts
    var brake: BadTokenBrake

    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        // A thrown `ServeError` makes its own answer, with these headers.
        var response = try await check(request, context: context, next: next)
        for field in Self.securityHeaders where response.headers[field.name] == nil { response.headers.append(field) }
        return response
    }

    private func check(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority?.lowercased(), allowedHosts.contains(host) else {
            // The names it does answer to (the machine's addresses and name) are not for a client without a token.
            throw ServeError(
                "this server does not answer to that host name: open the URL `hunt serve` printed (a reverse proxy's name is allowed with --allow-host)",
                status: 421)
        }
        // The players' rooms carry their team's token in the path and check it themselves
        // (`PlayerAccess`): no console token, no cookie.
        if request.uri.path.hasPrefix(Self.playersPrefix) { return try await next(request, context) }
        // A poster's page (`CodeRoutes`) names no team and holds nothing of the hunt's: no token.
        if request.uri.path == Self.codePath || request.uri.path.hasPrefix(Self.codePath + "/") { return try await next(request, context) }
        // `?token=` on a page: set the cookie and go to the same page without the token, so it
        // stays out of the address bar, history and Referer.
        if let token = request.uri.queryParameters["token"] {
            guard tokens.role(of: token) != nil else { return try await refuse() }
            // Keys come as sent (still percent-encoded), values decoded: each is encoded once.
            var query = request.uri.queryParameters.filter { $0.key != "token" }
                .map { "\(Self.percent(Substring($0.key.removingPercentEncoding ?? String($0.key))))=\(Self.percent($0.value))" }.joined(
                    separator: "&")
            if !query.isEmpty { query = "?" + query }
            var response = Response(status: .seeOther, headers: [.location: Self.localPath(request.uri.path) + query])
            response.headers[.setCookie] = "\(tokens.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
            return response
        }
        let bearer = Self.bearer(request.headers)
        let cookie = Self.cookie(tokens.cookieName, in: request.headers[values: .cookie])
        let changesState = request.method != .get && request.method != .head
        var context = context
        if changesState {
            // A cookie alone never decides anything: another page the judge has open could send it.
            guard tokens.role(of: bearer) == .judge else {
                return try await refuse(
                    status: bearer == nil ? .unauthorized : .forbidden,
                    why: tokens.role(of: bearer) == .viewer
                        ? "the leaderboard's token may only watch: deciding, pausing and announcing need the judges' URL `hunt serve` printed"
                        : nil)
            }
            context.role = .judge
        } else {
            guard let role = tokens.role(of: bearer) ?? tokens.role(of: cookie) else {
                return try await refuse(status: bearer == nil && cookie == nil ? .unauthorized : .forbidden)
            }
            context.role = role
        }
        return try await next(request, context)
    }

    private func refuse(status: HTTPResponse.Status = .forbidden, why: String? = nil) async throws -> Response {
        // A token the server gave (the leaderboard's) is no guess: it waits for nothing.
        if why == nil { try await Task.sleep(for: await brake.delayAfterFailure()) }
        let what = status == .unauthorized ? "this needs a token" : "wrong token"
        return ServeError.text(why ?? "\(what): open the judge or leaderboard URL `hunt serve` printed (it ends in ?token=…)", status: status)
    }

    /// The token of an `Authorization: Bearer` header.
    static func bearer(_ headers: HTTPFields) -> Substring? {
        headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? $0.dropFirst(7) : nil }
    }

    /// The token a request head carries: the bearer token, else the console's cookie.
    static func token(in head: HTTPRequest, cookieName: String) -> Substring? {
        bearer(head.headerFields) ?? cookie(cookieName, in: head.headerFields[values: .cookie])
    }

    static func cookie(_ name: String, in headers: [String]) -> Substring? {
        for header in headers {
            for part in header.split(separator: ";") {
                let pair = part.trimmingCharacters(in: .whitespaces)
                if pair.hasPrefix(name + "=") { return Substring(pair.dropFirst(name.count + 1)) }
            }
        }
        return nil
    }

    /// `path` as a path on this server: `//evil.example/` (which a browser reads as another host)
    /// becomes `/evil.example/`.
    static func localPath(_ path: String) -> String {
        "/" + path.drop { $0 == "/" || $0 == "\\" }
    }

    static func percent(_ text: Substring) -> String {
        String(text).addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~/"))) ?? ""
    }
}
