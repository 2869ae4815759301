/// How distances are written to players (`units:` in the hunt file): metres and kilometres, or
/// feet and miles for US and UK hunts. Radii and bands are read from the file as written either
/// way, and results.json keeps metres.
public enum UnitSystem: String, Sendable, CaseIterable {
    /// Metres and kilometres (the default).
    case metric
    /// Feet and miles.
    case imperial
}
