import Foundation

/// Hot-or-cold feedback for a distance, from `Bands`.
public enum Band: String, Sendable, Hashable, Codable, CaseIterable {
    case found, hot, warm, cold
}

/// Where a position lies relative to a target.
///
/// One number decides inside or out for every kind of target: `edgeDistance`, the signed
/// distance to the target's edge (negative inside). For a circle it is the distance to the
/// centre minus the radius; for an area, the distance to the nearest boundary point.
public struct Placement: Sendable, Hashable {
    /// Signed distance to the edge, negative inside.
    public var edgeDistance: Length
    /// Distance to the centre of a circle (or of the chosen place); nil for areas.
    public var centreDistance: Length?
    /// Initial azimuth from the position towards the target (its centre, or the nearest edge point), degrees clockwise from north.
    public var bearingDegrees: Double
    /// Whether the position is inside the target: on or within its edge.
    public var inside: Bool { edgeDistance.metres <= 0 }
    /// For `places` targets: the index of the nearest place in the file's order, and its name.
    public var placeIndex: Int?
    /// For `places` targets: the nearest place's name (reports and reviews show it); nil otherwise.
    public var placeName: String?
    /// The band of the distance players understand: to the centre for circles and places, to the
    /// edge for areas (0 inside); `found` exactly when inside (`Bands.band(for:inside:)`).
    public var band: Band

    /// A placement with its band decided; `Target.placement(of:bands:)` makes one from a position.
    public init(
        edgeDistance: Length, centreDistance: Length?, bearingDegrees: Double, placeIndex: Int? = nil,
        placeName: String? = nil, band: Band
    ) {
        self.edgeDistance = edgeDistance
        self.centreDistance = centreDistance
        self.bearingDegrees = bearingDegrees
        self.placeIndex = placeIndex
        self.placeName = placeName
        self.band = band
    }

    /// Where the position is, seen from the target, as a 16-point compass name (`N`, `NNE`, …
    /// `NNW`): the opposite of `bearingDegrees`, which is the way from the position to the target.
    /// A photo 30 m north of a bar is `N` of it (`PlacementText`).
    public var compass: Compass? { Compass(bearing: bearingDegrees + 180) }

    /// Where a position lies from the point it was measured to, in metres east and north, from
    /// the distance and `bearingDegrees` (from the position towards that point): the other way
    /// round. Exact in distance; in direction, to within the meridians' convergence over it.
    public static func offsetFromTarget(distanceMetres: Double, bearingDegrees: Double) -> (east: Double, north: Double) {
        let angle = (bearingDegrees + 180) * .pi / 180
        return (distanceMetres * sin(angle), distanceMetres * cos(angle))
    }
}

/// The 16 points of the compass, for text people read (`NNE`).
public enum Compass: String, Sendable, Hashable, Codable, CaseIterable {
    case n = "N", nne = "NNE", ne = "NE", ene = "ENE", e = "E", ese = "ESE", se = "SE", sse = "SSE"
    case s = "S", ssw = "SSW", sw = "SW", wsw = "WSW", w = "W", wnw = "WNW", nw = "NW", nnw = "NNW"

    /// The point nearest to a bearing in degrees; nil for a bearing that is not finite.
    public init?(bearing degrees: Double) {
        guard degrees.isFinite else { return nil }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        self = Self.allCases[Int((d / 22.5).rounded()) % 16]
    }

    /// The 16-point compass name for a bearing in degrees (empty for one that is not finite).
    public static func name(ofBearing degrees: Double) -> String { Compass(bearing: degrees)?.rawValue ?? "" }
}

extension Bands {
    /// The band of `distance`: `found` at most `found`, then `hot`, `warm`, else `cold` (each limit inclusive).
    public func band(for distance: Length) -> Band {
        if distance <= found { return .found }
        if distance <= hot { return .hot }
        if distance <= warm { return .warm }
        return .cold
    }

    /// The band of `distance` that agrees with the placement: `found` inside the target whatever
    /// the distance, and never `found` outside it (`hot` at most), so no photo the judge puts
    /// outside its target is shown as found.
    public func band(for distance: Length, inside: Bool) -> Band {
        if inside { return .found }
        let band = band(for: distance)
        return band == .found ? .hot : band
    }
}

/// Distance bands for hot-or-cold feedback: at most `found` is found, then hot, warm, else cold.
public struct Bands: Sendable, Hashable {
    /// At most this far is `found`.
    public var found: Length = .metres(100)
    /// At most this far (and not found) is `hot`.
    public var hot: Length = .metres(300)
    /// At most this far (and not hot) is `warm`; further is `cold`.
    public var warm: Length = .metres(500)
    /// Bands at these distances.
    public init(found: Length = .metres(100), hot: Length = .metres(300), warm: Length = .metres(500)) {
        self.found = found
        self.hot = hot
        self.warm = warm
    }
}
