/// Work on many items in a bounded task group, results handed back in the items' order: the one
/// fan-out that reads photos, loads hunt files and thumbnails.
///
/// At most `width` batches are at work and `2 × width` at work or waiting to be delivered, and items are taken from
/// the sequence only as batches are launched, so memory stays flat however many items there are.
/// `work` runs in the child tasks (do the costly part there); `deliver` runs one output at a time,
/// in order, on the caller. Throwing from `deliver` cancels the work not yet delivered and rethrows.
enum BoundedFanOut {
    /// `work` gets `batchSize` items at a time (fewer at the end) and returns one output per item.
    static func run<Items: Sequence, Output: Sendable, Failure: Error>(
        _ items: Items,
        width: Int,
        batchSize: Int = 1,
        work: @escaping @Sendable ([Items.Element]) async -> [Output],
        deliver: (Output) async throws(Failure) -> Void
    ) async throws(Failure) where Items.Element: Sendable {
        let batchSize = max(1, batchSize)
        var iterator = items.makeIterator()
        try await fanOut(
            width: width,
            next: { () -> [Items.Element]? in
                var batch: [Items.Element] = []
                batch.reserveCapacity(batchSize)
                while batch.count < batchSize, let item = iterator.next() { batch.append(item) }
                return batch.isEmpty ? nil : batch
            }, work: work,
            deliver: { (outputs: [Output]) async throws(Failure) in
                for output in outputs { try await deliver(output) }
            })
    }

    /// `work` gets one item at a time (no batch arrays made per item).
    static func run<Items: Sequence, Output: Sendable, Failure: Error>(
        _ items: Items,
        width: Int,
        work: @escaping @Sendable (Items.Element) async -> Output,
        deliver: (Output) async throws(Failure) -> Void
    ) async throws(Failure) where Items.Element: Sendable {
        var iterator = items.makeIterator()
        try await fanOut(width: width, next: { iterator.next() }, work: work, deliver: deliver)
    }

    /// The fan-out itself: `next` gives the inputs of one child task at a time (nil: no more),
    /// `deliver` gets each task's result in the inputs' order.
    private static func fanOut<Input: Sendable, Result: Sendable, Failure: Error>(
        width: Int,
        next: () -> Input?,
        work: @escaping @Sendable (Input) async -> Result,
        deliver: (Result) async throws(Failure) -> Void
    ) async throws(Failure) {
        // Any concurrency past a few hundred buys nothing; clamped so no count can overflow.
        let width = min(max(1, width), 1024)
        let window = width * 2
        let failure: Failure? = await withTaskGroup(of: (Int, Result).self) { group in
            var launched = 0
            var received = 0
            var delivered = 0
            var waiting: [Int: Result] = [:]
            /// Starts the next task; false when the inputs are used up.
            func launchNext() -> Bool {
                guard let input = next() else { return false }
                let index = launched
                group.addTask { (index, await work(input)) }
                launched += 1
                return true
            }
            for _ in 0..<width where !launchNext() { break }
            while let (index, result) = await group.next() {
                received += 1
                waiting[index] = result
                while let ready = waiting.removeValue(forKey: delivered) {
                    do throws(Failure) {
                        try await deliver(ready)
                    } catch {
                        group.cancelAll()
                        return error
                    }
                    delivered += 1
                }
                // Counted from what was delivered, not received: a slow task holds back the
                // tasks after it, which wait in `waiting` within the window.
                while launched - received < width, launched - delivered < window, launchNext() {}
            }
            return nil
        }
        if let failure { throw failure }
    }
}
