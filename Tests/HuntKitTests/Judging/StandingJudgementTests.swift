import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// A standing judgement updated decision by decision gives, every time, exactly what judging
/// afresh gives: on every example (dwell, `after`, closest approach, per-place and per-day
/// tasks among them), for random sequences of decisions, notes and withdrawals.
@Suite struct StandingJudgementTests {
    static var examples: [String] {
        ["booze-your-credit", "cache-grab", "photo-scavenger-hunt", "social-explorer", "where-is-france"]
    }

    @Test(arguments: examples)
    func updatesGiveWhatJudgingAfreshGives(example: String) async throws {
        let folder = SourceTree.root.appendingPathComponent("Examples/\(example)")
        let huntPath = folder.appendingPathComponent("hunt.yaml").path
        let hunt = try HuntLoader().load(contentsOf: URL(fileURLWithPath: huntPath), displayPath: huntPath).get()
        let submissions = folder.appendingPathComponent("submissions")
        let examined = try await JudgeRun(hunt: hunt).examine(submissions: submissions, displayPath: submissions.path)
        let files: (hunt: String?, submissions: String?) = (huntPath, submissions.path)
        var standing = try StandingJudgement(examined, hunt: hunt, reviews: Reviews(), files: files)
        #expect(standing.results.jsonChunks() == Judge(checked: hunt).judge(examined, files: (huntPath, submissions.path, nil)).jsonChunks())

        var random = SplitMix64(seed: UInt64(example.utf8.count))
        let paths = examined.paths
        var entries: [String: Reviews.Review] = [:]
        for step in 0..<40 {
            // One to three photos change: a decision, another note, or the entry withdrawn.
            for _ in 0...(Int(random.next() % 3)) {
                let path = paths[Int(random.next() % UInt64(paths.count))]
                switch random.next() % 4 {
                case 0: entries[path] = nil
                case 1: entries[path] = Reviews.Review(decision: .reject, note: "step \(step)", by: "B")
                default: entries[path] = Reviews.Review(decision: .accept, by: "A")
                }
            }
            let reviews = Reviews(entries: entries, displayPath: "r.yaml")
            let updated = standing.update(reviews: reviews)
            #expect(updated)
            let fresh = Judge(checked: hunt, reviews: reviews).judge(examined, files: (huntPath, submissions.path, "r.yaml"))
            #expect(standing.results.jsonChunks() == fresh.jsonChunks(), "\(example), step \(step)")
        }
        // A review that moves a photo to another task is not updated in place.
        if let task = hunt.tasks.last?.id, let path = paths.first {
            var reviews = standing.reviews
            reviews.entries[path] = Reviews.Review(decision: .accept, task: task)
            let before = standing.results.jsonChunks()
            if reviews.entries[path]?.task != standing.reviews.entries[path]?.task {
                let updated = standing.update(reviews: reviews)
                #expect(!updated)
                #expect(standing.results.jsonChunks() == before)
            }
        }
    }
}
