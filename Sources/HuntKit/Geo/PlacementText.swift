/// Where a photo is against a target, in words: the one way the judge's messages, the reports,
/// the console and `hunt where` say it. The direction is where the photo is, seen from the target
/// (`30 m N of Bar El Federal`: the photo is 30 m north of the bar), and the distance is rounded
/// once, from the centimetres results.json keeps, so a message and a report never differ by a metre.
package enum PlacementText {
    /// What the distance is measured from.
    public enum Reference: Sendable, Hashable {
        /// The centre of a circle target.
        case centre
        /// The nearest place of a `places` target, by name.
        case place(String?)
        /// The edge of an area target (the distance is negative inside).
        case area
    }

    /// `30 m N of Bar El Federal`, `42 m SW of the target's centre`, `3.2 km NE of the area`,
    /// `40 m inside the area`. `compass` is where the photo is seen from the target
    /// (`Placement.compass`); `metres` is to the centre (circles, places) or the signed distance
    /// to the edge (areas).
    /// With `units: .imperial` the distance is in feet and miles (`0.3 mi W of the target's centre`).
    public static func phrase(metres: Double, compass: Compass?, reference: Reference, units: UnitSystem = .metric) -> String {
        let direction = compass.map { " \($0.rawValue)" } ?? ""
        let distance = { (metres: Double) -> String in Self.distance(metres, units: units) }
        switch reference {
        case .centre: return "\(distance(metres))\(direction) of the target's centre"
        case .place(let name): return "\(distance(metres))\(direction) of \(name ?? "the nearest place")"
        case .area: return metres > 0 ? "\(distance(metres))\(direction) of the area" : "\(distance(-metres)) inside the area"
        }
    }

    /// A distance as `MeasureText.distance` says it, from the value rounded to centimetres first
    /// (as results.json keeps it): the same text from the judge's exact figure and from the file.
    public static func distance(_ metres: Double, units: UnitSystem = .metric) -> String {
        let rounded = metres.isFinite ? (metres * 100).rounded() / 100 : metres
        return units == .metric ? MeasureText.distance(rounded) : MeasureText.imperial.distance(rounded)
    }
}
