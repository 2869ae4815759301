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
    ///
    /// libyaml's events are pulled on the caller's thread, one at a time, as Yams does: the tree
    /// is built with an explicit stack, so no nesting needs a thread with a stack of its own.
    public func parse(_ bytes: [UInt8], displayPath: String) throws(DiagnosticError) -> YAMLNode? {
        var builder = TreeBuilder(file: displayPath, maximumDepth: maximumDepth, maximumNodes: maximumNodes)
        // libyaml wants an address even for no bytes.
        let input = bytes.isEmpty ? [0] : bytes
        let outcome = input.withUnsafeBufferPointer { buffer -> Result<Void, DiagnosticError> in
            let session = LibYAMLSession(buffer.baseAddress!, count: bytes.count)
            do throws(LibYAMLSession.ParseError) {
                while true {
                    let event = try session.next()
                    if case .streamEnd = event.kind { return .success(()) }
                    do throws(DiagnosticError) { try builder.consume(event) } catch { return .failure(error) }
                }
            } catch {
                return .failure(DiagnosticError(error.diagnostic(file: displayPath, bytes: bytes)))
            }
        }
        try outcome.get()
        return builder.root
    }
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
                kind = .scalar(
                    text: text, anchor: LibYAMLSession.string(s.anchor), tag: LibYAMLSession.string(s.tag),
                    plain: s.style == YAML_PLAIN_SCALAR_STYLE)
            case YAML_SEQUENCE_START_EVENT:
                kind = .sequenceStart(
                    anchor: LibYAMLSession.string(event.data.sequence_start.anchor),
                    tag: LibYAMLSession.string(event.data.sequence_start.tag))
            case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
            case YAML_MAPPING_START_EVENT:
                kind = .mappingStart(
                    anchor: LibYAMLSession.string(event.data.mapping_start.anchor),
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
            let failure = YAMLStructureHelp.ParserReport(
                problem: problem, context: rawContext, line: line, column: column,
                contextLine: contextLine, contextColumn: contextColumn)
            if offset == nil, let help = YAMLStructureHelp.explain(failure, lines: lines) {
                // Plain words first; libyaml's own words after them, for searching.
                return .error(
                    "yaml-syntax", "\(help.message) (YAML: \(problem))",
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
        if let c = context,
            parser.pointee.context_mark.line != parser.pointee.problem_mark.line
                || parser.pointee.context_mark.column != parser.pointee.problem_mark.column
        {
            full = "(\(c) at line \(parser.pointee.context_mark.line + 1), column \(parser.pointee.context_mark.column + 1))"
        } else if let c = context {
            full = "(\(c))"
        }
        return ParseError(
            problem: problem, context: full,
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
    }
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
                throw DiagnosticError(
                    .error(
                        "multiple-documents", "a hunt file holds one YAML document; found a second one here",
                        at: location(event), fix: "remove the `---` line, or split the file in two"))
            }
        case .alias(let anchor):
            guard let node = anchors[anchor] else {
                throw DiagnosticError(
                    .error(
                        "yaml-syntax", "alias *\(anchor) names no anchor defined before it", at: location(event),
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
            try push(Open(isMapping: false, start: children.count, anchor: anchor, tag: tag, location: location(event)), at: event)
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
            try attach(consume node)
        }
    }

    mutating func push(_ open: Open, at event: LibYAMLSession.Event) throws(DiagnosticError) {
        if stack.count >= maximumDepth {
            throw DiagnosticError(
                .error(
                    "too-deep", "nesting deeper than \(maximumDepth) levels", at: location(event),
                    fix: "a hunt file needs only a few levels; is this the right file?"))
        }
        totalWeight += 1
        stack.append(open)
    }

    /// Counts a finished leaf or alias towards the expansion limit, then attaches it.
    mutating func add(_ node: consuming YAMLNode, weight: Int, at event: LibYAMLSession.Event) throws(DiagnosticError) {
        totalWeight += weight
        if totalWeight > maximumNodes {
            throw DiagnosticError(
                .error(
                    "too-large", "the document expands to more than \(maximumNodes) nodes (an alias bomb?)",
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
                throw DiagnosticError(
                    .error(
                        "bad-merge", "`<<` merges mappings, but this is \(source.kindName)", at: source.location,
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
