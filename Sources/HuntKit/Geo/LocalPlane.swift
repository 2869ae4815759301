import Foundation

/// An equirectangular plane centred on a point and scaled by WGS84's meridian and prime-vertical
/// radii of curvature there: positions as metres east and north of the point.
///
/// Straight lines in longitude/latitude (an `Area`'s edges) stay straight. The scale is exact at
/// the origin and drifts with latitude away from it (relative error about 1.5·|tan φ|·d/6,330 km
/// at distance d), so it is for finding nearby edges and for drawing, not for measuring.
package struct LocalPlane: Sendable {
    /// The point the plane is centred on: (0, 0) metres east and north.
    public let origin: Coordinate
    /// Metres per degree of longitude at the origin's latitude.
    public let metresPerDegreeLongitude: Double
    /// Metres per degree of latitude at the origin's latitude.
    public let metresPerDegreeLatitude: Double

    /// The plane around `origin`, scaled for its latitude on WGS 84.
    public init(around origin: Coordinate) {
        self.origin = origin
        let φ = origin.latitude * .pi / 180
        let a = 6_378_137.0, e2 = 0.00669437999014
        let w = (1 - e2 * sin(φ) * sin(φ)).squareRoot()
        metresPerDegreeLongitude = a / w * cos(φ) * .pi / 180
        metresPerDegreeLatitude = a * (1 - e2) / (w * w * w) * .pi / 180
    }

    /// Metres east and north of the origin, the short way round in longitude.
    public func offset(of position: Coordinate) -> (east: Double, north: Double) {
        var dLon = (position.longitude - origin.longitude).truncatingRemainder(dividingBy: 360)
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        return (dLon * metresPerDegreeLongitude, (position.latitude - origin.latitude) * metresPerDegreeLatitude)
    }
}
