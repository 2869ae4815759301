import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// `hunt import --into`: tasks added to the hunt file's own list, every other byte kept.
@Suite struct ImportIntoHuntTests {
    static let items = "  - id: cafe-noir\n    title: \"Café Noir\"\n    at: 52.0912, 5.1208\n"

    func hunt(_ text: String) throws -> (URL, ImportIntoHunt) {
        let folder = Scratch.root.appendingPathComponent("import-into-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("hunt.yaml")
        try Data(text.utf8).write(to: file)
        return (folder, try ImportIntoHunt(huntPath: file.path))
    }

    func added(to text: String) throws -> String {
        let (folder, into) = try hunt(text)
        defer { try? FileManager.default.removeItem(at: folder) }
        return String(decoding: try into.adding(Self.items, count: 1), as: UTF8.self)
    }

    @Test func theItemsGoAfterTheLastTaskAndTheCommentsStay() throws {
        let text = """
            # Our hunt — keep this comment
            hunt: Campus
            tasks:
              # the tower first
              - id: dom
                title: Dom   # tallest
                at: 52.09067, 5.12133

            # rewards below
            rewards:
              - { points: 10, reward: A drink }

            """
        let result = try added(to: text)
        #expect(
            result == """
                # Our hunt — keep this comment
                hunt: Campus
                tasks:
                  # the tower first
                  - id: dom
                    title: Dom   # tallest
                    at: 52.09067, 5.12133
                  - id: cafe-noir
                    title: "Café Noir"
                    at: 52.0912, 5.1208

                # rewards below
                rewards:
                  - { points: 10, reward: A drink }

                """)
    }

    @Test(arguments: [
        // A list at the key's own indentation, a flow item, CRLF line ends.
        (
            "hunt: X\ntasks:\n- id: a\n  at: 1, 2\n",
            "hunt: X\ntasks:\n- id: a\n  at: 1, 2\n- id: cafe-noir\n  title: \"Café Noir\"\n  at: 52.0912, 5.1208\n"
        ),
        (
            "hunt: X\ntasks:\n    - { id: a, at: 1, 2 }\n",
            "hunt: X\ntasks:\n    - { id: a, at: 1, 2 }\n    - id: cafe-noir\n      title: \"Café Noir\"\n      at: 52.0912, 5.1208\n"
        ),
        (
            "hunt: X\r\ntasks:\r\n  - id: a\r\n    at: 1, 2\r\n",
            "hunt: X\r\ntasks:\r\n  - id: a\r\n    at: 1, 2\r\n  - id: cafe-noir\r\n    title: \"Café Noir\"\r\n    at: 52.0912, 5.1208\r\n"
        ),
        // Empty lists and no list at all.
        (
            "hunt: X\ntasks: []   # none yet\nteams: [a]\n",
            "hunt: X\ntasks: # none yet\n  - id: cafe-noir\n    title: \"Café Noir\"\n    at: 52.0912, 5.1208\nteams: [a]\n"
        ),
        ("hunt: X\ntasks:\n", "hunt: X\ntasks:\n  - id: cafe-noir\n    title: \"Café Noir\"\n    at: 52.0912, 5.1208\n"),
        ("hunt: X", "hunt: X\ntasks:\n  - id: cafe-noir\n    title: \"Café Noir\"\n    at: 52.0912, 5.1208\n")
    ])
    func layouts(text: String, expected: String) throws {
        #expect(try added(to: text) == expected)
    }

    @Test func aFlowListWithTasksIsLeftAloneWithTheFix() throws {
        let (folder, into) = try hunt("hunt: X\ntasks: [ { id: a, at: \"1, 2\" } ]\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: DiagnosticError.self) { try into.adding(Self.items, count: 1) }
    }

    @Test func takenIDsAreMadeUniqueAndNamed() throws {
        let (folder, into) = try hunt("hunt: X\ntasks:\n  - id: cafe-noir\n    at: 1, 2\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(into.taskIDs == ["cafe-noir"])
        var importer = PlacesImport(sourcePath: "c.csv", sourceFormat: .csv)
        importer.takenIDs = into.taskIDs
        let output = importer.tasks(
            from: GeoFeatures(places: [
                Place(name: "Café Noir", coordinate: Coordinate(latitude: 52.09, longitude: 5.12), location: SourceLocation(file: "c.csv"))
            ]))
        #expect(output.items.hasPrefix("  - id: cafe-noir-2\n"))
        #expect(output.renamed.map { $0.written } == ["cafe-noir-2"])
        #expect(into.summary(output, written: [into.huntPath]).contains("`cafe-noir` is taken, so `cafe-noir-2`"))
    }

    @Test func anAreaOutsideTheHuntsFolderIsWrittenBesideIt() throws {
        let square = [
            Coordinate(latitude: 52, longitude: 5), Coordinate(latitude: 52, longitude: 5.01),
            Coordinate(latitude: 52.01, longitude: 5.01), Coordinate(latitude: 52, longitude: 5)
        ]
        let features = GeoFeatures(areas: [
            NamedArea(name: "Park", polygons: [AreaPolygon(outer: square)], location: SourceLocation(file: "p.geojson"))
        ])
        var importer = PlacesImport(sourcePath: "../elsewhere/park.geojson", sourceFormat: .geojson)
        importer.huntFolder = "myhunt"
        let outside = importer.tasks(from: features)
        #expect(outside.items.contains("area: \"park.geojson\""))
        #expect(outside.areaFiles.map(\.path) == ["myhunt/park.geojson"])
        importer.sourcePath = "myhunt/maps/park.geojson"
        let inside = importer.tasks(from: features)
        #expect(inside.items.contains("area: \"maps/park.geojson\""))
        #expect(inside.areaFiles.isEmpty)
    }
}
