import Foundation

/// A hunt's tasks, read while the file is still being parsed: `YAMLParser` hands over each item
/// of `tasks:` as it ends, batches of them are read on other threads beside the parse, and each
/// item's nodes are freed once read instead of growing one tree of the whole list.
///
/// A task depends on the sections of `HuntReader.taskBasisKeys`; they are read from the keys
/// written before `tasks:`. `fits(_:)` says whether those are the ones the whole file uses: when
/// one of them comes after `tasks:` (or from a `<<` merge), the reader reads the file again with
/// its whole tree, so the result is the same either way.
final class TaskStream: YAMLItemStream, @unchecked Sendable {
    let key = "tasks"
    /// Items per batch read on another thread, once the list has `HuntReader.parallelThreshold`
    /// items (a shorter one is read at its end on the parsing thread, without another thread).
    static let batchSize = 256

    private let context: LoadContext
    /// Set by `begin`: the hunt as far as tasks read it, a reader for each batch, and where the
    /// sections it was read from were written.
    private var hunt = Hunt(id: "", title: "", source: SourceLocation(file: ""))
    private var batchReader: HuntReader?
    private var basisKeys: [SourceLocation?] = []
    /// Where the streamed list starts.
    private var location: SourceLocation?
    private var count = 0
    private var batch: [YAMLNode] = []
    private var batches = 0
    private let group = DispatchGroup()
    // Guarded by `lock`: the batches sent and not yet taken, oldest first (from `next`), and each
    // read batch's reader, by batch number.
    private let lock = NSLock()
    private var waiting: [(number: Int, items: [YAMLNode])] = []
    private var next = 0
    private var partials: [Int: HuntReader] = [:]

    init(context: LoadContext) {
        self.context = context
    }

    /// Whether `tasks:` was a list, streamed.
    var began: Bool { location != nil }

    func begin(before pairs: [YAMLPair], at location: SourceLocation) {
        self.location = location
        var reader = HuntReader(context: context)
        hunt = Hunt(id: "", title: "", source: SourceLocation(file: context.file))
        let top = YAMLNode(.mapping(pairs), tag: nil, location: location, weight: 1)
        if let fields = reader.context.mapping(top, section: "the hunt file", keys: HuntSchema.topLevel, hints: HuntSchema.topLevelHints) {
            reader.readTaskBasis(fields, into: &hunt)
            basisKeys = HuntReader.taskBasisKeys.map(fields.keyLocation)
        }
        // As `HuntReader.tasks` starts each slice's reader.
        reader.context.diagnostics = []
        reader.context.firstLocalTime = nil
        batchReader = reader
        batch.reserveCapacity(Self.batchSize)
    }

    func item(_ node: YAMLNode) {
        count += 1
        batch.append(node)
        if batches > 0 {
            if batch.count == Self.batchSize { send(batch) }
        } else if batch.count == HuntReader.parallelThreshold {
            // Long enough to be worth other threads.
            let items = batch
            for start in stride(from: 0, to: items.count, by: Self.batchSize) {
                send(items[start..<min(items.count, start + Self.batchSize)])
            }
        }
    }

    func end() {
        guard batches > 0 || batch.isEmpty else {
            // A short list is read here, as the tree's was.
            partials[0] = read(batch)
            batches = 1
            batch = []
            return
        }
        if !batch.isEmpty { send(batch) }
    }

    /// Has items read on another thread, as the next batch.
    private func send(_ items: some Collection<YAMLNode> & Sendable) {
        let items = Array(items), number = batches
        batch = []
        batch.reserveCapacity(Self.batchSize)
        batches += 1
        lock.withLock { waiting.append((number, items)) }
        DispatchQueue.global().async(group: group) { [self] in _ = readWaitingBatch() }
    }

    /// Reads the oldest batch that no thread has taken; false when there was none.
    private func readWaitingBatch() -> Bool {
        let taken: (number: Int, items: [YAMLNode])? = lock.withLock {
            guard next < waiting.count else { return nil }
            defer { waiting[next].items = []; next += 1 }
            return waiting[next]
        }
        guard let taken else { return false }
        let reader = read(taken.items)
        lock.withLock { partials[taken.number] = reader }
        return true
    }

    /// A reader that has read `items`, with its tasks in `slicedTasks`.
    private func read(_ items: [YAMLNode]) -> HuntReader {
        guard var reader = batchReader else { return HuntReader(context: context) }
        var tasks: [HuntTask] = []
        tasks.reserveCapacity(items.count)
        reader.afterLocations.reserveCapacity(items.count)
        reader.taskExtras.reserveCapacity(items.count)
        for item in items {
            if let task = reader.task(item, hunt: hunt) { tasks.append(task) }
        }
        reader.slicedTasks = tasks
        return reader
    }

    /// Whether the tasks were read from the sections `fields` (the whole file's top level) uses.
    func fits(_ fields: Fields) -> Bool {
        fields[key]?.location == location && HuntReader.taskBasisKeys.map(fields.keyLocation) == basisKeys
    }

    /// Each batch's reader, in file order, and the number of items. The batches no other thread
    /// has taken yet are read here (waiting, this thread would leave a core idle), then it waits
    /// for the rest.
    func finish() -> (partials: [HuntReader], count: Int) {
        while readWaitingBatch() {}
        group.wait()
        return lock.withLock { ((0..<batches).compactMap { partials[$0] }, count) }
    }
}
