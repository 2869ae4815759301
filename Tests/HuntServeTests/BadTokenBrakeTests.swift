import Foundation
@testable import HuntKit
@testable import HuntServe
import Testing

@Suite struct BadTokenBrakeTests {
    @Test func eachBadTokenInTheLastMinuteWaitsLonger() async {
        let brake = BadTokenBrake()
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(await brake.delayAfterFailure(now: start) == .milliseconds(100))
        #expect(await brake.delayAfterFailure(now: start + 1) == .milliseconds(200))
        #expect(await brake.delayAfterFailure(now: start + 2) == .milliseconds(300))
        // A minute later the old ones are forgotten.
        #expect(await brake.delayAfterFailure(now: start + 63) == .milliseconds(100))
        for n in 0..<100 { _ = await brake.delayAfterFailure(now: start + 63.5 + Double(n) / 1000) }
        #expect(await brake.delayAfterFailure(now: start + 64) == .seconds(5), "at most 5 s")
    }
}
