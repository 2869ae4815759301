extension Array {
    /// `(0..<count).map(body)` run on every core (`BlockingWork.forEach`), in chunks of
    /// `chunkSize` indices; the results in index order, each written once straight into the array
    /// (no per-chunk arrays to join).
    init(parallelCount count: Int, chunkSize: Int = 1, _ body: @Sendable (Int) -> Element) {
        let chunkSize = Swift.max(1, chunkSize)
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = DisjointBuffer(buffer)
            BlockingWork.shared.forEach(iterations: (count + chunkSize - 1) / chunkSize) { k in
                for i in (k * chunkSize)..<Swift.min(count, (k + 1) * chunkSize) { (slots.buffer.baseAddress! + i).initialize(to: body(i)) }
            }
            initialized = count
        }
    }
}

/// A buffer shared by threads that each touch their own elements (so no lock is needed); the
/// owner of the memory keeps it alive until they are done. The one unchecked `Sendable` of the
/// data-parallel loops: `Array(parallelCount:)` gives each index to one iteration, and
/// `FillOnceSlots` checks that each slot is filled once.
struct DisjointBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}

/// A fixed number of slots that concurrent tasks fill, each slot once by one task, and that are
/// then taken whole as an array. Values are moved, never copied: for 20,000 judged photos the
/// copies on the way from worker to array would cost more than the rules run on them.
final class FillOnceSlots<Element>: Sendable {
    private let slots: DisjointBuffer<Element>
    private let filled: DisjointBuffer<Bool>
    private var values: UnsafeMutablePointer<Element> { slots.buffer.baseAddress! }
    let count: Int

    init(count: Int) {
        self.count = count
        slots = DisjointBuffer(.allocate(capacity: Swift.max(1, count)))
        filled = DisjointBuffer(.allocate(capacity: Swift.max(1, count)))
        filled.buffer.initialize(repeating: false)
    }

    /// Fills slot `i`; each slot once, from any thread.
    func fill(_ i: Int, with value: consuming Element) {
        precondition(i >= 0 && i < count && !filled.buffer[i], "slot \(i) filled twice or out of range")
        (values + i).initialize(to: value)
        filled.buffer[i] = true
    }

    /// Every slot's value in order, moved out; call once, after all fills are done (and seen:
    /// e.g. after the task group that filled them has finished). Moved on every core: for
    /// 20,000 judged photos the new array is 8 MB of memory touched for the first time.
    func takeAll() -> [Element] {
        for i in 0..<count { precondition(filled.buffer[i], "slot \(i) was never filled") }
        let from = slots, count = count
        let result = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let to = DisjointBuffer(buffer)
            let chunk = 1024, chunks = (count + chunk - 1) / chunk
            BlockingWork.shared.forEach(iterations: chunks) { k in
                let start = k * chunk, n = Swift.min(chunk, count - start)
                (to.buffer.baseAddress! + start).moveInitialize(from: from.buffer.baseAddress! + start, count: n)
            }
            initialized = count
        }
        filled.buffer.update(repeating: false)
        return result
    }

    deinit {
        for i in 0..<count where filled.buffer[i] { (values + i).deinitialize(count: 1) }
        slots.buffer.deallocate()
        filled.buffer.deallocate()
    }
}

extension Array {
    /// Whether the elements are already in order of `key` (a linear check that saves sorting
    /// what usually arrives sorted).
    func isSorted(by key: (Element) -> String) -> Bool {
        zip(self, dropFirst()).allSatisfy { key($0) <= key($1) }
    }

    /// The index of the element whose `key` is `wanted`, in an array sorted by `key` (a binary
    /// search); nil when there is none.
    func sortedIndex<Key: Comparable>(of wanted: Key, by key: (Element) -> Key) -> Int? {
        let low = partitionPoint { key($0) < wanted }
        return low < endIndex && key(self[low]) == wanted ? low : nil
    }

    /// The first index whose element is not `before` the place sought, in an array where
    /// `before` holds for a prefix and then never (a binary search): where to insert so that an
    /// array in order stays in order.
    func partitionPoint(where before: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if before(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
