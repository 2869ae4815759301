import AsyncAlgorithms
import Foundation
import HuntKit
import ServiceLifecycle

/// The players' room of `hunt serve --players`: each team's token, what the teams have sent, and
/// the judging of a new upload straight away (rather than at the watcher's next look).
public struct PlayersRoom: Sendable {
    package let tokens: PlayerTokens
    package let options: PlayersOptions
    let session: ServeSession
    let uploads: PlayerUploads
    /// The teams' event streams: each watching team's view once a change, shared by its pages.
    let streams: TeamStreams
    /// What guided tasks remember between a team's asks (`TeamGuides`).
    let guides = TeamGuides()
    /// One JSON line per upload and withdrawal, beside the reviews file (`reviews.players.jsonl`):
    /// which team sent what, when, and with what position from the browser.
    let log: URL

    /// The room for `session`'s hunt, with the secret from `options.secretPath` (created there
    /// the first time). Team ids that could not be folder names are refused.
    public init(session: ServeSession, options: PlayersOptions) async throws(ServeError) {
        let configuration = session.configuration
        let path = options.secretPath ?? PlayerTokens.defaultSecretPath(huntPath: configuration.huntPath)
        let teams = await session.teamChoices.map(\.id)
        if let bad = teams.first(where: { !Self.isFolderName($0) }) {
            throw ServeError("team id `\(bad)` cannot be a folder name for uploads: use letters, digits, `-`, `_` and `.`")
        }
        self.init(session: session, tokens: PlayerTokens(secret: try PlayerTokens.secret(at: path), teams: teams), options: options)
    }

    init(session: ServeSession, tokens: PlayerTokens, options: PlayersOptions) {
        self.session = session
        self.tokens = tokens
        self.options = options
        let uploads = PlayerUploads(submissions: session.configuration.submissionsPath, options: options)
        self.uploads = uploads
        streams = TeamStreams(events: session.events) { [sees = options.sees] page, previous in
            let (team, language) = PlayersRoom.teamAndLanguage(page)
            return await PlayersRoom.view(team, language: language, session: session, uploads: uploads, sees: sees, unless: previous)
        }
        log = Self.logURL(reviews: URL(fileURLWithPath: session.configuration.reviewsPath))
    }

    /// The players' log beside the reviews file `reviews` (`reviews.yaml` → `reviews.players.jsonl`).
    package static func logURL(reviews: URL) -> URL {
        ServeConfiguration.besideReviews(reviews, "players.jsonl")
    }

    /// Each team's id, name and page URL under `base`, in the hunt's order.
    public func teamURLs(base: String) async -> [(team: String, name: String, url: String)] {
        await session.teamChoices.map { ($0.id, $0.name, tokens.url(base: base, team: $0.id)) }
    }

    /// The teams' URLs as CSV (`team,name,url`), for mailing: quoted as every CSV of the project is (`CSVWriter`, names that look like formulas neutralised), with LF line ends.
    package static func csv(_ urls: [(team: String, name: String, url: String)]) -> String {
        // Unix line ends: the list is read by mail-merge scripts and `while read`, not spreadsheets only.
        var writer = CSVWriter(lineEnd: "\n")
        writer.header(["team", "name", "url"])
        for entry in urls { writer.row([.text(entry.team), .text(entry.name), .formatted(entry.url)]) }
        return writer.text
    }

    /// A name that is one plain folder: no `/`, no leading dot, no `..`.
    static func isFolderName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.utf8.count <= 200
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
    }

    /// How long a `.part` file in `.incoming/` may go unwritten before `removeStaleUploads` takes it.
    static let staleUploadSeconds = 10 * 60.0

    /// Removes the unfinished uploads a crash left in `.incoming/` (see `PlayerUpload.removeStale`):
    /// a line for the organizer saying how many went, nil when none did.
    package func removeStaleUploads(now: Date = Date()) -> String? {
        let removed = PlayerUpload.removeStale(submissions: session.configuration.submissionsPath, olderThan: Self.staleUploadSeconds, now: now)
        guard !removed.isEmpty else { return nil }
        let files = removed.count == 1 ? "1 unfinished upload" : "\(removed.count) unfinished uploads"
        return "removed \(files) from \(PlayerUpload.incoming)/ (not written for \(Int(Self.staleUploadSeconds / 60)) min, left by a stop or a crash)"
    }

    /// `removeStaleUploads` now and every `interval` until graceful shutdown or cancellation, each
    /// line to `report` (a service of the server's: `IncomingSweep`).
    func keepIncomingClean(every interval: Duration = .seconds(5 * 60), report: @Sendable (String) -> Void) async {
        if let line = removeStaleUploads() { report(line) }
        for await _ in AsyncTimerSequence(interval: interval, clock: .continuous).cancelOnGracefulShutdown() {
            if let line = removeStaleUploads() { report(line) }
        }
    }

    /// Keeps `.incoming/` clean while the server runs (`keepIncomingClean`).
    struct IncomingSweep: Service {
        let room: PlayersRoom
        let report: @Sendable (String) -> Void

        func run() async { await room.keepIncomingClean(report: report) }
    }

    struct LogLine: Encodable {
        var action: String
        var team: String
        var task: String?
        var path: String
        var at: String
        var bytes: Int?
        var sha256: String?
        /// The browser's fix sent with the upload.
        var lat: Double?
        var lon: Double?
        var accuracyM: Double?
        var fixedAt: String?
        var live: Bool?

        enum CodingKeys: String, CodingKey {
            case action, team, task, path, at, bytes, sha256, lat, lon
            case accuracyM = "accuracy_m"
            case fixedAt = "fixed_at"
            case live
        }

        init(
            action: String, team: String, task: String? = nil, path: String, at: Date, bytes: Int? = nil, sha256: String? = nil,
            fix: BrowserFix? = nil
        ) {
            (self.action, self.team, self.task, self.path, self.at, self.bytes, self.sha256) = (
                action, team, task, path, ServeSession.timestamp(at), bytes, sha256
            )
            if let fix {
                (lat, lon, accuracyM, fixedAt, live) = (
                    fix.position.latitude, fix.position.longitude, fix.accuracyMetres, ServeSession.timestamp(fix.fixedAt), fix.liveCapture
                )
            }
        }
    }

    /// Judges the folder again now that an upload is in place (or withdrawn), rather than at the
    /// watcher's next look; a burst of uploads makes a few reads, not one each (`ServeSession.pollSoon`).
    func judgeSoon() { session.pollSoon() }

    func record(_ line: LogLine) {
        guard let data = try? ServeJSON.encoder.encode(line) else { return }
        try? AuditLog.appendAtOnce(data + [0x0A], to: log)
    }
}
