/// A YAML node with the position it was read from.
///
/// Aliases are resolved (an alias is a copy of its anchored node, which value semantics make
/// cheap) and merge keys (`<<`) are applied, so consumers see plain scalars, sequences and
/// mappings.
public struct YAMLNode: Sendable {
    public enum Value: Sendable {
        case scalar(Scalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public struct Scalar: Sendable, Hashable {
        public var text: String
        /// Plain scalars (not quoted, not block) are the ones that may mean null, a bool or a number.
        public var isPlain: Bool
    }

    public var value: Value
    /// The explicit tag, if any (`!!str`, `!place`), as libyaml reports it.
    public var tag: String?
    public var location: SourceLocation
    /// How many nodes this subtree stands for once aliases are expanded.
    var weight: Int

    init(_ value: Value, tag: String?, location: SourceLocation, weight: Int) {
        self.value = value
        self.tag = tag
        self.location = location
        self.weight = weight
    }

    public var scalar: Scalar? {
        if case .scalar(let s) = value { return s }
        return nil
    }

    /// The scalar's text, or nil for a collection.
    public var text: String? { scalar?.text }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = value { return pairs }
        return nil
    }

    /// `~`, `null`, `Null`, `NULL` or nothing at all, written plain.
    public var isNull: Bool {
        guard let s = scalar, s.isPlain, tag == nil || tag == "tag:yaml.org,2002:null" else { return false }
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

public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode
}
