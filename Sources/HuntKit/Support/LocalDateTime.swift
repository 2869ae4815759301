import Foundation

/// A wall-clock date and time with no zone, as cameras write it.
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The calendar date and the time of day, as written (month and day from 1).
    public var year, month, day, hour, minute, second: Int
    /// The fraction of the second, nanoseconds.
    public var nanosecond: Int

    /// A wall-clock time from its parts.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        [a.year, a.month, a.day, a.hour, a.minute, a.second, a.nanosecond]
            .lexicographicallyPrecedes([b.year, b.month, b.day, b.hour, b.minute, b.second, b.nanosecond])
    }

    /// `YYYY-MM-DDTHH:MM:SS`, written digit by digit (`String(format:)` would be a twentieth of `hunt exif`'s time).
    public var description: String {
        String(unsafeUninitializedCapacity: 64) { buffer in
            var w = DigitWriter(buffer)
            w.dateTime(year, month, day, hour, minute, second)
            return w.count
        }
    }

    /// The absolute time, given the offset east of UTC.
    public func date(offsetSeconds: Int) -> Date? {
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second, components.nanosecond) = (hour, minute, second, nanosecond)
        var calendar = Calendar(identifier: .gregorian)
        guard let zone = TimeZone(secondsFromGMT: offsetSeconds) else { return nil }
        calendar.timeZone = zone
        return calendar.date(from: components)
    }

    /// The absolute time, reading the wall clock in a timezone.
    public func date(in timezone: TimeZone) -> Date? {
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second, components.nanosecond) = (hour, minute, second, nanosecond)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timezone
        return calendar.date(from: components)
    }
}
