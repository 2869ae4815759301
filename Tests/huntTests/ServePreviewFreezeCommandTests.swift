import Foundation
import HuntTestSupport
import Testing

/// A team's crafted HEIC keeps libheif's child busy for seconds (`Fixtures/heif-crash`: libde265
/// recursing until its limits stop it). Its preview waits on a thread of its own
/// (`BlockingWork`), not on one of the cooperative pool's: with two such previews in flight,
/// `hunt serve` still answers a judge at once. Before, both cooperative threads of a 2-core
/// machine sat in the child's wait and every route stalled for as long as it ran.
@Suite struct ServePreviewFreezeCommandTests {
    @Test func twoHangingPreviewsLeaveTheConsoleAnswering() async throws {
        let served = try await ServedExample("hunt-preview-freeze") { submissions in
            for name in ["x", "y"] {
                try FileManager.default.copyItem(at: HEIFCrashCommandTests.crash, to: submissions.appendingPathComponent("foxes/\(name).heic"))
            }
        }
        defer { served.stop() }
        let started = ContinuousClock.now
        async let x = served.get("/api/photo?path=foxes/x.heic")
        async let y = served.get("/api/photo?path=foxes/y.heic")
        try await Task.sleep(for: .milliseconds(300))
        var waited: [Double] = []
        for path in ["/api/queue", "/api/session", "/api/leaderboard"] {
            let answer = try await served.get(path)
            #expect(answer.status == 200, "\(path)")
            waited.append(answer.seconds)
        }
        let judgeDone = ContinuousClock.now - started
        let previews = try await [x, y].map { ($0.status, $0.seconds) }
        // Every answer to the judge came while both previews were still being decoded (before,
        // the first one waited for them to end). On an idle 2-core machine each took 2–7 ms; the
        // bound is loose so that a busy test machine does not fail it.
        let done = Double(judgeDone.components.seconds) + Double(judgeDone.components.attoseconds) / 1e18
        #expect(previews.allSatisfy { $0.0 == 404 && $0.1 > done }, "previews \(previews), the judge's answers all in by \(done) s: \(waited)")
        #expect(waited.max()! < 1, "the judge waited \(waited) s while two previews ran")
        // Asked again, the same file is refused at once: its failure is remembered until it changes.
        let again = try await served.get("/api/photo?path=foxes/x.heic")
        #expect(again.status == 404 && again.seconds < previews.map(\.1).min()! / 2, "\(again.seconds) s against \(previews)")
        #expect(served.process.isRunning)
    }
}
