import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-render the judge's results as an HTML page, Markdown, CSV or JSON, for everyone or one team.",
            discussion: """
            Reads results.json (from `hunt judge --out DIR`) and never re-judges. Photos are opened only \
            to read thumbnails for the HTML page (the review queue, completions and closest approaches, \
            up to --thumbnails), from the submissions folder the results record (as given to the judge, \
            else relative to the results file), or --photos; a photo not found gets a placeholder.

            --out FILE writes one file atomically; --out DIR (an existing folder, or a path ending in /) \
            writes report.html, report.md, report.json, or submissions.csv and leaderboard.csv for csv \
            (with --team: report-ID.html, …). Without --out the report goes to standard output; for \
            csv that is submissions.csv, or leaderboard.csv with --table leaderboard.

            Layouts are Mustache templates in Templates/reports/; --template uses your own copy.

            Examples:
              hunt report results/results.json --out results/               # report.html
              hunt report results.json --format md > report.md
              hunt report results.json --format csv --out tables/    # both CSV tables
              hunt report results.json --team foxes --out foxes.html
              hunt report results.json --template my-report.html.mustache --out report.html

            Exit status: 0 written; 1 the results file or the template could not be read, or a write failed; 2 usage error.
            """
        )

        enum Table: String, ExpressibleByArgument, CaseIterable { case submissions, leaderboard }

        @Argument(help: ArgumentHelp("The judge's results file.", valueName: "results.json"))
        var results: String

        @Option(help: ArgumentHelp("Output format. (default: from --out's extension, else html)",
                                   valueName: ReportFormat.allCases.map(\.rawValue).joined(separator: "|")))
        var format: ReportFormat?

        @Option(help: ArgumentHelp("A Mustache layout (file, or folder with report.html.mustache / report.md.mustache) instead of Templates/reports/.",
                                   valueName: "path"))
        var template: String?

        @Option(help: ArgumentHelp("One team's own report (its id): its photos, its review items, reveal texts of its completed tasks.", valueName: "id"))
        var team: String?

        @Option(name: [.customShort("o"), .long], help: ArgumentHelp("A file, or a folder for the standard file names; `-` or none for standard output.", valueName: "file-or-dir"))
        var out: String?

        @Option(help: ArgumentHelp("The submissions folder, when the photos moved since judging.", valueName: "dir"))
        var photos: String?

        @Option(help: ArgumentHelp("At most this many thumbnails in the HTML page (review queue first); 0 for none.", valueName: "n"))
        var thumbnails: Int = ReportOptions.defaultThumbnailLimit

        @Option(help: ArgumentHelp("For csv on standard output: which table.", valueName: "submissions|leaderboard"))
        var table: Table = .submissions

        var chosenFormat: ReportFormat { format ?? ReportFormat(outputPath: out) }

        func validate() throws {
            if thumbnails < 0 { throw ValidationError("--thumbnails takes a count, e.g. `--thumbnails 100`, or 0 for none") }
            if let template, chosenFormat == .csv || chosenFormat == .json {
                throw ValidationError("--template \(template) applies to html and md reports; add `--format html` or `--format md`")
            }
            if let out, out.isEmpty { throw ValidationError("--out needs a file or folder, e.g. `--out report.html` or `--out results/`") }
            if chosenFormat == .csv, case .file(let out) = ReportDestination(out: out) {
                throw ValidationError("csv writes two files (submissions.csv, leaderboard.csv): give --out a folder, e.g. `--out \(((out as NSString).deletingPathExtension as NSString).lastPathComponent.isEmpty ? "csv" : ((out as NSString).deletingPathExtension))/`")
            }
            if table != .submissions, chosenFormat != .csv {
                throw ValidationError("--table chooses the csv table; add `--format csv`")
            }
        }

        mutating func run() async throws {
            func fail(_ message: String, fix: String? = nil) -> ExitCode {
                Console.failure("\(message)\n\(fix.map { "  fix: \($0)\n" } ?? "")")
            }
            let resultsURL = URL(fileURLWithPath: results)
            let judged: JudgeResults
            do { judged = try ReportInput.read(resultsURL, displayPath: results) } catch { throw fail(error.description, fix: error.fix) }
            let format = chosenFormat
            let report: HuntKit.Report
            let documents: [ReportDocument]
            do {
                report = try HuntKit.Report(judged, options: ReportOptions(teamID: team, thumbnailLimit: thumbnails))
                let folder = format == .html ? ReportThumbnails.photosFolder(results: judged, resultsFile: resultsURL, explicit: photos) : nil
                if format == .html, thumbnails > 0, folder == nil {
                    Console.error("note: the photos folder \(judged.hunt.submissionsFolder.map { "`\($0)` " } ?? "")was not found; thumbnails are placeholders (use --photos DIR)\n")
                }
                documents = try await ReportWriter.render(report, format: format, photosFolder: folder, templatePath: template)
                Console.diagnostics(documents.flatMap(\.diagnostics))
            } catch {
                switch error {
                case .unknownTeam: throw fail("\(results): error: \(error.description)", fix: "pass one of the team ids above to --team")
                case .template(let path, let reason): throw fail("\(path): error: \(reason)")
                }
            }
            let destination = ReportDestination(out: out)
            guard destination != .standardOutput else {
                Console.write(format == .csv && table == .leaderboard ? documents[1].bytes : documents[0].bytes)
                Foundation.exit(0)
            }
            OutputBatch.handleInterrupts()
            // One batch: csv's two files replace the old ones together, and never the results file read.
            let written: [String]
            do { written = try destination.write(documents, inputs: [resultsURL] + [template].compactMap { $0.map { URL(fileURLWithPath: $0) } }) }
            catch { throw fail(error.description) }
            let who = report.team.map { "team \($0.id)" } ?? "\(report.summary.teams) teams"
            Console.error("wrote \(written.joined(separator: ", ")): \(who), \(report.summary.submissions) photos, \(report.reviewQueue.count) to review\n")
            // Everything is written: end here rather than free 20,000 submissions one by one first.
            Foundation.exit(0)
        }
    }
}
