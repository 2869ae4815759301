import Foundation
import HuntTestSupport
@testable import HuntKit

/// Loading hunts from text in tests.
enum DefinitionTestSupport {
    /// A hunt with the given task lines (already indented as list items) and extra top-level lines.
    static func hunt(tasks: String = defaultTasks, top: String = "", header: String = defaultHeader) -> String {
        header + (top.isEmpty ? "" : top + "\n") + "tasks:\n" + tasks
    }

    static let defaultHeader = """
        hunt: Test Hunt
        timezone: Europe/Amsterdam
        window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }

        """

    static let defaultTasks = """
          - id: dom
            title: The Dom Tower
            at: 52.09067, 5.12133

        """

    /// A folder with `area.geojson` (a small polygon), `places.geojson` (two points), and
    /// reference photos: `fountain.jpg`, `fountain.png`, `fountain.heic` (only its head) and
    /// `notes.txt`.
    static let folder: URL = {
        let url = Scratch.root.appendingPathComponent("huntkit-definition-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let area = """
            {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Park"},"geometry":{"type":"Polygon",
            "coordinates":[[[5.1229,52.0990],[5.1279,52.0987],[5.1333,52.1018],[5.1253,52.1030],[5.1229,52.0990]]]}}]}
            """
        let places = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"A"},"geometry":{"type":"Point","coordinates":[5.119,52.093]}},
            {"type":"Feature","properties":{"name":"B"},"geometry":{"type":"Point","coordinates":[5.117,52.091]}}]}
            """
        try? Data(area.utf8).write(to: url.appendingPathComponent("area.geojson"))
        try? Data(places.utf8).write(to: url.appendingPathComponent("places.geojson"))
        try? Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xD9])
            .write(to: url.appendingPathComponent("fountain.jpg"))
        try? Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 16)).write(
            to: url.appendingPathComponent("fountain.png"))
        try? Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)).write(
            to: url.appendingPathComponent("fountain.heic"))
        try? Data("a note, not a photo\n".utf8).write(to: url.appendingPathComponent("notes.txt"))
        return url
    }()

    static func load(_ text: String, readTargetFiles: Bool = false) -> HuntLoadResult {
        var loader = HuntLoader()
        loader.readsTargetFiles = readTargetFiles
        return loader.load(Array(text.utf8), displayPath: "hunt.yaml", baseURL: folder)
    }

    static func line(_ number: Int, of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return number >= 1 && number <= lines.count ? String(lines[number - 1]) : ""
    }
}
