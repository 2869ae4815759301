import Foundation
@testable import HuntServe
import Synchronization
import Testing

/// A team's previews run two at a time; the rest wait their turn, and other teams don't.
@Suite struct TeamLanesTests {
    /// A gate that work waits at until opened.
    final class Gate: Sendable {
        private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>], running: Int, most: Int)>((false, [], 0, 0))
        func pass() async {
            state.withLock {
                $0.running += 1; $0.most = max($0.most, $0.running)
            }
            await withCheckedContinuation { c in
                let now = state.withLock { s -> Bool in
                    if s.open { return true }
                    s.waiters.append(c)
                    return false
                }
                if now { c.resume() }
            }
            state.withLock { $0.running -= 1 }
        }
        func open() {
            state.withLock { s in
                s.open = true; let w = s.waiters; s.waiters = []; return w
            }.forEach { $0.resume() }
        }
        var running: Int { state.withLock { $0.running } }
        var most: Int { state.withLock { $0.most } }
    }

    @Test func aTeamRunsTwoAtATimeAndOthersAreNotHeld() async throws {
        let lanes = TeamLanes(perTeam: 2)
        let gate = Gate()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<5 { group.addTask { await lanes.run("foxes") { await gate.pass() } } }
            for _ in 0..<200 where gate.running < 2 { try await Task.sleep(for: .milliseconds(5)) }
            try await Task.sleep(for: .milliseconds(50))
            #expect(gate.running == 2)
            #expect(await lanes.runningCount("foxes") == 2)
            // Another team's work runs at once.
            let owls = try await withThrowingTaskGroup(of: Int.self) { inner in
                inner.addTask { await lanes.run("owls") { 7 } }
                return try await inner.next()!
            }
            #expect(owls == 7)
            gate.open()
            try await group.waitForAll()
        }
        #expect(gate.most == 2)
        #expect(await lanes.runningCount("foxes") == 0)
    }
}
