import Foundation

/// The precomputed geometry behind `Area`: unwrapped rings, a latitude-strip edge index for
/// containment, and unit vectors with bounding caps for nearest-edge search.
///
/// Containment is the even–odd ray-crossing rule (W. R. Franklin, PNPOLY) with a horizontal ray,
/// so only edges whose latitude span covers the point can cross it; the index keeps, for each of
/// up to 4,096 equal latitude strips of a polygon, the edges that overlap the strip.
final class AreaIndex: Sendable {
    /// One polygon's edges in unwrapped longitude (x) and latitude (y), all rings together.
    struct Shape: Sendable {
        var x1: [Double], y1: [Double], x2: [Double], y2: [Double]
        var minX: Double, maxX: Double, minY: Double, maxY: Double
        var stripHeight: Double
        var stripStart: [Int32]  // CSR offsets into stripEdges, count = strips + 1
        var stripEdges: [Int32]
    }

    /// An edge on the unit sphere, for the nearest-edge search.
    struct SphereEdge: Sendable {
        var a: Vec3, b: Vec3
        var normal: Vec3  // a × b, normalised; zero for a degenerate edge
        var slackRadians: Double
        var shape: Int32, edge: Int32
        /// The edge in unwrapped degrees, for the local-projection search.
        var x1: Double, y1: Double, x2: Double, y2: Double
    }

    struct Chunk: Sendable {
        var centre: Vec3
        var radiusRadians: Double
        var range: Range<Int>
        var minX: Double, maxX: Double, minY: Double, maxY: Double
    }

    let shapes: [Shape]
    let edges: [SphereEdge]
    let chunks: [Chunk]
    let boundingBox: GeoBox

    init(_ polygons: [AreaPolygon]) {
        var shapes: [Shape] = []
        var edges: [SphereEdge] = []
        var chunks: [Chunk] = []
        var intervals: [(Double, Double)] = []
        var south = 90.0, north = -90.0
        for polygon in polygons where polygon.outer.count >= 3 {
            let outer = Self.unwrap(polygon.outer)
            let outerMid = (outer.map(\.x).min()! + outer.map(\.x).max()!) / 2
            var rings = [outer]
            for hole in polygon.holes where hole.count >= 3 {
                var ring = Self.unwrap(hole)
                let mid = (ring.map(\.x).min()! + ring.map(\.x).max()!) / 2
                let shift = ((outerMid - mid) / 360).rounded() * 360
                if shift != 0 { ring = ring.map { (x: $0.x + shift, y: $0.y) } }
                rings.append(ring)
            }
            var shape = Shape(
                x1: [], y1: [], x2: [], y2: [], minX: .infinity, maxX: -.infinity, minY: .infinity,
                maxY: -.infinity, stripHeight: 1, stripStart: [], stripEdges: [])
            let shapeNumber = Int32(shapes.count)
            for ring in rings {
                let ringStart = edges.count
                for i in ring.indices {
                    let p = ring[i], q = ring[(i + 1) % ring.count]
                    // The closing edge of an unwrapped ring is joined the short way too.
                    let qx = p.x + Self.wrap(q.x - p.x)
                    shape.x1.append(p.x); shape.y1.append(p.y); shape.x2.append(qx); shape.y2.append(q.y)
                    shape.minX = min(shape.minX, p.x, qx); shape.maxX = max(shape.maxX, p.x, qx)
                    shape.minY = min(shape.minY, p.y, q.y); shape.maxY = max(shape.maxY, p.y, q.y)
                    edges.append(Self.sphereEdge(p, (x: qx, y: q.y), shape: shapeNumber, edge: Int32(shape.x1.count - 1)))
                }
                var start = ringStart
                while start < edges.count {
                    let end = min(start + 16, edges.count)
                    chunks.append(Self.chunk(edges, start..<end))
                    start = end
                }
            }
            Self.buildStrips(&shape)
            south = min(south, shape.minY); north = max(north, shape.maxY)
            intervals.append((shape.minX, shape.maxX))
            shapes.append(shape)
        }
        self.shapes = shapes
        self.edges = edges
        self.chunks = chunks
        self.boundingBox =
            shapes.isEmpty
            ? GeoBox(south: 0, west: 0, north: 0, east: 0)
            : Self.box(intervals, south: south, north: north)
    }

    static func wrap(_ d: Double) -> Double {
        var d = d.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d <= -180 { d += 360 }
        return d
    }

    static func unwrap(_ ring: [Coordinate]) -> [(x: Double, y: Double)] {
        var out: [(x: Double, y: Double)] = []
        out.reserveCapacity(ring.count)
        var x = ring[0].longitude
        out.append((x, ring[0].latitude))
        for i in 1..<ring.count {
            x += wrap(ring[i].longitude - ring[i - 1].longitude)
            out.append((x, ring[i].latitude))
        }
        return out
    }

    static func buildStrips(_ shape: inout Shape) {
        let count = shape.x1.count
        let strips = max(1, min(4096, count / 2))
        let height = max((shape.maxY - shape.minY) / Double(strips), 1e-12)
        shape.stripHeight = height
        func strip(_ y: Double) -> Int { min(strips - 1, max(0, Int((y - shape.minY) / height))) }
        var counts = [Int32](repeating: 0, count: strips + 1)
        for e in 0..<count {
            let lo = strip(min(shape.y1[e], shape.y2[e])), hi = strip(max(shape.y1[e], shape.y2[e]))
            for s in lo...hi { counts[s + 1] += 1 }
        }
        for s in 0..<strips { counts[s + 1] += counts[s] }
        var fill = counts
        var list = [Int32](repeating: 0, count: Int(counts[strips]))
        for e in 0..<count {
            let lo = strip(min(shape.y1[e], shape.y2[e])), hi = strip(max(shape.y1[e], shape.y2[e]))
            for s in lo...hi { list[Int(fill[s])] = Int32(e); fill[s] += 1 }
        }
        shape.stripStart = counts
        shape.stripEdges = list
    }

    /// The smallest longitude box covering every polygon's interval: the complement of the largest gap.
    static func box(_ intervals: [(Double, Double)], south: Double, north: Double) -> GeoBox {
        if intervals.contains(where: { $0.1 - $0.0 >= 360 }) { return GeoBox(south: south, west: -180, north: north, east: 180) }
        var spans: [(Double, Double)] = []
        for (lo, hi) in intervals {
            let start = lo - ((lo + 180) / 360).rounded(.down) * 360
            let end = start + (hi - lo)
            if end > 180 { spans.append((start, 180)); spans.append((-180, end - 360)) } else { spans.append((start, end)) }
        }
        spans.sort { $0.0 < $1.0 }
        var merged: [(Double, Double)] = []
        for s in spans {
            if let last = merged.last, s.0 <= last.1 { merged[merged.count - 1].1 = max(last.1, s.1) } else { merged.append(s) }
        }
        // Gaps between merged spans, including the wrap-around one.
        var bestGap = -1.0, west = -180.0, east = 180.0
        for i in merged.indices {
            let gapStart = merged[i].1
            let gapEnd = i + 1 < merged.count ? merged[i + 1].0 : merged[0].0 + 360
            if gapEnd - gapStart > bestGap {
                bestGap = gapEnd - gapStart
                east = gapStart
                west = i + 1 < merged.count ? merged[i + 1].0 : merged[0].0
            }
        }
        if west == -180 && east == 180 || bestGap <= 0 { return GeoBox(south: south, west: -180, north: north, east: 180) }
        return GeoBox(south: south, west: west, north: north, east: east > 180 ? east - 360 : east)
    }

    // MARK: Containment

    func contains(_ position: Coordinate) -> Bool {
        let lat = position.latitude
        for shape in shapes where lat >= shape.minY && lat <= shape.maxY {
            for shift in [0.0, 360, -360] {
                let lon = position.longitude + shift
                if lon >= shape.minX && lon <= shape.maxX && Self.crossings(shape, lon: lon, lat: lat) { return true }
            }
        }
        return false
    }

    private static func crossings(_ shape: Shape, lon: Double, lat: Double) -> Bool {
        let strips = shape.stripStart.count - 1
        let s = min(strips - 1, max(0, Int((lat - shape.minY) / shape.stripHeight)))
        var inside = false
        shape.x1.withUnsafeBufferPointer { x1 in
            shape.y1.withUnsafeBufferPointer { y1 in
                shape.x2.withUnsafeBufferPointer { x2 in
                    shape.y2.withUnsafeBufferPointer { y2 in
                        shape.stripEdges.withUnsafeBufferPointer { list in
                            for k in Int(shape.stripStart[s])..<Int(shape.stripStart[s + 1]) {
                                let e = Int(list[k])
                                let ya = y1[e], yb = y2[e]
                                if (ya > lat) != (yb > lat) {
                                    let xCross = x1[e] + (lat - ya) * (x2[e] - x1[e]) / (yb - ya)
                                    if lon < xCross { inside.toggle() }
                                }
                            }
                        }
                    }
                }
            }
        }
        return inside
    }

    // MARK: Nearest edge point

    static func sphereEdge(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), shape: Int32, edge: Int32) -> SphereEdge {
        let a = Vec3(latitude: p.y, longitude: p.x), b = Vec3(latitude: q.y, longitude: q.x)
        let n = a.cross(b)
        let length = n.length
        // How far the longitude/latitude midpoint strays from the great circle: the edge's
        // real course lies within about this angle of the arc (1.5× and a floor for safety).
        let mid = Vec3(latitude: (p.y + q.y) / 2, longitude: (p.x + q.x) / 2)
        let stray = length > 1e-15 ? abs(asin(max(-1, min(1, mid.dot(n.scaled(1 / length)))))) : 0
        return SphereEdge(
            a: a, b: b, normal: length > 1e-15 ? n.scaled(1 / length) : Vec3(x: 0, y: 0, z: 0),
            slackRadians: stray * 1.5 + 1e-12, shape: shape, edge: edge, x1: p.x, y1: p.y, x2: q.x, y2: q.y)
    }

    static func chunk(_ edges: [SphereEdge], _ range: Range<Int>) -> Chunk {
        var sum = Vec3(x: 0, y: 0, z: 0)
        for e in range { sum = sum + edges[e].a + edges[e].b }
        let centre = sum.length > 1e-12 ? sum.scaled(1 / sum.length) : edges[range.lowerBound].a
        var radius = 0.0
        for e in range {
            radius = max(radius, centre.angle(to: edges[e].a) + edges[e].slackRadians, centre.angle(to: edges[e].b) + edges[e].slackRadians)
        }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for e in range {
            minX = min(minX, edges[e].x1, edges[e].x2); maxX = max(maxX, edges[e].x1, edges[e].x2)
            minY = min(minY, edges[e].y1, edges[e].y2); maxY = max(maxY, edges[e].y1, edges[e].y2)
        }
        return Chunk(centre: centre, radiusRadians: radius, range: range, minX: minX, maxX: maxX, minY: minY, maxY: maxY)
    }

    /// Angle from `p` to the great-circle arc of `edge`.
    static func angle(from p: Vec3, to edge: SphereEdge) -> Double {
        let n = edge.normal
        if n.x != 0 || n.y != 0 || n.z != 0, edge.a.cross(p).dot(n) >= 0, p.cross(edge.b).dot(n) >= 0 {
            return abs(asin(max(-1, min(1, p.dot(n)))))
        }
        return min(p.angle(to: edge.a), p.angle(to: edge.b))
    }

    /// The nearest point of any edge to `position`, by geodesic distance on WGS84.
    ///
    /// Near the area (where a local projection is good to better than 1.5 %), edges are searched
    /// in an equirectangular projection centred on the point, scaled by the ellipsoid's meridian
    /// and prime-vertical radii there; chunks of 16 edges are skipped by their bounding boxes.
    /// Every edge within the projection's error bound of the best (relative error at most
    /// 1.5·(|tan φ| + 0.05)·d/6,330 km: the change of scale with latitude) is measured
    /// geodesically at its projected nearest point, and the winner is polished by golden-section
    /// search on geodesic distance. Far away, the same is done on the unit sphere with 1.5 % slack.
    func nearestEdgePoint(to position: Coordinate) -> (coordinate: Coordinate, distanceMetres: Double) {
        guard !edges.isEmpty else { return (position, .infinity) }
        if abs(position.latitude) < 80, let local = nearestLocally(to: position) { return local }
        return nearestOnSphere(to: position)
    }

    private func nearestLocally(to position: Coordinate) -> (coordinate: Coordinate, distanceMetres: Double)? {
        let φ = position.latitude * .pi / 180
        let plane = LocalPlane(around: position)
        let kx = plane.metresPerDegreeLongitude, ky = plane.metresPerDegreeLatitude
        let λ = position.longitude, lat = position.latitude
        let tanTerm = 1.5 * (abs(tan(φ)) + 0.05) / 6_330_000
        func shift(_ minX: Double, _ maxX: Double) -> Double {
            // The copy of λ (λ, λ ± 360) nearest to the box [minX, maxX] in unwrapped longitude.
            var best = λ, bestGap = Double.infinity
            for s in [λ, λ + 360, λ - 360] {
                let gap = s < minX ? minX - s : s > maxX ? s - maxX : 0
                if gap < bestGap { bestGap = gap; best = s }
            }
            return best
        }
        let lower = chunks.map { c -> Double in
            let x = shift(c.minX, c.maxX)
            let dx = (x < c.minX ? c.minX - x : x > c.maxX ? x - c.maxX : 0) * kx
            let dy = (lat < c.minY ? c.minY - lat : lat > c.maxY ? lat - c.maxY : 0) * ky
            return (dx * dx + dy * dy).squareRoot()
        }
        var best = Double.infinity
        var found: [(edge: Int, distance: Double, t: Double)] = []
        func visit(_ c: Int) {
            let x = shift(chunks[c].minX, chunks[c].maxX)
            for i in chunks[c].range {
                let e = edges[i]
                let ax = (e.x1 - x) * kx, ay = (e.y1 - lat) * ky
                let bx = (e.x2 - x) * kx, by = (e.y2 - lat) * ky
                let dx = bx - ax, dy = by - ay
                let length2 = dx * dx + dy * dy
                let t = length2 > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length2)) : 0
                let px = ax + t * dx, py = ay + t * dy
                let d = (px * px + py * py).squareRoot()
                best = min(best, d)
                if d <= best * (1 + tanTerm * best) + 1e-3 { found.append((i, d, t)) }
            }
        }
        let first = lower.indices.min { lower[$0] < lower[$1] }!
        visit(first)
        guard tanTerm * best < 0.015 else { return nil }
        for c in chunks.indices where c != first && lower[c] <= best * (1 + tanTerm * best) + 1e-3 { visit(c) }
        let limit = best * (1 + tanTerm * best) + 1e-3
        var winner: (edge: Int, t: Double, metres: Double)?
        for candidate in found where candidate.distance <= limit {
            let point = self.point(on: edges[candidate.edge], at: candidate.t)
            let d = Geodesic.distanceMetres(from: position, to: point)
            if winner == nil || d < winner!.metres { winner = (candidate.edge, candidate.t, d) }
        }
        guard let winner else { return nil }
        let polished = refine(edges[winner.edge], from: position)
        if polished.distanceMetres < winner.metres { return polished }
        return (point(on: edges[winner.edge], at: winner.t), winner.metres)
    }

    private func point(on edge: SphereEdge, at t: Double) -> Coordinate {
        Coordinate(latitude: edge.y1 + t * (edge.y2 - edge.y1), longitude: Self.wrap(edge.x1 + t * (edge.x2 - edge.x1)))
    }

    private func nearestOnSphere(to position: Coordinate) -> (coordinate: Coordinate, distanceMetres: Double) {
        let p = Vec3(latitude: position.latitude, longitude: position.longitude)
        let relative = 1.015, absolute = 1e-9
        let lower = chunks.map { max(0, p.angle(to: $0.centre) - $0.radiusRadians) }
        var bestUpper = Double.infinity
        var approx = [(edge: Int, low: Double)]()
        func visit(_ c: Int) {
            for e in chunks[c].range {
                let a = Self.angle(from: p, to: edges[e])
                let low = a - edges[e].slackRadians, high = a + edges[e].slackRadians
                bestUpper = min(bestUpper, high)
                if low <= bestUpper * relative + absolute { approx.append((e, low)) }
            }
        }
        let first = lower.indices.min { lower[$0] < lower[$1] }!
        visit(first)
        for c in chunks.indices where c != first && lower[c] <= bestUpper * relative + absolute { visit(c) }
        var best = (coordinate: position, distanceMetres: Double.infinity)
        var refined = Set<Int>()
        for candidate in approx where candidate.low <= bestUpper * relative + absolute && !refined.contains(candidate.edge) {
            refined.insert(candidate.edge)
            let found = refine(edges[candidate.edge], from: position)
            if found.distanceMetres < best.distanceMetres { best = found }
        }
        return best
    }

    /// The point of one edge nearest to `position` by geodesic distance: a scan at nine points
    /// along the edge, then golden-section search in the bracket around the best of them.
    private func refine(_ edge: SphereEdge, from position: Coordinate) -> (coordinate: Coordinate, distanceMetres: Double) {
        let shape = shapes[Int(edge.shape)], e = Int(edge.edge)
        let x1 = shape.x1[e], y1 = shape.y1[e], dx = shape.x2[e] - x1, dy = shape.y2[e] - y1
        func point(_ t: Double) -> Coordinate {
            Coordinate(latitude: y1 + t * dy, longitude: Self.wrap(x1 + t * dx))
        }
        func f(_ t: Double) -> Double { Geodesic.distanceMetres(from: position, to: point(t)) }
        let steps = 8
        var bestT = 0.0, bestD = f(0)
        for i in 1...steps {
            let t = Double(i) / Double(steps), d = f(t)
            if d < bestD { bestD = d; bestT = t }
        }
        var lo = max(0, bestT - 1 / Double(steps)), hi = min(1, bestT + 1 / Double(steps))
        let g = (sqrt(5) - 1) / 2
        var c = hi - g * (hi - lo), d = lo + g * (hi - lo)
        var fc = f(c), fd = f(d)
        for _ in 0..<60 where hi - lo > 1e-12 {
            if fc < fd {
                hi = d; d = c; fd = fc; c = hi - g * (hi - lo); fc = f(c)
            } else {
                lo = c; c = d; fc = fd; d = lo + g * (hi - lo); fd = f(d)
            }
        }
        let t = (lo + hi) / 2, dt = f(t)
        if dt < bestD { return (point(t), dt) }
        return (point(bestT), bestD)
    }
}

/// A point on the unit sphere (or any 3-vector).
struct Vec3: Sendable {
    var x: Double, y: Double, z: Double
    init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }
    init(latitude: Double, longitude: Double) {
        let φ = latitude * .pi / 180, λ = longitude * .pi / 180
        let c = cos(φ)
        self.init(x: c * cos(λ), y: c * sin(λ), z: sin(φ))
    }
    func dot(_ o: Vec3) -> Double { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Vec3) -> Vec3 { Vec3(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x) }
    var length: Double { (x * x + y * y + z * z).squareRoot() }
    func scaled(_ s: Double) -> Vec3 { Vec3(x: x * s, y: y * s, z: z * s) }
    static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    /// The angle between two unit vectors, radians, accurate for small and large angles.
    func angle(to o: Vec3) -> Double { atan2(cross(o).length, dot(o)) }
}
