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
        // Any concurrency past a few hundred buys nothing; clamped so no count can overflow.
        let width = min(max(1, width), 1024)
        let window = width * 2
        let batchSize = max(1, batchSize)
        var iterator = items.makeIterator()
        let failure: Failure? = await withTaskGroup(of: (Int, [Output]).self) { group in
            var launched = 0
            var received = 0
            var delivered = 0
            var waiting: [Int: [Output]] = [:]
            /// Starts the next batch; false when the items are used up.
            func launchNextBatch() -> Bool {
                var batch: [Items.Element] = []
                batch.reserveCapacity(batchSize)
                while batch.count < batchSize, let item = iterator.next() { batch.append(item) }
                if batch.isEmpty { return false }
                let index = launched
                group.addTask { (index, await work(batch)) }
                launched += 1
                return true
            }
            for _ in 0..<width where !launchNextBatch() { break }
            while let (index, outputs) = await group.next() {
                received += 1
                waiting[index] = outputs
                while let ready = waiting.removeValue(forKey: delivered) {
                    do throws(Failure) {
                        for output in ready { try await deliver(output) }
                    } catch {
                        group.cancelAll()
                        return error
                    }
                    delivered += 1
                }
                // Counted from what was delivered, not received: a slow batch holds back the
                // batches after it, which wait in `waiting` within the window.
                while launched - received < width, launched - delivered < window, launchNextBatch() {}
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// `work` gets one item at a time.
    static func run<Items: Sequence, Output: Sendable, Failure: Error>(
        _ items: Items,
        width: Int,
        work: @escaping @Sendable (Items.Element) async -> Output,
        deliver: (Output) async throws(Failure) -> Void
    ) async throws(Failure) where Items.Element: Sendable {
        try await run(items, width: width, batchSize: 1, work: { batch in
            var outputs: [Output] = []
            outputs.reserveCapacity(batch.count)
            for item in batch { outputs.append(await work(item)) }
            return outputs
        }, deliver: deliver)
    }
}
