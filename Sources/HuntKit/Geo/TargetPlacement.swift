import Foundation

// PLACEHOLDER until the geo issue: a spherical approximation for circles only, so that other
// parts can be written against the API. The geo work replaces this file's bodies (Karney via PROJ,
// areas, places) and keeps the signatures.
extension Target {
    /// Where `position` lies relative to this target; nil when the target's geometry is not loaded.
    public func placement(of position: Coordinate, bands: Bands) -> Placement? {
        switch self {
        case .circle(let center, let radius):
            let r = 6_371_008.8
            let φ1 = position.latitude * .pi / 180, φ2 = center.latitude * .pi / 180
            let Δφ = φ2 - φ1, Δλ = (center.longitude - position.longitude) * .pi / 180
            let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
            let d = 2 * r * asin(min(1, sqrt(h)))
            let y = sin(Δλ) * cos(φ2), x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
            var bearing = atan2(y, x) * 180 / .pi
            if bearing < 0 { bearing += 360 }
            return Placement(edgeDistance: .metres(d - radius.metres), centreDistance: .metres(d), bearingDegrees: bearing,
                             band: bands.band(for: .metres(d)))
        case .area, .places:
            return nil
        }
    }
}
