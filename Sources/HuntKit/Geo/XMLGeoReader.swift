import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Places and areas from GPX 1.0/1.1 and KML 2.2, read with Foundation's `XMLParser` (libxml2's
/// SAX parser underneath, in swift-corelibs-foundation on Linux): a streaming parser that is
/// already in every Swift toolchain, reports line numbers, and does not resolve external
/// entities; a package on top of it (SWXMLHash, XMLCoder) would add nothing we need.
///
/// Elements are matched by local name, so namespace prefixes don't matter (`groundspeak:cache`,
/// `kml:Placemark`).
///
/// - GPX: each `wpt` is a place: `name`, `desc`/`cmt`, `type`, `urlname`; Groundspeak cache
///   fields (`name`, `type`, `difficulty`, `terrain`, `short_description`/`long_description` →
///   description, `encoded_hints` → hint) wherever `cache` sits: in the `wpt` (GPX 1.0) or in its
///   `extensions` (GPX 1.1); HuntKit's own `hunt:task` extension (`radius`, `hint`), which
///   `hunt export` writes. Route and track points are not places and are skipped.
/// - KML: each `Placemark` with a `Point` is a place, with a `Polygon` (outer and inner
///   boundaries) an area; `MultiGeometry` may hold several. `ExtendedData` `Data` fields named
///   `hint`, `radius`, `type` are used. Coordinates are `lon,lat[,alt]` tuples.
enum XMLGeoReader {
    /// `data` with a processing instruction that has no data (`<?x?>`) given some (`<?x _?>`):
    /// swift-corelibs-foundation's XMLParser passes libxml2's NULL data for one to `strlen` and
    /// crashes (found by .ci/fuzz/geo-readers). GPX and KML use no processing instructions, so
    /// their data is never read; comments and CDATA sections are left as they are.
    static func fillingEmptyProcessingInstructions(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        let comment = Array("<!--".utf8), commentEnd = Array("-->".utf8)
        let cdata = Array("<![CDATA[".utf8), cdataEnd = Array("]]>".utf8)
        let instruction = Array("<?".utf8), instructionEnd = Array("?>".utf8)
        func starts(_ pattern: [UInt8], at k: Int) -> Bool {
            k + pattern.count <= bytes.count && bytes[k..<k + pattern.count].elementsEqual(pattern)
        }
        /// Just past the first `end` at or after `k` (the end of the input if none).
        func past(_ end: [UInt8], from k: Int) -> Int {
            var j = k
            while j < bytes.count, !(bytes[j] == end[0] && starts(end, at: j)) { j += 1 }
            return min(bytes.count, j + end.count)
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var insertAt: [Int] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            if starts(comment, at: i) {
                i = past(commentEnd, from: i + comment.count)
            } else if starts(cdata, at: i) {
                i = past(cdataEnd, from: i + cdata.count)
            } else if starts(instruction, at: i) {
                let end = past(instructionEnd, from: i + 2)
                let close = end - instructionEnd.count
                // Target name, then only white space (or nothing) before `?>`: no data.
                if close > i + 2, starts(instructionEnd, at: close),
                    bytes[(i + 2)..<close].drop(while: { !isSpace($0) }).allSatisfy(isSpace)
                {
                    insertAt.append(close)
                }
                i = end
            } else {
                i += 1
            }
        }
        guard !insertAt.isEmpty else { return data }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 2 * insertAt.count)
        var from = 0
        for at in insertAt {
            out += bytes[from..<at]
            out += Array(" _".utf8)
            from = at
        }
        out += bytes[from...]
        return Data(out)
    }

    static func read(_ data: Data, format: GeoFileFormat, path: String) -> GeoFeatures {
        if let line = invalidUTF8Line(data) {
            return GeoFeatures(diagnostics: [
                .error(
                    "not-utf8", "\(path) is not valid UTF-8 and declares no encoding that can be converted",
                    at: SourceLocation(file: path, line: line),
                    fix: "save the file as UTF-8, or declare its encoding in <?xml … encoding=\"…\"?>")
            ])
        }
        let parser = XMLParser(data: fillingEmptyProcessingInstructions(data))
        parser.shouldResolveExternalEntities = false
        let delegate = Delegate(path: path, format: format)
        parser.delegate = delegate
        _ = parser.parse()
        var result = delegate.result
        if let failure = delegate.failure {
            result.diagnostics.append(failure)
        } else if !delegate.sawRoot {
            result.diagnostics.append(
                .error(
                    "xml-wrong-root", "\(path) is not a \(format == .gpx ? "GPX" : "KML") file (no <\(format == .gpx ? "gpx" : "kml")> element)",
                    at: SourceLocation(file: path, line: 1, column: 1)))
        }
        return result
    }

    /// The first line that is not valid UTF-8, when the document is UTF-8 (no other encoding
    /// declared). Checked before parsing because swift-corelibs-foundation's XMLParser traps on
    /// invalid UTF-8 in element and attribute names (found by fuzzing); libxml2 itself converts
    /// declared encodings (ISO-8859-1, UTF-16…) to UTF-8, so those are left to it.
    static func invalidUTF8Line(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return nil }  // UTF-16
        if bytes.starts(with: Array("<?xml".utf8)), let end = bytes.firstIndex(of: UInt8(ascii: ">")) {
            let prolog = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
            if let r = prolog.range(of: "encoding=") {
                // Only encodings libxml2 converts for certain; anything else must be UTF-8 already.
                // Not "utf-16": a prolog in single bytes means the file is not UTF-16 whatever it
                // says, and libxml2 then hands its bytes on unconverted (Foundation trapped on them).
                let name = String(prolog[r.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" })
                if name.hasPrefix("iso-8859-") || name.hasPrefix("windows-125")
                    || ["latin1", "iso-latin-1", "cp1252"].contains(name)
                {
                    return nil
                }
            }
        }
        guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
        var line = 1
        for chunk in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if String(validating: chunk, as: UTF8.self) == nil { return line }
            line += 1
        }
        return line
    }

    static func localName(_ qualified: String) -> String {
        if let colon = qualified.lastIndex(of: ":") { return String(qualified[qualified.index(after: colon)...]) }
        return qualified
    }

    /// libxml2 error numbers (xmlParserErrors) that users meet, in words.
    static func message(forXMLError code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5: return "extra content after the root element, or the document ends too early"
        case 9: return "a character that XML does not allow"
        case 26: return "an undeclared entity (`&name;`); write `&amp;` for a literal &"
        case 39, 41: return "a malformed attribute"
        case 68, 73: return "a tag is not closed with `>`"
        case 76: return "a closing tag does not match its opening tag"
        case 77: return "the document ends before all tags are closed"
        default: return "malformed XML (libxml2 error \(code))"
        }
    }

    final class Delegate: NSObject, XMLParserDelegate {
        let path: String
        let format: GeoFileFormat
        var result = GeoFeatures()
        var failure: Diagnostic?
        var sawRoot = false
        var stack: [String] = []
        var text = ""
        // The feature being read.
        var fields: [String: String] = [:]
        var featureLine = 0
        var featurePoint: Coordinate?
        var kmlPoints: [Coordinate] = []
        var kmlPolygons: [AreaPolygon] = []
        var outer: [Coordinate]?
        var holes: [[Coordinate]] = []
        var dataName: String?
        var inFeature = false
        var featureFailed = false

        init(path: String, format: GeoFileFormat) {
            self.path = path
            self.format = format
        }

        func location(_ parser: XMLParser) -> SourceLocation {
            SourceLocation(file: path, line: parser.lineNumber, column: parser.columnNumber)
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let name = XMLGeoReader.localName(elementName)
            if stack.isEmpty { sawRoot = name == (format == .gpx ? "gpx" : "kml") }
            stack.append(name)
            text = ""
            guard sawRoot else { parser.abortParsing(); return }
            switch (format, name) {
            case (.gpx, "wpt"):
                beginFeature(parser)
                let latText = attributes["lat"] ?? "", lonText = attributes["lon"] ?? ""
                if let lat = Double(latText.trimmingCharacters(in: .whitespaces)), let lon = Double(lonText.trimmingCharacters(in: .whitespaces)),
                    let c = GeoText.coordinate(latitude: lat, longitude: lon)
                {
                    featurePoint = c
                } else {
                    featureFailed = true
                    result.diagnostics.append(
                        .error(
                            "bad-coordinate",
                            "a <wpt> needs lat and lon attributes in decimal degrees within range (got lat=\"\(latText)\" lon=\"\(lonText)\")",
                            at: location(parser), fix: "write <wpt lat=\"52.0907\" lon=\"5.1213\">"))
                }
            case (.kml, "Placemark"):
                beginFeature(parser)
            case (.kml, "Polygon"):
                outer = nil; holes = []
            case (.kml, "Data"):
                dataName = attributes["name"]
            case (_, "long_description"), (_, "short_description"):
                if attributes["html"]?.lowercased() == "true" { fields[name + ".html"] = "1" }
            default: break
            }
        }

        func beginFeature(_ parser: XMLParser) {
            inFeature = true
            featureFailed = false
            fields = [:]
            featurePoint = nil
            kmlPoints = []
            kmlPolygons = []
            featureLine = parser.lineNumber
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { text += String(decoding: CDATABlock, as: UTF8.self) }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            let name = XMLGeoReader.localName(elementName)
            defer { if !stack.isEmpty { stack.removeLast() }; text = "" }
            guard inFeature else { return }
            let parent = stack.count >= 2 ? stack[stack.count - 2] : ""
            switch (format, name) {
            case (.gpx, "wpt"):
                finishGPX()
            case (.gpx, _):
                // Cache fields win over the waypoint's own; both are kept apart by the parent element.
                let key = parent == "cache" ? "cache." + name : parent == "task" ? "task." + name : parent == "wpt" ? name : nil
                if let key, let value = GeoText.clean(text) { fields[key] = value }
            case (.kml, "Placemark"):
                finishKML(parser)
            case (.kml, "coordinates"):
                guard let points = parseCoordinates(text, parser) else { featureFailed = true; return }
                if stack.contains("Point") {
                    kmlPoints.append(contentsOf: points)
                } else if stack.contains("outerBoundaryIs") {
                    outer = points
                } else if stack.contains("innerBoundaryIs") {
                    holes.append(points)
                }
            case (.kml, "Polygon"):
                if let outer, AreaPolygon.open(outer).count >= 3 {
                    kmlPolygons.append(AreaPolygon(outer: outer, holes: holes.filter { AreaPolygon.open($0).count >= 3 }))
                } else if !featureFailed {
                    featureFailed = true
                    result.diagnostics.append(
                        .error(
                            "kml-bad-polygon", "a <Polygon> needs an <outerBoundaryIs> ring of at least 3 points\(featureName)",
                            at: location(parser)))
                }
            case (.kml, "value") where parent == "Data":
                if let dataName, let value = GeoText.clean(text) { fields["data." + dataName.lowercased()] = value }
            case (.kml, "name"), (.kml, "description"):
                if parent == "Placemark", let value = GeoText.clean(text) { fields[name] = value }
            default: break
            }
        }

        var featureName: String { fields["name"].map { " (placemark \"\($0)\")" } ?? "" }

        func parseCoordinates(_ text: String, _ parser: XMLParser) -> [Coordinate]? {
            var points: [Coordinate] = []
            for tuple in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }) {
                let parts = tuple.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count >= 2, let lon = Double(parts[0]), let lat = Double(parts[1]),
                    let c = GeoText.coordinate(latitude: lat, longitude: lon)
                else {
                    result.diagnostics.append(
                        .error(
                            "bad-coordinate", "`\(tuple.prefix(60))` is not a lon,lat[,alt] position on the Earth\(featureName)",
                            at: SourceLocation(file: path, line: parser.lineNumber, column: 0),
                            fix: "KML writes longitude first: <coordinates>5.1213,52.0907,0</coordinates>"))
                    return nil
                }
                points.append(c)
            }
            return points
        }

        func finishGPX() {
            inFeature = false
            guard !featureFailed, let point = featurePoint else { return }
            func html(_ key: String) -> String? {
                guard let value = fields["cache." + key] else { return nil }
                return fields[key + ".html"] != nil ? GeoText.clean(GeoText.plain(fromHTML: value)) : value
            }
            let descriptions = [html("short_description"), html("long_description")].compactMap { $0 }
            let name = fields["cache.name"] ?? fields["urlname"] ?? fields["name"] ?? "place \(result.places.count + 1)"
            var kind = fields["cache.type"] ?? fields["type"]
            if let k = kind, k.hasPrefix("Geocache|") { kind = String(k.dropFirst("Geocache|".count)) }
            var place = Place(
                name: name, coordinate: point,
                description: descriptions.isEmpty ? (fields["desc"] ?? fields["cmt"]) : descriptions.joined(separator: "\n\n"),
                hint: fields["cache.encoded_hints"] ?? fields["task.hint"], kind: kind == "task" ? nil : kind,
                difficulty: fields["cache.difficulty"].flatMap(Double.init),
                terrain: fields["cache.terrain"].flatMap(Double.init),
                location: SourceLocation(file: path, line: featureLine))
            if let r = fields["task.radius"].flatMap(Length.parse), r.metres > 0, r.metres <= 20_000_000 { place.radius = r }
            result.places.append(place)
        }

        func finishKML(_ parser: XMLParser) {
            inFeature = false
            guard !featureFailed else { return }
            let description = fields["description"].map { $0.contains("<") ? GeoText.plain(fromHTML: $0) : $0 }.flatMap(GeoText.clean)
            let at = SourceLocation(file: path, line: featureLine)
            for (i, point) in kmlPoints.enumerated() {
                var place = Place(
                    name: fields["name"] ?? "place \(result.places.count + 1)", coordinate: point,
                    description: description, hint: fields["data.hint"], kind: fields["data.type"] ?? fields["data.category"],
                    location: at)
                if kmlPoints.count > 1 { place.name += " \(i + 1)" }
                if let r = fields["data.radius"], let l = Length.parse(r), l.metres > 0, l.metres <= 20_000_000 { place.radius = l }
                result.places.append(place)
            }
            if !kmlPolygons.isEmpty {
                result.areas.append(NamedArea(name: fields["name"], description: description, polygons: kmlPolygons, location: at))
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard failure == nil else { return }
            let code = (parseError as NSError).code
            if !sawRoot && !stack.isEmpty { return }  // abortParsing after a wrong root; reported as such
            // Before the root element the file is not recognised: no line of it is shown.
            failure = .error(
                "xml-syntax", "\(path) is not well-formed XML: \(XMLGeoReader.message(forXMLError: code))",
                at: sawRoot ? location(parser) : SourceLocation(file: path),
                fix: "fix the file at this line, or re-export it from the app that made it")
        }
    }
}
