/// A YAML node with the position it was read from.
///
/// Aliases are resolved (an alias is a copy of its anchored node, which value semantics make
/// cheap) and merge keys (`<<`) are applied, so consumers see plain scalars, sequences and
/// mappings.
package struct YAMLNode: Sendable {
    /// What a node holds: a scalar's text, a list of nodes, or a mapping's key–value pairs in file order.
    public enum Value: Sendable {
        case scalar(Scalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    /// A scalar as written: its text with quotes and escapes removed, and whether it was plain.
    public struct Scalar: Sendable, Hashable {
        /// The scalar's text, after YAML's quoting, escaping and line folding are undone.
        public var text: String
        /// Plain scalars (not quoted, not block) are the ones that may mean null, a bool or a number.
        public var isPlain: Bool
    }

    /// The node's content: a scalar, a sequence or a mapping.
    public var value: Value
    /// The explicit tag, if any (`!!str`, `!place`), as libyaml reports it.
    public var tag: String?
    /// Where the node starts in its file (1-based line and column), for diagnostics that point at it.
    public var location: SourceLocation
    /// How many nodes this subtree stands for once aliases are expanded.
    var weight: Int

    init(_ value: Value, tag: String?, location: SourceLocation, weight: Int) {
        self.value = value
        self.tag = tag
        self.location = location
        self.weight = weight
    }

    /// The scalar, or nil when the node is a sequence or a mapping.
    public var scalar: Scalar? {
        if case .scalar(let s) = value { return s }
        return nil
    }

    /// The scalar's text, or nil for a collection.
    public var text: String? { scalar?.text }

    /// The sequence's items in file order, or nil when the node is not a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// The mapping's pairs in file order (duplicate keys kept), or nil when the node is not a mapping.
    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = value { return pairs }
        return nil
    }

    /// `~`, `null`, `Null`, `NULL` or nothing at all, written plain.
    public var isNull: Bool {
        guard case .scalar(let s) = value, s.isPlain, s.text.utf8.count <= 4, tag == nil || tag == "tag:yaml.org,2002:null" else { return false }
        return s.text.isEmpty || s.text == "~" || s.text == "null" || s.text == "Null" || s.text == "NULL"
    }

    /// A word for the node's kind, for messages ("expected a mapping, found a sequence").
    public var kindName: String {
        switch value {
        case .scalar: return isNull ? "nothing" : "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// The value for a scalar key, or nil.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.text == key }?.value
    }
}

/// One key and its value in a YAML mapping, each with its own location.
package struct YAMLPair: Sendable {
    /// The key node, usually a scalar; its location is where the key was written.
    public var key: YAMLNode
    /// The value node.
    public var value: YAMLNode
}
