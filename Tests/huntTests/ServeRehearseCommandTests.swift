import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HuntTestSupport
import Testing

/// Issue 38, "rehearsing means editing the window": `hunt serve --rehearse` runs the example as if
/// today were its day and says so on stderr, on every page and in --out.
@Suite("hunt serve --rehearse")
struct ServeRehearseCommandTests {
    @Test func todayIsTheDayAndEverythingSaysRehearsal() async throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-serve-rehearse")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hunt = folder.appendingPathComponent("hunt")
        try FileManager.default.copyItem(at: SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt"), to: hunt)
        let process = Process()
        process.executableURL = try HuntBinary.url()
        process.arguments = [
            "serve", "hunt/hunt.yaml", "hunt/submissions", "--listen", "127.0.0.1:0", "--out", "out", "--format", "md",
            "--players", "--rehearse", "--quiet"
        ]
        process.currentDirectoryURL = folder
        let (out, err) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (out, err)
        let (lines, errors) = (ServeCommandTests.Lines(), ServeCommandTests.Lines())
        out.fileHandleForReading.readabilityHandler = { lines.add($0.availableData) }
        err.fileHandleForReading.readabilityHandler = { errors.add($0.availableData) }
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
            out.fileHandleForReading.readabilityHandler = nil
            err.fileHandleForReading.readabilityHandler = nil
        }
        for _ in 0..<600 where !lines.all.contains(where: { $0.hasPrefix("team herons:") }) { try await Task.sleep(for: .milliseconds(50)) }
        let today = Self.today()
        #expect(errors.all.contains { $0.hasPrefix("rehearsal on \(today): the window is \(today)T10:00:00") }, "\(errors.all)")
        #expect(errors.all.contains { $0.contains("decisions go to hunt/reviews.rehearsal.yaml") }, "\(errors.all)")

        let results = folder.appendingPathComponent("out/results.json")
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: results.path) { try await Task.sleep(for: .milliseconds(50)) }
        let json = try String(contentsOf: results, encoding: .utf8)
        #expect(json.contains("\"title\": \"REHEARSAL \(today) · Utrecht Science Park Photo Hunt\""))
        #expect(json.contains("\"start\": \"\(today)T10:00:00"))
        let markdown = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).first { $0.hasSuffix(".md") })
        #expect(try String(contentsOf: folder.appendingPathComponent("out/" + markdown), encoding: .utf8).contains("REHEARSAL \(today)"))

        let banner = "Rehearsal on \(today): the hunt runs today as if it were its day."
        let team = try #require(lines.all.first { $0.hasPrefix("team foxes:") }?.split(separator: " ").last.map(String.init))
        let judge = try #require(lines.all.first { $0.hasPrefix("judge:") }?.split(separator: " ").last.map(String.init))
        let leaderboard = try #require(lines.all.first { $0.hasPrefix("leaderboard:") }?.split(separator: " ").last.map(String.init))
        for page in [team, judge, leaderboard] {
            let html = try await Self.get(page)
            #expect(html.contains("<div class=\"rehearsal\" role=\"note\">\(banner)"), "\(page): \(html.prefix(600))")
        }
        // The team's page shows the hunt's title from its state: marked too.
        #expect(try await Self.get(team + "/api/state").contains("REHEARSAL \(today)"))
    }

    static func today() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    static func get(_ url: String) async throws -> String {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.timeoutInterval = 30
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        return String(decoding: try await session.data(for: request).0, as: UTF8.self)
    }
}
