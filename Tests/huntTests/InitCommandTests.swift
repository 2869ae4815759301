import Foundation
import Testing

/// `hunt init` as a user runs it: every template writes a hunt that validates clean.
@Suite struct InitCommandTests {
    static let templates = ["photo-hunt", "geocache", "closest", "cafe-credits"]

    @Test(arguments: templates)
    func templateValidatesClean(_ name: String) throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try HuntBinary.run(["init", "new-hunt", "--template", name], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.contains("next steps"))
        #expect(made.stderr.contains("new-hunt/hunt.yaml"))
        let hunt = folder.appendingPathComponent("new-hunt")
        let checked = try HuntBinary.run(["validate", "hunt.yaml"], in: hunt)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stderr.isEmpty, "\(checked.stderr)")
        #expect(checked.stdout.hasSuffix("0 errors, 0 warnings\n"))
    }

    @Test func defaultIsPhotoHuntInTheCurrentFolder() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try HuntBinary.run(["init"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("hunt.yaml"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count > 2 && lines[1].hasPrefix("# photo-hunt:"))
        // The editor's schema line names the schema of the Templates folder used, by absolute path.
        let modeline = "# yaml-language-server: $schema="
        #expect(lines.first?.hasPrefix(modeline) == true)
        let schema = String(lines[0].dropFirst(modeline.count))
        #expect(schema.hasPrefix("/") && schema.hasSuffix("/hunt.schema.json") && FileManager.default.fileExists(atPath: schema), "\(schema)")
    }

    @Test func neverOverwrites() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = Data("park: my own file\n".utf8)
        try mine.write(to: folder.appendingPathComponent("park.geojson"))
        let made = try HuntBinary.run(["init", ".", "--template", "closest"], in: folder)
        #expect(made.status == 1)
        #expect(made.stderr.contains("park.geojson"), "\(made.stderr)")
        #expect(made.stderr.contains("never overwrites"))
        // Nothing was written: not even the hunt.yaml that did not clash.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("hunt.yaml").path))
        #expect(try Data(contentsOf: folder.appendingPathComponent("park.geojson")) == mine)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files == ["park.geojson"])
    }

    @Test func listsTemplates() throws {
        let result = try HuntBinary.run(["init", "--list-templates"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(names == Self.templates.sorted())
    }

    @Test func unknownTemplateIsAUsageError() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-init")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try HuntBinary.run(["init", "x", "--template", "geocash"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean `geocache`?"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x").path))
    }

    @Test func listTemplatesWithAFolderIsAUsageError() throws {
        #expect(try HuntBinary.run(["init", "somewhere", "--list-templates"]).status == 2)
    }
}
