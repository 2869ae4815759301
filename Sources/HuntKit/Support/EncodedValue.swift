import Foundation

/// An `Encodable` value as plain data, under its `CodingKeys`' names: results.json writes it
/// (`JSONTextWriter.encode`) and the report templates read it (`TemplateValues`), so both take a
/// type's names and shape from its `Codable` conformance, not from a list of their own.
/// Absent optionals are left out (`encodeIfPresent`); an object's members keep the order they
/// were encoded in.
enum EncodedValue {
    case object([(key: String, value: EncodedValue)])
    case array([EncodedValue])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null

    /// `value` as plain data.
    static func of<T: Encodable>(_ value: T) -> EncodedValue {
        switch value {
        case let text as String: return .string(text)
        case let number as Int: return .int(number)
        case let number as Double: return .double(number)
        case let flag as Bool: return .bool(flag)
        default:
            let encoder = PlainEncoder()
            // Encoding into memory throws only if the value's own `encode(to:)` does; ours do not.
            try? value.encode(to: encoder)
            return encoder.result
        }
    }
}

/// The project's one `Encoder`: what a value encodes, as an `EncodedValue`. A value opens one
/// container and fills it before `encode(to:)` returns; results.json's and the reports' types
/// ask for no nested containers.
private final class PlainEncoder: Encoder {
    var members: [(key: String, value: EncodedValue)]?
    var elements: [EncodedValue]?
    var single: EncodedValue?

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// What was encoded; an empty object for a value that opened no container.
    var result: EncodedValue {
        if let members { return .object(members) }
        if let elements { return .array(elements) }
        return single ?? .object([])
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if members == nil { members = [] }
        return KeyedEncodingContainer(Members(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if elements == nil { elements = [] }
        return Elements(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    struct Members<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: PlainEncoder
        var codingPath: [any CodingKey] { [] }

        private func put(_ value: EncodedValue, _ key: Key) { encoder.members?.append((key.stringValue, value)) }

        mutating func encodeNil(forKey key: Key) { put(.null, key) }
        mutating func encode(_ v: Bool, forKey key: Key) { put(.bool(v), key) }
        mutating func encode(_ v: String, forKey key: Key) { put(.string(v), key) }
        mutating func encode(_ v: Double, forKey key: Key) { put(.double(v), key) }
        mutating func encode(_ v: Float, forKey key: Key) { put(.double(Double(v)), key) }
        mutating func encode(_ v: Int, forKey key: Key) { put(.int(v), key) }
        mutating func encode(_ v: Int8, forKey key: Key) { put(.int(Int(v)), key) }
        mutating func encode(_ v: Int16, forKey key: Key) { put(.int(Int(v)), key) }
        mutating func encode(_ v: Int32, forKey key: Key) { put(.int(Int(v)), key) }
        mutating func encode(_ v: Int64, forKey key: Key) { put(.int(Int(v)), key) }
        mutating func encode(_ v: UInt, forKey key: Key) { put(.int(Int(clamping: v)), key) }
        mutating func encode(_ v: UInt8, forKey key: Key) { put(.int(Int(v)), key) }
        mutating func encode(_ v: UInt16, forKey key: Key) { put(.int(Int(v)), key) }
        mutating func encode(_ v: UInt32, forKey key: Key) { put(.int(Int(v)), key) }
        mutating func encode(_ v: UInt64, forKey key: Key) { put(.int(Int(clamping: v)), key) }
        mutating func encode<T: Encodable>(_ v: T, forKey key: Key) { put(.of(v), key) }

        mutating func nestedContainer<N: CodingKey>(keyedBy: N.Type, forKey: Key) -> KeyedEncodingContainer<N> {
            preconditionFailure("the encoded types ask for no nested containers")
        }
        mutating func nestedUnkeyedContainer(forKey: Key) -> any UnkeyedEncodingContainer {
            preconditionFailure("the encoded types ask for no nested containers")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("the encoded types have no superclass") }
        mutating func superEncoder(forKey: Key) -> any Encoder { preconditionFailure("the encoded types have no superclass") }
    }

    struct Elements: UnkeyedEncodingContainer {
        let encoder: PlainEncoder
        var codingPath: [any CodingKey] { [] }
        var count: Int { encoder.elements?.count ?? 0 }

        private func put(_ value: EncodedValue) { encoder.elements?.append(value) }

        mutating func encodeNil() { put(.null) }
        mutating func encode(_ v: Bool) { put(.bool(v)) }
        mutating func encode(_ v: String) { put(.string(v)) }
        mutating func encode(_ v: Double) { put(.double(v)) }
        mutating func encode(_ v: Float) { put(.double(Double(v))) }
        mutating func encode(_ v: Int) { put(.int(v)) }
        mutating func encode(_ v: Int8) { put(.int(Int(v))) }
        mutating func encode(_ v: Int16) { put(.int(Int(v))) }
        mutating func encode(_ v: Int32) { put(.int(Int(v))) }
        mutating func encode(_ v: Int64) { put(.int(Int(v))) }
        mutating func encode(_ v: UInt) { put(.int(Int(clamping: v))) }
        mutating func encode(_ v: UInt8) { put(.int(Int(v))) }
        mutating func encode(_ v: UInt16) { put(.int(Int(v))) }
        mutating func encode(_ v: UInt32) { put(.int(Int(v))) }
        mutating func encode(_ v: UInt64) { put(.int(Int(clamping: v))) }
        mutating func encode<T: Encodable>(_ v: T) { put(.of(v)) }

        mutating func nestedContainer<N: CodingKey>(keyedBy: N.Type) -> KeyedEncodingContainer<N> {
            preconditionFailure("the encoded types ask for no nested containers")
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            preconditionFailure("the encoded types ask for no nested containers")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("the encoded types have no superclass") }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: PlainEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { encoder.single = .null }
        mutating func encode(_ v: Bool) { encoder.single = .bool(v) }
        mutating func encode(_ v: String) { encoder.single = .string(v) }
        mutating func encode(_ v: Double) { encoder.single = .double(v) }
        mutating func encode(_ v: Float) { encoder.single = .double(Double(v)) }
        mutating func encode(_ v: Int) { encoder.single = .int(v) }
        mutating func encode(_ v: Int8) { encoder.single = .int(Int(v)) }
        mutating func encode(_ v: Int16) { encoder.single = .int(Int(v)) }
        mutating func encode(_ v: Int32) { encoder.single = .int(Int(v)) }
        mutating func encode(_ v: Int64) { encoder.single = .int(Int(v)) }
        mutating func encode(_ v: UInt) { encoder.single = .int(Int(clamping: v)) }
        mutating func encode(_ v: UInt8) { encoder.single = .int(Int(v)) }
        mutating func encode(_ v: UInt16) { encoder.single = .int(Int(v)) }
        mutating func encode(_ v: UInt32) { encoder.single = .int(Int(v)) }
        mutating func encode(_ v: UInt64) { encoder.single = .int(Int(clamping: v)) }
        mutating func encode<T: Encodable>(_ v: T) { encoder.single = .of(v) }
    }
}
