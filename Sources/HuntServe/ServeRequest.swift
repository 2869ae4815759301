import Foundation
import HuntKit

/// What `hunt serve` is asked for, as typed on its command line: the files, the reports to keep
/// in the out folder, the address to listen on and further host names. It says what does not
/// fit together, worded for a usage error, and loads the server.
public struct ServeRequest: Sendable {
    public var huntPath: String
    public var submissionsPath: String
    /// The reviews file; nil for reviews.yaml beside the hunt file.
    public var reviewsPath: String?
    public var outPath: String?
    /// Reports kept in `outPath`: html, csv, md, comma-separated (`ReportFormat.list(besideResults:)`).
    public var formats: String?
    /// `host:port`, `[v6]:port` or `:port` (`ServeServer.listenAddress(_:)`).
    public var listen: String
    /// Further names browsers may use to reach the server (`ServeServer.extraHosts`).
    public var extraHosts: [String]
    public var blind: Bool
    /// The teams' pages (`--players`), or nil.
    public var players: PlayersOptions?
    /// At most this many connections from one client address (`ServeServer.connectionsPerAddress`).
    public var connectionsPerAddress: Int?
    /// Whether the leaderboard screen shows the latest accepted photos (`--hide-board-photos`).
    public var boardPhotos = true

    public init(huntPath: String, submissionsPath: String, reviewsPath: String? = nil, outPath: String? = nil, formats: String? = nil,
                listen: String = "127.0.0.1:8765", extraHosts: [String] = [], blind: Bool = false, players: PlayersOptions? = nil,
                connectionsPerAddress: Int? = nil) {
        self.huntPath = huntPath
        self.submissionsPath = submissionsPath
        self.reviewsPath = reviewsPath
        self.outPath = outPath
        self.formats = formats
        self.listen = listen
        self.extraHosts = extraHosts
        self.blind = blind
        self.players = players
        self.connectionsPerAddress = connectionsPerAddress
    }

    /// What does not fit together, worded for a usage error; nil when it can be served.
    public var problem: String? {
        do {
            _ = try checked()
            return nil
        } catch {
            return error.description
        }
    }

    /// The server with its session (the hunt and the reviews file read, nothing judged yet, not
    /// listening), and the console's pages. Throws a `DiagnosticError` for the hunt or the reviews
    /// file, and a `ServeError` for the pages or when there is a `problem`.
    public func load() throws -> (server: ServeServer, pages: ServePages) {
        let (host, port, reports) = try checked()
        var configuration = ServeConfiguration(huntPath: huntPath, submissionsPath: submissionsPath, reviewsPath: reviewsPath, outPath: outPath,
                                               reports: reports, blind: blind)
        configuration.boardPhotos = boardPhotos
        let session = try ServeSession(configuration: configuration)
        let pages = try ServePages.load()
        // The players' address behind a reverse proxy is a name the Host header may carry.
        let playersHost = players?.baseURL.flatMap { URL(string: $0) }.flatMap { url in url.host.map { [$0 + (url.port.map { ":\($0)" } ?? "")] } } ?? []
        return (ServeServer(session: session, host: host, port: port, extraHosts: extraHosts + playersHost, connectionsPerAddress: connectionsPerAddress), pages)
    }

    /// The players' room for `server` (its secret read, or made the first time), when asked for.
    public func loadPlayers(into server: inout ServeServer) async throws(ServeError) {
        guard let players else { return }
        server.players = try await PlayersRoom(session: server.session, options: players)
    }

    /// The address and the reports, read from their words, or the first thing that does not fit.
    private func checked() throws(ServeError) -> (host: String, port: Int, reports: [ReportFormat]) {
        guard let address = ServeServer.listenAddress(listen) else {
            throw ServeError("--listen takes host:port, e.g. `127.0.0.1:8765` or `0.0.0.0:8765`, not `\(listen)`")
        }
        let reports: [ReportFormat]
        do { reports = try ReportFormat.list(besideResults: formats ?? "") } catch {
            throw ServeError("--format takes html, csv and md, comma-separated, not `\(error.word)`")
        }
        if formats != nil, outPath == nil { throw ServeError("reports are kept beside results.json: add `--out DIR`") }
        if let base = players?.baseURL, !(base.hasPrefix("https://") || base.hasPrefix("http://")) || URL(string: base)?.host == nil {
            throw ServeError("--players-url takes the address the phones open, e.g. `https://hunt.example.org`, not `\(base)`")
        }
        return (address.host, address.port, reports)
    }
}
