/// One point of a `places` target, or one waypoint read for `hunt import`.
///
/// Besides the position, a place keeps what the source file said about it that a task can use:
/// GPX/Groundspeak cache fields, KML and GeoJSON names and descriptions, CSV columns.
public struct Place: Sendable, Hashable {
    /// The name from the file (waypoint, placemark or feature name, CSV `name` column); `place N` (its position in the file) when it gives none.
    public var name: String
    /// Where the place is, WGS 84 degrees.
    public var coordinate: Coordinate
    /// A longer description (GPX `desc`, Groundspeak long description, KML `description`); becomes `clue`.
    public var description: String?
    /// Groundspeak `encoded_hints`, or a `hint` column/property.
    public var hint: String?
    /// Groundspeak cache type or GPX `type` (`Traditional Cache`); becomes a tag.
    public var kind: String?
    /// Groundspeak difficulty and terrain ratings (1–5).
    public var difficulty: Double?
    /// Groundspeak terrain rating (1–5); `hunt import` makes it a tag, the judge does not use it.
    public var terrain: Double?
    /// A radius the source gave for this place (CSV `radius` column, GeoJSON `radius` property).
    public var radius: Length?
    /// Where in the source file the place was written.
    public var location: SourceLocation

    /// A place read from a file, or made in code with `SourceLocation.builtInCode` as its `location`.
    public init(
        name: String, coordinate: Coordinate, description: String? = nil, hint: String? = nil, kind: String? = nil,
        difficulty: Double? = nil, terrain: Double? = nil, radius: Length? = nil, location: SourceLocation
    ) {
        self.name = name
        self.coordinate = coordinate
        self.description = description
        self.hint = hint
        self.kind = kind
        self.difficulty = difficulty
        self.terrain = terrain
        self.radius = radius
        self.location = location
    }
}
