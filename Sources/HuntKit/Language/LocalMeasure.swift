import Foundation

/// Numbers, distances, speeds and durations as a language writes them, in the hunt's units:
/// "2,3 km" in Spanish, "1.4 mi" with `units: imperial`. Numbers come from Foundation's
/// formatting in the catalog's locale; the unit symbols (m, km, ft, mi, km/h, mph) are written
/// by hand, because Foundation on Linux has no `Measurement` format style and every catalog's
/// language writes these symbols in Latin letters on signs and maps alike.
public struct LocalMeasure: Sendable, Hashable {
    /// The locale numbers are written in.
    public var locale: Locale
    /// Metres and kilometres, or feet and miles.
    public var units: UnitSystem

    /// Numbers in `locale`, distances in `units`.
    public init(locale: Locale, units: UnitSystem = .metric) {
        self.locale = locale
        self.units = units
    }

    /// "350 m", "2.3 km", "14,942 km": whole metres below a kilometre (GPS accuracy is metres),
    /// one decimal below ten kilometres, whole beyond; with `units: imperial` "390 ft", "1.4 mi",
    /// "9,284 mi" (feet below a tenth of a mile). A negative distance keeps its sign.
    public func distance(_ metres: Double) -> String {
        guard metres.isFinite else { return "\(metres) m" }
        let m = abs(metres)
        let text: String
        if units == .imperial {
            let feet = m / 0.3048, miles = m / 1609.344
            text = feet < 527.5 ? number(feet, places: 0) + " ft" : number(miles, places: miles < 9.95 ? 1 : 0) + " mi"
        } else if m < 999.5 {
            text = number(m, places: 0) + " m"
        } else {
            text = number(m / 1000, places: m < 9_950 ? 1 : 0) + " km"
        }
        return metres < 0 && m >= 0.5 ? "-" + text : text
    }

    /// "42 km/h", or "26 mph" with `units: imperial`.
    public func speed(kmh: Double) -> String {
        units == .imperial ? number(kmh / 1.609344, places: 0) + " mph" : number(kmh, places: 0) + " km/h"
    }

    /// `value` with `places` decimals in the locale, by Foundation: "14,942", "2.3" in English,
    /// "14.942", "2,3" in Spanish.
    public func number(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        return value.formatted(.number.precision(.fractionLength(places)).locale(locale))
    }
}

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
