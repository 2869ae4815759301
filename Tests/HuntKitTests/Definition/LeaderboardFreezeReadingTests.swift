import Foundation
import Testing
@testable import HuntKit

/// `leaderboard: { freeze: 15 min }` in the hunt file (its checks are in ValidationRuleTests).
@Suite struct LeaderboardFreezeReadingTests {
    @Test("read, counted back from the window's end, and written back")
    func readAndWritten() throws {
        let hunt = try DefinitionTestSupport.load(DefinitionTestSupport.hunt(top: "leaderboard: { freeze: 15 min }")).get()
        #expect(hunt.leaderboardFreeze == TimeSpan(seconds: 900))
        #expect(hunt.freezeStart == hunt.window!.end.addingTimeInterval(-900))
        let back = try DefinitionTestSupport.load(hunt.yaml()).get()
        #expect(back.leaderboardFreeze == hunt.leaderboardFreeze && back.yaml() == hunt.yaml())
        #expect(try DefinitionTestSupport.load(DefinitionTestSupport.hunt()).get().freezeStart == nil)
    }
}
