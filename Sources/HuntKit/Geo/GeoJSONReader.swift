import Foundation

/// Places and areas from RFC 7946 GeoJSON: a FeatureCollection, a Feature or a bare geometry.
/// Point and MultiPoint become places; Polygon and MultiPolygon become areas; a
/// GeometryCollection is read member by member. Properties used: `name` (or `title`),
/// `description` (or `desc`, `clue`), `hint`, `type` (or `category`), `radius` (metres, or a length
/// such as "25 m"), `difficulty`, `terrain`. LineStrings are skipped with a warning.
///
/// Parsed with Foundation's JSONSerialization, which gives no positions inside the file, so
/// diagnostics name the feature by its index and name instead (`feature 3 "Dom Tower"`).
enum GeoJSONReader {
    static func read(_ data: Data, path: String) -> GeoFeatures {
        var reader = Walk(path: path)
        // Not recognised as JSON at all: say so without pointing at (and so printing) a line of it.
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            reader.result.diagnostics.append(
                .error(
                    "json-syntax", "\(path) is not a GeoJSON file (it does not start with `{`)",
                    at: SourceLocation(file: path), fix: "give a GeoJSON FeatureCollection, or name the file for its format (.gpx, .kml, .csv)"))
            return reader.result
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let message = Self.describe(error)
            reader.result.diagnostics.append(
                .error(
                    "json-syntax", "\(path) is not valid JSON: \(message)",
                    at: Self.location(of: message, in: data, path: path), fix: "check it with a JSON validator"))
            return reader.result
        }
        guard let object = root as? [String: Any] else {
            reader.fail("geojson-not-object", "the top level of a GeoJSON file must be an object", feature: nil)
            return reader.result
        }
        reader.top(object)
        return reader.result
    }

    /// JSONSerialization says "around character N" (or "line L, column C"); turn that into a position.
    static func location(of message: String, in data: Data, path: String) -> SourceLocation {
        func number(after key: String) -> Int? {
            guard let r = message.range(of: key) else { return nil }
            return Int(message[r.upperBound...].prefix { $0.isNumber })
        }
        if let line = number(after: "line "), let column = number(after: "column ") {
            return SourceLocation(file: path, line: line, column: column)
        }
        guard let offset = number(after: "character ") else { return SourceLocation(file: path) }
        var line = 1, column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return SourceLocation(file: path, line: line, column: column)
    }

    static func describe(_ error: Error) -> String {
        let ns = error as NSError
        return (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
    }

    struct Walk {
        let path: String
        var result = GeoFeatures()

        func where_(_ feature: (index: Int, name: String?)?) -> String {
            guard let feature else { return "" }
            return " in feature \(feature.index)" + (feature.name.map { " \"\($0)\"" } ?? "")
        }

        mutating func fail(_ code: DiagnosticCode, _ message: String, feature: (index: Int, name: String?)?, fix: String? = nil) {
            result.diagnostics.append(.error(code, "\(path): \(message)\(where_(feature))", at: SourceLocation(file: path), fix: fix))
        }

        mutating func top(_ object: [String: Any]) {
            switch object["type"] as? String {
            case "FeatureCollection":
                guard let features = object["features"] as? [Any] else {
                    fail("geojson-bad-collection", "a FeatureCollection needs a `features` array", feature: nil); return
                }
                for (i, item) in features.enumerated() {
                    guard let f = item as? [String: Any], f["type"] as? String == "Feature" else {
                        fail("geojson-bad-feature", "item \(i) of `features` is not a Feature", feature: nil); continue
                    }
                    feature(f, index: i)
                }
            case "Feature":
                feature(object, index: 0)
            case let type?:
                geometry(object, properties: [:], feature: (0, nil), typeName: type)
            case nil:
                fail(
                    "geojson-no-type", "the top-level object has no `type`", feature: nil,
                    fix: "GeoJSON starts with {\"type\": \"FeatureCollection\", \"features\": [...]}")
            }
        }

        mutating func feature(_ f: [String: Any], index: Int) {
            let properties = f["properties"] as? [String: Any] ?? [:]
            let name = Self.string(properties, ["name", "title", "Name", "NAME", "ADMIN"])
            guard let geometry = f["geometry"] as? [String: Any] else {
                result.diagnostics.append(
                    .warning(
                        "geojson-no-geometry", "\(path): feature \(index)\(name.map { " \"\($0)\"" } ?? "") has no geometry; skipped",
                        at: SourceLocation(file: path)))
                return
            }
            self.geometry(geometry, properties: properties, feature: (index, name), typeName: geometry["type"] as? String ?? "")
        }

        static func string(_ properties: [String: Any], _ keys: [String]) -> String? {
            for key in keys {
                if let s = properties[key] as? String, let t = GeoText.clean(s) { return t }
                if let n = properties[key].flatMap(number) { return Length.trim(n) }
            }
            return nil
        }

        mutating func position(_ value: Any?, feature: (index: Int, name: String?)) -> Coordinate? {
            guard let pair = value as? [Any], pair.count >= 2, let lon = Self.number(pair[0]), let lat = Self.number(pair[1]) else {
                fail("geojson-bad-position", "a position must be [longitude, latitude]", feature: feature); return nil
            }
            guard let c = GeoText.coordinate(latitude: lat, longitude: lon) else {
                fail(
                    "coordinate-out-of-range", "position [\(lon), \(lat)] is not on the Earth", feature: feature,
                    fix: "GeoJSON writes [longitude, latitude]; are they swapped?")
                return nil
            }
            return c
        }

        /// JSONSerialization on Linux gives Int or Double (and Bool for true/false); on Darwin, NSNumber.
        static func number(_ v: Any) -> Double? {
            if type(of: v) == Bool.self { return nil }
            if let i = v as? Int { return Double(i) }
            if let d = v as? Double { return d.isFinite ? d : nil }
            if let n = v as? NSNumber { let d = n.doubleValue; return d.isFinite ? d : nil }
            return nil
        }

        mutating func ring(_ value: Any?, feature: (index: Int, name: String?)) -> [Coordinate]? {
            guard let list = value as? [Any] else { fail("geojson-bad-ring", "a ring must be an array of positions", feature: feature); return nil }
            var ring: [Coordinate] = []
            for p in list { guard let c = position(p, feature: feature) else { return nil }; ring.append(c) }
            let open = AreaPolygon.open(ring)
            guard open.count >= 3 else { fail("geojson-short-ring", "a ring needs at least 3 distinct positions", feature: feature); return nil }
            return ring
        }

        mutating func polygon(_ value: Any?, feature: (index: Int, name: String?)) -> AreaPolygon? {
            guard let rings = value as? [Any], !rings.isEmpty else {
                fail("geojson-bad-polygon", "a Polygon's coordinates must be a non-empty array of rings", feature: feature); return nil
            }
            var parsed: [[Coordinate]] = []
            for r in rings { guard let ring = ring(r, feature: feature) else { return nil }; parsed.append(ring) }
            return AreaPolygon(outer: parsed[0], holes: Array(parsed.dropFirst()))
        }

        mutating func geometry(_ g: [String: Any], properties: [String: Any], feature: (index: Int, name: String?), typeName: String) {
            let coordinates = g["coordinates"]
            switch typeName {
            case "Point":
                if let c = position(coordinates, feature: feature) { addPlace(c, properties: properties, feature: feature) }
            case "MultiPoint":
                for p in coordinates as? [Any] ?? [] {
                    if let c = position(p, feature: feature) { addPlace(c, properties: properties, feature: feature) }
                }
            case "Polygon":
                if let p = polygon(coordinates, feature: feature) { addArea([p], properties: properties, feature: feature) }
            case "MultiPolygon":
                var polygons: [AreaPolygon] = []
                for p in coordinates as? [Any] ?? [] { if let polygon = polygon(p, feature: feature) { polygons.append(polygon) } }
                if !polygons.isEmpty { addArea(polygons, properties: properties, feature: feature) }
            case "GeometryCollection":
                for member in g["geometries"] as? [Any] ?? [] {
                    if let m = member as? [String: Any] {
                        geometry(m, properties: properties, feature: feature, typeName: m["type"] as? String ?? "")
                    }
                }
            case "LineString", "MultiLineString":
                result.diagnostics.append(
                    .warning(
                        "geojson-line-ignored", "\(path): a \(typeName)\(where_(feature)) is neither a place nor an area; skipped",
                        at: SourceLocation(file: path)))
            default:
                fail(
                    "geojson-unknown-geometry", "unknown geometry type `\(typeName)`", feature: feature,
                    fix: "use Point, MultiPoint, Polygon or MultiPolygon")
            }
        }

        mutating func addPlace(_ c: Coordinate, properties: [String: Any], feature: (index: Int, name: String?)) {
            var place = Place(
                name: feature.name ?? "place \(result.places.count + 1)", coordinate: c,
                description: Self.string(properties, ["description", "desc", "clue"]),
                hint: Self.string(properties, ["hint"]), kind: Self.string(properties, ["type", "category", "kind"]),
                difficulty: Self.string(properties, ["difficulty"]).flatMap(Double.init),
                terrain: Self.string(properties, ["terrain"]).flatMap(Double.init),
                location: SourceLocation(file: path))
            if let r = properties["radius"] {
                if let n = Self.number(r), n > 0, n <= 20_000_000 {
                    place.radius = .metres(n)
                } else if let s = r as? String, let l = Length.parse(s), l.metres > 0, l.metres <= 20_000_000 {
                    place.radius = l
                } else {
                    result.diagnostics.append(
                        .warning(
                            "bad-radius",
                            "\(path): `radius`\(where_(feature)) is not a radius (a positive length up to 20,000 km); the task's radius is used",
                            at: SourceLocation(file: path), fix: "write a number of metres or a string like \"30 m\""))
                }
            }
            result.places.append(place)
        }

        mutating func addArea(_ polygons: [AreaPolygon], properties: [String: Any], feature: (index: Int, name: String?)) {
            result.areas.append(
                NamedArea(
                    name: feature.name, description: Self.string(properties, ["description", "desc", "clue"]),
                    polygons: polygons, location: SourceLocation(file: path)))
        }
    }
}
