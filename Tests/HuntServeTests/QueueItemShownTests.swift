import Foundation
@testable import HuntKit
@testable import HuntServe
import Testing

@Suite struct QueueItemShownTests {
    /// The page shows HuntKit's words for distances, videos and what a decision changed; it
    /// formats none itself.
    @Test func theAPISendsTheWordsThePageShows() {
        var evidence = JudgeResults.Evidence()
        evidence.distance = .metres(12_345)
        evidence.edgeDistance = .metres(-40.4)
        evidence.accuracy = .metres(8)
        evidence.format = .mov
        evidence.durationS = 65
        let shown = QueueItem.Shown(evidence, map: nil)
        #expect(shown.distance == "12 km")
        #expect(shown.edge == "40 m inside")
        #expect(shown.accuracy == "8 m")
        #expect(shown.video == "video, 1 min 5 s")
        evidence.format = .jpeg
        evidence.edgeDistance = .metres(1500)
        #expect(QueueItem.Shown(evidence, map: nil).video == nil)
        #expect(QueueItem.Shown(evidence, map: nil).edge == "1.5 km outside")
        #expect(DecisionAnswer.change(to: .accepted, from: .review) == "accepted, was review")
        #expect(DecisionAnswer.change(to: .accepted, from: .accepted) == "still accepted")
    }
}
