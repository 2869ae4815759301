import Foundation
import Testing

/// `hunt import --into`: places added to a hunt an organizer already wrote, which then validates.
@Suite struct ImportIntoCommandTests {
    static let hunt = """
        # Campus hunt — written by hand, keep the comments
        hunt: Campus Hunt
        timezone: Europe/Amsterdam
        tasks:
          # the tower is the first stop
          - id: dom-tower
            title: The Dom Tower   # tallest in NL
            at: 52.09067, 5.12133

        # rewards come last
        rewards:
          - { points: 10, reward: A drink }

        """
    static let gpx = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="52.0907" lon="5.1214"><name>Dom Tower</name></wpt>
          <wpt lat="52.0912" lon="5.1208"><name>Café Noir</name><desc>Coffee: strong</desc></wpt>
        </gpx>
        """
    static let park = """
        {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "Griftpark"},
         "geometry": {"type": "Polygon", "coordinates": [[[5.125, 52.098], [5.131, 52.098], [5.131, 52.101], [5.125, 52.101], [5.125, 52.098]]]}}]}
        """

    func workspace() throws -> URL {
        let folder = try HuntBinary.temporaryDirectory("hunt-import-into")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("myhunt"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("downloads"), withIntermediateDirectories: true)
        try Data(Self.hunt.utf8).write(to: folder.appendingPathComponent("myhunt/hunt.yaml"))
        try Data(Self.gpx.utf8).write(to: folder.appendingPathComponent("downloads/places.gpx"))
        try Data(Self.park.utf8).write(to: folder.appendingPathComponent("downloads/park.geojson"))
        return folder
    }

    @Test func placesGoIntoTheTasksListAndTheHuntValidates() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try HuntBinary.run(["import", "downloads/places.gpx", "--radius", "25m", "--into", "myhunt/hunt.yaml"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("added 2 tasks to myhunt/hunt.yaml (`dom-tower` is taken, so `dom-tower-2`)"), "\(run.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("myhunt/hunt.yaml"), encoding: .utf8)
        // Everything that was there is still there, in order; the new tasks sit inside the list.
        #expect(text.hasPrefix(String(Self.hunt.prefix(while: { $0 != "\n" }))))
        for line in Self.hunt.split(separator: "\n") { #expect(text.contains(line), "\(line)") }
        #expect(text.components(separatedBy: "tasks:").count == 2, "one tasks: key\n\(text)")
        let added = try #require(text.range(of: "  - id: dom-tower-2\n"))
        #expect(added.lowerBound > text.range(of: "at: 52.09067, 5.12133")!.upperBound)
        #expect(added.lowerBound < text.range(of: "# rewards come last")!.lowerBound)
        let validate = try HuntBinary.run(["validate", "myhunt/hunt.yaml"], in: folder)
        #expect(validate.status == 0, "\(validate.stderr)\n\(text)")
        #expect(!validate.stderr.contains("warning"), "\(validate.stderr)")
    }

    @Test func anAreaFromOutsideTheHuntsFolderIsWrittenBesideIt() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try HuntBinary.run(["import", "downloads/park.geojson", "--into", "myhunt/hunt.yaml"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("wrote myhunt/griftpark.geojson"), "\(run.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("myhunt/hunt.yaml"), encoding: .utf8)
        #expect(text.contains("    area: \"griftpark.geojson\"\n"), "\(text)")
        let validate = try HuntBinary.run(["validate", "myhunt/hunt.yaml"], in: folder)
        #expect(validate.status == 0, "\(validate.stderr)")
        // From inside the folder, the file is named where it is.
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("downloads/park.geojson"),
            to: folder.appendingPathComponent("myhunt/park.geojson"))
        let inside = try HuntBinary.run(["import", "park.geojson", "--into", "hunt.yaml"], in: folder.appendingPathComponent("myhunt"))
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("myhunt/hunt.yaml"), encoding: .utf8).contains("area: \"park.geojson\""))
    }

    @Test func aHuntThatIsNotYAMLIsLeftAsItWas() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = "hunt: X\ntasks:\n  - id: a\n   title: B\n"
        try Data(broken.utf8).write(to: folder.appendingPathComponent("myhunt/hunt.yaml"))
        let run = try HuntBinary.run(["import", "downloads/places.gpx", "--into", "myhunt/hunt.yaml"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("myhunt/hunt.yaml:4:"), "\(run.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("myhunt/hunt.yaml"), encoding: .utf8) == broken)
    }
}
