import Foundation

/// Converts camera wall-clock times to instants and formats instants in the hunt's timezone.
///
/// Calendar arithmetic by Howard Hinnant's `days_from_civil` / `civil_from_days`
/// (https://howardhinnant.github.io/date_algorithms.html): fast enough for hundreds of
/// thousands of photos, and independent of the process's locale and timezone.
public struct HuntClock: Sendable {
    /// The hunt's timezone: camera times without an offset are read in it, and instants are written in it.
    public var timezone: TimeZone
    private let table: OffsetTable?

    /// A clock for `timezone` (usually `Hunt.timezone`).
    public init(timezone: TimeZone) {
        self.timezone = timezone
        table = nil
    }

    /// A clock that looks offsets up in a table for `span` (and three days either side, at most
    /// 120 days): `TimeZone.secondsFromGMT` is slow when called for every photo.
    public init(timezone: TimeZone, around span: TimeWindow?) {
        self.timezone = timezone
        if let span, span.end.timeIntervalSince(span.start) < 120 * 86_400 {
            table = OffsetTable(
                timezone: timezone, from: span.start.addingTimeInterval(-3 * 86_400),
                to: span.end.addingTimeInterval(3 * 86_400))
        } else {
            table = nil
        }
    }

    /// Seconds east of UTC in the hunt's timezone at `date`.
    public func offset(at date: Date) -> Int {
        table?.offset(at: date) ?? timezone.secondsFromGMT(for: date)
    }

    /// When `photo` was taken, as the judge reads it: its capture time at its own offset, or in
    /// this clock's timezone when it records none; its GPS time when it has no capture time that
    /// names an instant; nil with neither. (The judge also flags a gap between the two: `clock-skew`.)
    public func captureInstant(of photo: PhotoMetadata) -> Date? {
        if let local = photo.capturedAt, let instant = instant(of: local, offsetSeconds: photo.offsetSeconds) { return instant }
        return photo.gpsTime
    }

    /// The instant a wall-clock time stands for: with the photo's own offset when it has one,
    /// else read in the hunt's timezone.
    public func instant(of local: LocalDateTime, offsetSeconds: Int?) -> Date? {
        guard (1...12).contains(local.month), (1...31).contains(local.day), (0...23).contains(local.hour),
            (0...59).contains(local.minute), (0...60).contains(local.second)
        else { return nil }
        let wall =
            Double(CivilCalendar.daysFromCivil(local.year, local.month, local.day)) * 86_400
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

    /// Two instants as the hunt's wall clock shows them, to the minute (`09:38`, `10:00`), each
    /// with its day (`15:20 on 2026-05-01`, `10:00 on 2026-05-02`) when they fall on different
    /// days: the times a reason sets side by side for a player ("taken at 09:38, … before the
    /// hunt's start at 10:00").
    public func clockTimes(_ a: Date, _ b: Date) -> (String, String) {
        let (la, lb) = (Self.local(a, offsetSeconds: offset(at: a)), Self.local(b, offsetSeconds: offset(at: b)))
        let sameDay = (la.year, la.month, la.day) == (lb.year, lb.month, lb.day)
        func text(_ t: LocalDateTime) -> String {
            let time = ClockText.twoDigits(t.hour) + ":" + ClockText.twoDigits(t.minute)
            return sameDay ? time : time + " on " + String(Self.text(t).prefix(10))
        }
        return (text(la), text(lb))
    }

    /// `date` as ISO 8601 at a fixed offset, seconds east of UTC (`Z` for 0, milliseconds only when not whole seconds).
    public static func iso(_ date: Date, offsetSeconds offset: Int) -> String {
        written(date, offsetSeconds: offset).text
    }

    /// `iso(_:offsetSeconds:)`'s text, and what `Timestamp(_:)` reads back from it: the instant
    /// to the millisecond written and the offset to the minute written; nil where that reader
    /// reads nothing (a year outside 0...9999, an offset past ±18:59). Found from the numbers
    /// written, so a timestamp made from an instant need not read its own text again.
    static func written(_ date: Date, offsetSeconds offset: Int) -> (text: String, read: (date: Date, offsetSeconds: Int)?) {
        let t = CivilCalendar.held(date.timeIntervalSince1970 + Double(offset))
        let whole = t.rounded(.down)
        var millis = Int(((t - whole) * 1000).rounded())
        var seconds = Int(whole)
        if millis == 1000 { millis = 0; seconds += 1 }
        let (days, secondOfDay) = CivilCalendar.dayAndSecond(seconds)
        let (y, m, d) = CivilCalendar.civilFromDays(days)
        // Written byte by byte: this runs several times per photo, and joining a dozen small
        // strings showed up in judge profiles.
        let text = String(unsafeUninitializedCapacity: 64) { buffer in
            var w = DigitWriter(buffer)
            w.dateTime(y, m, d, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
            if millis != 0 { w.byte(UInt8(ascii: ".")); w.digits(millis, 3) }
            if offset == 0 {
                w.byte(UInt8(ascii: "Z"))
            } else {
                w.byte(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                w.digits(abs(offset) / 3600, 2)
                w.byte(UInt8(ascii: ":"))
                w.digits(abs(offset) / 60 % 60, 2)
            }
            return w.count
        }
        guard (0...9999).contains(y), abs(offset) / 3600 <= 18 else { return (text, nil) }
        let minutes = abs(offset) / 60
        let writtenOffset = (offset < 0 ? -60 : 60) * minutes
        // As the reader adds them: whole seconds, then the fraction (none when no digits are written).
        let read = Date(timeIntervalSince1970: Double(seconds - writtenOffset) + (millis == 0 ? 0 : Double(millis) / 1000))
        return (text, (read, writtenOffset))
    }

    /// `YYYY-MM-DDTHH:MM:SS`, without `String(format:)`: `LocalDateTime.description`.
    public static func text(_ t: LocalDateTime) -> String { t.description }

    /// The wall-clock time of an instant at a fixed offset (for writing simulated photos).
    public static func local(_ date: Date, offsetSeconds: Int) -> LocalDateTime {
        let t = CivilCalendar.held(date.timeIntervalSince1970 + Double(offsetSeconds))
        let whole = t.rounded(.down)
        let seconds = Int(whole)
        let (days, secondOfDay) = CivilCalendar.dayAndSecond(seconds)
        let (y, m, d) = CivilCalendar.civilFromDays(days)
        return LocalDateTime(
            year: y, month: m, day: d, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
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
        let index = ((date.timeIntervalSince1970 - start) / Self.step).rounded(.down)
        return index >= 0 && index < Double(offsets.count) ? offsets[Int(index)] : nil
    }
}
