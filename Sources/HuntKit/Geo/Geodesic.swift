internal import CGeographicLib
import Foundation

/// Geodesics on the WGS84 ellipsoid: Karney's algorithm (C. F. F. Karney, "Algorithms for
/// geodesics", J. Geodesy 87, 43–55, 2013), through GeographicLib, his C++ library, behind the
/// plain C functions of `CGeographicLib` (the ellipsoid lives there, made on first use).
///
/// Accurate to about 15 nm for any pair of points.
public enum Geodesic {
    /// The solution of the inverse problem between two points.
    public struct Inverse: Sendable, Hashable {
        /// Length of the geodesic, metres.
        public var distanceMetres: Double
        /// Azimuth at the first point towards the second, degrees clockwise from north in (−180, 180].
        public var initialAzimuthDegrees: Double
        /// Forward azimuth at the second point, degrees.
        public var finalAzimuthDegrees: Double
    }

    /// Distance and both azimuths from `a` to `b` (`Geodesic::Inverse`).
    public static func inverse(from a: Coordinate, to b: Coordinate) -> Inverse {
        var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
        geographiclib_wgs84_inverse(a.latitude, a.longitude, b.latitude, b.longitude, &s12, &azi1, &azi2)
        return Inverse(distanceMetres: s12, initialAzimuthDegrees: azi1, finalAzimuthDegrees: azi2)
    }

    /// Distance only, metres (`Geodesic::Inverse` without azimuths).
    public static func distanceMetres(from a: Coordinate, to b: Coordinate) -> Double {
        geographiclib_wgs84_distance(a.latitude, a.longitude, b.latitude, b.longitude)
    }

    /// A length the geodesic from `a` to `b` never exceeds, metres, at a small part of the cost
    /// of `distanceMetres`: for checks that the exact distance is needed for only when it is
    /// near a limit. It is the great circle through the same latitudes and longitudes on a
    /// sphere of the ellipsoid's largest radius of curvature (a²/b, at the poles): neither of
    /// the ellipsoid's radii of curvature (meridian, prime vertical) exceeds it anywhere, so no
    /// path is longer on the ellipsoid than on that sphere, and the geodesic is no longer than
    /// the great circle's path. The margin (a metre) covers rounding, near antipodes too.
    public static func distanceAtMost(from a: Coordinate, to b: Coordinate) -> Double {
        largestRadiusOfCurvature * centralAngle(from: a, to: b) * (1 + 1e-9) + 1
    }

    /// The angle at a sphere's centre between `a` and `b` taken as points on it (same latitude
    /// and longitude), radians, by the haversine formula: times a radius, a great circle's
    /// length, the cheap bound the checks that need the geodesic only near a limit start from.
    static func centralAngle(from a: Coordinate, to b: Coordinate) -> Double {
        let radians = Double.pi / 180
        let halfLatitude = sin((b.latitude - a.latitude) * radians / 2), halfLongitude = sin((b.longitude - a.longitude) * radians / 2)
        let h = halfLatitude * halfLatitude + cos(a.latitude * radians) * cos(b.latitude * radians) * halfLongitude * halfLongitude
        return 2 * asin(min(1, h.squareRoot()))
    }

    /// WGS84's a²/b, rounded up, metres.
    static let largestRadiusOfCurvature = 6_399_594.0

    /// The point `distanceMetres` from `start` along initial azimuth `azimuthDegrees`, and the
    /// forward azimuth there (`Geodesic::Direct`).
    public static func direct(
        from start: Coordinate, azimuthDegrees: Double, distanceMetres: Double
    )
        -> (coordinate: Coordinate, finalAzimuthDegrees: Double)
    {
        var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0
        geographiclib_wgs84_direct(start.latitude, start.longitude, azimuthDegrees, distanceMetres, &lat2, &lon2, &azi2)
        return (Coordinate(latitude: lat2, longitude: lon2), azi2)
    }

    /// An azimuth as a bearing in [0, 360).
    public static func bearing(_ azimuthDegrees: Double) -> Double {
        var b = azimuthDegrees.truncatingRemainder(dividingBy: 360)
        if b < 0 { b += 360 }
        return b == 360 ? 0 : b
    }
}
