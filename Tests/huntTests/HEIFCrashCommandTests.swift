import Foundation
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
        let served = try await ServedExample("hunt-heif-crash") { submissions in
            try FileManager.default.copyItem(at: Self.crash, to: submissions.appendingPathComponent("foxes/x.heic"))
            try FileManager.default.copyItem(at: Self.good, to: submissions.appendingPathComponent("foxes/y.heic"))
        }
        defer { served.stop() }
        let crashed = try await served.get("/api/photo?path=foxes/x.heic")
        #expect(crashed.status == 404)
        #expect(
            String(decoding: crashed.body, as: UTF8.self).hasPrefix("this photo cannot be previewed: libheif crashed decoding the picture (signal "),
            "\(String(decoding: crashed.body, as: UTF8.self))")
        #expect(served.process.isRunning, "hunt serve died (status \(served.process.isRunning ? 0 : served.process.terminationStatus))")
        let good = try await served.get("/api/photo?path=foxes/y.heic")
        #expect(good.status == 200 && good.type == "image/jpeg" && good.body.starts(with: [0xFF, 0xD8]))
        #expect(served.process.isRunning)
    }
}
