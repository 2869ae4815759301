import Foundation
import HuntTestSupport
import Testing

/// `hunt sheets` as an organizer runs it.
@Suite struct SheetsCommandTests {
    static let fixtures = SourceTree.root.appendingPathComponent("Tests/HuntSheetsTests/Fixtures/sheets")

    func folder() throws -> URL {
        let url = Scratch.root.appendingPathComponent("hunt-sheets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func hunt(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

    @Test func writesAPDFForEveryTeamByDefault() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try HuntBinary.run(["sheets", hunt("accented-hunt.yaml")], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "stdout is for data only")
        #expect(result.stderr.contains("wrote sheets.pdf: sheets for 2 teams, 3 tasks"))
        let pdf = try Data(contentsOf: dir.appendingPathComponent("sheets.pdf"))
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        // Nothing but the output is left behind (the temporary file was renamed).
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["sheets.pdf"])
    }

    @Test func theAnswerKeyAndHTMLAndStandardOutput() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = try HuntBinary.run(["sheets", hunt("accented-hunt.yaml"), "--answer-key", "--paper", "letter"], in: dir)
        #expect(key.status == 0, "\(key.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("answer-key.pdf").path))

        let html = try HuntBinary.run(["sheets", hunt("accented-hunt.yaml"), "--team", "zaby", "-o", "zaby.html"], in: dir)
        #expect(html.status == 0, "\(html.stderr)")
        let page = try String(contentsOf: dir.appendingPathComponent("zaby.html"), encoding: .utf8)
        #expect(page.contains("Zelené žáby"))
        #expect(!page.contains("Les Renards rusés"))
        #expect(page.contains("Karlův most"))

        let piped = try HuntBinary.run(["sheets", hunt("accented-hunt.yaml"), "-o", "-", "--format", "pdf"], in: dir)
        #expect(piped.status == 0)
        #expect(piped.stdoutData.starts(with: Data("%PDF-".utf8)))
    }

    @Test func errorsInTheHuntWriteNothingAndExit1() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try HuntBinary.run(["sheets", hunt("hunt-with-errors.yaml"), "-o", "out.pdf"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("hunt-with-errors.yaml:7:"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.pdf").path))
    }

    @Test func anUnknownTeamOrTemplateIsAFindingThatSaysWhatToType() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let team = try HuntBinary.run(["sheets", hunt("accented-hunt.yaml"), "--team", "wolves"], in: dir)
        #expect(team.status == 1)
        #expect(team.stderr.contains("use one of: renards, zaby"))
        let template = try HuntBinary.run(["sheets", hunt("accented-hunt.yaml"), "--template", Self.fixtures.appendingPathComponent("layout-with-typo").path], in: dir)
        #expect(template.status == 1)
        #expect(template.stderr.contains("did you mean `accent`?"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test(arguments: [
        ["--answer-key", "--team", "zaby"],
        ["--paper", "a3"],
        ["-o", "-"],
    ])
    func badFlagCombinationsAreUsageErrors(_ flags: [String]) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try HuntBinary.run(["sheets", hunt("accented-hunt.yaml")] + flags, in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
