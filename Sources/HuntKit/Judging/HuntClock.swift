import Foundation

/// Converts camera wall-clock times to instants and formats instants in the hunt's timezone.
///
/// Calendar arithmetic by Howard Hinnant's `days_from_civil` / `civil_from_days`
/// (https://howardhinnant.github.io/date_algorithms.html): fast enough for hundreds of
/// thousands of photos, and independent of the process's locale and timezone.
public struct HuntClock: Sendable {
    public var timezone: TimeZone
    private let table: OffsetTable?

    public init(timezone: TimeZone) {
        self.timezone = timezone
        table = nil
    }

    /// A clock that looks offsets up in a table for `span` (and three days either side, at most
    /// 120 days): `TimeZone.secondsFromGMT` is slow when called for every photo.
    public init(timezone: TimeZone, around span: TimeWindow?) {
        self.timezone = timezone
        if let span, span.end.timeIntervalSince(span.start) < 120 * 86_400 {
            table = OffsetTable(timezone: timezone, from: span.start.addingTimeInterval(-3 * 86_400),
                                to: span.end.addingTimeInterval(3 * 86_400))
        } else {
            table = nil
        }
    }

    /// Seconds east of UTC in the hunt's timezone at `date`.
    public func offset(at date: Date) -> Int {
        table?.offset(at: date) ?? timezone.secondsFromGMT(for: date)
    }

    /// The instant a wall-clock time stands for: with the photo's own offset when it has one,
    /// else read in the hunt's timezone.
    public func instant(of local: LocalDateTime, offsetSeconds: Int?) -> Date? {
        guard (1...12).contains(local.month), (1...31).contains(local.day), (0...23).contains(local.hour),
              (0...59).contains(local.minute), (0...60).contains(local.second) else { return nil }
        let wall = Double(CivilCalendar.daysFromCivil(local.year, local.month, local.day)) * 86_400
            + Double(local.hour * 3600 + local.minute * 60 + local.second) + Double(local.nanosecond) / 1e9
        if let offsetSeconds { return Date(timeIntervalSince1970: wall - Double(offsetSeconds)) }
        // Guess with the offset at the wall time read as UTC, then correct once (DST edges).
        let guess = wall - Double(offset(at: Date(timeIntervalSince1970: wall)))
        let offset = offset(at: Date(timeIntervalSince1970: guess))
        return Date(timeIntervalSince1970: wall - Double(offset))
    }

    /// `2026-05-02T10:15:00+02:00` (milliseconds when not whole seconds), in the hunt's timezone.
    public func iso(_ date: Date) -> String {
        Self.iso(date, offsetSeconds: offset(at: date))
    }

    /// The calendar day in the hunt's timezone, `2026-05-02`.
    public func day(of date: Date) -> String {
        String(iso(date).prefix(10))
    }

    public static func iso(_ date: Date, offsetSeconds offset: Int) -> String {
        let t = date.timeIntervalSince1970 + Double(offset)
        let whole = t.rounded(.down)
        var millis = Int(((t - whole) * 1000).rounded())
        var seconds = Int(whole)
        if millis == 1000 { millis = 0; seconds += 1 }
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let secondOfDay = seconds - days * 86_400
        let (y, m, d) = CivilCalendar.civilFromDays(days)
        var text = pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if millis != 0 { text += "." + pad(millis, 3) }
        if offset == 0 { return text + "Z" }
        let sign = offset < 0 ? "-" : "+"
        return text + sign + pad(abs(offset) / 3600, 2) + ":" + pad(abs(offset) / 60 % 60, 2)
    }

    /// `YYYY-MM-DDTHH:MM:SS`, as `LocalDateTime.description` but without `String(format:)`.
    public static func text(_ t: LocalDateTime) -> String {
        pad(t.year, 4) + "-" + pad(t.month, 2) + "-" + pad(t.day, 2) + "T" + pad(t.hour, 2) + ":" + pad(t.minute, 2) + ":" + pad(t.second, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    /// The wall-clock time of an instant at a fixed offset (for writing simulated photos).
    public static func local(_ date: Date, offsetSeconds: Int) -> LocalDateTime {
        let t = date.timeIntervalSince1970 + Double(offsetSeconds)
        let whole = t.rounded(.down)
        let seconds = Int(whole)
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let secondOfDay = seconds - days * 86_400
        let (y, m, d) = CivilCalendar.civilFromDays(days)
        return LocalDateTime(year: y, month: m, day: d, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
                             second: secondOfDay % 60, nanosecond: min(999, Int(((t - whole) * 1000).rounded(.down))) * 1_000_000)
    }
}

/// A timezone's offset for every quarter hour of a span. Offsets change only at transitions,
/// and every transition since 1980 falls on a quarter hour, so a quarter-hour table is exact.
private final class OffsetTable: Sendable {
    static let step = 900.0
    let start: Double
    let offsets: [Int]

    init(timezone: TimeZone, from: Date, to: Date) {
        let first = (from.timeIntervalSince1970 / Self.step).rounded(.down) * Self.step
        let count = Int(((to.timeIntervalSince1970 - first) / Self.step).rounded(.up)) + 1
        start = first
        offsets = (0..<count).map { timezone.secondsFromGMT(for: Date(timeIntervalSince1970: first + Double($0) * Self.step)) }
    }

    func offset(at date: Date) -> Int? {
        let index = Int(((date.timeIntervalSince1970 - start) / Self.step).rounded(.down))
        return index >= 0 && index < offsets.count ? offsets[index] : nil
    }
}
