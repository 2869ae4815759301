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

        @Argument(help: ArgumentHelp("The hunt file.", valueName: "hunt.yaml"))
        var hunt: String

        @Argument(help: ArgumentHelp("The folder with one subfolder per team.", valueName: "submissions"))
        var submissions: String

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
            let stderr = FileHandle.standardError
            let renderer = TextDiagnosticRenderer(colour: Terminal.wantsColour(stderr))
            func fail(_ diagnostics: [Diagnostic]) -> ExitCode {
                stderr.write(Data(renderer.render(diagnostics, sources: SourceLines()).utf8))
                return ExitCode(1)
            }

            let loaded = HuntLoader().load(contentsOf: URL(fileURLWithPath: hunt), displayPath: hunt)
            guard !loaded.hasErrors, let hunt = loaded.hunt else { throw fail(loaded.diagnostics) }
            var reviewDecisions = Reviews()
            if let reviews {
                do { reviewDecisions = try Reviews.read(contentsOf: URL(fileURLWithPath: reviews), displayPath: reviews) } catch {
                    stderr.write(Data("nothing written: fix the reviews file and run again\n".utf8))
                    throw fail(error.diagnostics)
                }
            }
            var manifestRows: Manifest?
            if let manifest {
                do { manifestRows = try Manifest.read(contentsOf: URL(fileURLWithPath: manifest), displayPath: manifest) } catch {
                    throw fail(error.diagnostics)
                }
            }
            // Every output of the run is staged in one batch and replaces the old files only once
            // all are written; nothing may replace an input.
            var inputs = [URL(fileURLWithPath: self.hunt)] + hunt.targetFiles
            inputs += [reviews, manifest].compactMap { $0.map { URL(fileURLWithPath: $0) } }
            let batch = OutputBatch(inputs: inputs, inputFolders: [URL(fileURLWithPath: submissions)], destination: out.map { $0.hasSuffix("/") ? $0 : $0 + "/" })
            var resultsURL: URL?
            if let out {
                let folder = URL(fileURLWithPath: out)
                let results = folder.appendingPathComponent("results.json")
                do {
                    try batch.check(results, displayPath: (out as NSString).appendingPathComponent("results.json"))
                    try batch.makeFolder(folder, displayPath: out)
                    try batch.lockFolder(folder, displayPath: out)
                } catch {
                    Console.error("\(error)\n")
                    throw ExitCode(1)
                }
                resultsURL = results
            }

            let progress = isatty(stderr.fileDescriptor) == 1 ? JudgeProgress() : nil
            let run = JudgeRun(hunt: hunt, reviews: reviewDecisions, manifest: manifestRows)
            var report: (@Sendable (Int, Int) -> Void)?
            if let progress { report = { done, total in progress.update(done, total) } }
            // A test hook: milliseconds of sleep per photo, so a test can interrupt a run half way.
            if let throttle = ProcessInfo.processInfo.environment["HUNT_JUDGE_THROTTLE_MS"].flatMap(UInt32.init), throttle > 0 {
                let inner = report
                report = { done, total in
                    usleep(throttle * 1000)
                    inner?(done, total)
                }
            }
            let results: JudgeResults
            do {
                results = try await run.run(submissions: URL(fileURLWithPath: submissions), displayPath: submissions,
                                            huntDisplayPath: self.hunt, progress: report)
            } catch let error as DiagnosticError {
                progress?.finish()
                if reviews != nil, error.diagnostics.contains(where: { $0.location.file == reviews }) {
                    stderr.write(Data("nothing written: fix the reviews file and run again\n".utf8))
                }
                throw fail(error.diagnostics)
            }
            progress?.finish()
            let huntWarnings = loaded.diagnostics.filter { $0.severity != .error }
            if !huntWarnings.isEmpty { stderr.write(Data(renderer.render(huntWarnings, sources: SourceLines()).utf8)) }
            let scanProblems = results.problems
            for problem in scanProblems {
                var line = "\(problem.location): \(problem.severity): \(problem.message)"
                if let fix = problem.fix { line += "\n  fix: \(fix)" }
                Console.error(line + "\n")
            }
            if results.summary.unreadable > 0 {
                for s in results.submissions where s.reasons.contains(.unreadable) {
                    Console.error("\(submissions)/\(s.path): error: \(s.evidence.error ?? "could not be read")\n")
                }
            }

            let json = results.jsonChunks()
            if let out, let resultsURL {
                let reportsWritten: ReportWriter.Written
                do {
                    try batch.stage(chunks: json, to: resultsURL, displayPath: (out as NSString).appendingPathComponent("results.json"))
                    reportsWritten = try await ReportWriter.stage(results: results, formats: format.reports, to: URL(fileURLWithPath: out), in: batch,
                                                                      photosFolder: URL(fileURLWithPath: submissions))
                } catch {
                    batch.discard()
                    Console.error("\(error)\nnothing in \(out) was replaced\n")
                    throw ExitCode(1)
                }
                do { try batch.commit() } catch {
                    Console.error("\(error)\n")
                    throw ExitCode(1)
                }
                Console.diagnostics(reportsWritten.diagnostics)
                if !reportsWritten.files.isEmpty {
                    Console.error("reports: \(reportsWritten.files.map { (out as NSString).appendingPathComponent($0.lastPathComponent) }.joined(separator: ", "))\n")
                }
            }
            switch format.stdout {
            case .json:
                for chunk in json { FileHandle.standardOutput.write(Data(chunk)) }
            case .text:
                let shownResults = resultsURL.map { _ in (out! as NSString).appendingPathComponent("results.json") }
                let text = ResultsSummary(results: results, top: top).text(resultsPath: shownResults, reviewsPath: reviews)
                FileHandle.standardOutput.write(Data(text.utf8))
            }
            let unreadable = results.summary.unreadable > 0
            let badFolder = scanProblems.contains { $0.severity == .error || $0.code == "unknown-team" }
            // Everything is written: end here rather than free 20,000 results one by one first
            // (the same exit status ArgumentParser would give).
            Foundation.exit(unreadable || badFolder ? 1 : 0)
        }
    }
}

/// `hunt judge --format`, read by the library (see `JudgeOutputFormats`).
extension JudgeOutputFormats: ExpressibleByArgument {
    public init?(argument: String) { self.init(list: argument) }
    public static var allValueStrings: [String] { words }
    public var defaultValueDescription: String { list }
}

/// `judging 1234/20000 photos · 5400/s · 3 s left` on one rewritten stderr line, at most ten times a second.
final class JudgeProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let start = Date()
    private var last = Date.distantPast
    private var shown = false

    func update(_ done: Int, _ total: Int) {
        lock.withLock {
            let now = Date()
            guard done == total || now.timeIntervalSince(last) >= 0.1 else { return }
            last = now
            let elapsed = max(now.timeIntervalSince(start), 0.001)
            let rate = Double(done) / elapsed
            let left = rate > 0 ? Double(total - done) / rate : 0
            // No rate or estimate from the first fraction of a second: they would say nonsense.
            let pace = elapsed < 0.5 && done < total ? "" : " · \(Int(rate))/s · \(Int(left.rounded(.up))) s left"
            let line = "\rjudging \(done)/\(total) photos\(pace) \u{1B}[K"
            FileHandle.standardError.write(Data(line.utf8))
            shown = true
        }
    }

    func finish() {
        lock.withLock {
            if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            shown = false
        }
    }
}
