import Foundation

/// What a map of one photo against its target draws, in metres east and north of the point the
/// judge measured to (a circle's centre, the nearest place, the nearest point of an area's edge),
/// north up: the target's shapes near that point, the photo, and the view that shows them.
///
/// The photo stands where the judge's own distance and bearing put it, so the map and the
/// evidence always agree; the target's shapes are placed in a `LocalPlane` around the measured
/// point (true to a fraction of a percent over a hunt's few kilometres). A photo too far away to
/// show with its target gets `offScale` and a `marker` on the view's edge in its direction.
package struct PlacementMap: Sendable, Hashable, Codable {
    /// `circle`, `area` or `places`.
    public var kind: String
    /// The middle of the view, metres from the measured point.
    public var centre: Point
    /// Half the view's width, metres.
    public var reachM: Double
    /// A circle's disc, or for `places` the judged place (`judged`) and the other places in view.
    public var circles: [Circle]
    /// An area's polygons near the view, each its outer ring then its holes (draw them even-odd),
    /// clipped well outside the view and thinned to what the view can show.
    public var polygons: [[[Point]]]
    /// The photo: where the judge's distance and bearing put it, its accuracy, and whether it is off the scale.
    public var photo: Photo

    enum CodingKeys: String, CodingKey {
        case kind, centre
        case reachM = "reach_m"
        case circles, polygons, photo
    }

    /// A point on the map, in metres east and north of the measured point.
    public struct Point: Sendable, Hashable, Codable {
        /// Metres east (negative: west) and north (negative: south) of the measured point.
        public var eastM, northM: Double

        enum CodingKeys: String, CodingKey {
            case eastM = "east_m"
            case northM = "north_m"
        }
    }

    /// A disc to draw: a circle target, or one place of a `places` target with the task's radius.
    public struct Circle: Sendable, Hashable, Codable {
        /// The disc's centre, metres east and north of the measured point.
        public var eastM, northM: Double
        /// The disc's radius, metres.
        public var radiusM: Double
        /// The place (or circle) the photo was judged against.
        public var judged: Bool
        /// The place's name from the places file; nil for a circle target.
        public var name: String?

        enum CodingKeys: String, CodingKey {
            case eastM = "east_m"
            case northM = "north_m"
            case radiusM = "radius_m"
            case judged, name
        }
    }

    /// Where to draw the photo and what to label it with.
    public struct Photo: Sendable, Hashable, Codable {
        /// The photo's position, metres east and north of the measured point.
        public var eastM, northM: Double
        /// The photo's position accuracy as a radius, metres, for a circle around it; nil when it is zero or unknown.
        public var accuracyM: Double?
        /// The judge's distance to the measured point, and its bearing from the photo towards it.
        public var distanceM: Double
        /// Degrees clockwise from true north, from the photo towards the measured point.
        public var bearingDeg: Double
        /// Too far to show with the target: drawn at `marker`, on the view's edge, with its distance.
        public var offScale: Bool
        /// Where an off-scale photo is drawn on the view's edge; nil when the photo is in view.
        public var marker: Point?

        enum CodingKeys: String, CodingKey {
            case eastM = "east_m"
            case northM = "north_m"
            case accuracyM = "accuracy_m"
            case distanceM = "distance_m"
            case bearingDeg = "bearing_deg"
            case offScale = "off_scale"
            case marker
        }
    }

    /// At most this many other places are drawn (the nearest).
    static let maxPlaces = 100
}

extension Target {
    /// The map of a photo at `position` that the judge measured `distanceMetres` (to a circle's
    /// centre or the nearest place, named `placeName`) or `edgeDistanceMetres` (to an area's
    /// edge, negative inside) away, towards `bearingDegrees`; nil without those numbers or the
    /// target's geometry.
    package func map(
        of position: Coordinate, distanceMetres: Double?, edgeDistanceMetres: Double?, bearingDegrees: Double?,
        accuracyMetres: Double?, placeName: String? = nil
    ) -> PlacementMap? {
        guard let bearing = bearingDegrees, bearing.isFinite else { return nil }
        let accuracy = max(0, accuracyMetres ?? 0)
        switch self {
        case .circle(_, let radius):
            guard let d = distanceMetres, d.isFinite else { return nil }
            let circle = PlacementMap.Circle(eastM: 0, northM: 0, radiusM: radius.metres, judged: true, name: nil)
            return PlacementMap.around(kind: "circle", circles: [circle], radius: radius.metres, distance: d, bearing: bearing, accuracy: accuracy)
        case .places(let target):
            guard let d = distanceMetres, d.isFinite, !target.places.isEmpty else { return nil }
            // The judged place is the one at the judge's distance and bearing from the photo, of
            // those with its name (a bearing rounded to 0.1° strays by kilometres over thousands).
            let measured = Geodesic.direct(from: position, azimuthDegrees: bearing, distanceMetres: d).coordinate
            let near = LocalPlane(around: measured)
            let named = target.places.indices.filter { target.places[$0].name == placeName }
            let judged = (named.isEmpty ? Array(target.places.indices) : named).min { a, b in
                length(near.offset(of: target.places[a].coordinate)) < length(near.offset(of: target.places[b].coordinate))
            }!
            let plane = LocalPlane(around: target.places[judged].coordinate)
            let r = target.radius.metres
            var map = PlacementMap.around(kind: "places", circles: [], radius: r, distance: d, bearing: bearing, accuracy: accuracy)
            let reach = map.reachM * 1.5 + r
            let others = target.places.indices.lazy.filter { $0 != judged }
                .map { (index: $0, at: plane.offset(of: target.places[$0].coordinate)) }
                .filter { abs($0.at.east - map.centre.eastM) <= reach && abs($0.at.north - map.centre.northM) <= reach }
                .sorted { length($0.at) < length($1.at) }.prefix(PlacementMap.maxPlaces)
            map.circles =
                [PlacementMap.Circle(eastM: 0, northM: 0, radiusM: r, judged: true, name: target.places[judged].name)]
                + others.map {
                    PlacementMap.Circle(
                        eastM: PlacementMap.rounded($0.at.east), northM: PlacementMap.rounded($0.at.north),
                        radiusM: r, judged: false, name: target.places[$0.index].name)
                }
            return map
        case .area(let target):
            guard let area = target.area, let edge = edgeDistanceMetres, edge.isFinite else { return nil }
            let d = abs(edge)
            let plane = LocalPlane(around: Geodesic.direct(from: position, azimuthDegrees: bearing, distanceMetres: d).coordinate)
            let rings = area.polygons.map { polygon in ([polygon.outer] + polygon.holes).map { $0.map(plane.offset(of:)) } }
            return PlacementMap.area(rings, distance: d, bearing: bearing, accuracy: accuracy)
        }
    }
}

extension PlacementMap {
    /// A circle's or a place's view: the target and the photo with its accuracy, or, for a photo
    /// beyond 20 radii (and 500 m), the target alone and the photo as a marker.
    static func around(kind: String, circles: [Circle], radius: Double, distance: Double, bearing: Double, accuracy: Double) -> PlacementMap {
        let at = Placement.offsetFromTarget(distanceMetres: distance, bearingDegrees: bearing)
        let base = max(50, radius * 1.4)
        let offScale = distance + accuracy > max(radius * 20, 500)
        let reach = offScale ? base : max(base, (distance + accuracy) * 1.15)
        return PlacementMap(
            kind: kind, centre: Point(eastM: 0, northM: 0), reachM: rounded(reach), circles: circles, polygons: [],
            photo: photo(
                at, distance: distance, bearing: bearing, accuracy: accuracy, offScale: offScale,
                centre: (0, 0), reach: reach))
    }

    /// An area's view: the whole area with the photo when the area is not much larger than the
    /// measurement (else the part of it around the measurement); the area alone and the photo as a
    /// marker when the photo is more than three times the area's size (and 1 km) away.
    static func area(_ rings: [[[(east: Double, north: Double)]]], distance: Double, bearing: Double, accuracy: Double) -> PlacementMap {
        let at = Placement.offsetFromTarget(distanceMetres: distance, bearingDegrees: bearing)
        let all = rings.joined().joined()
        let areaBox = Box(all) ?? Box([(0, 0)])!
        let local = Box([(at.east - accuracy, at.north - accuracy), (at.east + accuracy, at.north + accuracy), (0, 0)])!
            .expanded(by: 1.3, minimumHalf: 50)
        let offScale = distance > max(areaBox.half * 6, 1000)
        let view: Box
        if offScale {
            view = areaBox.expanded(by: 1.1, minimumHalf: 50)
        } else if areaBox.half <= local.half * 4 {
            view = areaBox.union(local).expanded(by: 1.1, minimumHalf: 50)
        } else {
            view = local
        }
        let clip = Box(centre: view.centre, half: view.half * 1.5)
        let tolerance = view.half / 200
        let polygons = rings.map { polygon in
            polygon.map { ring in thin(clip.clip(ring), tolerance: tolerance).map { Point(eastM: rounded($0.east), northM: rounded($0.north)) } }
                .filter { $0.count >= 3 }
        }.filter { !$0.isEmpty }
        return PlacementMap(
            kind: "area", centre: Point(eastM: rounded(view.centre.east), northM: rounded(view.centre.north)),
            reachM: rounded(view.half), circles: [], polygons: polygons,
            photo: photo(
                at, distance: distance, bearing: bearing, accuracy: accuracy, offScale: offScale,
                centre: view.centre, reach: view.half))
    }

    static func photo(
        _ at: (east: Double, north: Double), distance: Double, bearing: Double, accuracy: Double, offScale: Bool,
        centre: (east: Double, north: Double), reach: Double
    ) -> Photo {
        var marker: Point?
        if offScale {
            let dx = at.east - centre.east, dy = at.north - centre.north, span = max(1e-9, (dx * dx + dy * dy).squareRoot())
            marker = Point(eastM: rounded(centre.east + dx / span * reach * 0.85), northM: rounded(centre.north + dy / span * reach * 0.85))
        }
        return Photo(
            eastM: at.east, northM: at.north, accuracyM: accuracy > 0 ? accuracy : nil, distanceM: distance,
            bearingDeg: bearing, offScale: offScale, marker: marker)
    }

    /// Drops each vertex closer than `tolerance` to the last one kept: a map cannot show it.
    static func thin(_ ring: [(east: Double, north: Double)], tolerance: Double) -> [(east: Double, north: Double)] {
        var kept: [(east: Double, north: Double)] = []
        for p in ring where kept.last.map({ length(($0.east - p.east, $0.north - p.north)) >= tolerance }) ?? true { kept.append(p) }
        return kept
    }

    /// Centimetres are more than any map shows.
    static func rounded(_ metres: Double) -> Double { (metres * 100).rounded() / 100 }

    /// A square in the plane.
    struct Box {
        var centre: (east: Double, north: Double)
        var half: Double

        init(centre: (east: Double, north: Double), half: Double) {
            self.centre = centre
            self.half = half
        }

        /// The smallest square around the points; nil for none.
        init?<S: Sequence>(_ points: S) where S.Element == (east: Double, north: Double) {
            var minE = Double.infinity, maxE = -Double.infinity, minN = Double.infinity, maxN = -Double.infinity
            for p in points { minE = min(minE, p.east); maxE = max(maxE, p.east); minN = min(minN, p.north); maxN = max(maxN, p.north) }
            guard minE <= maxE else { return nil }
            self.init(centre: ((minE + maxE) / 2, (minN + maxN) / 2), half: max(maxE - minE, maxN - minN) / 2)
        }

        func expanded(by factor: Double, minimumHalf: Double) -> Box { Box(centre: centre, half: max(minimumHalf, half * factor)) }

        func union(_ other: Box) -> Box {
            Box([
                (centre.east - half, centre.north - half), (centre.east + half, centre.north + half),
                (other.centre.east - other.half, other.centre.north - other.half), (other.centre.east + other.half, other.centre.north + other.half)
            ])!
        }

        /// The ring clipped to the square (Sutherland–Hodgman); the cut runs along the square's sides.
        func clip(_ ring: [(east: Double, north: Double)]) -> [(east: Double, north: Double)] {
            typealias P = (east: Double, north: Double)
            let sides: [(inside: (P) -> Bool, cross: (P, P) -> P)] = [
                ({ $0.east >= centre.east - half }, { a, b in Self.at(east: centre.east - half, a, b) }),
                ({ $0.east <= centre.east + half }, { a, b in Self.at(east: centre.east + half, a, b) }),
                ({ $0.north >= centre.north - half }, { a, b in Self.at(north: centre.north - half, a, b) }),
                ({ $0.north <= centre.north + half }, { a, b in Self.at(north: centre.north + half, a, b) })
            ]
            var points = ring
            for side in sides {
                guard let last = points.last else { break }
                var out: [P] = []
                var previous = last
                for p in points {
                    switch (side.inside(previous), side.inside(p)) {
                    case (true, true): out.append(p)
                    case (true, false): out.append(side.cross(previous, p))
                    case (false, true): out.append(side.cross(previous, p)); out.append(p)
                    case (false, false): break
                    }
                    previous = p
                }
                points = out
            }
            return points
        }

        static func at(east x: Double, _ a: (east: Double, north: Double), _ b: (east: Double, north: Double)) -> (east: Double, north: Double) {
            let t = (x - a.east) / (b.east - a.east)
            return (x, a.north + t * (b.north - a.north))
        }

        static func at(north y: Double, _ a: (east: Double, north: Double), _ b: (east: Double, north: Double)) -> (east: Double, north: Double) {
            let t = (y - a.north) / (b.north - a.north)
            return (a.east + t * (b.east - a.east), y)
        }
    }
}

/// The length of an offset in the plane, metres.
private func length(_ p: (east: Double, north: Double)) -> Double { (p.east * p.east + p.north * p.north).squareRoot() }
