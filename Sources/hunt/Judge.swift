import ArgumentParser
import Dispatch
import Foundation
import HuntKit

extension HuntCommand {
    struct Judge: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Judge a folder of photos against a hunt: a verdict with reasons for every photo, scores and a leaderboard.",
            discussion: """
            SUBMISSIONS holds one folder per team (SUBMISSIONS/<team>/...). A photo's task comes from a \
            subfolder named after the task, a file name starting with the task id, a --manifest row, or \
            else the target that contains the photo's position.

            Text (the default): a summary on stdout — counts, the top of the leaderboard, reasons, and how \
            many review items are undecided. JSON: stdout holds only results.json's content. \
            --out DIR writes DIR/results.json (schema 1) and the reports together, atomically; re-runs on \
            the same inputs give the same bytes.

            Examples:
              hunt judge hunt.yaml photos/
              hunt judge hunt.yaml photos/ --out results --format text,html,csv
              hunt judge hunt.yaml photos/ --reviews reviews.yaml --out results

            Exit status: 0 judged; 1 some photos unreadable, a team folder not in the roster, or bad \
            input (hunt, reviews, manifest, output folder); 2 usage error. Ctrl-C or SIGTERM before the \
            end replaces nothing (exit 130/143).
            """
        )

        @OptionGroup var hunt: HuntArgument
        @OptionGroup var submissions: SubmissionsArgument

        @Option(help: ArgumentHelp("A YAML file of decisions keyed by submission path (read, never written).", valueName: "file"))
        var reviews: String?
        @Option(help: ArgumentHelp("A CSV of team,task,path rows saying which task each photo is for.", valueName: "file"))
        var manifest: String?

        @Option(help: ArgumentHelp("Write results.json into this folder (created if missing).", valueName: "dir"))
        var out: String?
        @Option(help: ArgumentHelp("What stdout gets (text, json), and reports to write beside results.json (html, csv, md; needs --out), comma-separated, e.g. `text,html,csv`.", valueName: "formats"))
        var format = JudgeOutputFormats()

        @Option(help: ArgumentHelp("Teams of the leaderboard shown in the text summary.", valueName: "n"))
        var top: Int = 10

        func validate() throws {
            if top < 0 { throw ValidationError("--top takes a count of teams, e.g. `--top 10`") }
            if !format.reports.isEmpty, out == nil { throw ValidationError("reports are written beside results.json: add `--out DIR`") }
            if let out, FileManager.default.fileExists(atPath: out), out.hasSuffix(".json") {
                throw ValidationError("--out takes a folder; results.json is written inside it, e.g. `--out results/`")
            }
        }

        mutating func run() async throws {
            OutputBatch.handleInterrupts()
            let (hunt, warnings) = try self.hunt.loadOrExit()
            let run: JudgeRun
            do { run = try JudgeRun(hunt: hunt, reviewsFile: reviews, manifestFile: manifest) } catch { throw stop(error.diagnostics) }
            let photos = URL(fileURLWithPath: submissions.path)
            let inputs = self.hunt.files(of: hunt) + [reviews, manifest].compactMap { $0.map { URL(fileURLWithPath: $0) } }
            let folder: JudgeOutputFolder?
            do { folder = try out.map { try JudgeOutputFolder($0, reports: format.reports, inputs: inputs, submissions: photos) } }
            catch { throw Console.failure("\(error)\n") }
            let progress = ProgressLine.onTerminal()
            let results: JudgeResults
            do {
                defer { progress?.finish() }
                results = try await run.run(submissions: photos, displayPath: submissions.path, huntDisplayPath: self.hunt.path,
                                            progress: ProgressLine.judging(progress))
            } catch let error as DiagnosticError { throw stop(error.diagnostics) }
            Console.diagnostics(warnings)
            let summary = ResultsSummary(results: results, top: top)
            Console.error(summary.problemsText(submissionsPath: submissions.path))
            let json = results.jsonChunks()
            if let folder {
                do {
                    let written = try await folder.write(results, json: json)
                    Console.diagnostics(written.diagnostics)
                    if !written.reports.isEmpty { Console.error("reports: \(written.reports.joined(separator: ", "))\n") }
                } catch { throw Console.failure("\(error)\n") }
            }
            switch format.stdout {
            case .json: for chunk in json { Console.write(chunk) }
            case .text: Console.write(summary.text(resultsPath: folder?.resultsPath, reviewsPath: reviews))
            }
            // Everything is written: end here rather than free 20,000 results one by one first.
            Foundation.exit(summary.inputsFailed ? 1 : 0)
        }

        /// Prints what stopped the run; a problem in the reviews file says first that nothing was written.
        private func stop(_ diagnostics: [Diagnostic]) -> ExitCode {
            if let reviews, diagnostics.contains(where: { $0.location.file == reviews }) {
                Console.error("nothing written: fix the reviews file and run again\n")
            }
            return Console.failure(diagnostics)
        }
    }
}
