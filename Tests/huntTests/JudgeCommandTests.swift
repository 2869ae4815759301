import Foundation
import HuntTestSupport
import HuntKit
import Testing

/// `hunt simulate` and `hunt judge` run as a user runs them.
@Suite("hunt judge and hunt simulate, end to end", .serialized)
struct JudgeCommandTests {
    static var hunt: URL { SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/judging/campus-hunt.yaml") }

    /// A simulated folder: `DIR/submissions`, `DIR/answers.json`.
    func simulate(_ seed: Int, teams: Int = 3, photos: Int = 20) throws -> URL {
        let folder = try HuntBinary.temporaryDirectory("hunt-judge")
        let result = try HuntBinary.run([
            "simulate", Self.hunt.path, "--teams", "\(teams)", "--photos-per-team", "\(photos)",
            "--out", folder.path, "--seed", "\(seed)"
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // Exactly the number asked (issue 22, item 12).
        let answers = try Simulator.AnswerFile.decode(Data(contentsOf: folder.appendingPathComponent("answers.json")))
        #expect(answers.submissions.count == teams * photos)
        #expect(result.stdout.hasPrefix("wrote \(answers.submissions.count) photos for \(teams) teams to "), "\(result.stdout)")
        return folder
    }

    /// Every file's path and bytes, to prove inputs are untouched.
    func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)!
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = folder.appendingPathComponent(path).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: full)
            }
        }
        return files
    }

    @Test("simulate, judge: every verdict as planned; re-runs are byte-identical; --format json is results.json")
    func agreement() throws {
        let folder = try simulate(5)
        defer { try? FileManager.default.removeItem(at: folder) }
        let submissions = folder.appendingPathComponent("submissions")
        let before = try snapshot(submissions)
        let out = folder.appendingPathComponent("out")
        let run = try HuntBinary.run(["judge", Self.hunt.path, submissions.path, "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("rank  team"))
        let first = try Data(contentsOf: out.appendingPathComponent("results.json"))
        let results = try JudgeResults.decode(first)
        // The leaderboard on stdout is results.json's: every team, in rank order, with its points.
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let board = results.teams.map { team in rows.firstIndex { $0.first == String(team.rank) && $0.joined(separator: " ").contains(team.name) } }
        #expect(!results.teams.isEmpty && board.allSatisfy { $0 != nil }, "\(run.stdout)")
        #expect(board == board.sorted { ($0 ?? 0) < ($1 ?? 0) })
        for (team, row) in zip(results.teams, board) { #expect(row.map { rows[$0].contains(String(team.points)) } == true, "\(team.name)") }
        let answers = try Simulator.AnswerFile.decode(Data(contentsOf: folder.appendingPathComponent("answers.json")))
        let judged = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        #expect(results.submissions.count == answers.submissions.count)
        for answer in answers.submissions {
            #expect(judged[answer.path]?.verdict == answer.verdict, "\(answer.path)")
            #expect(judged[answer.path]?.reasons == answer.reasons, "\(answer.path)")
        }
        let again = try HuntBinary.run(["judge", Self.hunt.path, submissions.path, "--out", out.path, "--format", "json"])
        #expect(again.status == 0)
        #expect(try Data(contentsOf: out.appendingPathComponent("results.json")) == first)
        #expect(again.stdoutData == first)
        #expect(try snapshot(submissions) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["results.json"])
    }

    @Test("an unreadable photo and a team folder not in the roster: named on stderr, exit 1, the rest judged")
    func badPhotos() throws {
        let folder = try simulate(6, teams: 2, photos: 5)
        defer { try? FileManager.default.removeItem(at: folder) }
        let submissions = folder.appendingPathComponent("submissions")
        try FileManager.default.createDirectory(at: submissions.appendingPathComponent("foxes/library"), withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xE1, 0x10]).write(to: submissions.appendingPathComponent("foxes/library/cut-off.jpg"))
        try FileManager.default.createDirectory(at: submissions.appendingPathComponent("wolves"), withIntermediateDirectories: true)
        let some = try FileManager.default.subpathsOfDirectory(atPath: submissions.appendingPathComponent("owls").path).first {
            $0.hasSuffix(".jpg")
        }!
        try FileManager.default.copyItem(
            at: submissions.appendingPathComponent("owls/" + some), to: submissions.appendingPathComponent("wolves/x.jpg"))
        let out = folder.appendingPathComponent("out")
        let run = try HuntBinary.run(["judge", Self.hunt.path, submissions.path, "--out", out.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("foxes/library/cut-off.jpg: error:"))
        #expect(run.stderr.contains("wolves"))
        #expect(run.stderr.contains("names no team"))
        let results = try JudgeResults.decode(Data(contentsOf: out.appendingPathComponent("results.json")))
        #expect(results.submission(at: "foxes/library/cut-off.jpg")?.reasons == [.unreadable])
        #expect(results.submission(at: "wolves/x.jpg")?.reasons.contains(.unknownTeam) == true)
        #expect(results.submissions.count == 12)
    }

    @Test("a reviews file with an unknown path, or broken YAML: a clear error and nothing written")
    func badReviews() throws {
        let folder = try simulate(7, teams: 2, photos: 5)
        defer { try? FileManager.default.removeItem(at: folder) }
        let submissions = folder.appendingPathComponent("submissions")
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let earlier = Data("earlier results\n".utf8)
        try earlier.write(to: out.appendingPathComponent("results.json"))
        let cases: [(String, String)] = [
            ("foxes/a.jpg: { decision: accept\n", "reviews.yaml:2:1: error:"),
            ("foxes/a.jpg:\n  decision: perhaps\n", "decision must be accept or reject")
        ]
        for (text, message) in cases {
            let reviews = folder.appendingPathComponent("reviews.yaml")
            try Data(text.utf8).write(to: reviews)
            let run = try HuntBinary.run(["judge", Self.hunt.path, "submissions", "--reviews", "reviews.yaml", "--out", "out"], in: folder)
            #expect(run.status == 1)
            #expect(run.stderr.contains(message), "\(run.stderr)")
            // The error comes first, then what it meant for the run.
            let error = try #require(run.stderr.range(of: "error:"), "\(run.stderr)")
            let nothing = try #require(run.stderr.range(of: "nothing written"), "\(run.stderr)")
            #expect(error.lowerBound < nothing.lowerBound, "\(run.stderr)")
            #expect(try Data(contentsOf: out.appendingPathComponent("results.json")) == earlier)
            #expect(try Data(contentsOf: reviews) == Data(text.utf8))
        }
        _ = submissions
    }

    @Test("a decision about a photo that is gone is a warning: the run goes on, the decision stays in the file")
    func decisionAboutAGonePhoto() throws {
        let folder = try simulate(7, teams: 2, photos: 5)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "foxes/nope/IMG_9999.jpg:\n  decision: accept\n  by: Ann\n"
        let reviews = folder.appendingPathComponent("reviews.yaml")
        try Data(text.utf8).write(to: reviews)
        let run = try HuntBinary.run(["judge", Self.hunt.path, "submissions", "--reviews", "reviews.yaml", "--out", "out"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains("reviews.yaml:1:1: warning: `foxes/nope/IMG_9999.jpg` is decided here but is not a submission in this folder"),
            "\(run.stderr)")
        let results = try JudgeResults.decode(Data(contentsOf: folder.appendingPathComponent("out/results.json")))
        #expect(results.problems.contains { $0.code == "decided-photo-gone" })
        #expect(try Data(contentsOf: reviews) == Data(text.utf8))
    }

    @Test("decisions from a reviews file are applied; the review queue shrinks; the file is never written")
    func reviews() throws {
        let folder = try simulate(8, teams: 3, photos: 25)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let first = try HuntBinary.run(["judge", Self.hunt.path, "submissions", "--out", "out", "--format", "json"], in: folder)
        let results = try JudgeResults.decode(first.stdoutData)
        let queue = results.reviewQueue
        try #require(!queue.isEmpty)
        let text =
            "# decided by the marshals\n"
            + queue.enumerated().map { i, path in
                "\(path):\n  decision: \(i % 2 == 0 ? "accept" : "reject")\n  note: looked at it\n  by: Anna\n"
            }.joined()
        try Data(text.utf8).write(to: folder.appendingPathComponent("reviews.yaml"))
        let second = try HuntBinary.run(["judge", Self.hunt.path, "submissions", "--reviews", "reviews.yaml", "--out", "out"], in: folder)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("no review items left undecided"))
        let decided = try JudgeResults.decode(Data(contentsOf: out.appendingPathComponent("results.json")))
        #expect(decided.reviewQueue.isEmpty)
        #expect(decided.summary.reviewed == queue.count)
        let firstDecided = decided.submission(at: queue[0])!
        #expect(firstDecided.verdict == .accepted && firstDecided.judgedVerdict == .review && !firstDecided.reasons.isEmpty)
        #expect(firstDecided.review?.by == "Anna")
        #expect(try String(contentsOf: folder.appendingPathComponent("reviews.yaml"), encoding: .utf8) == text)
    }

    @Test("an output folder that cannot be written: a clear message before any work")
    func badOut() throws {
        let folder = try simulate(9, teams: 1, photos: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("a file".utf8).write(to: folder.appendingPathComponent("taken"))
        let run = try HuntBinary.run(["judge", Self.hunt.path, "submissions", "--out", "taken"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("taken: error: is a file, not a folder"))
        let nested = try HuntBinary.run(["judge", Self.hunt.path, "submissions", "--out", "taken/results"], in: folder)
        #expect(nested.status == 1)
        #expect(nested.stderr.contains("cannot create the folder"))
    }

    @Test("usage errors exit 2 and say what to type")
    func usage() throws {
        let run = try HuntBinary.run(["judge", Self.hunt.path])
        #expect(run.status == 2)
        let simulate = try HuntBinary.run(["simulate", Self.hunt.path, "--teams", "0", "--photos-per-team", "1", "--out", "x"])
        #expect(simulate.status == 2)
        #expect(simulate.stderr.contains("--teams must be at least 1"))
    }

    @Test("Ctrl-C half way: exit 130, no results, no temporary file and no new folder left")
    func interrupt() throws {
        let folder = try simulate(10, teams: 3, photos: 40)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let process = Process()
        process.executableURL = try HuntBinary.url()
        process.arguments = ["judge", Self.hunt.path, folder.appendingPathComponent("submissions").path, "--out", out.path]
        // Slow the run down (a test hook: milliseconds per photo) so the interrupt lands half way.
        process.environment = ProcessInfo.processInfo.environment.merging(["HUNT_JUDGE_THROTTLE_MS": "20"]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        Thread.sleep(forTimeInterval: 0.8)
        #expect(process.isRunning)
        process.interrupt()
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130)
        #expect(stderr.contains("interrupted: nothing was written; \(out.path)/ is as it was"))
        // The run made --out, so it removes it again: nothing is left behind.
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
