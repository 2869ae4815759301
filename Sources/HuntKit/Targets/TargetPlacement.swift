import Foundation

extension Target {
    /// Where `position` lies relative to this target; nil when the target's geometry is not
    /// loaded (an `area` whose file was not read, or `places` with no places).
    ///
    /// - circle: Karney's geodesic distance to the centre; `edgeDistance` = that − radius; the
    ///   bearing is towards the centre; the band is of the distance to the centre (`found` when
    ///   inside, never outside: `Bands.band(for:inside:)`).
    /// - area: `edgeDistance` is the signed geodesic distance to the nearest point of the edge
    ///   (see `Area.edge(from:)`); the bearing is towards that point (from inside too: the way
    ///   to the nearest edge); the band is of the distance to the area, 0 inside.
    /// - places: the nearest place, treated as a circle with the task's radius; the placement
    ///   names it (`placeIndex`, `placeName`).
    public func placement(of position: Coordinate, bands: Bands) -> Placement? {
        switch self {
        case .circle(let centre, let radius):
            return Self.circle(centre, radius: radius, position: position, bands: bands)
        case .area(let target):
            guard let area = target.area else { return nil }
            let edge = area.edge(from: position)
            return Placement(
                edgeDistance: .metres(edge.signedDistanceMetres), centreDistance: nil,
                bearingDegrees: Geodesic.bearing(edge.azimuthDegrees),
                band: bands.band(for: .metres(max(0, edge.signedDistanceMetres)), inside: edge.signedDistanceMetres <= 0))
        case .places(let target):
            guard let index = PlaceSearch.nearest(to: position, among: target.places.map(\.coordinate)) else { return nil }
            var placement = Self.circle(target.places[index].coordinate, radius: target.radius, position: position, bands: bands)
            placement.placeIndex = index
            placement.placeName = target.places[index].name
            return placement
        }
    }

    /// Where `placement` puts the position, in words (`PlacementText`): `42 m SW of the target's
    /// centre`, `12 m N of Café Noir`, `3.2 km NE of the area`, `40 m inside the area`.
    public func text(of placement: Placement) -> String {
        PlacementText.phrase(
            metres: placement.centreDistance?.metres ?? placement.edgeDistance.metres,
            compass: placement.compass, reference: reference(of: placement))
    }

    /// What `placement`'s distance is measured from, for `PlacementText`.
    package func reference(of placement: Placement) -> PlacementText.Reference {
        switch self {
        case .circle: .centre
        case .places: .place(placement.placeName)
        case .area: .area
        }
    }

    private static func circle(_ centre: Coordinate, radius: Length, position: Coordinate, bands: Bands) -> Placement {
        let inverse = Geodesic.inverse(from: position, to: centre)
        let d = inverse.distanceMetres
        return Placement(
            edgeDistance: .metres(d - radius.metres), centreDistance: .metres(d),
            bearingDegrees: Geodesic.bearing(inverse.initialAzimuthDegrees), band: bands.band(for: .metres(d), inside: d <= radius.metres))
    }
}

enum PlaceSearch {
    /// The index of the point nearest to `position` by geodesic distance (ties: the first).
    ///
    /// Ranks every point by angle on the unit sphere first (cheap), then measures with Karney's
    /// inverse only those within 1.5 % of the best, more than the sphere's error against the
    /// ellipsoid, so the answer is the ellipsoidal nearest.
    static func nearest(to position: Coordinate, among points: [Coordinate]) -> Int? {
        guard !points.isEmpty else { return nil }
        if points.count == 1 { return 0 }
        let p = Vec3(latitude: position.latitude, longitude: position.longitude)
        let angles = points.map { p.angle(to: Vec3(latitude: $0.latitude, longitude: $0.longitude)) }
        let limit = angles.min()! * 1.015 + 1e-9
        var best: (index: Int, metres: Double)?
        for i in angles.indices where angles[i] <= limit {
            let d = Geodesic.distanceMetres(from: position, to: points[i])
            if best == nil || d < best!.metres { best = (i, d) }
        }
        return best?.index
    }
}
