internal import CPROJ

/// Geodesics on the WGS84 ellipsoid: Karney's algorithm (C. F. F. Karney, "Algorithms for
/// geodesics", J. Geodesy 87, 43–55, 2013), through PROJ's C API (`geodesic.h`).
///
/// Accurate to about 15 nm for any pair of points; the only file that sees PROJ's C types.
public enum Geodesic {
    /// WGS84: a = 6378137 m, f = 1/298.257223563. Initialised once, then only read (PROJ's
    /// functions take it as `const`), so sharing it across threads is safe; kept on the heap so
    /// calls don't copy its ~500 bytes.
    nonisolated(unsafe) private static let wgs84: UnsafeMutablePointer<geod_geodesic> = {
        let g = UnsafeMutablePointer<geod_geodesic>.allocate(capacity: 1)
        g.initialize(to: geod_geodesic())
        geod_init(g, 6_378_137, 1 / 298.257223563)
        return g
    }()

    /// The solution of the inverse problem between two points.
    public struct Inverse: Sendable, Hashable {
        /// Length of the geodesic, metres.
        public var distanceMetres: Double
        /// Azimuth at the first point towards the second, degrees clockwise from north in (−180, 180].
        public var initialAzimuthDegrees: Double
        /// Forward azimuth at the second point, degrees.
        public var finalAzimuthDegrees: Double
    }

    /// Distance and both azimuths from `a` to `b` (`geod_inverse`).
    public static func inverse(from a: Coordinate, to b: Coordinate) -> Inverse {
        var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
        geod_inverse(wgs84, a.latitude, a.longitude, b.latitude, b.longitude, &s12, &azi1, &azi2)
        return Inverse(distanceMetres: s12, initialAzimuthDegrees: azi1, finalAzimuthDegrees: azi2)
    }

    /// Distance only, metres (`geod_inverse` without azimuths).
    public static func distanceMetres(from a: Coordinate, to b: Coordinate) -> Double {
        var s12 = 0.0
        geod_inverse(wgs84, a.latitude, a.longitude, b.latitude, b.longitude, &s12, nil, nil)
        return s12
    }

    /// The point `distanceMetres` from `start` along initial azimuth `azimuthDegrees`, and the
    /// forward azimuth there (`geod_direct`).
    public static func direct(from start: Coordinate, azimuthDegrees: Double, distanceMetres: Double)
        -> (coordinate: Coordinate, finalAzimuthDegrees: Double) {
        var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0
        geod_direct(wgs84, start.latitude, start.longitude, azimuthDegrees, distanceMetres, &lat2, &lon2, &azi2)
        return (Coordinate(latitude: lat2, longitude: lon2), azi2)
    }

    /// An azimuth as a bearing in [0, 360).
    public static func bearing(_ azimuthDegrees: Double) -> Double {
        var b = azimuthDegrees.truncatingRemainder(dividingBy: 360)
        if b < 0 { b += 360 }
        return b == 360 ? 0 : b
    }
}
