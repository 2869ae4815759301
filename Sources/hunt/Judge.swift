import ArgumentParser
import Dispatch
import Foundation
import HuntKit

extension HuntCommand {
    struct Judge: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "judge",
            abstract: "Judge a folder of photos against a hunt: a verdict with reasons for every photo, scores and a leaderboard.",
            discussion: """
                SUBMISSIONS holds one folder per team (SUBMISSIONS/<team>/...). A photo's task comes from a \
                subfolder named after the task, a file name starting with the task id, a --manifest row, or \
                else the target that contains the photo's position. Answers and choices sent by the players' \
                page are lines of SUBMISSIONS/answers.jsonl; --answers adds a form tool's CSV export.

                Text (the default): a summary on stdout — counts, the top of the leaderboard, reasons, and how \
                many review items are undecided. JSON: stdout holds only results.json's content. \
                --out DIR writes DIR/results.json (schema 1) and the reports together, atomically; re-runs on \
                the same inputs give the same bytes.

                Examples:
                  hunt judge hunt.yaml photos/
                  hunt judge hunt.yaml photos/ --out results --format text,html,csv
                  hunt judge hunt.yaml photos/ --reviews reviews.yaml --out results
                  hunt judge hunt.yaml photos/ --answers form-export.csv

                Exit status: 0 judged; 1 some photos unreadable, a team folder not in the roster, or bad \
                input (hunt, reviews, manifest, output folder); 2 usage error. Ctrl-C or SIGTERM before the \
                end replaces nothing (exit 130/143).
                """
        )

        @OptionGroup var hunt: HuntArgument
        @OptionGroup var submissions: SubmissionsArgument

        @Option(
            help: ArgumentHelp("A YAML file of decisions keyed by submission path (read, never written).", valueName: "file"),
            completion: .reviewsFile)
        var reviews: String?
        @Option(help: ArgumentHelp("A CSV of team,task,path rows saying which task each photo is for.", valueName: "file"), completion: .csvFile)
        var manifest: String?
        @Option(
            help: ArgumentHelp(
                "A form tool's CSV export of answers (columns time, team, task, answer, found by name; latitude, longitude and accuracy make a row a check-in), judged with SUBMISSIONS/answers.jsonl and the photos.",
                valueName: "file"), completion: .csvFile)
        var answers: String?
        @OptionGroup var playersSecret: PlayersSecretOption

        @Option(help: ArgumentHelp("Write results.json into this folder (created if missing).", valueName: "dir"), completion: .directory)
        var out: String?
        @Option(
            help: ArgumentHelp(
                "What stdout gets (text, json), and reports to write beside results.json (html, csv, md; needs --out), comma-separated, e.g. `text,html,csv`.",
                valueName: "formats"))
        var format = JudgeOutputFormats()

        @Option(help: ArgumentHelp("Teams of the leaderboard shown in the text summary.", valueName: "n"))
        var top: Int = 10

        func validate() throws {
            if top < 0 { throw ValidationError("--top takes a count of teams, e.g. `--top 10`") }
            if let problem = JudgeOutputFolder.problem(out: out, reports: format.reports) { throw ValidationError(problem) }
        }

        /// What `hunt purge` removed from the folder, as a note for the summary; nil when nothing.
        /// Refuses to replace a results.json written before the purge: it holds the only verdicts
        /// of the removed photos.
        func purgedFiles() throws -> String? {
            guard let record = SubmissionsPurge.record(in: submissions.url) else { return nil }
            let when = record.last.map { " (last on \(DateTimeText.format($0, timeZone: TimeZone(identifier: "UTC")!)) UTC)" } ?? ""
            let files = record.files == 1 ? "1 file" : "\(record.files) files"
            if let out, let last = record.last {
                let results = (out as NSString).appendingPathComponent("results.json")
                // The record keeps whole seconds: a results.json of the purge's own second counts as before it.
                if let written = (try? FileManager.default.attributesOfItem(atPath: results))?[.modificationDate] as? Date,
                    written.timeIntervalSince1970.rounded(.down) <= last.timeIntervalSince1970
                {
                    throw Console.failure(
                        """
                        hunt judge: error: \(results) was written before `hunt purge` removed \(files) from \(submissions.path)\(when), \
                        and holds their only verdicts; judging again would replace it. Give another --out, e.g. `--out \(out)-after-purge`.

                        """)
                }
            }
            return "note: `hunt purge` removed \(files) from \(submissions.path)\(when); they are not judged here "
                + "(listed in \(submissions.path)/\(SubmissionsPurge.recordName)). Their verdicts are in the results.json written before the purge.\n"
        }

        mutating func run() async throws {
            OutputBatch.handleInterrupts()
            var (hunt, warnings) = try self.hunt.loadOrExit()
            let codes = try playersSecret.codes(hunt, huntPath: self.hunt.path, command: "judge")
            hunt = codes.hunt
            if let note = codes.note { Console.error("hunt judge: warning: \(note)\n") }
            let purged = try purgedFiles()
            let folder: JudgeOutputFolder?, results: JudgeResults
            do {
                var run = try JudgeRun(hunt: hunt, reviewsFile: reviews, manifestFile: manifest)
                if let answers {
                    do { run.collectedAnswers = try CollectedAnswers(csv: URL(fileURLWithPath: answers), displayPath: answers, hunt: hunt) } catch {
                        throw Console.failure(error.diagnostics, note: "nothing written: fix the answers file and run again")
                    }
                }
                folder = try out.map { try JudgeOutputFolder($0, reports: format.reports, for: run, submissions: submissions.url) }
                results = try await ProgressLine.whileJudging {
                    try await run.run(
                        submissions: submissions.url, displayPath: submissions.path,
                        huntDisplayPath: self.hunt.path, progress: $0)
                }
            } catch let failure as JudgeRun.InputError { throw Console.failure(failure.diagnostics, note: failure.note) } catch let error
                as OutputError
            { throw Console.failure("\(error)\n") }
            Console.diagnostics(warnings)
            let summary = ResultsSummary(results: results, top: top)
            Console.error(summary.problemsText(submissionsPath: submissions.path))
            if let purged { Console.error(purged) }
            // Made as it is written (twice when both the folder and stdout take it): never all in memory.
            let json = results.jsonText
            if let folder {
                do { Console.written(try await folder.write(results, json: json)) } catch { throw Console.failure("\(error)\n") }
            }
            switch format.stdout {
            case .json: for chunk in json { Console.write(chunk) }
            case .text: Console.write(summary.text(resultsPath: folder?.resultsPath, reviewsPath: reviews))
            }
            // Everything is written: end here rather than free 20,000 results one by one first.
            Foundation.exit(summary.inputsFailed ? 1 : 0)
        }
    }
}
