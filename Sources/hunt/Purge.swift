import ArgumentParser
import Foundation
import HuntKit
import HuntServe

extension HuntCommand {
    struct Purge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "purge",
            abstract: "Remove the teams' photos, videos and positions once the hunt's retention has passed.",
            discussion: """
                Removes from SUBMISSIONS the photos, videos, sidecars, browser positions (.browser.xmp) and \
                unfinished uploads that arrived (were written into the folder) before --before, or, \
                without it, more than the hunt's `retention:` ago; removes the positions (lat, lon, \
                accuracy, fix time) from the players' log lines of that time (REVIEWS.players.jsonl \
                beside the reviews file); with --out, removes the HTML reports there, which embed \
                thumbnails. Keeps results.json, CSV, Markdown and text reports, the reviews and the audit \
                log's decisions, the log's other fields, and every other file of the folder (named). Each \
                removed file gets a line in SUBMISSIONS/.purged.jsonl, so a later `hunt judge` says what \
                is gone. Without --yes nothing is removed: it says what would be. Stop `hunt serve` first.

                Examples:
                  hunt purge hunt.yaml submissions --dry-run
                  hunt purge hunt.yaml submissions --out results --yes
                  hunt purge hunt.yaml submissions --before 2026-12-01 --yes
                """
        )

        @OptionGroup var hunt: HuntArgument
        @OptionGroup var submissions: SubmissionsArgument

        @Option(
            help: ArgumentHelp(
                "Remove what arrived before this date (and time), in the hunt's timezone; default: the hunt's `retention:` before now.",
                valueName: "date"))
        var before: String?
        @Option(
            help: ArgumentHelp(
                "The reviews file `hunt serve` used; the players' log beside it loses its positions (default: reviews.yaml beside the hunt).",
                valueName: "file"), completion: .reviewsFile)
        var reviews: String?
        @Option(
            help: ArgumentHelp("A judge's output folder: its HTML reports, which embed thumbnails, are removed too.", valueName: "dir"),
            completion: .directory)
        var out: String?
        @Flag(help: "Say what would be removed and kept; remove nothing.")
        var dryRun = false
        @Flag(help: "Remove without asking (without it, nothing is removed).")
        var yes = false
        @Flag(help: "List every file removed, not only the counts.")
        var list = false

        func validate() throws {
            if dryRun && yes { throw ValidationError("--dry-run and --yes contradict each other: give one") }
        }

        mutating func run() throws {
            let hunt = try self.hunt.loadOrExit().hunt
            let now = Date()
            let (cutoff, why) = try cutoff(hunt: hunt, now: now)
            let reviewsPath = reviews ?? ServeConfiguration.defaultReviewsPath(huntPath: self.hunt.path)
            let playersLog = PlayersRoom.logURL(reviews: URL(fileURLWithPath: reviewsPath))
            let purge = SubmissionsPurge(
                submissions: submissions.url, displayPath: submissions.path, before: cutoff,
                playersLog: FileManager.default.fileExists(atPath: playersLog.path) ? playersLog : nil,
                out: out.map { URL(fileURLWithPath: $0) })
            let plan: SubmissionsPurge.Plan
            do { plan = try purge.plan() } catch { throw Console.failure(error.diagnostics) }
            let zone = hunt.timezone
            Console.output("files that arrived before \(DateTimeText.format(cutoff, timeZone: zone)) (\(why))\n")
            let act = yes && !dryRun
            let verb = act ? "removing" : "would remove"
            if plan.removals.isEmpty && plan.logPositions == 0 {
                Console.output("nothing to remove\n")
            }
            for total in plan.totals {
                Console.output("\(verb) \(Self.count(total.files, total.kind)) (\(Self.bytes(total.bytes)))\n")
            }
            if list { for removal in plan.removals { Console.output("  \(removal.path)\n") } }
            if plan.logPositions > 0 {
                Console.output("\(verb) the positions of \(Self.count(plan.logPositions, "line")) of \(playersLog.path)\n")
            }
            if plan.recent > 0 { Console.output("keeping \(Self.count(plan.recent, "newer file")) (arrived since)\n") }
            for kept in plan.kept { Console.output("keeping \(kept.path): \(kept.reason)\n") }
            Console.output("keeping results.json, reports without photos, \(reviewsPath) and its audit log's decisions\n")
            guard act else {
                if !dryRun && !(plan.removals.isEmpty && plan.logPositions == 0) {
                    throw Console.failure("hunt purge: nothing removed: run again with --yes to remove these\n")
                }
                return
            }
            let outcome = purge.carryOut(plan, now: now)
            for failure in outcome.failed { Console.error("hunt purge: \(failure.path): could not remove: \(failure.reason)\n") }
            if let failure = outcome.logFailure { Console.error("hunt purge: \(playersLog.path): positions kept: \(failure)\n") }
            Console.output(
                "removed \(Self.count(outcome.removed.count, "file")); the list is in \(submissions.path)/\(SubmissionsPurge.recordName)\n")
            if !outcome.failed.isEmpty || outcome.logFailure != nil { throw ExitCode(1) }
        }

        /// The moment before which files go, and how it was decided.
        func cutoff(hunt: Hunt, now: Date) throws -> (Date, String) {
            if let before {
                let text = before.contains(":") ? before : before + " 00:00"
                switch DateTimeText.parse(text, timeZone: hunt.timezone) {
                case .success(let date):
                    if date > now { throw Self.usage("--before \(before) is in the future: everything would go; give a past date") }
                    return (date, "--before")
                case .failure(let problem): throw Self.usage("--before `\(before)`: \(problem)")
                }
            }
            guard let retention = hunt.retention else {
                throw Self.usage("\(self.hunt.path) sets no `retention:`; add e.g. `retention: 30 days` to it, or give --before DATE")
            }
            return (now.addingTimeInterval(-retention.seconds), "retention: \(retention.inDays)")
        }

        /// A usage error found once the hunt is read: said, exit status 2.
        static func usage(_ message: String) -> ExitCode {
            Console.error("hunt purge: error: \(message)\n")
            return ExitCode(2)
        }

        static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

        static func count(_ n: Int, _ kind: SubmissionsPurge.Kind) -> String {
            kind == .reportWithPhotos ? (n == 1 ? "1 report with photos" : "\(n) reports with photos") : count(n, kind.rawValue)
        }

        static func bytes(_ n: Int64) -> String {
            let units = ["bytes", "KB", "MB", "GB", "TB"]
            var value = Double(n), unit = 0
            while value >= 1000, unit < units.count - 1 { value /= 1000; unit += 1 }
            return unit == 0 ? "\(n) bytes" : String(format: "%.1f", value) + " " + units[unit]
        }
    }
}
