/// A position on the WGS84 ellipsoid in signed decimal degrees (north and east positive).
public struct Coordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Degrees north (negative south), WGS 84.
    public var latitude: Double
    /// Degrees east (negative west), WGS 84.
    public var longitude: Double

    /// A position from its latitude and longitude, degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether it is on the globe: finite, latitude within ±90°, longitude within ±180°.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// Whether a recorded position is a fix: valid, and not 0, 0 (what a phone without one writes).
    public var isFix: Bool { isValid && !(latitude == 0 && longitude == 0) }

    /// `52.0906700, 5.1213300` — seven decimals is about 1 cm.
    public var description: String {
        "\(Self.format(latitude)), \(Self.format(longitude))"
    }

    /// Degrees with up to seven decimals, trailing zeros dropped: `52.09067`.
    public static func format(_ degrees: Double) -> String {
        var s = String(format: "%.7f", degrees)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}

import Foundation
