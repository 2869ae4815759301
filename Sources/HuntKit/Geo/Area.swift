/// A polygon area on the WGS84 ellipsoid: one or more polygons, each an outer ring with holes.
///
/// Rings may be wound either way and may cross the antimeridian (consecutive vertices more than
/// 180° of longitude apart are joined the short way round). Edges are straight lines in
/// longitude/latitude, as RFC 7946 §3.1.1 defines them for GeoJSON.
public struct Area: Sendable {
    /// A name from the file (the feature's `name` property or the KML placemark's name), if any.
    public var name: String?
    public var polygons: [AreaPolygon]

    public init(name: String? = nil, polygons: [AreaPolygon]) {
        self.name = name
        self.polygons = polygons
    }
}

/// One polygon: an outer ring and any holes. Rings are closed implicitly (the first vertex need not be repeated).
public struct AreaPolygon: Sendable, Hashable {
    public var outer: [Coordinate]
    public var holes: [[Coordinate]]

    public init(outer: [Coordinate], holes: [[Coordinate]] = []) {
        self.outer = outer
        self.holes = holes
    }
}
