import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// A manifest saved by Excel as "CSV UTF-8" is read by the one CSV reader, columns by header
/// name; one that cannot be read at all stops the run before anything is judged (issue 22, item 4).
@Suite struct ManifestTests {
    /// What Excel writes: a byte-order mark, `;` between fields (in most of Europe and South
    /// America), CRLF, quotes around a cell with the delimiter, columns in the user's order.
    static let excel: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Path;Team;Task\r\nfoxes/IMG_1.jpg;Red Foxes;tower\r\n\"owls/a;b.jpg\";owls;\r\n".utf8)

    func file(_ bytes: [UInt8]) throws -> URL {
        let url = Scratch.root.appendingPathComponent("manifest-\(UUID().uuidString).csv")
        try Data(bytes).write(to: url)
        return url
    }

    @Test func excelCSVUTF8IsReadByHeaderName() throws {
        let url = try file(Self.excel)
        defer { try? FileManager.default.removeItem(at: url) }
        let manifest = try Manifest.read(contentsOf: url, displayPath: "photos.csv")
        #expect(manifest.rows.map(\.path) == ["foxes/IMG_1.jpg", "owls/a;b.jpg"])
        #expect(manifest.rows.map(\.team) == ["Red Foxes", "owls"])
        #expect(manifest.rows.map(\.task) == ["tower", ""])
        #expect(manifest.rows.map(\.location.line) == [2, 3])
    }

    @Test(arguments: ["Equipo;Tarea;Ruta", "ÉQUIPE;Tâche;Fichier", "Team ID;Task;File"])
    func headersAsOrganizersWriteThem(header: String) throws {
        let manifest = try Manifest.parse(header + "\r\nfoxes;tower;foxes/a.jpg\r\n", displayPath: "m.csv")
        #expect(manifest.rows.map(\.path) == ["foxes/a.jpg"])
        #expect(manifest.rows.map(\.team) == ["foxes"])
    }

    @Test func aHeaderWithoutAPathColumnStopsWithWhatItHas() throws {
        #expect {
            try Manifest.parse("\u{FEFF}Team;Task;Photo name\r\nfoxes;tower;a.jpg\r\n", displayPath: "photos.csv")
        } throws: { error in
            let d = (error as? DiagnosticError)?.diagnostics.first
            return d?.code == "manifest-header" && d?.location.file == "photos.csv" && d?.message.contains("`Photo name`") == true
        }
    }

    @Test func theSameReaderAsPlacesFiles() throws {
        // The places reader and the manifest share CSVRows(bytes:): BOM, `;` and CRLF alike.
        var rows = try #require(CSVRows(bytes: Self.excel))
        #expect(rows.delimiterCharacter == ";")
        #expect(rows.next()?.fields.map(\.value) == ["Path", "Team", "Task"])
        let places = GeoFileReader.read(
            Data([0xEF, 0xBB, 0xBF] + Array("lat;lon;name\r\n-34,6037;-58,3816;Obelisco\r\n".utf8)), format: .csv, path: "p.csv")
        #expect(places.places.map(\.name) == ["Obelisco"])
    }

    /// Columns taken by position from a file whose paths are in the first column: no row names a
    /// photo, so nothing is judged and the manifest is named.
    @Test func aManifestThatNamesNoPhotoStopsTheRun() async throws {
        let root = Scratch.root.appendingPathComponent("manifest-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("foxes"), withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 0, count: 16)).write(to: root.appendingPathComponent("foxes/IMG_1.jpg"))
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try file(Array("foxes/IMG_1.jpg,foxes,tower\n".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try JudgeRun(hunt: JudgingFixtures.hunt(), reviewsFile: nil, manifestFile: url.path)
        await #expect {
            _ = try await run.run(submissions: root, displayPath: "subs")
        } throws: { error in
            let failure = error as? JudgeRun.InputError
            return failure?.diagnostics.first?.code == "manifest-matches-nothing" && failure?.diagnostics.first?.location.file == url.path
                && failure?.note == "nothing written: fix the manifest and run again"
        }
    }
}
