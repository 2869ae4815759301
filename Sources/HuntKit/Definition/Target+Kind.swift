extension Target {
    /// Which of the three a target is, without its geometry: the word results.json, the reports
    /// and the console write (`circle`, `area`, `places`).
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A point and the radius around it.
        case circle
        /// A polygon area read from a file.
        case area
        /// Any of many points read from a file.
        case places
    }

    /// Whether it is a circle, an area or places.
    public var kind: Kind {
        switch self {
        case .circle: .circle
        case .area: .area
        case .places: .places
        }
    }
}
