import Foundation

/// Writes a hunt's targets as GPX 1.1, KML 2.2 or RFC 7946 GeoJSON, one writer per format.
///
/// - circle tasks: a point with the task's id, title (name), clue (description), hint and radius;
/// - places tasks: one point per place, named for the place, with the task's id;
/// - area tasks: polygons in KML and GeoJSON (outer rings counter-clockwise, holes clockwise,
///   rings closed, as RFC 7946 §3.1.6 asks); GPX has no polygons, so each ring is a closed
///   track segment of a track named for the task.
///
/// HuntKit's own fields (task id, radius, hint) go where each format keeps extra data: GPX
/// `<extensions><hunt:task>` in the `urn:huntkit:gpx:1` namespace, KML `ExtendedData`, GeoJSON
/// properties. `hunt import` reads them back, so export → import round-trips.
package protocol HuntExportWriter: Sendable {
    func render(_ hunt: Hunt) -> String
}

/// A file format `hunt export` can write a hunt's targets in, for map apps and GPS devices.
package enum HuntExportFormat: String, Sendable, CaseIterable {
    case gpx, kml, geojson

    /// The writer for this format.
    public var writer: any HuntExportWriter {
        switch self {
        case .gpx: return GPXWriter()
        case .kml: return KMLWriter()
        case .geojson: return GeoJSONWriter()
        }
    }
}

/// What every writer needs from a hunt: its points and areas, flattened.
struct ExportItems {
    struct Point {
        var taskID: String; var name: String; var coordinate: Coordinate; var clue: String?; var hint: String?; var radius: Length; var tags: [String]
    }
    struct Polygonal { var taskID: String; var name: String; var clue: String?; var polygons: [AreaPolygon] }
    var points: [Point] = []
    var areas: [Polygonal] = []

    init(_ hunt: Hunt) {
        for task in hunt.tasks {
            switch task.target {
            case .circle(let centre, let radius)?:
                points.append(
                    Point(taskID: task.id, name: task.title, coordinate: centre, clue: task.clue, hint: task.hint, radius: radius, tags: task.tags))
            case .places(let target)?:
                for place in target.places {
                    points.append(
                        Point(
                            taskID: task.id, name: place.name, coordinate: place.coordinate, clue: place.description ?? task.clue,
                            hint: place.hint ?? task.hint, radius: target.radius, tags: task.tags))
                }
            case .area(let target)?:
                if let area = target.area { areas.append(Polygonal(taskID: task.id, name: task.title, clue: task.clue, polygons: area.polygons)) }
            case nil: break
            }
        }
    }
}

/// Writes a hunt's targets as GPX 1.1: waypoints for points and places, closed tracks for area rings.
package struct GPXWriter: HuntExportWriter {
    /// A GPX writer; it has no settings.
    public init() {}

    /// GPX's longitudeType is [-180, 180): 180° E is written as 180° W, the same meridian.
    static func lon(_ degrees: Double) -> String {
        let s = DecimalText.fixed(degrees, places: 7)
        return s == "180.0000000" ? "-180.0000000" : s
    }

    /// The hunt's targets as one GPX 1.1 document, with HuntKit's fields in `urn:huntkit:gpx:1` extensions.
    public func render(_ hunt: Hunt) -> String {
        let items = ExportItems(hunt)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="HuntKit" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:hunt="urn:huntkit:gpx:1" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <metadata>
                <name>\(MarkupText.escape(hunt.title))</name>
              </metadata>

            """
        for p in items.points {
            out += "  <wpt lat=\"\(DecimalText.fixed(p.coordinate.latitude, places: 7))\" lon=\"\(Self.lon(p.coordinate.longitude))\">\n"
            out += "    <name>\(MarkupText.escape(p.name))</name>\n"
            if let clue = p.clue { out += "    <desc>\(MarkupText.escape(clue))</desc>\n" }
            out += "    <type>\(MarkupText.escape(p.tags.first ?? "task"))</type>\n"
            out += "    <extensions>\n      <hunt:task>\n"
            out += "        <hunt:id>\(MarkupText.escape(p.taskID))</hunt:id>\n"
            out += "        <hunt:radius>\(DecimalText.fixed(p.radius.metres, places: 2))</hunt:radius>\n"
            if let hint = p.hint { out += "        <hunt:hint>\(MarkupText.escape(hint))</hunt:hint>\n" }
            out += "      </hunt:task>\n    </extensions>\n  </wpt>\n"
        }
        for a in items.areas {
            out += "  <trk>\n    <name>\(MarkupText.escape(a.name))</name>\n"
            if let clue = a.clue { out += "    <desc>\(MarkupText.escape(clue))</desc>\n" }
            out += "    <type>area</type>\n"
            for polygon in a.polygons {
                for (k, ring) in ([polygon.outer] + polygon.holes).enumerated() {
                    out += "    <trkseg>\n"
                    for c in Winding.closed(ring, counterClockwise: k == 0) {
                        out += "      <trkpt lat=\"\(DecimalText.fixed(c.latitude, places: 7))\" lon=\"\(Self.lon(c.longitude))\"/>\n"
                    }
                    out += "    </trkseg>\n"
                }
            }
            out += "  </trk>\n"
        }
        return out + "</gpx>\n"
    }
}

/// Writes a hunt's targets as KML 2.2: placemarks for points and places, polygons for areas.
package struct KMLWriter: HuntExportWriter {
    /// A KML writer; it has no settings.
    public init() {}
    /// The hunt's targets as one KML 2.2 document, with HuntKit's fields in `ExtendedData`.
    public func render(_ hunt: Hunt) -> String {
        let items = ExportItems(hunt)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
              <Document>
                <name>\(MarkupText.escape(hunt.title))</name>

            """
        func data(_ name: String, _ value: String?) -> String {
            guard let value else { return "" }
            return "        <Data name=\"\(name)\"><value>\(MarkupText.escape(value))</value></Data>\n"
        }
        for p in items.points {
            out += "    <Placemark>\n      <name>\(MarkupText.escape(p.name))</name>\n"
            if let clue = p.clue { out += "      <description>\(MarkupText.escape(clue))</description>\n" }
            out +=
                "      <ExtendedData>\n" + data("id", p.taskID) + data("radius", DecimalText.fixed(p.radius.metres, places: 2) + " m")
                + data("hint", p.hint) + data("type", p.tags.first) + "      </ExtendedData>\n"
            out +=
                "      <Point><coordinates>\(DecimalText.fixed(p.coordinate.longitude, places: 7)),\(DecimalText.fixed(p.coordinate.latitude, places: 7))</coordinates></Point>\n"
            out += "    </Placemark>\n"
        }
        func ring(_ r: [Coordinate], ccw: Bool) -> String {
            Winding.closed(r, counterClockwise: ccw).map {
                "\(DecimalText.fixed($0.longitude, places: 7)),\(DecimalText.fixed($0.latitude, places: 7))"
            }.joined(separator: " ")
        }
        for a in items.areas {
            out += "    <Placemark>\n      <name>\(MarkupText.escape(a.name))</name>\n"
            if let clue = a.clue { out += "      <description>\(MarkupText.escape(clue))</description>\n" }
            out += "      <ExtendedData>\n" + data("id", a.taskID) + "      </ExtendedData>\n"
            if a.polygons.count > 1 { out += "      <MultiGeometry>\n" }
            for polygon in a.polygons {
                out +=
                    "      <Polygon>\n        <outerBoundaryIs><LinearRing><coordinates>\(ring(polygon.outer, ccw: true))</coordinates></LinearRing></outerBoundaryIs>\n"
                for hole in polygon.holes {
                    out +=
                        "        <innerBoundaryIs><LinearRing><coordinates>\(ring(hole, ccw: false))</coordinates></LinearRing></innerBoundaryIs>\n"
                }
                out += "      </Polygon>\n"
            }
            if a.polygons.count > 1 { out += "      </MultiGeometry>\n" }
            out += "    </Placemark>\n"
        }
        return out + "  </Document>\n</kml>\n"
    }
}

/// Writes a hunt's targets as an RFC 7946 GeoJSON feature collection: points and polygons.
package struct GeoJSONWriter: HuntExportWriter {
    /// A GeoJSON writer; it has no settings.
    public init() {}

    /// The hunt's targets as one GeoJSON feature collection, with HuntKit's fields as feature properties.
    public func render(_ hunt: Hunt) -> String {
        let items = ExportItems(hunt)
        var features: [String] = []
        for p in items.points {
            var properties =
                "\"name\": \(JSONText.quote(p.name)), \"task\": \(JSONText.quote(p.taskID)), \"radius\": \(DecimalText.fixed(p.radius.metres, places: 2))"
            if let clue = p.clue { properties += ", \"description\": \(JSONText.quote(clue))" }
            if let hint = p.hint { properties += ", \"hint\": \(JSONText.quote(hint))" }
            if let type = p.tags.first { properties += ", \"type\": \(JSONText.quote(type))" }
            features.append(
                "{\"type\": \"Feature\", \"properties\": {\(properties)}, \"geometry\": {\"type\": \"Point\", \"coordinates\": \(GeoJSONText.position(p.coordinate))}}"
            )
        }
        for a in items.areas {
            var properties = "\"name\": \(JSONText.quote(a.name)), \"task\": \(JSONText.quote(a.taskID))"
            if let clue = a.clue { properties += ", \"description\": \(JSONText.quote(clue))" }
            features.append("{\"type\": \"Feature\", \"properties\": {\(properties)}, \"geometry\": \(GeoJSONText.geometry(a.polygons))}")
        }
        return "{\"type\": \"FeatureCollection\", \"features\": [\n" + features.map { "  " + $0 }.joined(separator: ",\n")
            + (features.isEmpty ? "" : "\n") + "]}\n"
    }
}
