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
