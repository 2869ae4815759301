import Foundation

extension Hunt {
    /// The hunt as if it were held on `day` (`2026-11-27`, the organizer's today: `hunt serve --rehearse`):
    /// its window and every task's window moved by whole days so the window opens today, each at
    /// the same time of day on the hunt's wall clock (across a change to or from summer time
    /// too), and its title marked (`Rehearsal.title`), so every page and output made from it says
    /// it is a rehearsal. A hunt without any window keeps its times and gets the mark.
    public func rehearsed(on day: Rehearsal.Day) -> Hunt {
        let clock = HuntClock(timezone: timezone)
        var copy = self
        copy.title = Rehearsal.title(title, day: day.text)
        guard let opens = window?.start ?? tasks.compactMap(\.window?.start).min() else { return copy }
        let days = day.number - clock.dayNumber(of: opens)
        let move = { (w: TimeWindow) in TimeWindow(start: clock.moved(w.start, days: days), end: clock.moved(w.end, days: days)) }
        copy.window = window.map(move)
        for index in copy.tasks.indices where copy.tasks[index].window != nil {
            copy.tasks[index].window = copy.tasks[index].window.map(move)
        }
        return copy
    }
}

/// The words that mark a rehearsal, in one place (the title of everything made from a rehearsed
/// hunt, and the banner of every page), with named placeholders for a translation.
public enum Rehearsal {
    /// A calendar day: the one a rehearsal is held on.
    public struct Day: Sendable, Hashable {
        /// The year, month (1–12) and day of the month (1–31).
        public var year: Int, month: Int, day: Int

        /// The day `year`-`month`-`day`.
        public init(year: Int, month: Int, day: Int) {
            (self.year, self.month, self.day) = (year, month, day)
        }

        /// The day `date` falls on in `timezone` (the machine's own by default: the organizer's today).
        public init(_ date: Date, in timezone: TimeZone = .current) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timezone
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        }

        /// `2026-11-27`.
        public var text: String { String(format: "%04d-%02d-%02d", year, month, day) }
        /// Days since 1970-01-01.
        var number: Int { Int(CivilCalendar.daysFromCivil(year, month, day)) }
    }

    /// `REHEARSAL 2026-11-27 · Utrecht Campus Photo Hunt`.
    public static let titleText = "REHEARSAL {day} · {title}"
    /// The banner on every page of `hunt serve --rehearse`.
    public static let bannerText = "Rehearsal on {day}: the hunt runs today as if it were its day. Nothing here counts for the real hunt."

    /// `titleText` filled in: the title of a hunt rehearsed on `day` (`2026-11-27`).
    public static func title(_ title: String, day: String) -> String {
        fill(titleText, ["day": day, "title": title])
    }

    /// `bannerText` filled in for `day` (`2026-11-27`).
    public static func banner(day: String) -> String {
        fill(bannerText, ["day": day])
    }

    /// `text` with each `{name}` replaced by `values[name]`.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        values.reduce(text) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
    }
}

extension HuntClock {
    /// The number of the calendar day `date` falls on in the hunt's timezone (days since 1970-01-01).
    func dayNumber(of date: Date) -> Int {
        Int(((date.timeIntervalSince1970 + Double(offset(at: date))) / 86_400).rounded(.down))
    }

    /// `date` moved by `days` calendar days, at the same time on the hunt's wall clock.
    func moved(_ date: Date, days: Int) -> Date {
        let wall = date.timeIntervalSince1970 + Double(offset(at: date)) + Double(days) * 86_400
        // As `instant(of:offsetSeconds:)`: the offset at a guess, then corrected once (DST edges).
        let guess = wall - Double(offset(at: Date(timeIntervalSince1970: wall)))
        return Date(timeIntervalSince1970: wall - Double(offset(at: Date(timeIntervalSince1970: guess))))
    }
}
