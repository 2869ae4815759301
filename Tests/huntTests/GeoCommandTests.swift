import Foundation
import HuntTestSupport
import Testing

/// `hunt where`, `hunt import` and `hunt export` as a user runs them.
@Suite struct GeoCommandTests {
    static let fixtures = SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/geo")
    static let france = SourceTree.root.appendingPathComponent("Examples/where-is-france")

    @Test func whereJSONHasTheDocumentedFields() throws {
        let run = try HuntBinary.run(["where", "52.0880,5.1190", "52.0907,5.1213", "--to", "52.09067,5.12133", "--radius", "75m", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: run.stdoutData) as? [[String: Any]])
        #expect(rows.count == 2)
        for key in ["input", "target", "distance_m", "bearing_deg", "compass", "inside", "band"] { #expect(rows[0][key] != nil, "\(key)") }
        #expect(rows[0]["input"] as? String == "52.0880,5.1190")
        #expect(rows[0]["compass"] as? String == "SSW" && rows[0]["inside"] as? Bool == false && rows[0]["band"] as? String == "warm")
        #expect(abs((rows[0]["distance_m"] as? Double ?? 0) - 337.29) < 0.01)
        #expect(rows[1]["inside"] as? Bool == true && rows[1]["band"] as? String == "found")
    }

    @Test func whereAgainstAHuntNamesEveryTask() throws {
        let run = try HuntBinary.run(["where", "48.0,-6.0", "--hunt", "hunt.yaml", "--format", "csv"], in: Self.france)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\r\n")  // CSV rows end CRLF (one Character)
        #expect(lines.first?.hasPrefix("input,latitude,longitude,target,distance_m,edge_m,bearing_deg,compass,inside,band") == true)
        #expect(lines.dropFirst().contains { $0.contains(",france,") && $0.contains(",false,") })
    }

    @Test func wherePositionsFromStandardInput() throws {
        let run = try HuntBinary.run(
            ["where", "--positions", "-", "--to", "fiji-across-antimeridian.geojson", "--format", "csv"],
            in: Self.fixtures, stdin: Data("lat,lon\n-17.5,179.5\n-17.5,-179.5\n-18,180\n".utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let inside = run.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[8] }
        #expect(inside == ["true", "true", "false"])
    }

    @Test(arguments: [
        (["where", "52,5"], "--hunt"),
        (["where", "--to", "t.kml"], "give at least one position or photo"),
        (["where", "52,5", "--hunt", "h.yaml", "--radius", "30m"], "--radius goes with --to"),
        (["where", "--positions", "p.csv", "--to", "52,5", "--radius", "thirty"], "is not a length"),
        (["where", "52,5", "--to", "52,5", "--hunt", "h.yaml"], "not both"),
        (["where", "52,5", "--to", "52,5", "--radius", "wide"], "--radius"),
        (["import", "x.csv", "--near", "52,5"], "--within")
    ])
    func usageErrorsExitTwoAndSayWhatToType(arguments: [String], mention: String) throws {
        let run = try HuntBinary.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(mention), "\(run.stderr)")
    }

    @Test func theContainmentBenchmarkOfAnAreaIsItsLineAlone() throws {
        let run = try HuntBinary.run(
            ["where", "52.0907,5.1213", "nowhere.jpg", "--to", "park-with-pond-clockwise.kml", "--benchmark-containment"],
            in: Self.fixtures)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("containment: ") && run.stdout.contains(", 1 points ("), "\(run.stdout)")
        #expect(run.stderr.isEmpty)
    }

    @Test func badPositionsFileNamesTheLineAndStillMeasuresTheRest() throws {
        let run = try HuntBinary.run(["where", "--positions", "places-bad-rows.csv", "--to", "52,5", "--format", "csv"], in: Self.fixtures)
        #expect(run.status == 1)
        #expect(run.stdout.split(separator: "\r\n").count == 2)  // header + the one good row
        #expect(run.stderr.contains("places-bad-rows.csv:3:1"))
    }

    @Test func importThenValidate() throws {
        let folder = Scratch.root.appendingPathComponent("geo-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["caches-gpx10-groundspeak.gpx", "park-with-pond-clockwise.kml"] {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let gpx = try HuntBinary.run(["import", "caches-gpx10-groundspeak.gpx", "--radius", "25m"], in: folder)
        #expect(gpx.status == 0, "\(gpx.stderr)")
        #expect(gpx.stdout.contains("title: \"Brücke über die Gracht\"") && gpx.stdout.contains("id: brucke-uber-die-gracht"))
        let kml = try HuntBinary.run(["import", "park-with-pond-clockwise.kml", "--areas-dir", "areas"], in: folder)
        #expect(kml.status == 0, "\(kml.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("areas/wilhelminapark.geojson").path))
        let tasks = kml.stdout.replacingOccurrences(of: "tasks:\n", with: "")
        try Data(("hunt: Imported\n" + gpx.stdout + tasks).utf8).write(to: folder.appendingPathComponent("hunt.yaml"))
        let validate = try HuntBinary.run(["validate", "hunt.yaml"], in: folder)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        for format in ["gpx", "kml", "geojson"] {
            let export = try HuntBinary.run(["export", "hunt.yaml", "--format", format, "-o", "out.\(format)"], in: folder)
            #expect(export.status == 0 && export.stdout.isEmpty, "\(export.stderr)")
            let again = try HuntBinary.run(["import", "out.\(format)"], in: folder)
            #expect(again.stdout.contains("Brücke über die Gracht") && again.stdout.contains("Domtoren"))
        }
    }
}
