import Foundation
import HuntKit

/// The way to a guided task (`live: bands` or `live: direction`) from a phone's position, as the
/// team's page asks while the players walk. Nothing of a position is kept: only, per team and
/// task, the last distance (to say warmer or colder) and when the team last asked (at most one
/// answer a second a team: bands are coarse, and a forged position probing for the target gets
/// one band a second).
actor TeamGuides {
    private var lastDistance: [String: Double] = [:]
    private var lastAsked: [String: ContinuousClock.Instant] = [:]
    static let interval = Duration.seconds(1)

    /// Whether team `team` may ask now; counts the ask.
    func admit(_ team: String) -> Bool {
        let now = ContinuousClock.now
        if let last = lastAsked[team], now - last < Self.interval { return false }
        lastAsked[team] = now
        return true
    }

    /// Warmer (true), colder (false), or nil (the first ask, or a change within the fix's
    /// accuracy, at least 5 m: a phone standing still is neither).
    func trend(team: String, task: String, distance: Double, accuracy: Double) -> Bool? {
        let key = team + "\u{0}" + task
        defer { lastDistance[key] = distance }
        guard let before = lastDistance[key] else { return nil }
        let change = distance - before
        guard abs(change) >= max(5, min(accuracy, 100)) else { return nil }
        return change < 0
    }
}

/// What `POST /t/<token>/guide` takes: the task and the phone's position.
struct GuideRequest: Decodable {
    var task: String
    var lat: Double
    var lon: Double
    var accuracy: Double?
}

/// What the page shows while guiding: for `bands` the band and the trend, never a distance or a
/// way; for `direction` the way (degrees from north) and the distance, to the target's centre or
/// an area's nearest edge.
package struct GuideAnswer: Sendable, Encodable, Equatable {
    package var task: String
    package var guide: String
    package var band: String?
    package var bandText: String?
    /// `warmer`, `colder`, or nil (first fix, or no change worth telling).
    package var trend: String?
    package var trendText: String?
    package var bearingDegrees: Double?
    package var distanceText: String?
    package var inside: Bool?

    enum CodingKeys: String, CodingKey {
        case task, guide, band, trend, inside
        case bandText = "band_text"
        case trendText = "trend_text"
        case bearingDegrees = "bearing_deg"
        case distanceText = "distance_text"
    }
}

extension PlayersRoom {
    /// The way to task `task` for team `team` from `request`'s position, in `language`.
    func guide(_ request: GuideRequest, team: String, language: String?) async throws(ServeError) -> GuideAnswer {
        guard request.lat.isFinite, request.lon.isFinite, abs(request.lat) <= 90, abs(request.lon) <= 180 else {
            throw ServeError("that is no position: a latitude from -90 to 90 and a longitude from -180 to 180", status: 400)
        }
        let accuracy = request.accuracy.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 50
        let hunt = await session.hunt
        guard let task = hunt.task(request.task), let guide = task.guide, let target = task.target else {
            throw ServeError("this task shows no way (its hunt file says no `live: bands` or `live: direction`)", status: 404)
        }
        guard let placement = target.placement(of: Coordinate(latitude: request.lat, longitude: request.lon), bands: task.bands ?? hunt.bands)
        else { throw ServeError("the task's place could not be read; tell the organizers", status: 503) }
        guard await guides.admit(team) else { throw ServeError("one position a second, please", status: 429) }
        let reasons = PlayerReasons(hunt: hunt, language: language ?? hunt.language)
        let catalog = reasons.catalog
        let distance = placement.centreDistance?.metres ?? max(0, placement.edgeDistance.metres)
        switch guide {
        case .bands:
            let trend = await guides.trend(team: team, task: task.id, distance: distance, accuracy: accuracy)
            let word = trend.map { $0 ? "warmer" : "colder" }
            return GuideAnswer(
                task: task.id, guide: guide.rawValue, band: placement.band.rawValue, bandText: catalog.text("guide." + placement.band.rawValue),
                trend: word, trendText: word.map { catalog.text("guide." + $0) })
        case .direction:
            let inside = placement.inside
            return GuideAnswer(
                task: task.id, guide: guide.rawValue, bearingDegrees: inside ? nil : (placement.bearingDegrees * 10).rounded() / 10,
                distanceText: inside
                    ? catalog.text("guide.there")
                    : catalog.text("guide.to-go", ["distance": reasons.distance(max(0, placement.edgeDistance.metres))]),
                inside: inside)
        }
    }
}
