internal import CYAML
import Foundation

/// Reads one YAML document into `YAMLNode`s through libyaml's event API.
///
/// Guards: one document only; nesting at most `maximumDepth`; the document's size with aliases
/// expanded at most `maximumNodes` (so an alias bomb fails promptly instead of exhausting memory).
package struct YAMLParser: Sendable {
    /// Deeper nesting is refused (a hostile file cannot exhaust the stack).
    public var maximumDepth = 256
    /// More nodes are refused (a hostile file cannot exhaust memory).
    public var maximumNodes = 1_000_000
    /// Larger inputs are refused before parsing: no hunt file is this big.
    public var maximumBytes = 256 << 20

    /// A parser with the default limits.
    public init() {}

    /// Parses a file. Errors are diagnostics that name `displayPath`; `what` names the kind of
    /// file in them ("reviews file").
    public func parse(contentsOf url: URL, displayPath: String, what: String = "YAML file") throws(DiagnosticError) -> YAMLNode? {
        let bytes = try SourceFileReader.read(url, displayPath: displayPath, maximumBytes: maximumBytes, what: what)
        return try parse(bytes, displayPath: displayPath)
    }

    /// Parses bytes; returns nil for an empty document (a file with nothing but comments).
    public func parse(_ bytes: [UInt8], displayPath: String) throws(DiagnosticError) -> YAMLNode? {
        try parse(bytes, displayPath: displayPath, streaming: nil)
    }

    /// Parses bytes, handing the items of the list under the top mapping's `stream.key` (its first
    /// one) to `stream` as each is read, instead of keeping them in the tree: there that list is
    /// empty. Everything else is as `parse(_:displayPath:)`.
    func parse(_ bytes: [UInt8], displayPath: String, streaming stream: (any YAMLItemStream)?) throws(DiagnosticError) -> YAMLNode? {
        var events = EventReader(pipe: EventPipe(bytes))
        defer { events.pipe.stop() }
        var builder = TreeBuilder(file: displayPath, maximumDepth: maximumDepth, maximumNodes: maximumNodes)
        builder.stream = stream
        while true {
            let event: LibYAMLSession.Event
            do {
                event = try events.next()
            } catch {
                throw DiagnosticError(error.diagnostic(file: displayPath, bytes: bytes))
            }
            if case .streamEnd = event.kind { break }
            try builder.consume(event)
        }
        return builder.root
    }
}

/// Takes the items of one list of a document while it is parsed (`YAMLParser.parse(_:displayPath:streaming:)`).
protocol YAMLItemStream: AnyObject {
    /// The top mapping's key whose list is streamed.
    var key: String { get }
    /// The list begins at `location`; `before` are the top mapping's pairs written before its key.
    func begin(before: [YAMLPair], at location: SourceLocation)
    /// The list's next item, in file order.
    func item(_ node: YAMLNode)
    /// The list has ended.
    func end()
}

/// Reads a source file whole through `InputFile` (regular files only, at most `maximumBytes`),
/// with errors a user can act on.
enum SourceFileReader {
    static func read(_ url: URL, displayPath: String, maximumBytes: Int, what: String) throws(DiagnosticError) -> [UInt8] {
        do {
            return try InputFile.read(path: url.path, displayPath: displayPath, limitBytes: maximumBytes, what: what)
        } catch {
            var error = error
            if error.reason == .isFolder { error.fix = "name the YAML file inside it, e.g. \(displayPath)/hunt.yaml" }
            throw DiagnosticError(error.diagnostic)
        }
    }
}

/// libyaml's events, read on a thread of their own a few batches ahead of the caller, so that
/// libyaml's scanning and the making of each event's strings run beside the building of the
/// tree from the events before. The caller stops the pipe when it is done or gives up; it stops
/// by itself after the last event or a syntax error. A file of at most `inlineBytes` (a reviews
/// file's entry, a small hunt) is read whole on the caller's thread first: a thread would cost
/// more than it saves.
///
/// The batches are few and made by the caller, on its thread: their memory goes back to the heap
/// that the caller goes on to fill (with the tasks read from the tree), not to the reading
/// thread's. The caller waits for a few batches at a time, not for each one: being woken costs
/// about as much as building from a batch of a thousand events.
private final class EventPipe: @unchecked Sendable {
    typealias Event = LibYAMLSession.Event
    /// Events are handed over this many at a time (one lock per batch, not per event), …
    static let batchSize = 1024
    /// … in this many batches, filled again and again (some 75 KB each) …
    static let batches = 6
    /// … and a caller that has run out waits for this many.
    static let wakingBatches = 3
    /// Files up to this size are read on the caller's thread, all at once.
    static let inlineBytes = 64 << 10
    /// Read on the caller's thread: batches are added as needed instead of waited for.
    private let inline: Bool

    private let condition = NSCondition()
    // Guarded by `condition`:
    /// Batches read and not yet taken, oldest first.
    private var waiting: [[Event]] = []
    /// Empty batches to fill.
    private var spare: [[Event]]
    /// Whether the last batch is read (the stream's end, or the syntax error in `failure`).
    private var finished = false
    /// The syntax error after the last batch, if libyaml found one.
    private var failure: LibYAMLSession.ParseError?
    /// The caller needs no more events.
    private var stopped = false

    init(_ bytes: [UInt8]) {
        inline = bytes.count <= Self.inlineBytes
        spare = (0..<Self.batches).map { _ in
            var batch: [Event] = []
            batch.reserveCapacity(Self.batchSize)
            return batch
        }
        let read = { @Sendable [self] in
            // libyaml wants an address even for no bytes.
            let input = bytes.isEmpty ? [0] : bytes
            input.withUnsafeBufferPointer { produce(LibYAMLSession($0.baseAddress!, count: bytes.count)) }
        }
        if inline { read() } else { Thread(block: read).start() }
    }

    /// The next batch of events, in file order; `spent` is the batch before, emptied (or none,
    /// at first). A syntax error is thrown after the events before it.
    func batch(after spent: consuming [Event]) throws(LibYAMLSession.ParseError) -> [Event] {
        condition.lock()
        defer { condition.unlock() }
        if spent.capacity > 0 {
            spare.append(spent)
            condition.broadcast()
        }
        while waiting.count < (finished ? 1 : Self.wakingBatches) {
            if finished, let failure { throw failure }
            condition.wait()
        }
        return waiting.removeFirst()
    }

    /// Ends the reading thread at its next batch.
    func stop() {
        condition.lock()
        stopped = true
        waiting = []
        condition.broadcast()
        condition.unlock()
    }

    /// The reading thread: events until the stream's end or an error, in batches.
    private func produce(_ session: LibYAMLSession) {
        var items: [Event] = []
        var done = false
        while !done {
            condition.lock()
            if inline, spare.isEmpty { spare.append([]) }
            while spare.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            items = spare.removeLast()
            condition.unlock()
            var error: LibYAMLSession.ParseError?
            repeat {
                do {
                    let event = try session.next()
                    if case .streamEnd = event.kind { done = true }
                    items.append(event)
                } catch let e {
                    error = e
                    done = true
                }
            } while !done && items.count < Self.batchSize
            condition.lock()
            waiting.append(items)
            items = []
            (finished, failure) = (done, error)
            if finished || waiting.count >= Self.wakingBatches { condition.broadcast() }
            condition.unlock()
        }
    }
}

/// The events of an `EventPipe` one at a time, in file order, on the caller's thread.
private struct EventReader {
    let pipe: EventPipe
    /// The batch being read, and the index of its next event.
    var batch: [LibYAMLSession.Event] = []
    var index = 0

    /// Each event is moved out of the batch (a payload-free event takes its place), so its
    /// strings are neither retained nor copied.
    mutating func next() throws(LibYAMLSession.ParseError) -> LibYAMLSession.Event {
        while index == batch.count {
            batch.removeAll(keepingCapacity: true)
            let spent = batch
            batch = []
            batch = try pipe.batch(after: spent)
            index = 0
        }
        var event = LibYAMLSession.Event.taken
        swap(&event, &batch[index])
        index += 1
        return event
    }
}

/// Owns a libyaml parser over a byte buffer. libyaml's types stay in this file.
private final class LibYAMLSession {
    struct Event {
        enum Kind {
            case streamStart, streamEnd, documentStart, documentEnd
            case alias(anchor: String)
            case scalar(text: String, anchor: String?, tag: String?, plain: Bool)
            case sequenceStart(anchor: String?, tag: String?)
            case sequenceEnd
            case mappingStart(anchor: String?, tag: String?)
            case mappingEnd
        }
        var kind: Kind
        /// 1-based.
        var line: Int
        var column: Int

        /// What is left in a batch where an event was moved out.
        static var taken: Event { Event(kind: .streamEnd, line: 0, column: 0) }

        private init(kind: Kind, line: Int, column: Int) {
            (self.kind, self.line, self.column) = (kind, line, column)
        }

        /// The event libyaml gave, in Swift's types; libyaml's copy is freed.
        init(taking event: inout yaml_event_t) {
            defer { yaml_event_delete(&event) }
            line = Int(event.start_mark.line) + 1
            column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_STREAM_START_EVENT: kind = .streamStart
            case YAML_STREAM_END_EVENT: kind = .streamEnd
            case YAML_DOCUMENT_START_EVENT: kind = .documentStart
            case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
            case YAML_ALIAS_EVENT:
                kind = .alias(anchor: LibYAMLSession.string(event.data.alias.anchor) ?? "")
            case YAML_SCALAR_EVENT:
                let s = event.data.scalar
                let text = s.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(s.length)), as: UTF8.self) } ?? ""
                kind = .scalar(text: text, anchor: LibYAMLSession.string(s.anchor), tag: LibYAMLSession.string(s.tag),
                               plain: s.style == YAML_PLAIN_SCALAR_STYLE)
            case YAML_SEQUENCE_START_EVENT:
                kind = .sequenceStart(anchor: LibYAMLSession.string(event.data.sequence_start.anchor),
                                      tag: LibYAMLSession.string(event.data.sequence_start.tag))
            case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
            case YAML_MAPPING_START_EVENT:
                kind = .mappingStart(anchor: LibYAMLSession.string(event.data.mapping_start.anchor),
                                     tag: LibYAMLSession.string(event.data.mapping_start.tag))
            case YAML_MAPPING_END_EVENT: kind = .mappingEnd
            default: kind = .streamEnd
            }
        }
    }

    struct ParseError: Error, Sendable {
        var problem: String
        var context: String?
        var line: Int
        var column: Int
        var offset: Int?
        /// libyaml's context as it said it, and where (1-based), for `YAMLStructureHelp`.
        var rawContext: String? = nil
        var contextLine: Int? = nil
        var contextColumn: Int? = nil

        func diagnostic(file: String, bytes: [UInt8]) -> Diagnostic {
            var line = line, column = column
            if let offset, line == 0 {
                (line, column) = Self.position(of: offset, in: bytes)
            }
            var message = problem
            if let context { message = "\(problem) \(context)" }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let failure = YAMLStructureHelp.ParserReport(problem: problem, context: rawContext, line: line, column: column,
                                                    contextLine: contextLine, contextColumn: contextColumn)
            if offset == nil, let help = YAMLStructureHelp.explain(failure, lines: lines) {
                // Plain words first; libyaml's own words after them, for searching.
                return .error("yaml-syntax", "\(help.message) (YAML: \(problem))",
                              at: SourceLocation(file: file, line: help.line, column: help.column), fix: help.fix)
            }
            let fix: String?
            if problem.contains("UTF-8") || problem.contains("control characters") || problem.contains("special characters") {
                fix = "a hunt file is UTF-8 text; re-save it as UTF-8 (is this the right file?)"
            } else if problem.contains("tab") {
                fix = "indent with spaces, not tabs"
            } else if problem.contains("mapping values are not allowed") {
                fix = "text with `: ` in it needs quotes: `title: \"Stop: look up\"`"
            } else if problem.contains("did not find expected") && (context ?? "").contains("flow") {
                fix = "a `,`, `[` or `{` inside a value written in `[ … ]` or `{ … }` needs quotes"
            } else {
                fix = nil
            }
            return .error("yaml-syntax", message, at: SourceLocation(file: file, line: line, column: column), fix: fix)
        }

        static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
            var line = 1, column = 1
            for byte in bytes.prefix(offset) {
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return (line, column)
        }
    }

    /// Kept in memory of its own (not a stored property) so that passing it to libyaml is not an
    /// exclusive access checked at run time, once per event.
    private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)

    /// A parser over `count` bytes at `input`, which must stay valid as long as the session lives
    /// (the bytes are read where they are, not copied).
    init(_ input: UnsafePointer<UInt8>, count: Int) {
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, input, count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// libyaml's next event, in Swift's types.
    func next() throws(ParseError) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else {
            throw failure()
        }
        return Event(taking: &event)
    }
    private func failure() -> ParseError {
        let problem = parser.pointee.problem.map { String(cString: $0) } ?? "malformed YAML"
        let context = parser.pointee.context.map { String(cString: $0) }
        if parser.pointee.error == YAML_READER_ERROR {
            return ParseError(problem: problem, context: nil, line: 0, column: 0, offset: Int(parser.pointee.problem_offset))
        }
        // libyaml points at the problem; for "did not find expected key" style errors the context
        // mark is where the construct began, which the message names.
        var full = context
        if let c = context, parser.pointee.context_mark.line != parser.pointee.problem_mark.line || parser.pointee.context_mark.column != parser.pointee.problem_mark.column {
            full = "(\(c) at line \(parser.pointee.context_mark.line + 1), column \(parser.pointee.context_mark.column + 1))"
        } else if let c = context {
            full = "(\(c))"
        }
        return ParseError(problem: problem, context: full,
                       line: Int(parser.pointee.problem_mark.line) + 1, column: Int(parser.pointee.problem_mark.column) + 1, offset: nil,
                       rawContext: context, contextLine: context.map { _ in Int(parser.pointee.context_mark.line) + 1 },
                       contextColumn: context.map { _ in Int(parser.pointee.context_mark.column) + 1 })
    }

    fileprivate static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }
}

/// Turns events into a tree with an explicit stack (no recursion, so depth cannot blow the stack).
private struct TreeBuilder {
    let file: String
    let maximumDepth: Int
    let maximumNodes: Int
    var root: YAMLNode?
    var documents = 0
    var anchors: [String: YAMLNode] = [:]
    var totalWeight = 0

    /// An open collection. Its finished items wait in `children` (a mapping's as key, value,
    /// key, …) from `start` on, so each collection's array is made once, at its exact size, when
    /// it ends (appending to an array per collection grew and copied each one several times).
    struct Open {
        var isMapping: Bool
        var start: Int
        /// `<<` values, applied when the mapping ends.
        var merges: [YAMLNode] = []
        var anchor: String?
        var tag: String?
        var location: SourceLocation
        /// The streamed list: its items go to `stream`.
        var streams = false
    }
    /// Where the items of the top mapping's `stream.key` list go, and how many such keys were
    /// written (only the first one's list is streamed: it is the one a reader uses).
    var stream: (any YAMLItemStream)?
    var streamKeys = 0
    var stack: [Open] = []
    /// The finished items of every open collection, innermost last.
    var children: [YAMLNode] = []

    init(file: String, maximumDepth: Int, maximumNodes: Int) {
        self.file = file
        self.maximumDepth = maximumDepth
        self.maximumNodes = maximumNodes
    }

    func location(_ event: LibYAMLSession.Event) -> SourceLocation {
        SourceLocation(file: file, line: event.line, column: event.column)
    }

    mutating func consume(_ event: LibYAMLSession.Event) throws(DiagnosticError) {
        switch event.kind {
        case .streamStart, .streamEnd, .documentEnd:
            break
        case .documentStart:
            documents += 1
            if documents > 1 {
                throw DiagnosticError(.error("multiple-documents", "a hunt file holds one YAML document; found a second one here",
                                             at: location(event), fix: "remove the `---` line, or split the file in two"))
            }
        case .alias(let anchor):
            guard let node = anchors[anchor] else {
                throw DiagnosticError(.error("yaml-syntax", "alias *\(anchor) names no anchor defined before it", at: location(event),
                                             fix: "define `&\(anchor)` on a value above this line"))
            }
            var copy = node
            copy.location = location(event)
            try add(copy, weight: node.weight, at: event)
        case .scalar(let text, let anchor, let tag, let plain):
            let node = YAMLNode(.scalar(.init(text: text, isPlain: plain && tag == nil)), tag: tag, location: location(event), weight: 1)
            if let anchor { anchors[anchor] = node }
            try add(consume node, weight: 1, at: event)
        case .sequenceStart(let anchor, let tag):
            var open = Open(isMapping: false, start: children.count, anchor: anchor, tag: tag, location: location(event))
            if let stream, streamKeys == 1, stack.count == 1, stack[0].isMapping, (children.count - stack[0].start) % 2 == 1,
               children[children.count - 1].text == stream.key {
                streamKeys += 1
                open.streams = true
                var before: [YAMLPair] = []
                for k in stride(from: stack[0].start, to: children.count - 1, by: 2) {
                    before.append(YAMLPair(key: children[k], value: children[k + 1]))
                }
                stream.begin(before: before, at: open.location)
            }
            try push(open, at: event)
        case .mappingStart(let anchor, let tag):
            try push(Open(isMapping: true, start: children.count, anchor: anchor, tag: tag, location: location(event)), at: event)
        case .sequenceEnd, .mappingEnd:
            guard let open = stack.popLast() else { return }
            // The items are moved off the end of `children`, last first, into an array of their
            // exact size: no item is copied.
            var weight = 1
            let node: YAMLNode
            if open.isMapping {
                if (children.count - open.start) % 2 == 1 { children.removeLast() }  // a key without a value
                let count = (children.count - open.start) / 2
                var pairs = [YAMLPair](unsafeUninitializedCapacity: count) { buffer, initialized in
                    for k in stride(from: count - 1, through: 0, by: -1) {
                        let value = children.removeLast(), key = children.removeLast()
                        weight += key.weight + value.weight
                        (buffer.baseAddress! + k).initialize(to: YAMLPair(key: key, value: value))
                    }
                    initialized = count
                }
                if !open.merges.isEmpty {
                    pairs = try Self.merge(pairs, with: open.merges)
                    weight = 1 + pairs.reduce(0) { $0 + $1.key.weight + $1.value.weight }
                }
                node = YAMLNode(.mapping(pairs), tag: open.tag, location: open.location, weight: weight)
            } else {
                let count = children.count - open.start
                let items = [YAMLNode](unsafeUninitializedCapacity: count) { buffer, initialized in
                    for k in stride(from: count - 1, through: 0, by: -1) {
                        let item = children.removeLast()
                        weight += item.weight
                        (buffer.baseAddress! + k).initialize(to: item)
                    }
                    initialized = count
                }
                node = YAMLNode(.sequence(items), tag: open.tag, location: open.location, weight: weight)
            }
            if let anchorName = open.anchor { anchors[anchorName] = node }
            if open.streams { stream?.end() }
            try attach(consume node)
        }
    }

    mutating func push(_ open: Open, at event: LibYAMLSession.Event) throws(DiagnosticError) {
        if stack.count >= maximumDepth {
            throw DiagnosticError(.error("too-deep", "nesting deeper than \(maximumDepth) levels", at: location(event),
                                         fix: "a hunt file needs only a few levels; is this the right file?"))
        }
        totalWeight += 1
        stack.append(open)
    }

    /// Counts a finished leaf or alias towards the expansion limit, then attaches it.
    mutating func add(_ node: consuming YAMLNode, weight: Int, at event: LibYAMLSession.Event) throws(DiagnosticError) {
        totalWeight += weight
        if totalWeight > maximumNodes {
            throw DiagnosticError(.error("too-large", "the document expands to more than \(maximumNodes) nodes (an alias bomb?)",
                                         at: location(event), fix: "use fewer nested aliases"))
        }
        try attach(consume node)
    }

    /// A sequence's item, a mapping's key, or the value of the key before it; the value of a
    /// plain `<<` key is kept aside as a merge. The node is moved in, not copied.
    mutating func attach(_ node: consuming YAMLNode) throws(DiagnosticError) {
        guard !stack.isEmpty else {
            root = consume node
            return
        }
        let last = stack.count - 1
        if stack[last].streams {
            stream?.item(consume node)
            return
        }
        if last == 0, let stream, stack[0].isMapping, (children.count - stack[0].start) % 2 == 0, node.text == stream.key {
            streamKeys += 1
        }
        if stack[last].isMapping, (children.count - stack[last].start) % 2 == 1, children[children.count - 1].isMergeKey {
            children.removeLast()
            stack[last].merges.append(consume node)
        } else {
            children.append(consume node)
        }
    }

    /// Applies merge keys: keys written in the mapping win over merged ones, and earlier merge
    /// sources win over later ones (YAML 1.1 merge key semantics).
    static func merge(_ pairs: [YAMLPair], with merges: [YAMLNode]) throws(DiagnosticError) -> [YAMLPair] {
        guard !merges.isEmpty else { return pairs }
        var result = pairs
        var seen = Set(pairs.compactMap { $0.key.text })
        var sources: [YAMLNode] = []
        for merge in merges {
            if let items = merge.sequence { sources.append(contentsOf: items) } else { sources.append(merge) }
        }
        for source in sources {
            guard let sourcePairs = source.mapping else {
                throw DiagnosticError(.error("bad-merge", "`<<` merges mappings, but this is \(source.kindName)", at: source.location,
                                             fix: "write `<<: *name` where `&name` marks a mapping"))
            }
            for pair in sourcePairs {
                if let key = pair.key.text {
                    if seen.contains(key) { continue }
                    seen.insert(key)
                }
                result.append(pair)
            }
        }
        return result
    }
}

private extension YAMLNode {
    /// A plain `<<`: its value is merged into the mapping rather than being a pair.
    var isMergeKey: Bool {
        if case .scalar(let s) = value { return s.isPlain && s.text == "<<" }
        return false
    }
}
