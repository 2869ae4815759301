import Foundation

/// Targets whose latitude and longitude look swapped: `at: 5.12133, 52.09067` for the Dom Tower,
/// or a GeoJSON ring written `[lat, lon]` (GeoJSON is `[longitude, latitude]`).
///
/// Both numbers are in range, so nothing else catches it; the target just lies in another part of
/// the world. A target is flagged only when swapping its two numbers would put it where it
/// belongs — so a hunt that really spans the world is left alone — by either of:
/// - the hunt's timezone: more than 2,000 km from the zone's principal city (zone.tab's position
///   for it: Amsterdam for `Europe/Amsterdam`), and swapped within 1,000 km of it (and a third of
///   the distance);
/// - the other targets (at least two): further from the targets' middle (the median latitude and
///   longitude) than ten times their spread (three times the median distance from the middle, at
///   least 5 km) and 50 km, and swapped within twice that spread. Medians, so that one swapped
///   target moves neither, and one pass over the targets, so a hunt of 10,000 tasks checks at once.
/// Only numbers can be swapped: `at:` written with N/S/E/W, which says which is which, is not checked.
struct CoordinateOrder {
    let hunt: Hunt
    let extras: [HuntReader.TaskExtras]

    /// One target as a point: where it is as written, and where it would be swapped.
    struct Candidate {
        var written: Coordinate
        var swapped: Coordinate
        var location: SourceLocation
        /// What the message calls it and how to fix it; made only for a target that is flagged
        /// (formatting them for every target of a large hunt cost more than the check).
        var words: () -> (name: String, fix: String)
    }

    func warnings() -> [Diagnostic] {
        let candidates = self.candidates()
        var found: [Diagnostic] = []
        let zone = TimezoneNames.principalPlace(of: hunt.timezoneName)
        let points = candidates.map(\.written)
        let middle = Coordinate(latitude: Self.median(points.map(\.latitude)), longitude: Self.median(points.map(\.longitude)))
        let spread = max(5_000, 3 * Self.median(points.map { Geodesic.distanceMetres(from: $0, to: middle) }))
        for candidate in candidates {
            var why: String?
            if let zone, Self.mayBeFurther(candidate.written, zone.coordinate, than: 2_000_000) {
                let far = Geodesic.distanceMetres(from: candidate.written, to: zone.coordinate)
                let swapped = far > 2_000_000 ? Geodesic.distanceMetres(from: candidate.swapped, to: zone.coordinate) : .infinity
                if far > 2_000_000, swapped < min(1_000_000, far / 3) {
                    why =
                        "\(MeasureText.distance(far)) from \(zone.city), the city of the hunt's timezone (\(hunt.timezoneName)); swapped, it would be \(MeasureText.distance(swapped)) from it"
                }
            }
            let limit = max(50_000, 10 * spread)
            if why == nil, candidates.count >= 3, Self.mayBeFurther(candidate.written, middle, than: limit) {
                let far = Geodesic.distanceMetres(from: candidate.written, to: middle)
                let swapped = far > limit ? Geodesic.distanceMetres(from: candidate.swapped, to: middle) : .infinity
                if far > limit, swapped <= 2 * spread {
                    why =
                        "\(MeasureText.distance(far)) from the hunt's other targets; swapped, it would be among them (\(MeasureText.distance(swapped)) from their middle)"
                }
            }
            if let why {
                let (name, fix) = candidate.words()
                found.append(
                    .warning(
                        DiagnosticCode(.coordinatesSwapped),
                        "\(name) looks like latitude and longitude swapped: it is \(why)",
                        at: candidate.location, fix: fix))
            }
        }
        return found
    }

    /// Point targets written as two plain numbers, areas (their vertices' middle) and places
    /// files (their places' middle), once each.
    func candidates() -> [Candidate] {
        var result: [Candidate] = []
        for (index, task) in hunt.tasks.enumerated() {
            switch task.target {
            case .circle(let center, _)?:
                guard index < extras.count, let written = extras[index].swappableAt else { continue }
                let (id, swapped) = (task.id, written.swapped)
                result.append(
                    Candidate(written: center, swapped: swapped, location: written.location) {
                        (
                            "task `\(id)`'s `at:`",
                            "latitude comes first: `at: \(Coordinate.format(swapped.latitude)), \(Coordinate.format(swapped.longitude))`"
                        )
                    })
            case .area(let target)?:
                guard let area = target.area else { continue }
                let points = area.polygons.flatMap(\.outer)
                if let candidate = fileCandidate(task, path: target.path, points: points, what: "the area in") { result.append(candidate) }
            case .places(let target)?:
                if let candidate = fileCandidate(task, path: target.path, points: target.places.map(\.coordinate), what: "the places in") {
                    result.append(candidate)
                }
            case nil: continue
            }
        }
        return result
    }

    private func fileCandidate(_ task: HuntTask, path: String, points: [Coordinate], what: String) -> Candidate? {
        guard !points.isEmpty else { return nil }
        let written = Coordinate(latitude: Self.median(points.map(\.latitude)), longitude: Self.median(points.map(\.longitude)))
        // Swapped, the middle's longitude becomes a latitude: beyond ±90 it cannot be one.
        guard abs(written.longitude) <= 90 else { return nil }
        let swapped = Coordinate(latitude: written.longitude, longitude: written.latitude)
        let id = task.id
        return Candidate(written: written, swapped: swapped, location: task.location) {
            let fix: String
            switch (path as NSString).pathExtension.lowercased() {
            case "geojson", "json": fix = "GeoJSON writes each position [longitude, latitude]: swap the two numbers of every pair in \(path)"
            case "kml": fix = "KML writes each position longitude,latitude: swap the two numbers of every pair in \(path)"
            case "csv": fix = "are the latitude and longitude columns of \(path) swapped (or their headers)?"
            default: fix = "GPX gives lat=\"…\" and lon=\"…\": check that \(path) does not have them the wrong way round"
            }
            return ("task `\(id)`: \(what) \(path)", fix)
        }
    }

    /// Whether the geodesic from `a` to `b` may be longer than `limit`: false when the great
    /// circle on the mean sphere, which is within 0.6 % of it, is shorter by more than 2 %. Most
    /// targets are far inside the limits, and this settles them without the geodesic.
    static func mayBeFurther(_ a: Coordinate, _ b: Coordinate, than limit: Double) -> Bool {
        sphereMetres(a, b) * 1.02 > limit
    }

    /// The great circle from `a` to `b` on the mean sphere, metres.
    static func sphereMetres(_ a: Coordinate, _ b: Coordinate) -> Double {
        6_371_008.8 * Geodesic.centralAngle(from: a, to: b)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
