import Foundation

/// Where a browser said a team was when it checked in (`HuntTask.checkIn`): degrees and the
/// browser's accuracy in metres, as `navigator.geolocation` gives them. Kept with the attempt in
/// `answers.jsonl` as `"position":{"latitude":…,"longitude":…,"accuracy":…}`.
public struct CheckInPosition: Sendable, Hashable, Codable {
    /// Degrees north, -90…90.
    public var latitude: Double
    /// Degrees east, -180…180.
    public var longitude: Double
    /// The browser's accuracy radius in metres; nil when the source did not say (a form's export
    /// without the column): the policy's assumed accuracy is used.
    public var accuracyMetres: Double?

    /// A position at `latitude`, `longitude`, accurate to `accuracyMetres`.
    public init(latitude: Double, longitude: Double, accuracyMetres: Double?) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracyMetres = accuracyMetres
    }

    /// An accuracy worse than this (100 km) is no position at all: a browser never says so.
    public static let maximumAccuracyMetres = 100_000.0

    /// The position as a coordinate.
    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }

    /// What is wrong with the numbers, in words for a diagnostic or a refusal; nil when they are
    /// a position: finite degrees in range, an accuracy from 0 to `maximumAccuracyMetres`.
    public var problem: String? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
            return "the position \(Self.shown(latitude)), \(Self.shown(longitude)) is not degrees (latitude -90…90, longitude -180…180)"
        }
        if let accuracyMetres, !(accuracyMetres.isFinite && accuracyMetres >= 0 && accuracyMetres <= Self.maximumAccuracyMetres) {
            return "the accuracy \(Self.shown(accuracyMetres)) is not metres from 0 to \(Int(Self.maximumAccuracyMetres))"
        }
        return nil
    }

    /// A number as a message shows it, short even for 1e308.
    static func shown(_ value: Double) -> String { value.isFinite && abs(value) < 1e9 ? DecimalText.trimmed(value, places: 6) : "\(value)" }

    enum CodingKeys: String, CodingKey {
        case latitude, longitude
        case accuracyMetres = "accuracy"
    }
}
