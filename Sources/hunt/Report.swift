import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Re-render the judge's results as an HTML page, Markdown, CSV or JSON, for everyone or one team.",
            discussion: """
                Reads results.json (from `hunt judge --out DIR`) and never re-judges. Photos are opened only \
                to read thumbnails for the HTML page (the review queue, completions and closest approaches, \
                up to --thumbnails), from the submissions folder the results record (as given to the judge, \
                else relative to the results file), or --photos; a photo not found gets a placeholder.

                --out FILE writes one file atomically (its folder is made if missing); --out DIR (an \
                existing folder, or a path ending in /) writes report.html, report.md, report.json, or \
                submissions.csv and leaderboard.csv for csv (with --team: report-ID.html, …). Without \
                --out the report goes to standard output. For csv, standard output or one --out file \
                gets the submissions table, or the leaderboard with --table leaderboard.

                Layouts are Mustache templates in Templates/reports/; --template uses your own copy.

                Examples:
                  hunt report results/results.json --out results/               # report.html
                  hunt report results.json --format md > report.md
                  hunt report results.json --format csv --out tables/    # both CSV tables
                  hunt report results.json --format csv --out board.csv --table leaderboard
                  hunt report results.json --team foxes --out foxes.html
                  hunt report results.json --template my-report.html.mustache --out report.html
                  hunt report results.json --language es --out informe.html

                --language writes the headings and labels in that language (Templates/languages/), \
                dates, numbers and distances in its locale, feet and miles for a hunt with `units: \
                imperial`, and the hunt's titles, clues and reveal texts in it (read from the hunt \
                file results.json records, or --hunt). The reasons' messages, results.json and the \
                keys of --format json and the CSV column headings stay as they are, for scripts.

                Exit status: 0 written; 1 the results file or the template could not be read, or a write failed; 2 usage error.
                """
        )

        @Argument(help: ArgumentHelp("The judge's results file.", valueName: "results.json"), completion: .resultsFile)
        var results: String

        @Option(
            help: ArgumentHelp(
                "Output format. (default: from --out's extension, else html)",
                valueName: ReportFormat.allCases.map(\.rawValue).joined(separator: "|")))
        var format: ReportFormat?
        @Option(
            help: ArgumentHelp(
                "A Mustache layout (file, or folder with report.html.mustache / report.md.mustache) instead of Templates/reports/.",
                valueName: "path"), completion: .file())
        var template: String?

        @Option(
            help: ArgumentHelp(
                "One team's own report (its id or name; case, accents and separators do not count): its photos, its review items, reveal texts of its completed tasks.",
                valueName: "id"))
        var team: String?

        @Option(
            name: [.customShort("o"), .long],
            help: ArgumentHelp("A file, or a folder for the standard file names; `-` or none for standard output.", valueName: "file-or-dir"),
            completion: .file(extensions: ReportFormat.allCases.map(\.rawValue)))
        var out: String?
        @Option(help: ArgumentHelp("The submissions folder, when the photos moved since judging.", valueName: "dir"), completion: .directory)
        var photos: String?

        @Option(help: ArgumentHelp("At most this many thumbnails in the HTML page (review queue first); 0 for none.", valueName: "n"))
        var thumbnails: Int = ReportOptions.defaultThumbnailLimit
        @Option(help: ArgumentHelp("For csv on standard output or in one --out file: which table.", valueName: "submissions|leaderboard"))
        var table: ReportRequest.Table = .submissions
        @Option(
            help: ArgumentHelp(
                "The report's language: its headings, dates, numbers and distances, and the hunt's task texts in it (default: the hunt's `language:`).",
                valueName: "code"))
        var language: String?
        @Option(
            help: ArgumentHelp(
                "The hunt file, when it moved since judging (default: the one results.json records): task texts in --language, `units:`.",
                valueName: "hunt.yaml"), completion: .file(extensions: ["yaml", "yml"]))
        var hunt: String?

        var request: ReportRequest {
            ReportRequest(
                results: results, format: format, template: template, options: ReportOptions(teamID: team, thumbnailLimit: thumbnails),
                out: out, photos: photos, table: table, language: language, hunt: hunt)
        }

        func validate() throws { if let problem = request.problem { throw ValidationError(problem) } }

        mutating func run() async throws {
            let made: ReportRequest.Rendered
            do { made = try await request.make() } catch { throw Console.failure(error.description) }
            Console.error(made.notes.map { $0 + "\n" }.joined())
            Console.diagnostics(made.documents.flatMap(\.diagnostics))
            if request.destination == .standardOutput {
                Console.write(made.standardOutput)
                Foundation.exit(0)
            }
            OutputBatch.handleInterrupts()
            do { Console.error(try request.write(made) + "\n") } catch { throw Console.failure("\(error.description)\n") }
            Foundation.exit(0)  // rather than free 20,000 submissions one by one first
        }
    }
}
