import Foundation

/// Measured distances and durations as people read them: the judge's messages, report evidence
/// and `hunt where`'s table all say them the same way. Settings keep their own spelling
/// (`Length`, `TimeSpan`: `30 m`, `10 min`, as written in the hunt file), and the exact figures
/// are in the data (`distance_m`, `clock_skew_s`).
package enum MeasureText {
    /// "0 m", "240 m", "1.2 km", "34 km"; "-40 m" inside an area's edge. Whole metres below a
    /// kilometre (GPS accuracy is metres, so a decimal would claim more than is known), one
    /// decimal up to ten kilometres, whole kilometres beyond.
    public static func distance(_ length: Length) -> String { distance(length.metres) }

    /// Feet and miles as an English-reading organizer writes them ("390 ft", "1.4 mi"), for
    /// `units: imperial` in the judges' console and the answer key.
    public static let imperial = LocalMeasure(locale: Locale(identifier: "en_GB"), units: .imperial)

    /// `distance(_:)`, or in feet and miles for `units: .imperial`.
    public static func distance(_ metres: Double, units: UnitSystem) -> String {
        units == .metric ? distance(metres) : imperial.distance(metres)
    }

    /// `distance(_:)` of a number of metres.
    public static func distance(_ metres: Double) -> String {
        guard metres.isFinite else { return "\(metres) m" }
        let m = abs(metres)
        let text: String
        if m < 999.5 {
            text = "\(Int(m.rounded())) m"
        } else if m < 9_950 {
            text = String(format: "%.1f km", m / 1000)
        } else {
            // Past Int's range only in a hand-edited file; printed rather than trapping.
            text = Int(exactly: (m / 1000).rounded()).map { "\($0) km" } ?? String(format: "%.0f km", m / 1000)
        }
        return metres < 0 && text != "0 m" ? "-" + text : text
    }

    /// "45 s", "5 min 2 s", "1 h 3 min": to the second below an hour, because the limits these
    /// are read against (clock skew, dwell) are minutes, and "10 min" next to a limit of 10 min
    /// would hide why a photo was flagged.
    public static func duration(_ seconds: Double) -> String {
        let magnitude = abs(seconds)
        guard magnitude < 1e15 else { return magnitude.isFinite ? String(format: "%.0f h", magnitude / 3600) : "\(magnitude) s" }
        let s = Int(magnitude.rounded())
        if s >= 3600 { return "\(s / 3600) h \(s / 60 % 60) min" }
        if s >= 60 { return "\(s / 60) min \(s % 60) s" }
        return "\(s) s"
    }
}
