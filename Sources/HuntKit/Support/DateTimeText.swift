import Foundation

/// Reads date-times as authors write them in a hunt file.
///
/// `2026-05-02 10:00`, `2026-05-02 10:00:30`, `2026-05-02T10:00`, with an optional offset
/// (`Z`, `+02:00`, `+0200`, `+02`, with or without a space before it). A time without an offset
/// is local time in the hunt's timezone. A time without a date (`14:30`) takes the date of
/// `defaultDate`, when there is one (task windows inside the hunt's window).
public enum DateTimeText {
    /// Why a written date-time was refused; `description` says it in words an author can act on.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// Not a date and time in any form this reads.
        case malformed
        /// A date with no time of day (`2026-05-02`).
        case dateOnly
        /// A time of day with no date (`14:30`) where no date is there to take.
        case timeOnlyWithoutDate
        /// A field out of its range (month 13, 31 February); the text says which.
        case outOfRange(String)
        /// A local time that the clocks skip (the hour of a spring-forward change).
        case nonexistentLocalTime

        public var description: String {
            switch self {
            case .malformed: return "expected a date and time like `2026-05-02 10:00` or `2026-05-02T10:00:00+02:00`"
            case .dateOnly: return "a date without a time; add one, e.g. `10:00`"
            case .timeOnlyWithoutDate: return "a time without a date; write the date too (`2026-05-02 14:30`)"
            case .outOfRange(let what): return what
            case .nonexistentLocalTime: return "this local time does not exist in the timezone (the clocks skip it)"
            }
        }
    }

    /// The parts of a written date-time.
    public struct Parts: Sendable, Hashable {
        /// The date, nil for a time written without one (`14:30`).
        public var year, month, day: Int?
        /// The time of day: hour on the 24-hour clock (0–23; 24 only as `24:00`) and minute (0–59).
        public var hour, minute: Int
        /// Seconds, fractions kept (`10:00:30.5` gives 30.5).
        public var second: Double
        /// Seconds east of UTC, when written.
        public var offsetSeconds: Int?
    }

    /// Parses and resolves to an absolute time.
    public static func parse(_ text: String, timeZone: TimeZone, defaultDate: (year: Int, month: Int, day: Int)? = nil) -> Result<Date, Problem> {
        switch parts(text) {
        case .failure(let p): return .failure(p)
        case .success(var parts):
            if parts.year == nil {
                guard let d = defaultDate else { return .failure(.timeOnlyWithoutDate) }
                (parts.year, parts.month, parts.day) = (d.year, d.month, d.day)
            }
            return resolve(parts, timeZone: timeZone)
        }
    }

    /// Splits the text into its parts and checks their ranges.
    public static func parts(_ text: String) -> Result<Parts, Problem> {
        var s = Substring(text.trimmedWhitespace)
        var parts = Parts(year: nil, month: nil, day: nil, hour: 0, minute: 0, second: 0, offsetSeconds: nil)
        if let y = digits(&s, 4) {
            guard s.first == "-" else { return .failure(.malformed) }
            s.removeFirst()
            guard let m = digits(&s, 2, orOne: true), s.first == "-" else { return .failure(.malformed) }
            s.removeFirst()
            guard let d = digits(&s, 2, orOne: true) else { return .failure(.malformed) }
            (parts.year, parts.month, parts.day) = (y, m, d)
            guard (1...12).contains(m) else { return .failure(.outOfRange("month \(m) is not 1…12")) }
            guard (1...CivilCalendar.daysIn(month: m, year: y)).contains(d) else {
                return .failure(.outOfRange("\(y)-\(ClockText.twoDigits(m))-\(ClockText.twoDigits(d)) is not a date"))
            }
            if s.isEmpty { return .failure(.dateOnly) }
            guard s.first == "T" || s.first == "t" || s.first == " " else { return .failure(.malformed) }
            s.removeFirst()
            while s.first == " " { s.removeFirst() }
        }
        guard let h = digits(&s, 2, orOne: true), s.first == ":" else { return .failure(.malformed) }
        s.removeFirst()
        guard let mi = digits(&s, 2) else { return .failure(.malformed) }
        (parts.hour, parts.minute) = (h, mi)
        if s.first == ":" {
            s.removeFirst()
            guard let sec = digits(&s, 2) else { return .failure(.malformed) }
            var second = Double(sec)
            if s.first == "." || s.first == "," {
                s.removeFirst()
                var fraction = "0."
                while let c = s.first, c.isASCII, c.isNumber { fraction.append(c); s.removeFirst() }
                guard fraction.count > 2, let f = Double(fraction) else { return .failure(.malformed) }
                second += f
            }
            parts.second = second
        }
        guard h <= 23 || (h == 24 && mi == 0 && parts.second == 0) else { return .failure(.outOfRange("hour \(h) is not 0…23")) }
        guard mi <= 59 else { return .failure(.outOfRange("minute \(mi) is not 0…59")) }
        guard parts.second < 60 else { return .failure(.outOfRange("second \(Int(parts.second)) is not 0…59")) }
        while s.first == " " { s.removeFirst() }
        if !s.isEmpty {
            if s == "Z" || s == "z" || s == "UTC" || s == "GMT" {
                parts.offsetSeconds = 0
            } else if let sign = s.first, sign == "+" || sign == "-" || sign == "\u{2212}" {
                s.removeFirst()
                guard let oh = digits(&s, 2) else { return .failure(.malformed) }
                var om = 0
                if s.first == ":" { s.removeFirst() }
                if !s.isEmpty {
                    guard let m = digits(&s, 2), s.isEmpty else { return .failure(.malformed) }
                    om = m
                }
                guard oh <= 18, om <= 59 else { return .failure(.outOfRange("offset \(text) is out of range")) }
                parts.offsetSeconds = (sign == "+" ? 1 : -1) * (oh * 3600 + om * 60)
            } else {
                return .failure(.malformed)
            }
        }
        return .success(parts)
    }

    static func resolve(_ parts: Parts, timeZone: TimeZone) -> Result<Date, Problem> {
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return .failure(.timeOnlyWithoutDate) }
        let days = CivilCalendar.daysFromCivil(year, month, day)
        let wall = Double(days * 86400 + parts.hour * 3600 + parts.minute * 60) + parts.second
        if let offset = parts.offsetSeconds {
            return .success(Date(timeIntervalSince1970: wall - Double(offset)))
        }
        // Local time: the offset in force at that moment. Try the offsets around the guess so that
        // times after a change resolve right; a time no offset maps back to is in a DST gap.
        let guess = Date(timeIntervalSince1970: wall)
        let candidates = [
            timeZone.secondsFromGMT(for: guess),
            timeZone.secondsFromGMT(for: guess.addingTimeInterval(-86400)),
            timeZone.secondsFromGMT(for: guess.addingTimeInterval(86400))
        ]
        // In the hour that repeats when clocks go back, two offsets fit: take the earlier moment
        // (the first time the clock shows it), as ISO 8601 readers and `date -d` do.
        let fitting = candidates.compactMap { offset -> Date? in
            let date = Date(timeIntervalSince1970: wall - Double(offset))
            return timeZone.secondsFromGMT(for: date) == offset ? date : nil
        }
        guard let earliest = fitting.min() else { return .failure(.nonexistentLocalTime) }
        return .success(earliest)
    }

    /// `2026-05-02 10:00` in `timeZone` (seconds when not zero).
    public static func format(_ date: Date, timeZone: TimeZone, dateIncluded: Bool = true) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = CivilCalendar.held(date.timeIntervalSince1970 + Double(offset))
        let days = Int((local / 86400).rounded(.down))
        var seconds = Int((local - Double(days) * 86400).rounded(.down))
        let hour = seconds / 3600; seconds %= 3600
        let minute = seconds / 60; seconds %= 60
        let (year, month, day) = CivilCalendar.civilFromDays(days)
        var text = dateIncluded ? "\(year)-\(ClockText.twoDigits(month))-\(ClockText.twoDigits(day)) " : ""
        text += "\(ClockText.twoDigits(hour)):\(ClockText.twoDigits(minute))"
        if seconds != 0 { text += ":\(ClockText.twoDigits(seconds))" }
        return text
    }

    /// The calendar date of `date` in `timeZone`.
    public static func localDate(_ date: Date, timeZone: TimeZone) -> (year: Int, month: Int, day: Int) {
        let local = CivilCalendar.held(date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date)))
        let (year, month, day) = CivilCalendar.civilFromDays(Int((local / 86400).rounded(.down)))
        return (year, month, day)
    }

    static func digits(_ s: inout Substring, _ count: Int, orOne: Bool = false) -> Int? {
        var rest = s
        var value = 0
        var taken = 0
        while taken < count, let c = rest.first, c.isASCII, let d = c.wholeNumberValue {
            value = value * 10 + d
            rest.removeFirst()
            taken += 1
        }
        guard taken == count || (orOne && taken == count - 1 && taken > 0) else { return nil }
        s = rest
        return value
    }

}
