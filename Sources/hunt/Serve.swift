import ArgumentParser
import Foundation
import HuntKit
import HuntServe

extension HuntCommand {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
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

            Examples:
              hunt serve hunt.yaml photos/
              hunt serve hunt.yaml photos/ --out results --format html
              hunt serve hunt.yaml photos/ --listen 0.0.0.0:8765 --blind
            """
        )

        @OptionGroup var hunt: HuntArgument

        @OptionGroup var submissions: SubmissionsArgument

        @Option(help: ArgumentHelp("The reviews file decisions are written to (default: reviews.yaml beside the hunt file; created at the first decision).", valueName: "file"), completion: .reviewsFile)
        var reviews: String?

        @Option(help: ArgumentHelp("Keep results.json (and the --format reports) in this folder, as `hunt judge --out` writes them.", valueName: "dir"), completion: .directory)
        var out: String?

        @Option(help: ArgumentHelp("Reports kept in --out beside results.json: html, csv, md, comma-separated.", valueName: "formats"))
        var format: String?

        @Option(help: ArgumentHelp("Address and port to listen on; 0.0.0.0 for every interface, port 0 for a free one.", valueName: "host:port"))
        var listen = "127.0.0.1:8765"

        @Option(name: .customLong("allow-host"), help: ArgumentHelp("A further name browsers may use to reach the server (a reverse proxy's host name); repeatable.", valueName: "name"))
        var allowHosts: [String] = []

        @Flag(help: "Hide team names and ids in the review queue.")
        var blind = false

        @Flag(name: .shortAndLong, help: "Print no line per photo that arrives and per decision (the URLs are still printed).")
        var quiet = false

        var request: ServeRequest {
            ServeRequest(huntPath: hunt.path, submissionsPath: submissions.path, reviewsPath: reviews, outPath: out, formats: format,
                         listen: listen, extraHosts: allowHosts, blind: blind)
        }

        func validate() throws { if let problem = request.problem { throw ValidationError(problem) } }

        func run() async throws {
            let (server, pages): (ServeServer, ServePages)
            do { (server, pages) = try request.load() } catch { throw Console.failure(error) }
            Console.diagnostics(await server.session.huntWarnings)
            await server.session.judgeFolder()
            Console.error(await server.session.summary + "\n")
            if let note = server.exposureNote { Console.error(note + "\n") }
            let log = quiet ? nil : await ServeLog(session: server.session)
            let lines = LogLines()
            let logging = Task { await log?.run { lines.add($0 + "\n") } }
            defer { logging.cancel() }
            do {
                try await server.run(pages: pages) { actual in
                    let urls = server.urls(port: actual)
                    Console.output("judge:       \(urls.judge)\nleaderboard: \(urls.leaderboard)\n")
                }
            } catch { throw Console.failure(server.describe(error) + "\n") }
        }
    }
}
