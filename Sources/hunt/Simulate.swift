import ArgumentParser
import Foundation
import HuntKit
import HuntServe

extension HuntCommand {
    struct Simulate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "simulate",
            abstract: "Make synthetic submissions for a hunt: real JPEGs with EXIF GPS and times, and the verdict each should get.",
            discussion: """
                Writes DIR/submissions/<team>/... (JPEG files with GPS position, accuracy, capture time and \
                offset, GPS time, device) and DIR/answers.json (the verdict and reasons each photo should \
                get). Mostly honest photos, and a share of failures spread over: off target, before or after \
                the window, no GPS, duplicate of another team's photo, edited, too fast, uncertain position, \
                clock skew, wrong media. With --video-share, some submissions are videos (MOV with Apple's \
                keys, MP4 with ©xyz) and some photos get a Live Photo motion MOV beside them. The same hunt, \
                options and --seed give the same files.

                Examples:
                  hunt simulate hunt.yaml --teams 5 --photos-per-team 20 --out rehearsal
                  hunt judge hunt.yaml rehearsal/submissions     # vs rehearsal/answers.json
                  hunt simulate hunt.yaml --video-share 0.3 --out mixed
                """
        )

        @OptionGroup var hunt: HuntArgument

        @Option(help: ArgumentHelp("How many teams of the hunt's roster send photos (default: all of them).", valueName: "n"))
        var teams: Int?

        @Option(help: ArgumentHelp("Photos per team.", valueName: "m"))
        var photosPerTeam: Int

        @Option(help: ArgumentHelp("The folder to write into (submissions/ and answers.json).", valueName: "dir"), completion: .directory)
        var out: String

        @Option(help: ArgumentHelp("Seed for the generator; the same seed gives the same files.", valueName: "s"))
        var seed: UInt64 = 1

        @Option(help: ArgumentHelp("Share of photos planned to fail, 0 to 1.", valueName: "share"))
        var failureShare: Double = 0.25

        @Option(
            help: ArgumentHelp(
                "Share of submissions sent as videos (MOV or MP4), 0 to 1; as many photos again get a Live Photo motion MOV beside them. Tasks with `evidence:` get what they ask for regardless.",
                valueName: "share"))
        var videoShare: Double = 0

        @OptionGroup var playersSecret: PlayersSecretOption

        func validate() throws {
            if let teams, teams < 1 { throw ValidationError("--teams must be at least 1, e.g. `--teams 5`") }
            if !(1...Simulator.Options.maximumPhotosPerTeam).contains(photosPerTeam) {
                throw ValidationError("--photos-per-team must be from 1 to \(Simulator.Options.maximumPhotosPerTeam), e.g. `--photos-per-team 20`")
            }
            if !(0...1).contains(failureShare) { throw ValidationError("--failure-share is a share between 0 and 1, e.g. `--failure-share 0.25`") }
            if !(0...1).contains(videoShare) { throw ValidationError("--video-share is a share between 0 and 1, e.g. `--video-share 0.3`") }
            let submissions = (out as NSString).appendingPathComponent("submissions")
            if let contents = try? FileManager.default.contentsOfDirectory(atPath: submissions), !contents.isEmpty {
                throw ValidationError("\(submissions) is not empty; give --out a new folder (simulate never overwrites photos)")
            }
        }

        mutating func run() async throws {
            var hunt = try self.hunt.loadOrExit().hunt
            // Derived codes are typed as the posters print them; without the secret nobody knows them.
            let codes = try playersSecret.codes(hunt, huntPath: self.hunt.path, command: "simulate")
            hunt = codes.hunt
            if codes.note != nil {
                let unknown = PlayerCodes.unknownCodeTasks(hunt).joined(separator: ", ")
                Console.error(
                    "hunt simulate: note: \(codes.path) is missing, so the codes of \(unknown) (`code: true`) are not known: no team types them. "
                        + "`hunt sheets --posters` makes the secret.\n")
            }
            let teams = self.teams ?? hunt.teams.count
            let simulator = Simulator(
                hunt: hunt,
                options: .init(
                    teams: teams, photosPerTeam: photosPerTeam, seed: seed,
                    failureShare: failureShare, videoShare: videoShare))
            let answers: Simulator.AnswerFile
            OutputBatch.handleInterrupts()
            do {
                answers = try simulator.write(to: URL(fileURLWithPath: out))
            } catch {
                throw Console.failure("hunt simulate: error: \(error)\n")
            }
            let kinds = answers.kinds.sorted { ($1.value, $0.key.rawValue) < ($0.value, $1.key.rawValue) }.map { "\($0.key.rawValue) \($0.value)" }
            var verdicts: [Verdict: Int] = [:]
            for a in answers.submissions { verdicts[a.verdict, default: 0] += 1 }
            let attempts = answers.submissions.filter { $0.path.hasPrefix(AnswerLog.fileName + "#") }.count
            let sent = "\(answers.submissions.count - attempts) photos" + (attempts > 0 ? " and \(attempts) answers (\(AnswerLog.fileName))" : "")
            Console.output("wrote \(sent) for \(teams) teams to \((out as NSString).appendingPathComponent("submissions"))" + "\n")
            Console.output("kinds: " + kinds.joined(separator: ", ") + "\n")
            if let shortfall = answers.shortfall { Console.error(shortfall + "\n") }
            Console.output(
                "expected: \(verdicts[.accepted] ?? 0) accepted, \(verdicts[.review] ?? 0) review, \(verdicts[.rejected] ?? 0) rejected — see \((out as NSString).appendingPathComponent("answers.json"))"
                    + "\n")
        }
    }
}
