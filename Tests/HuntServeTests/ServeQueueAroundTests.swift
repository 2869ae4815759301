import Foundation
@testable import HuntKit
@testable import HuntServe
import Testing

@Suite struct ServeQueueAroundTests {
    /// `around`: the window that holds the item shown, with its index; a filter that hides it
    /// answers its first window and no index (the page then shows the first item).
    @Test func theWindowHoldsTheItemShown() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let all = await fixture.session.queue(QueueFilter(verdict: "all", limit: 1000)).items
        let wanted = all[5]
        let answer = await fixture.session.queue(QueueFilter(verdict: "all", limit: 2, around: wanted.id))
        #expect(answer.offset == 4 && answer.index == 5 && answer.items.map(\.id).contains(wanted.id))
        let other = try #require(all.first { $0.team != wanted.team }?.team)
        let hidden = await fixture.session.queue(QueueFilter(team: other, verdict: "all", limit: 2, around: wanted.id))
        #expect(hidden.offset == 0 && hidden.index == nil && hidden.items.first?.team == other)
        #expect(try QueueFilter(query: ["around": wanted.id]).around == wanted.id)
    }
}
