import Foundation
import HuntTestSupport
import Testing

/// A team's crafted HEIC keeps libheif's child busy for seconds (`Fixtures/heif-crash`: libde265
/// recursing until its limits stop it). Its preview waits on a thread of its own
/// (`BlockingWork`), not on one of the cooperative pool's: with such previews in flight,
/// `hunt serve` still answers a judge at once. Before, both cooperative threads of a 2-core
/// machine sat in the child's wait and every route stalled for as long as it ran.
@Suite struct ServePreviewFreezeCommandTests {
    @Test func hangingPreviewsLeaveTheConsoleAnswering() async throws {
        let served = try await ServedExample("hunt-preview-freeze") { submissions in
            // Four, so that on two cores the decodes outlast the judge's requests even on a busy machine.
            for name in ["x", "y", "v", "w"] {
                try FileManager.default.copyItem(at: HEIFCrashCommandTests.crash, to: submissions.appendingPathComponent("foxes/\(name).heic"))
            }
        }
        defer { served.stop() }
        async let x = served.get("/api/photo?path=foxes/x.heic")
        async let y = served.get("/api/photo?path=foxes/y.heic")
        async let v = served.get("/api/photo?path=foxes/v.heic")
        async let w = served.get("/api/photo?path=foxes/w.heic")
        try await Task.sleep(for: .milliseconds(300))
        let answers = try served.timedGets(["/api/queue", "/api/session", "/api/leaderboard"])
        #expect(answers.count == 3 && answers.allSatisfy { $0.status == 200 }, "\(answers)")
        let waited = answers.map(\.seconds)
        let previews = try await [x, y, v, w].map { ($0.status, $0.seconds) }
        // No answer to the judge waited for the decodes (before, the first one waited until they
        // ended): each took a fraction of the shortest preview. On an idle 2-core machine each
        // took 2–7 ms; the bounds are loose so that a busy test machine does not fail them.
        #expect(previews.allSatisfy { $0.0 == 404 }, "\(previews)")
        #expect(waited.max()! < previews.map(\.1).min()! / 2, "the judge waited \(waited) s while previews took \(previews)")
        #expect(waited.max()! < 1, "the judge waited \(waited) s while four previews ran")
        // Asked again, the same file is refused at once: its failure is remembered until it changes.
        let again = try await served.get("/api/photo?path=foxes/x.heic")
        #expect(again.status == 404 && again.seconds < previews.map(\.1).min()! / 2, "\(again.seconds) s against \(previews)")
        #expect(served.process.isRunning)
    }
}
