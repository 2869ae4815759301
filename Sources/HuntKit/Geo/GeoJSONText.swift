import Foundation

/// Which way a ring goes round, and a ring turned the way a format asks.
enum Winding {
    /// Twice the signed area in unwrapped longitude/latitude: positive when counter-clockwise.
    static func signedArea(_ ring: [Coordinate]) -> Double {
        guard ring.count >= 3 else { return 0 }
        var xs: [Double] = [ring[0].longitude]
        for i in 1..<ring.count { xs.append(xs[i - 1] + AreaIndex.wrap(ring[i].longitude - ring[i - 1].longitude)) }
        var sum = 0.0
        for i in ring.indices {
            let j = (i + 1) % ring.count
            sum += xs[i] * ring[j].latitude - xs[j] * ring[i].latitude
        }
        return sum
    }

    /// The ring wound as asked and closed (first vertex repeated at the end).
    static func closed(_ ring: [Coordinate], counterClockwise: Bool) -> [Coordinate] {
        var r = AreaPolygon.open(ring)
        if (signedArea(r) > 0) != counterClockwise { r.reverse() }
        if let first = r.first { r.append(first) }
        return r
    }
}

/// GeoJSON text of positions and polygons (outer rings counter-clockwise, holes clockwise, as
/// RFC 7946 asks), and of a file holding one area.
enum GeoJSONText {
    static func position(_ c: Coordinate) -> String { "[\(DecimalText.fixed(c.longitude, places: 7)), \(DecimalText.fixed(c.latitude, places: 7))]" }

    static func geometry(_ polygons: [AreaPolygon]) -> String {
        func rings(_ p: AreaPolygon) -> String {
            "["
                + ([Winding.closed(p.outer, counterClockwise: true)] + p.holes.map { Winding.closed($0, counterClockwise: false) })
                .map { "[" + $0.map(position).joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
        }
        if polygons.count == 1 { return "{\"type\": \"Polygon\", \"coordinates\": \(rings(polygons[0]))}" }
        return "{\"type\": \"MultiPolygon\", \"coordinates\": [" + polygons.map(rings).joined(separator: ", ") + "]}"
    }

    /// A FeatureCollection with one polygon feature: what `hunt import --areas-dir` writes.
    static func areaFile(name: String, description: String?, polygons: [AreaPolygon]) -> String {
        var properties = "\"name\": \(JSONText.quote(name))"
        if let description { properties += ", \"description\": \(JSONText.quote(description))" }
        return
            "{\"type\": \"FeatureCollection\", \"features\": [\n  {\"type\": \"Feature\", \"properties\": {\(properties)}, \"geometry\": \(geometry(polygons))}\n]}\n"
    }
}
