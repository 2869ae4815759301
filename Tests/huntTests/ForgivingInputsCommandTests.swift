import Foundation
import HuntTestSupport
import HuntKit
import Testing

/// Issue 22, items 3, 4, 6 and 12, run as an organizer runs them, on a copy of an example.
@Suite("folders as people name them, Excel manifests, one way to say where", .serialized)
struct ForgivingInputsCommandTests {
    /// A copy of Examples/booze-your-credit whose third team is `rouge` named Équipe Rouge.
    func example() throws -> URL {
        let folder = try HuntBinary.temporaryDirectory("hunt-forgiving")
        let copy = folder.appendingPathComponent("hunt")
        try FileManager.default.copyItem(at: SourceTree.root.appendingPathComponent("Examples/booze-your-credit"), to: copy)
        let huntFile = copy.appendingPathComponent("hunt.yaml")
        let text = try String(contentsOf: huntFile, encoding: .utf8)
        try text.replacingOccurrences(of: "{ id: carmen, name: Carmen }", with: "{ id: rouge, name: Équipe Rouge }")
            .write(to: huntFile, atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(
            at: copy.appendingPathComponent("submissions/carmen"),
            to: copy.appendingPathComponent("submissions/E\u{301}QUIPE_ROUGE"))  // decomposed, as macOS writes it
        try FileManager.default.moveItem(at: copy.appendingPathComponent("submissions/anouk"), to: copy.appendingPathComponent("submissions/ANOUK"))
        try FileManager.default.moveItem(
            at: copy.appendingPathComponent("submissions/ANOUK/cafe"),
            to: copy.appendingPathComponent("submissions/ANOUK/Café"))
        return copy
    }

    @Test func mixedCaseAndAccentedFoldersJudgeAsTheirTeamsAndTasks() throws {
        let copy = try example()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let judged = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--out", "out", "--format", "json"], in: copy)
        #expect(judged.status == 0, "\(judged.stderr)")
        let results = try JSONSerialization.jsonObject(with: judged.stdoutData) as? [String: Any]
        let submissions = results?["submissions"] as? [[String: Any]] ?? []
        #expect(submissions.count == 36)
        #expect(!submissions.contains { ($0["reasons"] as? [String] ?? []).contains { $0 == "unknown-team" || $0 == "unknown-task" } })
        #expect(Set(submissions.compactMap { $0["team"] as? String }) == ["anouk", "bas", "rouge"])

        // --team by the team's name, in any case, with or without its accent.
        for typed in ["Équipe Rouge", "EQUIPE_ROUGE", "equipe-rouge"] {
            let report = try HuntBinary.run(["report", "out/results.json", "--format", "md", "--team", typed], in: copy)
            #expect(report.status == 0, "\(typed): \(report.stderr)")
            #expect(report.stdout.hasPrefix("# Booze Your Credit — Utrecht — Équipe Rouge"), "\(report.stdout.prefix(80))")
        }
        let sheets = try HuntBinary.run(["sheets", "hunt.yaml", "--team", "E\u{301}quipe rouge", "-o", "rouge.html"], in: copy)
        #expect(sheets.status == 0, "\(sheets.stderr)")
    }

    @Test func anExcelManifestIsReadAndOneThatNamesNoPhotoWritesNothing() throws {
        let copy = try example()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        // Excel's "CSV UTF-8": BOM, `;`, CRLF, quoted cells, the columns in the user's order.
        let excel = [0xEF, 0xBB, 0xBF] + Array("Path;Team;Task\r\n\"bas/cafe/IMG_0001.jpg\";Bas;CAFE\r\n".utf8)
        try Data(excel).write(to: copy.appendingPathComponent("excel.csv"))
        let read = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--manifest", "excel.csv"], in: copy)
        #expect(read.status == 0, "\(read.stderr)")

        // Paths in the wrong column: no row names a photo. Nothing is judged or written.
        try "path,team,task\nbas,bas/cafe/IMG_0001.jpg,cafe\n".write(
            to: copy.appendingPathComponent("swapped.csv"), atomically: true, encoding: .utf8)
        let stopped = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--manifest", "swapped.csv", "--out", "out"], in: copy)
        #expect(stopped.status == 1)
        #expect(stopped.stderr.contains("nothing written: fix the manifest and run again"), "\(stopped.stderr)")
        #expect(stopped.stderr.contains("swapped.csv:2:1: error: none of the manifest's 1 path(s) is a photo in submissions"), "\(stopped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: copy.appendingPathComponent("out").path))
    }

    /// The photo 253 m from Café Jan Primus is described one way by the judge, the report and `hunt where`.
    @Test func wordsForWhereAgreeAcrossCommands() throws {
        let example = SourceTree.root.appendingPathComponent("Examples/booze-your-credit")
        let folder = try HuntBinary.temporaryDirectory("hunt-where-words")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let judged = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--out", out, "--format", "md"], in: example)
        #expect(judged.status == 0, "\(judged.stderr)")
        let results = try String(contentsOfFile: out + "/results.json", encoding: .utf8)
        let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        let words = "253 m SE of Café Jan Primus"
        #expect(results.contains("\"message\": \"\(words) (radius 25 m)"))
        #expect(report.contains("- Bas: \(words) — hot"))
        #expect(report.contains("| \(words) — hot | outside-target | \(words) — hot · "))
        let place = try HuntBinary.run(["where", "submissions/bas/cafe/IMG_0012.jpg", "--hunt", "hunt.yaml"], in: example)
        #expect(place.stdout.contains(words + "  no      hot"), "\(place.stdout)")
        // A folder is read as `hunt exif` reads it.
        let many = try HuntBinary.run(["where", "submissions/bas", "--hunt", "hunt.yaml", "--format", "csv"], in: example)
        #expect(many.status == 0, "\(many.stderr)")
        #expect(many.stdout.split(separator: "\r\n").count == 1 + 11)  // 12 photos, one without a position
        #expect(many.stderr.contains("submissions/bas/cafe/IMG_0003.jpg: warning: the photo records no GPS position; not measured"), "\(many.stderr)")
    }

    @Test func exifTableFitsEightyColumns() throws {
        let result = try HuntBinary.run(
            ["exif", "--format", "table", "Examples/photo-scavenger-hunt/submissions", "Examples/where-is-france/submissions"],
            in: SourceTree.root)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count > 40)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        // Each photo's row is its own: shortened paths stay apart.
        let paths = lines.filter { !$0.hasPrefix(" ") && !$0.hasPrefix("PATH") }.map { $0.prefix(44) }
        #expect(Set(paths).count == paths.count)
    }
}
