import Foundation

/// What a Mustache template reads of an `Encodable` value: an object as `[String: Any]` under
/// its coding keys, an array as `[Any]`, strings, numbers and booleans as they are, and absent
/// optionals left out (so `{{#note}}…{{/note}}` shows only when there is one).
///
/// The report templates' context is made through it, so its names are those of the report's
/// `--format json` by construction rather than by a second list.
enum TemplateValues {
    /// `value` as a template reads it.
    static func of(_ value: some Encodable) -> Any {
        let node = Node()
        // Encoding into memory throws only if the value's own `encode(to:)` does; ours do not.
        try? value.encode(to: NodeEncoder(node: node, codingPath: []))
        return node.resolved
    }

    /// An object's members (empty for a value that is not an object).
    static func object(_ value: some Encodable) -> [String: Any] {
        of(value) as? [String: Any] ?? [:]
    }

    /// One container being written. Nested containers (a hand-written `encode(to:)` may ask for
    /// them) are filled after they are handed out, so they are kept as nodes until the end.
    fileprivate final class Node {
        var object: [String: Any]?
        var array: [Any]?
        var single: Any?
        /// Whether `object` or `array` holds nodes still to resolve.
        var holdsNodes = false

        var resolved: Any {
            if let object { return holdsNodes ? object.mapValues(Node.resolve) : object }
            if let array { return holdsNodes ? array.map(Node.resolve) : array }
            return single.map(Node.resolve) ?? [String: Any]()
        }

        static func resolve(_ value: Any) -> Any { (value as? Node)?.resolved ?? value }
    }

    /// A value's template form: strings, numbers and booleans as they are, the rest encoded.
    fileprivate static func box<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Any {
        switch value {
        case let text as String: return text
        case let number as Int: return number
        case let number as Double: return number
        case let flag as Bool: return flag
        default:
            let node = Node()
            try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
            return node.resolved
        }
    }

    fileprivate struct NodeEncoder: Encoder {
        let node: Node
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.object == nil { node.object = [:] }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.array == nil { node.array = [] }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
    }

    fileprivate struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey]

        private func put(_ value: Any, _ key: Key) { node.object?[key.stringValue] = value }

        private func putNode(_ child: Node, named name: String) {
            node.holdsNodes = true
            node.object?[name] = child
        }

        func encodeNil(forKey key: Key) {}
        func encode(_ value: Bool, forKey key: Key) { put(value, key) }
        func encode(_ value: String, forKey key: Key) { put(value, key) }
        func encode(_ value: Double, forKey key: Key) { put(value, key) }
        func encode(_ value: Float, forKey key: Key) { put(value, key) }
        func encode(_ value: Int, forKey key: Key) { put(value, key) }
        func encode(_ value: Int8, forKey key: Key) { put(value, key) }
        func encode(_ value: Int16, forKey key: Key) { put(value, key) }
        func encode(_ value: Int32, forKey key: Key) { put(value, key) }
        func encode(_ value: Int64, forKey key: Key) { put(value, key) }
        func encode(_ value: UInt, forKey key: Key) { put(value, key) }
        func encode(_ value: UInt8, forKey key: Key) { put(value, key) }
        func encode(_ value: UInt16, forKey key: Key) { put(value, key) }
        func encode(_ value: UInt32, forKey key: Key) { put(value, key) }
        func encode(_ value: UInt64, forKey key: Key) { put(value, key) }
        func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            put(try TemplateValues.box(value, codingPath: codingPath + [key]), key)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let child = Node()
            child.object = [:]
            putNode(child, named: key.stringValue)
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath + [key]))
        }

        func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = Node()
            child.array = []
            putNode(child, named: key.stringValue)
            return Unkeyed(node: child, codingPath: codingPath + [key])
        }

        func superEncoder() -> any Encoder {
            let child = Node()
            putNode(child, named: "super")
            return NodeEncoder(node: child, codingPath: codingPath)
        }

        func superEncoder(forKey key: Key) -> any Encoder {
            let child = Node()
            putNode(child, named: key.stringValue)
            return NodeEncoder(node: child, codingPath: codingPath + [key])
        }
    }

    fileprivate struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]
        var count: Int { node.array?.count ?? 0 }

        private func append(_ value: Any) { node.array?.append(value) }

        /// The key of the next element, for coding paths.
        private var nextKey: any CodingKey { IndexKey(intValue: count) }

        func encodeNil() {}
        func encode(_ value: Bool) { append(value) }
        func encode(_ value: String) { append(value) }
        func encode(_ value: Double) { append(value) }
        func encode(_ value: Float) { append(value) }
        func encode(_ value: Int) { append(value) }
        func encode(_ value: Int8) { append(value) }
        func encode(_ value: Int16) { append(value) }
        func encode(_ value: Int32) { append(value) }
        func encode(_ value: Int64) { append(value) }
        func encode(_ value: UInt) { append(value) }
        func encode(_ value: UInt8) { append(value) }
        func encode(_ value: UInt16) { append(value) }
        func encode(_ value: UInt32) { append(value) }
        func encode(_ value: UInt64) { append(value) }
        func encode<T: Encodable>(_ value: T) throws { append(try TemplateValues.box(value, codingPath: codingPath + [nextKey])) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let child = Node()
            child.object = [:]
            let path = codingPath + [nextKey]
            node.holdsNodes = true
            append(child)
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: path))
        }

        func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = Node()
            child.array = []
            let path = codingPath + [nextKey]
            node.holdsNodes = true
            append(child)
            return Unkeyed(node: child, codingPath: path)
        }

        func superEncoder() -> any Encoder {
            let child = Node()
            let path = codingPath + [nextKey]
            node.holdsNodes = true
            append(child)
            return NodeEncoder(node: child, codingPath: path)
        }
    }

    fileprivate struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]

        func encodeNil() {}
        func encode(_ value: Bool) { node.single = value }
        func encode(_ value: String) { node.single = value }
        func encode(_ value: Double) { node.single = value }
        func encode(_ value: Float) { node.single = value }
        func encode(_ value: Int) { node.single = value }
        func encode(_ value: Int8) { node.single = value }
        func encode(_ value: Int16) { node.single = value }
        func encode(_ value: Int32) { node.single = value }
        func encode(_ value: Int64) { node.single = value }
        func encode(_ value: UInt) { node.single = value }
        func encode(_ value: UInt8) { node.single = value }
        func encode(_ value: UInt16) { node.single = value }
        func encode(_ value: UInt32) { node.single = value }
        func encode(_ value: UInt64) { node.single = value }
        func encode<T: Encodable>(_ value: T) throws { node.single = try TemplateValues.box(value, codingPath: codingPath) }
    }

    fileprivate struct IndexKey: CodingKey {
        var intValue: Int?
        var stringValue: String { intValue.map(String.init) ?? "" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}
