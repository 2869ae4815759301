import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

@Suite struct ImportExportTests {
    static func hunt(tasksFrom features: GeoFeatures, radius: Length = .metres(30)) -> Hunt {
        var hunt = Hunt(id: "t", title: "Round trip", source: SourceLocation(file: "t.yaml"))
        for (i, place) in features.places.enumerated() {
            hunt.tasks.append(
                HuntTask(
                    id: "p\(i)", title: place.name, clue: place.description, hint: place.hint,
                    target: .circle(center: place.coordinate, radius: place.radius ?? radius),
                    location: SourceLocation(file: "t.yaml")))
        }
        for (i, area) in features.areas.enumerated() {
            var target = AreaTarget(path: "a\(i).geojson", url: URL(fileURLWithPath: "a\(i).geojson"))
            target.area = Area(polygons: area.polygons)
            hunt.tasks.append(HuntTask(id: "a\(i)", title: area.name ?? "area", target: .area(target), location: SourceLocation(file: "t.yaml")))
        }
        return hunt
    }

    @Test func importedYAMLParsesBackWithTheSameStrings() throws {
        let tricky = [
            "Café \"Zuid\"", "天安门", "yes", "null", "Line\nbreak", "# not a comment", "- dash", "a: b", "tab\there", "\u{2028}ls", "  spaced  "
        ]
        let places = tricky.enumerated().map { i, name in
            Place(name: name, coordinate: Coordinate(latitude: 52 + Double(i) / 100, longitude: 5), hint: name, location: SourceLocation(file: "x"))
        }
        let output = PlacesImport(sourcePath: "x.csv", sourceFormat: .csv, radius: .metres(25)).tasks(from: GeoFeatures(places: places))
        let root = try #require(try YAMLParser().parse(Array(output.yaml.utf8), displayPath: "out.yaml"))
        let tasks = try #require(root["tasks"]?.sequence)
        #expect(tasks.count == tricky.count)
        #expect(tasks.map { $0["title"]?.text } == tricky)
        #expect(tasks.map { $0["hint"]?.text } == tricky)
        let ids = tasks.compactMap { $0["id"]?.text }
        #expect(Set(ids).count == tricky.count)
        #expect(ids.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } })
        #expect(ids[0] == "cafe-zuid" && ids[1] == "place-2" && ids[2] == "yes")
        #expect(tasks[0]["at"]?.text == "52, 5" && tasks[0]["radius"]?.text == "25 m")
    }

    @Test func nearAndWithinFilter() {
        let f = GeoFileReader.read(GeoFixtures.url("caches-gpx11-extensions.gpx"))
        let importer = PlacesImport(sourcePath: "c.gpx", sourceFormat: .gpx, near: Coordinate(latitude: 48.86, longitude: 2.29), withinMetres: 1000)
        let output = importer.tasks(from: f)
        #expect(output.taskCount == 1 && output.yaml.contains("Tour Eiffel") && !output.yaml.contains("Opera"))
    }

    @Test func areasNeedTheirOwnFileUnlessAlone() {
        let f = GeoFileReader.read(GeoFixtures.url("park-with-pond-clockwise.kml"))
        let single = PlacesImport(sourcePath: "park.kml", sourceFormat: .kml).tasks(from: f)
        #expect(single.yaml.contains("area: \"park.kml\"") && single.areaFiles.isEmpty)
        let written = PlacesImport(sourcePath: "park.kml", sourceFormat: .kml, areasDirectory: "areas").tasks(from: f)
        #expect(written.areaFiles.map(\.path) == ["areas/wilhelminapark.geojson"])
        let back = GeoFileReader.read(Data(written.areaFiles[0].contents.utf8), format: .geojson, path: "w.geojson")
        #expect(back.diagnostics.isEmpty && back.areas.first?.polygons.first?.holes.count == 1)
    }

    /// GPX → hunt → each export format → read again: the same places (and areas where the format has polygons).
    @Test(arguments: HuntExportFormat.allCases)
    func exportThenReadGivesTheSamePlaces(format: HuntExportFormat) throws {
        var features = GeoFileReader.read(GeoFixtures.url("caches-gpx10-groundspeak.gpx"))
        features.areas = GeoFileReader.read(GeoFixtures.url("park-with-pond-clockwise.kml")).areas
        let hunt = Self.hunt(tasksFrom: features)
        let text = format.writer.render(hunt)
        let back = GeoFileReader.read(Data(text.utf8), format: format == .gpx ? .gpx : format == .kml ? .kml : .geojson, path: "out")
        #expect(back.diagnostics.isEmpty)
        #expect(back.places.map(\.name) == features.places.map(\.name))
        #expect(back.places.map(\.coordinate) == features.places.map(\.coordinate))
        #expect(back.places.map(\.hint) == features.places.map(\.hint))
        #expect(back.places.map(\.radius) == features.places.map { _ in .metres(30) })
        if format != .gpx {
            let area = try #require(back.areas.first)
            #expect(area.polygons[0].holes.count == 1)
            // Outer rings come out counter-clockwise, holes clockwise (RFC 7946).
            #expect(Winding.signedArea(area.polygons[0].outer) > 0 && Winding.signedArea(area.polygons[0].holes[0]) < 0)
            #expect(Set(area.polygons[0].outer) == Set(features.areas[0].polygons[0].outer))
        } else {
            #expect(text.contains("<trkseg>"))
        }
    }
}

@Suite struct TargetFilesTests {
    static func load(_ yaml: String, files: [String: String]) throws -> HuntLoadResult {
        let folder = Scratch.root.appendingPathComponent("geo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("hunt.yaml"))
        defer { try? FileManager.default.removeItem(at: folder) }
        return HuntLoader().load(contentsOf: folder.appendingPathComponent("hunt.yaml"), displayPath: "hunt.yaml")
    }

    @Test func importedTasksLoadAsAHunt() throws {
        let f = GeoFileReader.read(GeoFixtures.url("caches-gpx10-groundspeak.gpx"))
        let yaml = PlacesImport(sourcePath: "c.gpx", sourceFormat: .gpx, radius: .metres(25)).tasks(from: f).yaml
        let result = try Self.load("hunt: Imported\n" + yaml, files: [:])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let hunt = try #require(result.hunt)
        #expect(hunt.tasks.map(\.title) == ["Domtoren", "Brücke über die Gracht"])
        #expect(hunt.tasks[1].hint == "Under the <bridge>" && hunt.tasks[0].tags.contains("difficulty 1.5"))
        guard case .circle(let centre, let radius)? = hunt.tasks[0].target else { Issue.record("not a circle"); return }
        #expect(centre == Coordinate(latitude: 52.09067, longitude: 5.12133) && radius == .metres(25))
    }

    @Test func areaAndPlacesFilesAreReadWhenTheHuntLoads() throws {
        let kml = try String(contentsOf: GeoFixtures.url("park-with-pond-clockwise.kml"), encoding: .utf8)
        let result = try Self.load(
            """
            hunt: Files
            tasks:
              - { id: park, title: Park, area: park.kml }
              - { id: cafes, title: Cafés, places: cafes.csv, radius: 20 m }
            """, files: ["park.kml": kml, "cafes.csv": "name,lat,lon\nA,52.1,5.1\nB,52.2,5.2\n"])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let hunt = try #require(result.hunt)
        guard case .area(let area)? = hunt.tasks[0].target, case .places(let places)? = hunt.tasks[1].target else { Issue.record("targets"); return }
        #expect(area.area?.polygons.first?.holes.count == 1)
        #expect(places.places.map(\.name) == ["A", "B"])
    }

    @Test func problemsInTargetFilesNameTheFile() throws {
        let result = try Self.load(
            """
            hunt: Files
            tasks:
              - { id: zone, title: Zone, area: points.geojson }
              - { id: cafes, title: Cafés, places: cafes.csv }
            """,
            files: [
                "points.geojson": "{\"type\": \"Point\", \"coordinates\": [5, 52]}",
                "cafes.csv": "name,lat,lon\nA,52.1,5.1\nB,152.2,5.2\n"
            ])
        let codes = result.diagnostics.map(\.code)
        #expect(codes.contains("area-without-polygon") && codes.contains("coordinate-out-of-range"), "\(result.diagnostics)")
        #expect(result.diagnostics.contains { $0.location.description == "cafes.csv:3:3" })
        #expect(result.diagnostics.contains { $0.message.contains("points.geojson") })
    }
}
