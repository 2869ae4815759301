import Dispatch
import Synchronization
import Testing
@testable import HuntKit

@Suite struct BlockingWorkTests {
    /// Values that are not `Sendable` go to the work's thread and come back, as `sending`.
    @Test func runHandsValuesOverAndBack() async {
        final class Counter { var count = 0 }
        let work = BlockingWork(maxThreads: 2)
        let counter = Counter()
        #expect(
            await work.run {
                counter.count += 1; return counter.count
            } == 1)
        let made = await work.run { Counter() }
        made.count += 2
        #expect(made.count == 2)
    }

    /// Every iteration runs once, however many there are.
    @Test(arguments: [0, 1, 2, 3, 1000])
    func forEachRunsEachIterationOnce(_ iterations: Int) {
        let runs = Mutex([Int](repeating: 0, count: iterations))
        BlockingWork(maxThreads: 4).forEach(iterations: iterations, width: 4) { i in runs.withLock { $0[i] += 1 } }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: iterations))
    }

    /// With every thread held by other work, the caller runs the whole loop itself and returns;
    /// a loop inside a loop too.
    @Test func forEachEndsWhenEveryThreadIsBusy() {
        let work = BlockingWork(maxThreads: 1)
        let release = DispatchSemaphore(value: 0)
        work.start { release.wait() }
        defer { release.signal() }
        let total = Mutex(0)
        work.forEach(iterations: 8, width: 4) { _ in
            work.forEach(iterations: 8, width: 4) { _ in total.withLock { $0 += 1 } }
        }
        #expect(total.withLock { $0 } == 64)
    }

    /// `Array(parallelCount:)` keeps index order whatever the chunks.
    @Test func parallelCountKeepsOrder() {
        #expect([Int](parallelCount: 1001, chunkSize: 7) { $0 * 3 } == (0..<1001).map { $0 * 3 })
        #expect([Int](parallelCount: 0) { $0 }.isEmpty)
    }
}
