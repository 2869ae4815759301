import Foundation
import Testing
@testable import HuntKit

@Suite struct GeoFileReaderTests {
    @Test func gpx10KeepsGroundspeakFieldsInTheWaypoint() throws {
        let f = GeoFileReader.read(GeoFixtures.url("caches-gpx10-groundspeak.gpx"), displayPath: "caches.gpx")
        #expect(f.diagnostics.isEmpty)
        #expect(f.places.map(\.name) == ["Domtoren", "Brücke über die Gracht"])
        let dom = f.places[0]
        #expect(dom.kind == "Traditional Cache" && dom.difficulty == 1.5 && dom.terrain == 2 && dom.hint == "Look up.")
        #expect(dom.description == "The tallest church tower in the Netherlands.\n\nBuilt 1321–1382.")
        #expect(dom.location == SourceLocation(file: "caches.gpx", line: 4))
        #expect(f.places[1].hint == "Under the <bridge>")
    }

    @Test func gpx11FindsGroundspeakInsideExtensions() {
        let f = GeoFileReader.read(GeoFixtures.url("caches-gpx11-extensions.gpx"))
        #expect(f.places.count == 2)
        #expect(f.places[0].name == "Tour Eiffel" && f.places[0].hint == "Magnetic" && f.places[0].description == "Iron lattice tower.")
        #expect(f.places[1].name == "Opera House" && f.places[1].description == "Sails")
        #expect(f.places[1].coordinate == Coordinate(latitude: -33.8568, longitude: 151.2153))
    }

    @Test func kmlPolygonWithInnerBoundaryAndAPoint() throws {
        let f = GeoFileReader.read(GeoFixtures.url("park-with-pond-clockwise.kml"))
        #expect(f.diagnostics.isEmpty)
        let park = try #require(f.areas.first)
        #expect(park.name == "Wilhelminapark" && park.description == "Stay on the grass.")
        #expect(park.polygons.count == 1 && park.polygons[0].holes.count == 1 && park.polygons[0].outer.count == 4)
        let area = Area(polygons: park.polygons)
        #expect(area.contains(Coordinate(latitude: 52.0860, longitude: 5.1420)))
        #expect(!area.contains(Coordinate(latitude: 52.0875, longitude: 5.1450)))  // the pond
        #expect(f.places.count == 1 && f.places[0].hint == "Listen." && f.places[0].radius == .metres(15))
        #expect(f.places[0].coordinate == Coordinate(latitude: 52.0875, longitude: 5.145))  // lon,lat order
    }

    @Test func csvDetectsSemicolonsAndQuotes() {
        let f = GeoFileReader.read(GeoFixtures.url("places-semicolon-quoted.csv"))
        #expect(f.diagnostics.isEmpty)
        #expect(f.places.map(\.name) == ["Café \"Zuid\"", "Zürich HB"])
        #expect(f.places[0].description == "Terrace;\nwith a view" && f.places[0].radius == .metres(25))
        #expect(f.places[1].location.line == 4)  // the quoted newline counts
    }

    /// What Excel writes in locales with a decimal comma: `;` between fields, `-33,8568`, CRLF, a BOM.
    @Test func csvFromExcelWithDecimalCommas() {
        let text =
            "\u{FEFF}Name;Latitude;Longitude;Radius\r\nOpera House;-33,8568;151,2153;40\r\n\"Bridge; north\";-33,8523;151,2108;\r\nRio;-22.9519;-43.2105;\r\n"
        let f = GeoFileReader.read(Data(text.utf8), format: .csv, path: "excel.csv")
        #expect(f.diagnostics.isEmpty, "\(f.diagnostics.map(\.message))")
        #expect(f.places.map(\.name) == ["Opera House", "Bridge; north", "Rio"])
        #expect(f.places.map(\.coordinate.latitude) == [-33.8568, -33.8523, -22.9519])
        #expect(f.places.map(\.coordinate.longitude) == [151.2153, 151.2108, -43.2105])
    }

    /// With commas between fields, a decimal comma cannot be told from a delimiter, and `1,234,5`
    /// is never a number.
    @Test(arguments: [
        ("lat,lon\n\"-33,85\",151.2\n", "comma.csv"), ("lat;lon\n-33,85,1;151.2\n", "two-commas.csv"), ("lat;lon\n-33.8,5;151.2\n", "both.csv")
    ])
    func decimalCommasOnlyWhereUnambiguous(text: String, path: String) {
        let f = GeoFileReader.read(Data(text.utf8), format: .csv, path: path)
        #expect(f.places.isEmpty && f.diagnostics.map(\.code) == ["bad-coordinate"])
    }

    @Test func badRowsAreReportedWithLineAndColumnAndTheRestIsRead() {
        let f = GeoFileReader.read(GeoFixtures.url("places-bad-rows.csv"), displayPath: "bad.csv")
        #expect(f.places.map(\.name) == ["ok"])
        #expect(f.diagnostics.map(\.code) == ["coordinate-out-of-range", "bad-coordinate", "csv-syntax"])
        #expect(f.diagnostics.map(\.location.description) == ["bad.csv:3:1", "bad.csv:4:1", "bad.csv:5:1"])
    }

    @Test func brokenXMLNamesTheLine() {
        let f = GeoFileReader.read(GeoFixtures.url("broken.gpx"), displayPath: "broken.gpx")
        // What came before the error is kept (libxml2 may also recover the unclosed last waypoint).
        #expect(f.places.first?.name == "a" && !f.places.contains { $0.name == "b" })
        #expect(f.diagnostics.map(\.code) == ["bad-coordinate", "xml-syntax"])
        #expect(f.diagnostics[0].location.line == 4)
        #expect(f.diagnostics[1].location.line >= 5 && f.diagnostics[1].location.file == "broken.gpx")
    }

    @Test(arguments: [
        ("{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [5.1, 95]}}", "coordinate-out-of-range"),
        (
            "{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"properties\": {\"name\": \"X\"}, \"geometry\": {\"type\": \"Polygon\", \"coordinates\": [[[0,0],[1,1]]]}}]}",
            "geojson-short-ring"
        ),
        ("{\"type\": \"Circle\"}", "geojson-unknown-geometry"),
        ("[1, 2]", "geojson-not-object"),
        ("{\"type\": ", "json-syntax")
    ])
    func geoJSONProblems(json: String, code: String) {
        let f = GeoFileReader.read(Data(json.utf8), format: .geojson, path: "x.geojson")
        #expect(f.diagnostics.map(\.code.rawValue) == [code])
        #expect(f.diagnostics.first?.message.contains("x.geojson") == true)
    }

    @Test func geoJSONNamesTheFeatureInDiagnostics() {
        let json =
            "{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"properties\": {\"name\": \"Dom\"}, \"geometry\": {\"type\": \"Point\", \"coordinates\": [200, 52]}}]}"
        let f = GeoFileReader.read(Data(json.utf8), format: .geojson, path: "x.geojson")
        #expect(f.diagnostics.first?.message.contains("feature 0 \"Dom\"") == true)
    }

    /// Found by fuzzing: XMLParser on Linux traps on invalid UTF-8 in a name; we report it instead.
    @Test func invalidUTF8InAnXMLNameIsAnErrorNotACrash() {
        var bytes = Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n  <wpt ".utf8)
        bytes += [0x8D] + Array("lat=\"1\" lon=\"2\"/>\n</gpx>\n".utf8)
        let f = GeoFileReader.read(Data(bytes), format: .gpx, path: "bad.gpx")
        #expect(f.diagnostics.map(\.code) == ["not-utf8"] && f.diagnostics[0].location.line == 3)
    }

    /// swift-corelibs-foundation's XMLParser crashed on a processing instruction without data.
    @Test(arguments: ["<?x?>", "<?x ?>", "<?x\n?>", "<!-- <?c?> --><?x?>"])
    func processingInstructionsWithoutDataDoNotCrash(_ instruction: String) {
        let gpx =
            "<?xml version=\"1.0\"?>\(instruction)<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<wpt lat=\"52.1\" lon=\"5.1\"><name><![CDATA[a<?y?>]]></name></wpt></gpx>"
        let features = GeoFileReader.read(Data(gpx.utf8), format: .gpx, path: "p.gpx")
        #expect(features.diagnostics.isEmpty)
        #expect(features.places.map(\.name) == ["a<?y?>"])
    }

    /// A prolog in single bytes that declares UTF-16, over bytes that are not UTF-8, trapped in
    /// Foundation's XMLParser (found by .ci/fuzz/geo-readers); it is a not-utf8 error.
    @Test func aFalseUTF16DeclarationIsNotUTF8() {
        let kml =
            Array("<?xml version=\"1.0\" encoding=\"utf-16\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document><name>P".utf8)
            + [0xD2, 0xC3, 0xD0, 0x98] + Array("</name></Document></kml>\n".utf8)
        let features = GeoFileReader.read(Data(kml), format: .kml, path: "p.kml")
        #expect(features.diagnostics.map(\.code) == ["not-utf8"])
    }
}
