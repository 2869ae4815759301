import Foundation
@testable import HuntKit
@testable import HuntServe
import Testing

@Suite struct EventHubTests {
    @Test func aViewerGetsOnlyTheLeaderboard() async {
        let hub = EventHub()
        let (viewer, endViewer) = hub.subscribe(judge: false, keepingNewest: nil)
        let (judge, endJudge) = hub.subscribe(judge: true, keepingNewest: nil)
        #expect(hub.subscriberCount == 2)
        for name in ["judged", "decided", "problem", "leaderboard"] { hub.send(name, ["n": name]) }
        endViewer()
        endJudge()
        var seenByViewer: [String] = []
        for await event in viewer { seenByViewer.append(event.name) }
        var seenByJudge: [String] = []
        for await event in judge { seenByJudge.append(event.name) }
        #expect(seenByViewer == ["leaderboard"])
        #expect(seenByJudge == ["judged", "decided", "problem", "leaderboard"])
    }

    @Test func aSlowStreamKeepsTheNewest() async {
        let hub = EventHub()
        let (stream, end) = hub.subscribe(judge: true, keepingNewest: 2)
        for n in 0..<5 { hub.send("judged", ["n": n]) }
        end()
        var got: [String] = []
        for await event in stream { got.append(event.json) }
        #expect(got == [#"{"n":3}"#, #"{"n":4}"#])
    }
}
