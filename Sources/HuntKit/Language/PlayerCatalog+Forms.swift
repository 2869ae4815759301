import Foundation

extension PlayerCatalog {
    /// Numbers and distances in this catalog's locale, in `units`.
    public func measure(_ units: UnitSystem = .metric) -> LocalMeasure { LocalMeasure(locale: locale, units: units) }

    /// The largest sensible unit, in this language: "5 years", "3 days", "2 h 5 min", "12 min", "40 s".
    public func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "" }
        let s = Int(min(abs(seconds), 1e15).rounded())
        let day = 86_400
        if s >= 365 * day {
            let years = s / (365 * day)  // a calendar year is 365.2425 days; "5 years" is about, not exact
            return text("duration.years", count: years)
        }
        if s >= day { return text("duration.days", count: s / day) }
        if s >= 3600 {
            let (h, m) = (s / 3600, s / 60 % 60)
            return m == 0 ? text("duration.hour", ["h": String(h)]) : text("duration.hours", ["h": String(h), "min": String(m)])
        }
        if s >= 60 { return text("duration.minutes", ["min": String(s / 60)]) }
        return text("duration.seconds", ["s": String(s)])
    }
}

extension PlayerCatalog {
    /// `Saturday 2 May 2026, 10:00 – 16:00` ("sábado, 2 de mayo de 2026, 10:00 – 16:00"), or both
    /// dates when the span crosses midnight: the day and times as Foundation writes them in this
    /// catalog's locale, in `zone` (`sheet.window`, `sheet.window-days`).
    public func window(from start: Date, to end: Date, in zone: TimeZone) -> String {
        let day = Date.FormatStyle(locale: locale, timeZone: zone).weekday(.wide).day().month(.wide).year()
        let time = Date.FormatStyle(locale: locale, timeZone: zone).hour().minute()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        if calendar.isDate(start, inSameDayAs: end) {
            return text("sheet.window", ["day": start.formatted(day), "start": start.formatted(time), "end": end.formatted(time)])
        }
        let at = Date.FormatStyle(locale: locale, timeZone: zone).weekday(.wide).day().month(.wide).year().hour().minute()
        return text("sheet.window-days", ["start": start.formatted(at), "end": end.formatted(at)])
    }
}
