import Foundation

/// The reading engine: many files read concurrently, each result delivered in input order.
extension PhotoReader {
    /// Reads many files concurrently and delivers each result, in input order, to `deliver`.
    ///
    /// Files are read in batches of `batchSize` by `BoundedFanOut`, so memory stays flat however
    /// many inputs there are (the sequence is consumed lazily); the files of a batch share the
    /// opened folder (`FolderCache`) and the page buffers (`PageBuffers`). `transform` runs in the worker tasks (format a row there, not
    /// in `deliver`); `deliver` runs one at a time, in order. Throwing from `deliver` stops the reading.
    package func readAll<Inputs: Sequence, Output: Sendable>(
        _ inputs: Inputs,
        maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        batchSize: Int = 32,
        transform: @escaping @Sendable (PhotoInput, PhotoReadResult) -> Output,
        deliver: (Output) async throws -> Void
    ) async throws where Inputs.Element == PhotoInput {
        try await readAll(
            inputs, input: { $0 }, maxConcurrency: maxConcurrency, batchSize: batchSize,
            transform: transform, deliver: deliver)
    }

    /// As `readAll(_:maxConcurrency:batchSize:transform:deliver:)`, for items that each name a
    /// photo (`input`) and are handed to `transform` whole, so it need not look them up again.
    package func readAll<Items: Sequence, Output: Sendable>(
        _ items: Items,
        input: @escaping @Sendable (Items.Element) -> PhotoInput,
        maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        batchSize: Int = 32,
        transform: @escaping @Sendable (Items.Element, PhotoReadResult) -> Output,
        deliver: (Output) async throws -> Void
    ) async throws where Items.Element: Sendable {
        let reader = self
        try await BoundedFanOut.run(
            items, width: maxConcurrency, batchSize: batchSize,
            work: { batch in
                var folders = PhotoReader.FolderCache()
                let buffers = PageBuffers()
                return batch.map { transform($0, reader.read(input($0), folders: &folders, buffers: buffers)) }
            }, deliver: deliver)
    }

    /// Reads many files concurrently and delivers `(input, result)` in input order; see
    /// `readAll(_:maxConcurrency:batchSize:transform:deliver:)`.
    package func readAll<Inputs: Sequence>(
        _ inputs: Inputs,
        maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        deliver: (PhotoInput, PhotoReadResult) async throws -> Void
    ) async throws where Inputs.Element == PhotoInput {
        try await readAll(inputs, maxConcurrency: maxConcurrency, transform: { ($0, $1) }, deliver: { try await deliver($0.0, $0.1) })
    }
}
