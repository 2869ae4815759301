import Foundation

/// A polygon area on the WGS84 ellipsoid: one or more polygons, each an outer ring with holes.
///
/// Rings may be wound either way (real files are often clockwise) and may cross the antimeridian:
/// consecutive vertices more than 180° of longitude apart are joined the short way round, so a
/// ring from 179° E to 179° W is 2° wide, not 358°. Edges are straight lines in
/// longitude/latitude, as RFC 7946 §3.1.1 defines them for GeoJSON; rings around a pole are not
/// supported. A point is inside when it is inside an odd number of a polygon's rings (outer
/// ring minus holes) of any polygon.
///
/// Containment and edge distance go through an index built once, here, so a 10,000-vertex area
/// answers containment at millions of points per second (see `AreaIndex`).
public struct Area: Sendable, Equatable {
    /// A name from the file (the feature's `name` property or the KML placemark's name), if any.
    public var name: String?
    /// The area's polygons, in file order; a point inside any of them (and outside its holes) is inside the area.
    public let polygons: [AreaPolygon]
    let index: AreaIndex

    /// Equal when their names and polygons are (the index is made from the polygons).
    public static func == (a: Area, b: Area) -> Bool { a.name == b.name && a.polygons == b.polygons }

    /// An area of `polygons`, indexed once here so containment and edge distance stay fast.
    public init(name: String? = nil, polygons: [AreaPolygon]) {
        self.name = name
        self.polygons = polygons
        self.index = AreaIndex(polygons)
    }

    /// Whether `position` is inside (on an edge counts as either; judging widens by accuracy anyway).
    public func contains(_ position: Coordinate) -> Bool { index.contains(position) }

    /// The smallest longitude/latitude box around the area; `west > east` when it crosses the antimeridian.
    package var boundingBox: GeoBox { index.boundingBox }

    /// Number of vertices over all rings.
    public var vertexCount: Int { polygons.reduce(0) { $0 + $1.outer.count + $1.holes.reduce(0) { $0 + $1.count } } }

    /// The signed geodesic distance from `position` to the area's edge (negative inside), the
    /// nearest point of the edge and the initial azimuth from `position` towards it.
    ///
    /// Method (sound at hunt scales and beyond):
    /// 1. Near the area, a local projection: an equirectangular plane centred on the point and
    ///    scaled by WGS84's meridian and prime-vertical radii of curvature there. Chunks of 16
    ///    edges are skipped by their bounding boxes; the nearest point of each remaining edge is
    ///    found in the plane. The plane's relative error grows with distance d as the scale changes
    ///    with latitude (bounded by 1.5·(|tan φ| + 0.05)·d/6,330 km), so every edge within that
    ///    bound of the best stays a candidate.
    /// 2. Far away (when that bound passes 1.5 %), or above 80° latitude, the unit sphere instead:
    ///    angles to great-circle arcs, widened by how far an arc strays from the edge's straight
    ///    longitude/latitude line, chunks skipped by bounding caps, 1.5 % slack for the sphere's
    ///    error against the ellipsoid (at most about 0.7 %).
    /// 3. Candidates are measured with Karney's geodesic inverse on WGS84 (GeographicLib), and the best
    ///    edge is searched along its length (a scan, then golden-section search) for the point of
    ///    least geodesic distance. The result is the ellipsoidal distance to the nearest point of
    ///    the edge, to well under a millimetre (checked against brute force in the tests).
    ///
    /// The sign comes from `contains`; inside, the bearing is towards the nearest edge point.
    public func edge(from position: Coordinate) -> (signedDistanceMetres: Double, nearest: Coordinate, azimuthDegrees: Double) {
        let nearest = index.nearestEdgePoint(to: position)
        let inverse = Geodesic.inverse(from: position, to: nearest.coordinate)
        let inside = contains(position)
        return (inside ? -nearest.distanceMetres : nearest.distanceMetres, nearest.coordinate, inverse.initialAzimuthDegrees)
    }
}

/// One polygon: an outer ring and any holes. Rings are closed implicitly (a repeated first vertex is dropped).
public struct AreaPolygon: Sendable, Hashable {
    /// The outer boundary's vertices, WGS 84 degrees, without a repeated closing vertex; wound either way.
    public var outer: [Coordinate]
    /// The holes' rings, each like `outer`; a point inside a hole is outside the polygon.
    public var holes: [[Coordinate]]

    /// A polygon; a first vertex repeated at the end of a ring is dropped.
    public init(outer: [Coordinate], holes: [[Coordinate]] = []) {
        self.outer = Self.open(outer)
        self.holes = holes.map(Self.open)
    }

    static func open(_ ring: [Coordinate]) -> [Coordinate] {
        var ring = ring
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        return ring
    }
}

/// A longitude/latitude box in degrees. `west > east` means it crosses the antimeridian.
package struct GeoBox: Sendable, Hashable {
    /// The box's edges: latitudes (south, north) and longitudes (west, east), in degrees.
    public var south: Double, west: Double, north: Double, east: Double
    /// The box between these latitudes and longitudes; give `west > east` for a box across the antimeridian.
    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }
    /// Whether the box spans the 180° meridian (its west edge lies east of its east edge).
    public var crossesAntimeridian: Bool { west > east }

    /// Whether `c` lies in the box, edges included, across the antimeridian too.
    public func contains(_ c: Coordinate) -> Bool {
        guard c.latitude >= south, c.latitude <= north else { return false }
        return west <= east ? (c.longitude >= west && c.longitude <= east) : (c.longitude >= west || c.longitude <= east)
    }
}
