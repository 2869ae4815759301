import Testing

@testable import HuntServe

/// "Run once more if asked meanwhile" (`Coalescing`): asks during a run make one more run, not one
/// each, and every ask is answered with what the runs came to.
@Suite struct CoalescingTests {
    /// Work whose runs are counted and held open until the test lets each end.
    actor Work {
        private let runs = Coalescing<[Int]>()
        private(set) var started = 0
        private var gate: CheckedContinuation<Void, Never>?

        func ask() async -> [Int] {
            await runs.run(combining: +) { await once() }
        }

        private func once() async -> [Int] {
            started += 1
            let run = started
            await withCheckedContinuation { gate = $0 }
            return [run]
        }

        var running: Bool { gate != nil }

        func finishRun() {
            gate?.resume()
            gate = nil
        }
    }

    static func untilRunning(_ work: Work) async throws {
        while await !work.running { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test func asksDuringARunMakeOneMoreRunAndAllGetItsAnswer() async throws {
        let work = Work()
        let first = Task { await work.ask() }
        try await Self.untilRunning(work)
        let meanwhile = (0..<3).map { _ in Task { await work.ask() } }
        try await Task.sleep(for: .milliseconds(100))  // the three have asked
        await work.finishRun()
        try await Self.untilRunning(work)
        #expect(await work.started == 2, "three asks during the first run make one more run")
        await work.finishRun()
        #expect(await first.value == [1, 2])
        for ask in meanwhile { #expect(await ask.value == [1, 2]) }
        // Asked again once idle: a run of its own.
        let later = Task { await work.ask() }
        try await Self.untilRunning(work)
        await work.finishRun()
        #expect(await later.value == [3])
    }
}
