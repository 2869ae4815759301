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

    /// cairo and pango are loaded when the first PDF is drawn, not at start-up (they and what they
    /// bring were about 4 ms of every command's start): the dynamic loader's own log shows which
    /// libraries a run opened.
    @Test func cairoAndPangoAreLoadedOnlyToDrawAPDF() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try HuntBinary.run(["validate", hunt("accented-hunt.yaml")], in: dir, environment: ["LD_DEBUG": "files"])
        #expect(plain.status == 0, "\(plain.stderr)")
        // The logs are long: test the facts, so a failure prints a line and not the log.
        let loaded = { (log: String, library: String) in log.contains("file=\(library)") }
        let yaml = loaded(plain.stderr, "libyaml-0.so.2"), cairo = loaded(plain.stderr, "libcairo"),
            pango = loaded(plain.stderr, "libpango")
        #expect(yaml, "the loader's log is missing")
        #expect(!cairo, "validate loaded cairo")
        #expect(!pango, "validate loaded pango")
        let drawing = try HuntBinary.run(["sheets", hunt("accented-hunt.yaml")], in: dir, environment: ["LD_DEBUG": "files"])
        #expect(drawing.status == 0, "\(drawing.stderr.suffix(400))")
        let drewWithPango = loaded(drawing.stderr, "libpangocairo-1.0.so.0"),
            drewWithCairo = loaded(drawing.stderr, "libcairo.so.2")
        #expect(drewWithPango, "sheets did not load pango")
        #expect(drewWithCairo, "sheets did not load cairo")
    }

    /// Issue 38: `hunt sheets --players-url` made `.hunt-players-secret` without saying so, and a
    /// secret nobody knows about is one nobody keeps out of git or keeps for the day.
    @Test func makingThePlayersSecretIsSaidOnce() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: hunt("accented-hunt.yaml"), toPath: dir.appendingPathComponent("hunt.yaml").path)
        let first = try HuntBinary.run(["sheets", "hunt.yaml", "--players-url", "https://hunt.example.org", "-o", "a.pdf"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("made ./.hunt-players-secret") || first.stderr.contains("made .hunt-players-secret"), "\(first.stderr)")
        #expect(first.stderr.contains("keep it private"))
        let second = try HuntBinary.run(["sheets", "hunt.yaml", "--players-url", "https://hunt.example.org", "-o", "b.pdf"], in: dir)
        #expect(second.status == 0 && !second.stderr.contains("made "), "\(second.stderr)")
    }

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
        let template = try HuntBinary.run(
            ["sheets", hunt("accented-hunt.yaml"), "--template", Self.fixtures.appendingPathComponent("layout-with-typo").path], in: dir)
        #expect(template.status == 1)
        #expect(template.stderr.contains("did you mean `accent`?"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test(arguments: [
        ["--answer-key", "--team", "zaby"],
        ["--paper", "a3"],
        ["-o", "-"]
    ])
    func badFlagCombinationsAreUsageErrors(_ flags: [String]) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try HuntBinary.run(["sheets", hunt("accented-hunt.yaml")] + flags, in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
