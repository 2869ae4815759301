import Foundation

/// What a Mustache template reads of an `Encodable` value: an object as `[String: Any]` under
/// its coding keys, an array as `[Any]`, strings, numbers and booleans as they are, and absent
/// optionals left out (so `{{#note}}…{{/note}}` shows only when there is one).
///
/// The report templates' context is made through it (from `EncodedValue`, as results.json is
/// written), so its names are those of the report's `--format json` by construction rather than
/// by a second list.
enum TemplateValues {
    /// `value` as a template reads it.
    static func of(_ value: some Encodable) -> Any { EncodedValue.of(value).templateValue }

    /// An object's members (empty for a value that is not an object).
    static func object(_ value: some Encodable) -> [String: Any] {
        of(value) as? [String: Any] ?? [:]
    }
}

extension EncodedValue {
    /// As a template reads it: nulls left out (an empty object for a null on its own).
    var templateValue: Any {
        switch self {
        case .object(let members):
            var object = [String: Any](minimumCapacity: members.count)
            for (key, value) in members where !value.isNull { object[key] = value.templateValue }
            return object
        case .array(let elements): return elements.filter { !$0.isNull }.map(\.templateValue)
        case .string(let text): return text
        case .int(let number): return number
        case .double(let number): return number
        case .bool(let flag): return flag
        case .null: return [String: Any]()
        }
    }

    private var isNull: Bool { if case .null = self { true } else { false } }
}
