import Foundation

/// A distance in metres.
public struct Length: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The distance, metres.
    public var metres: Double
    /// A distance of `metres`.
    public init(metres: Double) { self.metres = metres }
    /// A distance of `m` metres, as `.metres(30)`.
    public static func metres(_ m: Double) -> Length { Length(metres: m) }
    public static func < (a: Length, b: Length) -> Bool { a.metres < b.metres }

    /// `30 m`, `1.5 km`.
    public var description: String {
        metres >= 1000 ? "\(Self.trim(metres / 1000)) km" : "\(Self.trim(metres)) m"
    }

    static func trim(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
    }

    static let units: [(names: [String], metres: Double)] = [
        (["m", "metre", "metres", "meter", "meters"], 1),
        (["km", "kilometre", "kilometres", "kilometer", "kilometers"], 1000),
        (["ft", "foot", "feet"], 0.3048),
        (["yd", "yard", "yards"], 0.9144),
        (["mi", "mile", "miles"], 1609.344)
    ]

    /// Parses `30 m`, `30m`, `1.5 km`, `300 ft`, `0.5 mi`; a bare number is metres.
    public static func parse(_ text: String) -> Length? {
        guard let (value, unit) = UnitText.split(text) else { return nil }
        if unit.isEmpty { return Length(metres: value) }
        let name = unit.lowercased()
        guard let factor = units.first(where: { $0.names.contains(name) })?.metres else { return nil }
        return Length(metres: value * factor)
    }
}

/// A span of time in seconds.
public struct TimeSpan: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The span, seconds.
    public var seconds: Double
    /// A span of `seconds`.
    public init(seconds: Double) { self.seconds = seconds }
    public static func < (a: TimeSpan, b: TimeSpan) -> Bool { a.seconds < b.seconds }

    /// `90 s`, `10 min`, `2 h`.
    public var description: String {
        if seconds >= 3600, seconds < 1e15, seconds.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(seconds / 3600)) h" }
        if seconds >= 60, seconds < 1e15, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return "\(Length.trim(seconds)) s"
    }

    /// `30 days` for whole days (a retention), else as `description`.
    public var inDays: String {
        guard seconds >= 86400, seconds < 1e15, seconds.truncatingRemainder(dividingBy: 86400) == 0 else { return description }
        let days = Int(seconds / 86400)
        return days == 1 ? "1 day" : "\(days) days"
    }

    static let units: [(names: [String], seconds: Double)] = [
        (["s", "sec", "secs", "second", "seconds"], 1),
        (["min", "mins", "minute", "minutes", "m"], 60),
        (["h", "hr", "hrs", "hour", "hours"], 3600),
        (["d", "day", "days"], 86400)
    ]

    /// Parses `90 s`, `10 min`, `2 h`, `1 day`. A bare number is not accepted: say the unit.
    public static func parse(_ text: String) -> TimeSpan? {
        guard let (value, unit) = UnitText.split(text), !unit.isEmpty else { return nil }
        let name = unit.lowercased()
        guard let factor = units.first(where: { $0.names.contains(name) })?.seconds else { return nil }
        return TimeSpan(seconds: value * factor)
    }
}

/// A speed in metres per second.
public struct Speed: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The speed, metres per second.
    public var metresPerSecond: Double
    /// A speed of `metresPerSecond`.
    public init(metresPerSecond: Double) { self.metresPerSecond = metresPerSecond }
    public static func < (a: Speed, b: Speed) -> Bool { a.metresPerSecond < b.metresPerSecond }
    public var description: String { "\(Length.trim(metresPerSecond * 3.6)) km/h" }

    static let units: [(names: [String], metresPerSecond: Double)] = [
        (["km/h", "kmh", "kph"], 1 / 3.6),
        (["m/s", "mps"], 1),
        (["mph", "mi/h"], 0.44704),
        (["kn", "kt", "knots"], 0.514444)
    ]

    /// Parses `200 km/h`, `30 m/s`, `120 mph`.
    public static func parse(_ text: String) -> Speed? {
        guard let (value, unit) = UnitText.split(text), !unit.isEmpty else { return nil }
        let name = unit.lowercased()
        guard let factor = units.first(where: { $0.names.contains(name) })?.metresPerSecond else { return nil }
        return Speed(metresPerSecond: value * factor)
    }
}

/// Reading and writing quantities as people write them (`30 m`, `10 min`).
package enum UnitText {
    /// Splits `1.5 km` or `1.5km` into 1.5 and "km". Rejects non-finite numbers.
    public static func split(_ text: String) -> (Double, String)? {
        let trimmed = text.trimmedWhitespace
        var numberEnd = trimmed.startIndex
        if trimmed.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (almost every value): its bytes are its characters, read without grapheme breaking.
            var count = 0
            for b in trimmed.utf8 {
                guard
                    (0x30...0x39).contains(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
                        || ((b == UInt8(ascii: "e") || b == UInt8(ascii: "E")) && count > 0)
                else { break }
                count += 1
            }
            numberEnd = trimmed.utf8.index(trimmed.startIndex, offsetBy: count)
        } else {
            for (i, c) in zip(trimmed.indices, trimmed) {
                if c.isASCII && (c.isNumber || c == "." || c == "-" || c == "+" || ((c == "e" || c == "E") && i != trimmed.startIndex)) {
                    numberEnd = trimmed.index(after: i)
                } else {
                    break
                }
            }
        }
        // `1e` followed by a unit like `em`... keep it simple: back off a trailing e/E.
        var numberText = String(trimmed[..<numberEnd])
        var unit = String(trimmed[numberEnd...]).trimmedWhitespace
        if numberText.hasSuffix("e") || numberText.hasSuffix("E") {
            unit = String(numberText.removeLast()) + unit
        }
        guard let value = Double(numberText), value.isFinite else { return nil }
        return (value, unit)
    }
}
