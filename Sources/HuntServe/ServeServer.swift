import Foundation
import Hummingbird
import HummingbirdCore
import HuntKit
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// `hunt serve` as a running server: the session, its routes, the watcher, and the URLs to open.
public struct ServeServer: Sendable {
    package var session: ServeSession
    package var tokens: ServeTokens
    package var host: String
    package var port: Int
    /// Further `host` or `host:port` names the Host header may carry (a reverse proxy's name).
    package var extraHosts: [String]
    /// The teams' pages (`--players`), or nil.
    public var players: PlayersRoom?
    /// At most this many connections without a valid token from one client address
    /// (`ConnectionGuard`); nil for the default, `perAddress`.
    package var connectionsPerAddress: Int?
    /// `https://NAME` with `--public`: the address the printed URLs start with.
    package var publicBase: String?

    /// The connections without a valid token one address may hold: as asked, else 128, or with the
    /// players' pages 8 a team when that is more (a venue's phones share one address, and each
    /// connection counts against its address until its request is read: see `ConnectionGuard.Limits.perTeam`).
    package var perAddress: Int {
        connectionsPerAddress ?? max(ConnectionGuard.Limits.perAddress, (players?.tokens.teamCount ?? 0) * ConnectionGuard.Limits.perTeam)
    }

    /// A server for `session` on `host`:`port` (0 for a free port), with new random tokens unless
    /// `tokens` says otherwise; `extraHosts` are further names the Host header may carry.
    public init(
        session: ServeSession, tokens: ServeTokens = ServeTokens(), host: String = "127.0.0.1", port: Int = 8765, extraHosts: [String] = [],
        players: PlayersRoom? = nil, connectionsPerAddress: Int? = nil
    ) {
        self.session = session
        self.players = players
        self.connectionsPerAddress = connectionsPerAddress
        self.tokens = tokens
        self.host = host
        self.port = port
        self.extraHosts = extraHosts
    }

    /// The host and port of a `--listen` value: `host:port`, `[v6]:port`, or `:port` for
    /// loopback; nil when it is none of these or the port is not 0–65535.
    package static func listenAddress(_ text: String) -> (host: String, port: Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return (host.isEmpty ? "127.0.0.1" : host, port)
    }

    /// Whether `host` is a loopback address or name.
    package static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// The names a browser may put in the Host header to reach this server on `port`: the
    /// loopback names, and when listening on all interfaces or a given address, that address,
    /// the machine's name and every interface's address. Anything else is refused (DNS rebinding).
    func allowedHosts(port: Int) -> Set<String> {
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        if host == "0.0.0.0" || host == "::" {
            names.formUnion(Self.interfaceAddresses())
            names.insert(ProcessInfo.processInfo.hostName.lowercased())
        } else {
            names.insert(host.contains(":") ? "[\(host)]" : host.lowercased())
        }
        // With the port, as browsers send it; bare too (a client that leaves the port out).
        // Rebinding needs a name of the attacker's, which neither form lets in.
        var hosts = Set(names.map { "\($0):\(port)" }).union(names)
        for extra in extraHosts.map({ $0.lowercased() }) {
            hosts.insert(extra)
            if !extra.contains(":") || extra.hasSuffix("]") { hosts.insert(extra + ":\(port)") }
        }
        return hosts
    }

    /// The IPv4 and IPv6 addresses of this machine's interfaces (IPv6 in brackets, as in a URL).
    static func interfaceAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.contains("%") { continue }  // link-local with a zone: browsers do not take those
            found.append(family == AF_INET6 ? "[\(text)]" : text)
        }
        return found
    }

    /// The address the printed URLs start with: `http://host:port`.
    package func base(port: Int) -> String {
        if let publicBase { return publicBase }
        let shownHost = host == "0.0.0.0" || host == "::" ? ProcessInfo.processInfo.hostName : host.contains(":") ? "[\(host)]" : host
        return "http://\(shownHost):\(port)"
    }

    /// The judge's and the leaderboard's URLs, with their tokens.
    public func urls(port: Int) -> (judge: String, leaderboard: String) {
        let base = base(port: port)
        return ("\(base)/queue?token=\(tokens.judge)", "\(base)/leaderboard?token=\(tokens.viewer)")
    }

    /// What the organizer should know before the server listens: off loopback, that tokens guard it
    /// and a TLS proxy should front it; nil on loopback.
    package var exposureNote: String? {
        ServeServer.isLoopback(host)
            ? nil
            : "listening beyond this machine: every request needs a token; use a TLS reverse proxy off a trusted network (see “The judges' console” in the README's Reference)"
    }

    /// Why the server stopped, worded with what to do (a port in use names `--listen`).
    package func describe(_ error: any Error) -> String {
        let text = "\(error)"
        let inUse = text.contains("Address already in use") || text.contains("EADDRINUSE")
        return inUse
            ? "error: \(host):\(port) is in use; pass --listen \(host):PORT with another port (0 picks a free one)"
            : "error: the server stopped: \(text)"
    }

    /// Runs the server and the watcher until Ctrl-C or SIGTERM; `onRunning` gets the port it
    /// listens on (the real one for port 0). The watcher stops first: it ends the event streams,
    /// which the server waits for, then waits for `--out` to be written. Lines for the organizer
    /// (unfinished uploads removed) go to standard error.
    public func run(pages: ServePages, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await run(pages: pages, proxy: nil, notes: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }, onRunning: onRunning)
    }

    /// `run(pages:onRunning:)`, each line for the organizer to `notes`. With `proxy` (`--public`),
    /// Caddy starts once the port is known and stops with the server; when it ends first, so does the server.
    package func run(
        pages: ServePages, proxy: PublicProxy.Service?, notes: @escaping @Sendable (String) -> Void,
        onRunning: @escaping @Sendable (Int) async -> Void
    ) async throws {
        ProcessMemory.limitArenas()
        ConnectionGuard.Limits.raiseDescriptorLimit()
        let upstreamHost = host.contains(":") ? "[\(host)]" : host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "[::1]" : host
        let app = application(pages: pages) { actual in
            proxy?.started(upstream: "\(upstreamHost):\(actual)")
            await onRunning(actual)
        }
        let services: [any Service] =
            [app, FolderWatcher(session: session)] + (proxy.map { [$0] } ?? [])
            + (players.map { [PlayersRoom.IncomingSweep(room: $0, report: notes)] } ?? [])
        let group = ServiceGroup(
            configuration: .init(
                services: services,
                gracefulShutdownSignals: [.sigterm, .sigint], logger: app.logger))
        try await group.run()
    }

    /// Builds the application alone, without the folder watcher and the other services `run` adds;
    /// `onRunning` gets the port it listens on (the real one for port 0).
    package func application(pages: ServePages, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        var limits = ConnectionGuard.Limits.forThisProcess
        limits.perAddress = perAddress
        return application(pages: pages, limits: limits, onRunning: onRunning)
    }

    /// `application(pages:onRunning:)` with the connection limits given (see `ConnectionGuard`).
    func application(
        pages: ServePages, limits: ConnectionGuard.Limits, brake: BadTokenBrake = BadTokenBrake(),
        onRunning: @escaping @Sendable (Int) async -> Void
    ) -> some ApplicationProtocol {
        let hosts = AllowedHosts()
        let access = AccessMiddleware(tokens: tokens, allowedHosts: hosts, brake: brake)
        if port != 0 { hosts.set(allowedHosts(port: port)) }
        let router = ServeRoutes.router(session: session, pages: pages, access: access, players: players)
        var logger = Logger(label: "hunt-serve")
        logger.logLevel = .warning
        let server = self
        let tokens = self.tokens
        let teams = players?.tokens
        let connections = ConnectionGuard(limits: limits) { head in
            if let teams, let path = head.path, path.hasPrefix(AccessMiddleware.playersPrefix) {
                let token = path.dropFirst(AccessMiddleware.playersPrefix.count).prefix { $0 != "/" && $0 != "?" }
                return teams.team(of: token).map { .team($0) }
            }
            switch tokens.role(of: AccessMiddleware.token(in: head, cookieName: tokens.cookieName)) {
            case .judge: return .judge
            case .viewer: return .viewer
            case nil: return nil
            }
        }
        let http1 = HTTP1Channel.Configuration(additionalChannelHandlers: [connections.handler()], idleTimeout: limits.idleTimeout)
        return Application(
            router: router, server: .http1(configuration: http1),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let actual = channel.localAddress?.port ?? server.port
                hosts.set(server.allowedHosts(port: actual))
                await onRunning(actual)
            }, logger: logger)
    }
}

/// The Host names requests may carry; set once the port is known.
final class AllowedHosts: Sendable {
    private let names = Mutex<Set<String>>([])

    func set(_ names: Set<String>) { self.names.withLock { $0 = names } }
    func contains(_ name: String) -> Bool { names.withLock { $0.contains(name) } }
    var sorted: [String] { names.withLock { $0.sorted() } }
}
