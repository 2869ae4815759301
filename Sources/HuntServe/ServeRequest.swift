import Foundation
import HuntKit

/// What `hunt serve` is asked for, as typed on its command line: the files, the reports to keep
/// in the out folder, the address to listen on and further host names. It says what does not
/// fit together, worded for a usage error, and loads the server.
package struct ServeRequest: Sendable {
    package var huntPath: String
    package var submissionsPath: String
    /// The reviews file; nil for reviews.yaml beside the hunt file.
    package var reviewsPath: String?
    package var outPath: String?
    /// Reports kept in `outPath`: html, csv, md, comma-separated (`ReportFormat.list(besideResults:)`).
    package var formats: String?
    /// `host:port`, `[v6]:port` or `:port` (`ServeServer.listenAddress(_:)`).
    package var listen: String
    /// Further names browsers may use to reach the server (`ServeServer.extraHosts`).
    package var extraHosts: [String]
    package var blind: Bool
    /// The teams' pages (`--players`), or nil.
    package var players: PlayersOptions?
    /// At most this many connections from one client address (`ServeServer.connectionsPerAddress`).
    package var connectionsPerAddress: Int?
    /// `--rehearse`: the day to run the hunt on as if it were its day, or nil for the hunt as written.
    package var rehearsalDay: Rehearsal.Day?
    /// `--public` (`PublicProxy`): Caddy in front, whose address the printed URLs carry.
    package var publicProxy: PublicProxy?
    /// Whether the leaderboard screen shows the latest accepted photos (`--hide-board-photos`).
    package var boardPhotos = true

    package init(
        huntPath: String, submissionsPath: String, reviewsPath: String? = nil, outPath: String? = nil, formats: String? = nil,
        listen: String = "127.0.0.1:8765", extraHosts: [String] = [], blind: Bool = false, players: PlayersOptions? = nil,
        connectionsPerAddress: Int? = nil, rehearsalDay: Rehearsal.Day? = nil,
        publicProxy: PublicProxy? = nil
    ) {
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
        self.rehearsalDay = rehearsalDay
        self.publicProxy = publicProxy
    }

    /// What does not fit together, worded for a usage error; nil when it can be served.
    package var problem: String? {
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
    package func load() throws -> (server: ServeServer, pages: ServePages) {
        let (host, port, reports) = try checked()
        var configuration = ServeConfiguration(
            huntPath: huntPath, submissionsPath: submissionsPath, reviewsPath: reviewsPath, outPath: outPath,
            reports: reports, blind: blind, rehearsalDay: rehearsalDay)
        configuration.boardPhotos = boardPhotos
        configuration.codeSecret = try codeSecret()
        let session = try ServeSession(configuration: configuration)
        let pages = try ServePages.load().marked(with: configuration.rehearsalBanner)
        // The players' address behind a reverse proxy is a name the Host header may carry.
        let playersHost =
            players?.baseURL.flatMap { URL(string: $0) }.flatMap { url in url.host.map { [$0 + (url.port.map { ":\($0)" } ?? "")] } } ?? []
        var server = ServeServer(
            session: session, host: host, port: port, extraHosts: extraHosts + playersHost + (publicProxy?.hosts ?? []),
            connectionsPerAddress: connectionsPerAddress)
        server.publicBase = publicProxy?.base
        return (server, pages)
    }

    /// The players' secret for the codes of `code: true` tasks: with `--players` the room's
    /// (made here the first time, as the room would), else the file beside the hunt when it is
    /// there. Nil without it: those codes' attempts go to review.
    private func codeSecret() throws(ServeError) -> [UInt8]? {
        let path = players?.secretPath ?? PlayerTokens.defaultSecretPath(huntPath: huntPath)
        return players != nil ? try PlayerTokens.secret(at: path) : try PlayerCodes.existingSecret(at: path)
    }

    /// Makes the submissions folder when it is missing, as `--out` folders are made (photos are
    /// dropped or uploaded into it), and with `--players` checks that uploads can be written there:
    /// a line saying it was made, nil when it was there. Throws, with what to do, when it cannot be
    /// made or, with `--players`, written: a server whose every upload would fail does not start.
    package func prepareSubmissions() throws(ServeError) -> String? {
        var isFolder: ObjCBool = false
        var made: String?
        if FileManager.default.fileExists(atPath: submissionsPath, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw ServeError("\(submissionsPath) is a file, not a folder: give the folder the photos go into") }
        } else {
            // One folder at a time, as `mkdir -p`, so the reason is the system's own words.
            var path = submissionsPath.hasPrefix("/") ? "" : "."
            for part in submissionsPath.split(separator: "/") {
                path += "/" + part
                guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
                    throw ServeError(
                        "cannot make the submissions folder \(submissionsPath) (\(String(cString: strerror(errno)))): make it yourself, or give another folder"
                    )
                }
            }
            guard FileManager.default.fileExists(atPath: submissionsPath, isDirectory: &isFolder), isFolder.boolValue else {
                throw ServeError(
                    "cannot make the submissions folder \(submissionsPath) (a file is in the way): make it yourself, or give another folder")
            }
            made = "made the submissions folder \(submissionsPath) (it did not exist)"
        }
        if players != nil, access(submissionsPath, W_OK | X_OK) != 0 {
            throw ServeError(
                "the players' uploads cannot be written into \(submissionsPath) (\(String(cString: strerror(errno)))): "
                    + "let this user write there (chmod u+w), or give another folder")
        }
        return made
    }

    /// The players' room for `server` (its secret read, or made the first time), when asked for.
    package func loadPlayers(into server: inout ServeServer) async throws(ServeError) {
        guard var players else { return }
        // Behind `--public`, the phones open its address unless --players-url says another.
        if players.baseURL == nil { players.baseURL = publicProxy?.base }
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
