/// Memory that thumbnail decodes running side by side may hold at once, counted in bytes: a
/// semaphore whose permits are bytes. Each decode asks for what its headers say it will take
/// (`PhotoThumbnail.read(path:maxPixels:budget:)`) and waits until that much is free, so a few
/// large photos decode one after another instead of all at once, while small ones still run in
/// parallel. Waiters are served in the order they came, so a large decode is not starved by
/// small ones.
///
/// A decode larger than the whole budget is never asked for here: the caller refuses it first.
package actor ThumbnailMemoryBudget {
    /// The bytes shared by all decodes.
    public nonisolated let capacityBytes: Int
    private var inUseBytes = 0
    /// The most held at once so far.
    public private(set) var peakBytes = 0
    private var waiting: [(bytes: Int, resume: CheckedContinuation<Void, Never>)] = []

    /// A budget of `capacityBytes` (a negative value counts as 0) shared by every decode that asks it.
    public init(capacityBytes: Int = PhotoThumbnail.defaultMemoryBudgetBytes) {
        self.capacityBytes = max(0, capacityBytes)
    }

    /// Waits until `bytes` (at most `capacityBytes`) are free, then holds them until `release`.
    func acquire(_ bytes: Int) async {
        let bytes = min(bytes, capacityBytes)
        if waiting.isEmpty, inUseBytes + bytes <= capacityBytes {
            inUseBytes += bytes
            peakBytes = max(peakBytes, inUseBytes)
            return
        }
        await withCheckedContinuation { waiting.append((bytes, $0)) }
    }

    /// Gives back what `acquire(bytes)` took, and lets waiters in, first come first served.
    func release(_ bytes: Int) {
        inUseBytes -= min(bytes, capacityBytes)
        while let first = waiting.first, inUseBytes + first.bytes <= capacityBytes {
            waiting.removeFirst()
            inUseBytes += first.bytes
            peakBytes = max(peakBytes, inUseBytes)
            first.resume.resume()
        }
    }

    /// Decodes waiting for memory (for tests).
    var waitingCount: Int { waiting.count }
}
