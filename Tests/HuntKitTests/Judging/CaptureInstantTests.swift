import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// `HuntClock.captureInstant(of:)` is the instant the judge takes for a photo (its evidence's
/// `captured_at`), for every photo of the example hunt.
@Suite struct CaptureInstantTests {
    @Test func theScriptsCaptureInstantIsTheJudges() async throws {
        let folder = SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt")
        let hunt = try HuntLoader().load(contentsOf: folder.appendingPathComponent("hunt.yaml"), displayPath: "hunt.yaml").get()
        let submissions = folder.appendingPathComponent("submissions")
        let results = try await JudgeRun(hunt: hunt).run(submissions: submissions, displayPath: "submissions")
        let clock = HuntClock(timezone: hunt.timezone)
        var compared = 0
        for submission in results.submissions {
            let photo = try PhotoReader().read(path: submissions.appendingPathComponent(submission.path).path).get()
            let instant = clock.captureInstant(of: photo)
            let judged = submission.evidence.capturedAt?.date
            #expect(instant == nil ? judged == nil : judged.map { abs($0.timeIntervalSince(instant!)) < 0.001 } == true, "\(submission.path)")
            compared += 1
        }
        #expect(compared > 10)
    }
}
