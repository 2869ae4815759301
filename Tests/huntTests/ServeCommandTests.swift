import Foundation
import HuntTestSupport
import Testing

/// `hunt serve` as a user starts it: the URLs, then a line per photo that arrives (none with --quiet).
@Suite("hunt serve on stdout")
struct ServeCommandTests {
    /// Collects a running process's stdout lines.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func add(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
        var all: [String] { lock.withLock { text.split(separator: "\n").map(String.init) } }
    }

    /// Serves a copy of the photo-scavenger-hunt example (keeping `--out out`), drops a photo into
    /// it once the URLs are printed, and gives the stdout lines once results.json has judged it.
    static func serve(_ extra: [String]) async throws -> [String] {
        let folder = try HuntBinary.temporaryDirectory("hunt-serve-log")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hunt = folder.appendingPathComponent("hunt")
        try FileManager.default.copyItem(at: SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt"), to: hunt)
        let process = Process()
        process.executableURL = try HuntBinary.url()
        process.arguments = ["serve", "hunt/hunt.yaml", "hunt/submissions", "--listen", "127.0.0.1:0", "--out", "out"] + extra
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let lines = Lines()
        out.fileHandleForReading.readabilityHandler = { lines.add($0.availableData) }
        try process.run()
        defer { process.terminate(); process.waitUntilExit(); out.fileHandleForReading.readabilityHandler = nil }
        for _ in 0..<600 where !lines.all.contains(where: { $0.hasPrefix("leaderboard:") }) { try await Task.sleep(for: .milliseconds(50)) }
        try FileManager.default.copyItem(
            at: hunt.appendingPathComponent("submissions/foxes/library/IMG_0002.jpg"),
            to: hunt.appendingPathComponent("submissions/herons/arrived.jpg"))
        let results = folder.appendingPathComponent("out/results.json")
        for _ in 0..<600 where !((try? String(contentsOf: results, encoding: .utf8))?.contains("herons/arrived.jpg") ?? false) {
            try await Task.sleep(for: .milliseconds(50))
        }
        // The line follows the judgement that --out is written from.
        try await Task.sleep(for: .milliseconds(500))
        return lines.all
    }

    @Test func aPhotoArrivingIsALineOnStdout() async throws {
        let lines = try await Self.serve([])
        #expect(lines.count == 3 && lines[0].hasPrefix("judge:") && lines[1].hasPrefix("leaderboard:"), "\(lines)")
        #expect(lines.last?.wholeMatch(of: /\d\d:\d\d:\d\d arrived herons\/arrived\.jpg: review \(duplicate-of\)/) != nil, "\(lines)")
    }

    @Test func quietPrintsOnlyTheURLs() async throws {
        let lines = try await Self.serve(["--quiet"])
        #expect(lines.count == 2 && lines[0].hasPrefix("judge:") && lines[1].hasPrefix("leaderboard:"), "\(lines)")
    }
}
