import ArgumentParser
import Foundation
import HuntKit
import HuntServe

extension HuntCommand {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "The judges' console: a review queue in the browser, decisions saved to the reviews file, a live leaderboard.",
            discussion: """
                Judges SUBMISSIONS once, prints a judge URL and a read-only leaderboard URL (each with a secret token), \
                then keeps the judgement current: photos added, changed or removed, and edits to the hunt or the reviews \
                file, are picked up within 2 seconds. Decisions made in the browser are written into the reviews file \
                (the format `hunt judge --reviews` reads; your own entries and comments are kept) and logged beside it \
                in REVIEWS.audit.jsonl. --out DIR always holds what `hunt judge --out DIR` would write. After the URLs, \
                stdout gets a line per photo that arrives and per decision (--quiet leaves them out).

                Listens on 127.0.0.1 only unless --listen says otherwise; see “The judges' console” (README, Reference) for judges on \
                other machines and a TLS reverse proxy. Ctrl-C stops it.

                --players also serves a page per team (/t/TOKEN) where players send photos from their phones and see \
                what counted and why; each team's URL is printed after the judge's (--players-list writes them as CSV). \
                Tokens derive from a secret file beside the hunt (.hunt-players-secret, made the first time): the same URLs \
                work after a restart, and replacing the file revokes them all. Phones give their position only to HTTPS \
                pages: --public NAME starts Caddy in front with an automatic certificate for NAME (which must point at this \
                machine; checked first) and prints https://NAME URLs; see “Putting the players' page online” for Caddy or nginx \
                by hand, and --players-url for the address the phones open. Without a public name, photos still count by their \
                own GPS, but browsers give no position. A missing SUBMISSIONS folder is made; a failed upload is a line on \
                stdout and a banner in the console until uploads work again. From the console the organizers pause, resume \
                or end the game (kept in REVIEWS.live.json, so a restart keeps it), send announcements to every team or one, \
                and answer the teams' messages (both kept in REVIEWS.messages.jsonl).

                --rehearse runs the hunt as if today were its day: its window and the tasks' windows move to today at the \
                same times of day, and every page, results.json and report says REHEARSAL.

                Examples:
                  hunt serve hunt.yaml photos/
                  hunt serve hunt.yaml photos/ --out results --format html
                  hunt serve hunt.yaml photos/ --listen 0.0.0.0:8765 --blind
                  hunt serve hunt.yaml rehearsal-photos/ --players --rehearse --out rehearsal
                  hunt serve hunt.yaml photos/ --players --players-url https://hunt.example.org --players-list teams.csv
                  hunt serve hunt.yaml photos/ --players --public hunt.example.org
                """
        )

        @OptionGroup var hunt: HuntArgument

        @OptionGroup var submissions: SubmissionsArgument

        @Option(
            help: ArgumentHelp(
                "The reviews file decisions are written to (default: reviews.yaml beside the hunt file; created at the first decision).",
                valueName: "file"), completion: .reviewsFile)
        var reviews: String?

        @Option(
            help: ArgumentHelp("Keep results.json (and the --format reports) in this folder, as `hunt judge --out` writes them.", valueName: "dir"),
            completion: .directory)
        var out: String?

        @Option(help: ArgumentHelp("Reports kept in --out beside results.json: html, csv, md, comma-separated.", valueName: "formats"))
        var format: String?

        @Option(help: ArgumentHelp("Address and port to listen on; 0.0.0.0 for every interface, port 0 for a free one.", valueName: "host:port"))
        var listen = "127.0.0.1:8765"

        @Option(
            name: .customLong("allow-host"),
            help: ArgumentHelp("A further name browsers may use to reach the server (a reverse proxy's host name); repeatable.", valueName: "name"))
        var allowHosts: [String] = []

        @Option(
            name: .customLong("connections-per-address"),
            help: ArgumentHelp(
                "At most this many connections without a valid token from one client address (default 128; with --players 8 a team when that is more): phones at a venue, on a mobile network or behind a reverse proxy share one address. The judge's token counts against no address; a team's page counts 8 connections against its team.",
                valueName: "n"))
        var connectionsPerAddress: Int?

        @Flag(help: "Judge without knowing teams: no team names, ids or paths in the console, and photos looked up by id only.")
        var blind = false

        @Flag(
            help:
                "Rehearse: run the hunt as if today were its day (its window and the tasks' windows moved to today, at the same times of day). Every page and output says REHEARSAL; decisions go to reviews.rehearsal.yaml unless --reviews says otherwise."
        )
        var rehearse = false

        @Flag(
            name: .customLong("hide-board-photos"),
            help: "The leaderboard screen lists the latest tasks done without their photos (players' faces on a projector).")
        var hideBoardPhotos = false

        @Flag(
            name: .shortAndLong,
            help: "Print no line per photo that arrives and per decision (the URLs, and a line per failed upload, are still printed).")
        var quiet = false

        @OptionGroup(title: "Players' pages") var players: PlayersArguments

        @OptionGroup(title: "HTTPS through Caddy") var publicName: PublicArguments

        var request: ServeRequest {
            var request = ServeRequest(
                huntPath: hunt.path, submissionsPath: submissions.path, reviewsPath: reviews, outPath: out, formats: format,
                listen: listen, extraHosts: allowHosts, blind: blind, players: players.options,
                connectionsPerAddress: connectionsPerAddress, rehearsalDay: rehearse ? Rehearsal.Day(Date()) : nil,
                publicProxy: publicName.proxy)
            request.boardPhotos = !hideBoardPhotos
            return request
        }

        func validate() throws {
            try players.validate()
            try publicName.validate()
            if let n = connectionsPerAddress, n < 1 {
                throw ValidationError("--connections-per-address takes a whole number of at least 1, not \(n)")
            }
            if let problem = request.problem { throw ValidationError(problem) }
        }

        func run() async throws {
            let (server, pages): (ServeServer, ServePages)
            do {
                if let made = try request.prepareSubmissions() { Console.error(made + "\n") }
                if let line = try publicName.check() { Console.error(line + "\n") }
                var loaded = try request.load()
                try await request.loadPlayers(into: &loaded.server)
                (server, pages) = loaded
            } catch { throw Console.failure(error) }
            Console.diagnostics(await server.session.huntWarnings)
            if let line = await server.session.rehearsalLine { Console.error(line + "\n") }
            if let line = await server.session.codesLine { Console.error(line + "\n") }
            await server.session.judgeFolder()
            Console.error(await server.session.summary + "\n")
            if let note = server.exposureNote { Console.error(note + "\n") }
            if let note = players.secureContextNote(listen: server.host, publicURL: publicName.name != nil) { Console.error(note + "\n") }
            let room = server.players
            let log: ServeLog? = await ServeLog(session: server.session, failuresOnly: quiet)
            let lines = LogLines()
            let logging = Task { await log?.run { lines.add($0 + "\n") } }
            defer { logging.cancel() }
            do {
                try await server.run(pages: pages, proxy: publicName.proxy?.service(), notes: { Console.error($0 + "\n") }) { actual in
                    let urls = server.urls(port: actual)
                    Console.output("judge:       \(urls.judge)\nleaderboard: \(urls.leaderboard)\n")
                    if let room { await players.announce(room, base: server.base(port: actual)) }
                }
            } catch { throw Console.failure(server.describe(error) + "\n") }
        }
    }

    /// `hunt serve`'s options for the teams' pages.
    struct PlayersArguments: ParsableArguments {
        @Flag(name: .customLong("players"), help: "Serve a page per team where players send photos and see their verdicts.")
        var enabled = false

        @Option(
            name: .customLong("players-secret"),
            help: ArgumentHelp(
                "The secret the team URLs derive from (default: .hunt-players-secret beside the hunt; made the first time, mode 0600). Replace it to revoke every team URL.",
                valueName: "file"), completion: .file())
        var secret: String?

        @Option(
            name: .customLong("players-url"),
            help: ArgumentHelp(
                "The address the phones open, e.g. https://hunt.example.org behind a TLS proxy (its host name is allowed as with --allow-host). Default: the address listened on.",
                valueName: "base"))
        var url: String?

        @Option(
            name: .customLong("players-list"),
            help: ArgumentHelp("Write the teams' URLs to this CSV file (team,name,url), for mailing.", valueName: "file"),
            completion: .file(extensions: ["csv"]))
        var list: String?

        @Option(
            name: .customLong("players-see"),
            help: ArgumentHelp(
                "What a team's page shows of the scores: the whole leaderboard, its own points and rank, or none.", valueName: "leaderboard|own|none")
        )
        var see: String = "own"

        @Option(name: .customLong("players-max-file"), help: ArgumentHelp("The largest file a team may send, in MB.", valueName: "MB"))
        var maxFileMB = 100

        @Option(
            name: .customLong("players-max-files"),
            help: ArgumentHelp("How many files a team may send in all (withdrawn ones still count).", valueName: "n"))
        var maxFiles = 500

        @Option(
            name: .customLong("players-max-bytes"),
            help: ArgumentHelp("How much a team may send in all, in MB (withdrawn files still count).", valueName: "MB"))
        var maxMB = 5000

        @Option(name: .customLong("players-rate"), help: ArgumentHelp("Requests a team may make a minute (pages, uploads, updates).", valueName: "n"))
        var rate = 300

        var options: PlayersOptions? {
            guard enabled else { return nil }
            return PlayersOptions(
                secretPath: secret, baseURL: url, sees: PlayersOptions.Sees(rawValue: see) ?? .own, maxFileBytes: maxFileMB * 1_000_000,
                maxTeamFiles: maxFiles, maxTeamBytes: maxMB * 1_000_000, requestsPerMinute: rate)
        }

        func validate() throws {
            if !enabled, secret != nil || url != nil || list != nil {
                throw ValidationError("--players-secret, --players-url and --players-list go with --players")
            }
            guard PlayersOptions.Sees(rawValue: see) != nil else {
                throw ValidationError("--players-see takes leaderboard, own or none, not `\(see)`")
            }
            for (name, value) in [
                ("--players-max-file", maxFileMB), ("--players-max-files", maxFiles), ("--players-max-bytes", maxMB), ("--players-rate", rate)
            ] where value < 1 {
                throw ValidationError("\(name) must be at least 1")
            }
        }

        /// Phones give a position only to HTTPS pages (and to localhost): said when the players'
        /// URLs are plain HTTP to another machine.
        func secureContextNote(listen host: String, publicURL: Bool = false) -> String? {
            guard enabled else { return nil }
            if let url { return url.hasPrefix("https://") ? nil : Self.plainHTTP }
            if publicURL { return nil }
            return ServeServer.isLoopback(host) ? nil : Self.plainHTTP
        }

        static let plainHTTP =
            "the players' pages are plain HTTP: phones will not give their position, only the photos' own GPS counts; put a TLS proxy in front and pass --players-url https://… (see “Putting the players' page online”)"

        /// Prints each team's URL, and writes --players-list.
        func announce(_ room: PlayersRoom, base: String) async {
            let urls = await room.teamURLs(base: url ?? base)
            if let list, let failed = OutputFile.write(Array(PlayersRoom.csv(urls).utf8), to: list, inputs: []) { Console.diagnostics([failed]) }
            Console.output(urls.map { "team \($0.team): \($0.url)\n" }.joined())
        }
    }
}
