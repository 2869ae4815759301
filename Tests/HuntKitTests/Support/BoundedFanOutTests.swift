import Testing
@testable import HuntKit

@Suite struct BoundedFanOutTests {
    /// Items that finish out of order are still delivered in order.
    @Test func deliversInItemOrder() async {
        var seen: [Int] = []
        await BoundedFanOut.run(
            Array(0..<200), width: 4,
            work: { i in
                try? await Task.sleep(nanoseconds: UInt64((i * 7919) % 5) * 100_000)
                return i * 2
            }
        ) { seen.append($0) }
        #expect(seen == (0..<200).map { $0 * 2 })
    }

    /// Batches of items keep their order too, the last one short.
    @Test func batchesKeepOrder() async {
        var seen: [Int] = []
        await BoundedFanOut.run(Array(0..<101), width: 2, batchSize: 8, work: { $0.map { $0 + 1 } }) { seen.append($0) }
        #expect(seen == Array(1...101))
    }

    /// The sequence is taken lazily: no more than the window ahead of what was delivered.
    @Test func takesItemsOnlyAsTheWindowAllows() async {
        let counter = TakenCounter()
        var maxAhead = 0
        var delivered = 0
        await BoundedFanOut.run(CountingSequence(count: 500, counter: counter), width: 3, work: { $0 }) { _ in
            delivered += 1
            maxAhead = max(maxAhead, counter.taken - delivered)
        }
        #expect(delivered == 500)
        #expect(maxAhead <= 2 * 3)
    }

    @Test func stopsWhenDeliveryThrows() async {
        struct Stop: Error {}
        var delivered = 0
        await #expect(throws: Stop.self) {
            try await BoundedFanOut.run(Array(0..<1000), width: 2, work: { $0 }) { (_: Int) throws(Stop) in
                delivered += 1
                if delivered == 5 { throw Stop() }
            }
        }
        #expect(delivered == 5)
    }
}

private final class TakenCounter: @unchecked Sendable {
    var taken = 0
}

private struct CountingSequence: Sequence, IteratorProtocol {
    let count: Int
    let counter: TakenCounter
    mutating func next() -> Int? {
        guard counter.taken < count else { return nil }
        counter.taken += 1
        return counter.taken
    }
}
