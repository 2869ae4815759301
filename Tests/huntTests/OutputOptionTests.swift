import Foundation
import HuntTestSupport
import Testing

/// One way to name outputs: `--out` on every command that writes a file (`-o` and `--output`
/// kept), and a missing folder on the way made as `hunt judge --out` makes its folder.
@Suite struct OutputOptionTests {
    static let hunt = SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt/hunt.yaml").path
    static let results = SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/reports/results-where-is-france.json")

    func contents(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func sheetsAndExportTakeOutAndMakeTheFolder() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (arguments, path) in [
            (["sheets", Self.hunt, "--out", "print/sheets.html"], "print/sheets.html"),
            (["sheets", Self.hunt, "-o", "short.html"], "short.html"),
            (["sheets", Self.hunt, "--output", "long.html"], "long.html"),
            (["export", Self.hunt, "--format", "gpx", "--out", "maps/hunt.gpx"], "maps/hunt.gpx"),
            (["export", Self.hunt, "-o", "hunt.geojson"], "hunt.geojson")
        ] {
            let run = try HuntBinary.run(arguments, in: folder)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), "\(arguments)")
        }
        #expect(try contents(folder, "maps/hunt.gpx").contains("<gpx"))
        #expect(try contents(folder, "print/sheets.html").contains("Utrecht Science Park"))
    }

    @Test func aFileWhereAFolderIsNeededIsAnErrorThatNamesIt() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("print"))
        let run = try HuntBinary.run(["sheets", Self.hunt, "--out", "print/sheets.html"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("print/sheets.html: error: `print` is a file, not a folder"), "\(run.stderr)")
    }

    @Test func reportMakesTheFolderOfItsFile() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.results, to: folder.appendingPathComponent("results.json"))
        let run = try HuntBinary.run(["report", "results.json", "--out", "rep/report.html", "--thumbnails", "0"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try contents(folder, "rep/report.html").hasPrefix("<!DOCTYPE html>"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("rep").path) == ["report.html"])
    }

    @Test func csvIntoOneFileGetsOneTable() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.results, to: folder.appendingPathComponent("results.json"))
        let submissions = try HuntBinary.run(["report", "results.json", "--format", "csv", "--out", "x.csv"], in: folder)
        #expect(submissions.status == 0, "\(submissions.stderr)")
        #expect(submissions.stderr.contains("wrote x.csv"), "\(submissions.stderr)")
        #expect(try contents(folder, "x.csv").hasPrefix("path,team,team_name,task,"))
        let standardOutput = try HuntBinary.run(["report", "results.json", "--format", "csv"], in: folder)
        #expect(try contents(folder, "x.csv") == standardOutput.stdout)
        // The format from the extension; --table picks the other table.
        let board = try HuntBinary.run(["report", "results.json", "--out", "tables/board.csv", "--table", "leaderboard"], in: folder)
        #expect(board.status == 0, "\(board.stderr)")
        #expect(try contents(folder, "tables/board.csv").hasPrefix("rank,team,team_name,points,"))
    }
}
