import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HuntTestSupport
import Testing

/// A player's HEIC that crashes libheif (libde265 recursing without bound: our `heif` fuzz
/// target's find, `Fixtures/heif-crash`) used to kill `hunt serve` when a judge opened its preview.
/// The decode now runs in a child process (`hunt heif-preview`): the preview is refused with the
/// reason, and the server goes on.
@Suite struct HEIFCrashCommandTests {
    static let crash = SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/heif-crash/fuzz-libde265-unbounded-recursion.heic")
    static let good = SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/heif/heic-grid-2x2-with-exif.heic")

    @Test func serveRefusesTheCrashingPreviewAndGoesOn() async throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-heif-crash")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hunt = folder.appendingPathComponent("hunt")
        try FileManager.default.copyItem(at: SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt"), to: hunt)
        try FileManager.default.copyItem(at: Self.crash, to: hunt.appendingPathComponent("submissions/foxes/x.heic"))
        try FileManager.default.copyItem(at: Self.good, to: hunt.appendingPathComponent("submissions/foxes/y.heic"))
        let process = Process()
        process.executableURL = try HuntBinary.url()
        process.arguments = ["serve", "hunt.yaml", "submissions", "--listen", "127.0.0.1:0", "--quiet"]
        process.currentDirectoryURL = hunt
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let lines = ServeCommandTests.Lines()
        out.fileHandleForReading.readabilityHandler = { lines.add($0.availableData) }
        try process.run()
        defer { process.terminate(); process.waitUntilExit(); out.fileHandleForReading.readabilityHandler = nil }
        for _ in 0..<600 where !lines.all.contains(where: { $0.hasPrefix("judge:") }) { try await Task.sleep(for: .milliseconds(50)) }
        let judge = try #require(lines.all.first { $0.hasPrefix("judge:") }?.split(separator: " ").last.flatMap { URL(string: String($0)) })
        let token = try #require(URLComponents(url: judge, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "token" }?.value)
        func photo(_ path: String) async throws -> (status: Int, body: Data, type: String?) {
            var request = URLRequest(url: URL(string: "/api/photo?path=\(path)", relativeTo: judge)!)
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            let (body, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            return (http.statusCode, body, http.value(forHTTPHeaderField: "Content-Type"))
        }
        let crashed = try await photo("foxes/x.heic")
        #expect(crashed.status == 404)
        #expect(String(decoding: crashed.body, as: UTF8.self).hasPrefix("this photo cannot be previewed: libheif crashed decoding the picture (signal "),
                "\(String(decoding: crashed.body, as: UTF8.self))")
        #expect(process.isRunning, "hunt serve died (status \(process.isRunning ? 0 : process.terminationStatus))")
        let good = try await photo("foxes/y.heic")
        #expect(good.status == 200 && good.type == "image/jpeg" && good.body.starts(with: [0xFF, 0xD8]))
        #expect(process.isRunning)
    }
}
