import Foundation
import Testing

/// Outputs never go through planted links, never replace an input, change all together or not at
/// all when a run is interrupted, and two runs never write into one folder at once.
@Suite("outputs: temporary files, inputs, Ctrl-C, two runs", .serialized)
struct OutputSafetyTests {
    static var hunt: URL { JudgeCommandTests.hunt }
    static let reportNames = ["results.json", "report.html", "report.md", "submissions.csv", "leaderboard.csv"]

    func simulate(teams: Int = 3, photos: Int = 20) throws -> URL {
        let folder = try HuntBinary.temporaryDirectory("hunt-outputs")
        let result = try HuntBinary.run([
            "simulate", Self.hunt.path, "--teams", "\(teams)", "--photos-per-team", "\(photos)",
            "--out", folder.path, "--seed", "3"
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return folder
    }

    func contents(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return files
    }

    @Test("symlinks planted at pid-named temporary files are never written through")
    func plantedTemporaryLinks() throws {
        let folder = try simulate(photos: 5)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("precious".utf8).write(to: victim)
        // The old scheme was `.NAME.<pid>.tmp`: plant links at every pid the next runs could get.
        let pid = Int(ProcessInfo.processInfo.processIdentifier)
        for name in Self.reportNames {
            for p in pid..<(pid + 200) {
                try FileManager.default.createSymbolicLink(
                    atPath: out.appendingPathComponent(".\(name).\(p).tmp").path, withDestinationPath: victim.path)
            }
        }
        let run = try HuntBinary.run(["judge", Self.hunt.path, "submissions", "--out", "out", "--format", "text,html,csv,md"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: victim.path) == Data("precious".utf8))
        for name in Self.reportNames {
            let attributes = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(name)")
        }
        // Only the planted links remain beside the outputs: no temporary file of ours, no lock.
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(".") }
        #expect(left.count == Self.reportNames.count * 200)
    }

    @Test(
        "an output that is, or links to, an input is refused and the input kept",
        arguments: [
            (["sheets", "hunt.yaml", "-o", "hunt.yaml", "--format", "html"], "hunt.yaml"),
            (["sheets", "hunt.yaml", "-o", "link.html"], "hunt.yaml"),
            (["export", "hunt.yaml", "--format", "gpx", "-o", "hunt.yaml"], "hunt.yaml"),
            (["report", "out/results.json", "--format", "json", "--out", "out/results.json"], "out/results.json"),
            (["report", "out/results.json", "--format", "json", "--out", "hard.json"], "out/results.json"),
            (["judge", "hunt.yaml", "submissions", "--out", "submissions/foxes"], "hunt.yaml"),
            (["export", "hunt.yaml", "--format", "geojson", "-o", "cafes.geojson"], "cafes.geojson")
        ])
    func outputOverInput(arguments: [String], input: String) throws {
        let folder = try simulate(photos: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.hunt, to: folder.appendingPathComponent("hunt.yaml"))
        for file in try FileManager.default.contentsOfDirectory(at: Self.hunt.deletingLastPathComponent(), includingPropertiesForKeys: nil)
        where file.pathExtension != "yaml" {
            try? FileManager.default.copyItem(at: file, to: folder.appendingPathComponent(file.lastPathComponent))
        }
        let first = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--out", "out"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.html").path, withDestinationPath: "hunt.yaml")
        try FileManager.default.linkItem(at: folder.appendingPathComponent("out/results.json"), to: folder.appendingPathComponent("hard.json"))
        let submissions = try JudgeCommandTests().snapshot(folder.appendingPathComponent("submissions"))
        let before = try Data(contentsOf: folder.appendingPathComponent(input))
        let run = try HuntBinary.run(arguments, in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("is an input of this run") || run.stderr.contains("which this run reads"), "\(run.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent(input)) == before)
        #expect(try JudgeCommandTests().snapshot(folder.appendingPathComponent("submissions")) == submissions)
    }

    /// Interrupts a four-report judge at `delays` and checks every output is old or new, all from
    /// the same run, with no temporary file left and a message that says which.
    /// `points` delays spread from the start to a little past the end of an uninterrupted run.
    static func interruptSweep(points: Int, signals: [Int32]) throws {
        let test = OutputSafetyTests()
        let folder = try test.simulate(teams: 3, photos: 40)
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["judge", Self.hunt.path, "submissions", "--out", "out", "--format", "text,html,csv,md"]
        #expect(try HuntBinary.run(arguments, in: folder).status == 0)
        let old = test.contents(folder.appendingPathComponent("out"))
        // One more photo: every output of the next run differs from the old one.
        let team = folder.appendingPathComponent("submissions/foxes")
        let photo = try FileManager.default.contentsOfDirectory(atPath: team.path).sorted().first { $0.hasSuffix(".jpg") }!
        try FileManager.default.copyItem(at: team.appendingPathComponent(photo), to: team.appendingPathComponent("zz-extra-\(photo)"))
        let scratch = folder.appendingPathComponent("new")
        let started = Date()
        #expect(try HuntBinary.run(["judge", Self.hunt.path, "submissions", "--out", "new", "--format", "text,html,csv,md"], in: folder).status == 0)
        let duration = Date().timeIntervalSince(started)
        let delays = (0..<points).map { duration * 1.1 * Double($0) / Double(points - 1) }
        let new = test.contents(scratch)
        // results.json records nothing of the folder name, so new/ holds exactly what out/ would.
        try FileManager.default.removeItem(at: scratch)
        #expect(Set(old.keys) == Set(Self.reportNames) && Set(new.keys) == Set(Self.reportNames))
        for name in Self.reportNames { #expect(old[name] != new[name], "\(name) is the same in both runs") }

        var outcomes: [String: Int] = [:]
        for (i, delay) in delays.enumerated() {
            let signo = signals[i % signals.count]
            let process = Process()
            process.executableURL = try HuntBinary.url()
            process.arguments = arguments
            process.currentDirectoryURL = folder
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, signo)
            process.waitUntilExit()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let now = test.contents(folder.appendingPathComponent("out"))
            #expect(Set(now.keys) == Set(Self.reportNames), "delay \(delay): files \(now.keys.sorted())")
            let isOld = Self.reportNames.allSatisfy { now[$0] == old[$0] }
            let isNew = Self.reportNames.allSatisfy { now[$0] == new[$0] }
            #expect(isOld || isNew, "delay \(delay): a mix of old and new: \(Self.reportNames.filter { now[$0] == new[$0] })")
            let status = process.terminationStatus
            if process.terminationReason == .uncaughtSignal {
                // Killed before it could install its handlers, at start-up: nothing was staged yet.
                #expect(isOld, "delay \(delay): killed by the signal, yet the files changed")
                outcomes["killed at start-up", default: 0] += 1
            } else if status == 0 {
                #expect(isNew)
                outcomes["finished", default: 0] += 1
            } else {
                #expect(status == 128 + signo, "delay \(delay): exit \(status): \(stderr)")
                if isOld { #expect(stderr.contains("interrupted: nothing was written"), "\(stderr)") }
                if isNew { #expect(stderr.contains("interrupted: all outputs were already written"), "\(stderr)") }
                outcomes[isOld ? "old" : "new", default: 0] += 1
            }
            // Put the old files back for the next round.
            if isNew {
                for (name, bytes) in old { try bytes.write(to: folder.appendingPathComponent("out/\(name)")) }
            }
        }
        print("interrupt sweep: \(outcomes)")
    }

    @Test("SIGINT and SIGTERM at 24 points of a four-report judge: each output old or new, all from one run, no temporary file")
    func interruptEverywhere() throws {
        try Self.interruptSweep(points: 24, signals: [SIGINT, SIGTERM])
    }

    @Test("a second run on the same --out is refused while the first writes, naming its pid")
    func twoRunsOneOut() throws {
        let folder = try simulate(photos: 20)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = Process()
        first.executableURL = try HuntBinary.url()
        first.arguments = ["judge", Self.hunt.path, "submissions", "--out", "out", "--format", "text,csv"]
        first.currentDirectoryURL = folder
        first.environment = ProcessInfo.processInfo.environment.merging(["HUNT_JUDGE_THROTTLE_MS": "20"]) { $1 }
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        // Wait until it holds the folder.
        let lock = folder.appendingPathComponent("out/.hunt.lock").path
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: lock) { Thread.sleep(forTimeInterval: 0.01) }
        let second = try HuntBinary.run(["judge", Self.hunt.path, "submissions", "--out", "out", "--format", "text,html"], in: folder)
        #expect(second.status == 1)
        #expect(second.stderr.contains("out: error: another run is writing here (pid \(first.processIdentifier))"), "\(second.stderr)")
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted()
        #expect(left == ["leaderboard.csv", "results.json", "submissions.csv"])
        let third = try HuntBinary.run(["judge", Self.hunt.path, "submissions", "--out", "out"], in: folder)
        #expect(third.status == 0, "\(third.stderr)")
    }
}
