import Foundation

/// An instant as the judge writes it: ISO 8601 with the hunt's offset, `2026-05-02T10:15:00+02:00`
/// (milliseconds only when not whole seconds, `Z` at offset 0).
///
/// results.json and the reports hold it as that text, unchanged; a script compares two of them,
/// or takes the `date`. Equal timestamps have the same text; they are ordered by instant (and by
/// text between two ways of writing one instant).
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The instant the text stands for, to the precision written (milliseconds for the judge's).
    public let date: Date
    /// The text as written: what results.json, the CSV and the reports show.
    public let text: String
    /// Seconds east of UTC that the text is written in.
    public let offsetSeconds: Int

    /// `date` written at `offsetSeconds` east of UTC (`HuntClock.timestamp(_:)` takes the hunt's
    /// offset at that instant); `date` is kept to the millisecond the text shows.
    public init(_ date: Date, offsetSeconds: Int) {
        let (text, read) = HuntClock.written(date, offsetSeconds: offsetSeconds)
        // The text is the value: the date is the one read back from it (`init?(_:)`), so equal
        // texts have equal dates. Only text the reader does not take (a year outside 0…9999)
        // keeps the date as given.
        self.init(date: read?.date ?? date, text: text, offsetSeconds: read?.offsetSeconds ?? offsetSeconds)
    }

    /// Reads `2026-05-02T10:15:00+02:00`, `2026-05-02T08:15:00.250Z` (any number of fraction
    /// digits); nil for text without a date, a time of day with seconds, or an offset.
    public init?(_ text: String) {
        var text = text
        guard let (seconds, fraction, offset) = text.withUTF8(Self.parse) else { return nil }
        self.init(date: Date(timeIntervalSince1970: Double(seconds) + fraction), text: text, offsetSeconds: offset)
    }

    private init(date: Date, text: String, offsetSeconds: Int) {
        self.date = date
        self.text = text
        self.offsetSeconds = offsetSeconds
    }

    /// The calendar day at the text's offset, `2026-05-02`.
    public var day: String { String(text.prefix(10)) }

    public var description: String { text }

    public static func < (a: Timestamp, b: Timestamp) -> Bool {
        a.date != b.date ? a.date < b.date : a.text < b.text
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let timestamp = Timestamp(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: Self.notATime(text))
        }
        self = timestamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// Why `text` could not be read as a time.
    static func notATime(_ text: String) -> String {
        "`\(text)` is not a time like `2026-05-02T10:15:00+02:00` (ISO 8601 with its offset)"
    }

    /// `YYYY-MM-DDTHH:MM:SS[.f…](Z|±HH:MM)`: seconds since 1970 (whole), the fraction, and the offset.
    private static func parse(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Double, Int)? {
        var i = 0
        func number(_ width: Int) -> Int? {
            guard i + width <= b.count else { return nil }
            var value = 0
            for k in i..<(i + width) {
                let d = Int(b[k]) - 48
                guard (0...9).contains(d) else { return nil }
                value = value * 10 + d
            }
            i += width
            return value
        }
        func expect(_ c: Character) -> Bool {
            guard i < b.count, b[i] == c.asciiValue! else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2), expect("T"),
            let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
            (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction = 0.0
        if expect(".") {
            var digits = 0, value = 0
            while i < b.count, (48...57).contains(b[i]) {
                // Past nanoseconds, digits are read but not counted.
                if digits < 9 { value = value * 10 + Int(b[i]) - 48; digits += 1 }
                i += 1
            }
            guard digits > 0 else { return nil }
            fraction = Double(value) / pow(10, Double(digits))
        }
        var offset = 0
        if expect("Z") {
            offset = 0
        } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let oh = number(2), expect(":"), let om = number(2), oh <= 18, om < 60 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let wall = CivilCalendar.daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
        return (wall - offset, fraction, offset)
    }
}

extension HuntClock {
    /// `date` as a `Timestamp` in the hunt's timezone: the text `iso(_:)` writes.
    public func timestamp(_ date: Date) -> Timestamp {
        Timestamp(date, offsetSeconds: offset(at: date))
    }
}
