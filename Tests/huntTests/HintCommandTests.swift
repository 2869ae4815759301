import Foundation
import HuntKit
import HuntTestSupport
import Testing

/// Hints on the orientation day, as an organizer meets them: `hunt validate` takes them, `hunt
/// judge` charges the hints bought in submissions/hints.jsonl (its cut line named) and lists them
/// per team, the reports show them, and the sheets print when or for what a hint opens, never
/// its text, while the answer key prints every text.
@Suite("Hints in hunt judge and hunt sheets")
struct HintCommandTests {
    static let folder = SourceTree.root.appendingPathComponent("Examples/orientation-day")

    @Test("hunt judge takes the hints bought off the owls' points and lists them; the cut line is named")
    func judged() throws {
        let validate = try HuntBinary.run(["validate", "hunt.yaml"], in: Self.folder)
        #expect(validate.status == 0 && validate.stdout.contains("0 errors, 0 warnings"), "\(validate.stdout)\(validate.stderr)")
        let run = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--format", "json"], in: Self.folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("submissions/hints.jsonl:4:1") && run.stderr.contains("not a hint bought"), "\(run.stderr)")
        let results = try JudgeResults.decode(run.stdoutData)
        let owls = results.teams.first { $0.id == "owls" }, foxes = results.teams.first { $0.id == "foxes" }
        // owls: 55 from their answers, check-ins and the gate's question, less the astronomer's hint (5, task done) and the bells' (4, never done; bought twice, charged once).
        #expect(owls?.points == 55 - 5 - 4)
        #expect(
            owls?.hintsUsed?.map { "\($0.task)#\($0.hint)=\($0.cost)@\($0.at.text)" } == [
                "bells#1=4@2026-05-02T11:39:00+02:00", "astronomer#0=5@2026-05-02T12:02:00+02:00"
            ])
        #expect(foxes?.hintsUsed == nil && foxes?.points == 70)
        #expect(!results.skipped.contains { $0.path.contains("hints.jsonl") }, "the hints log is not a skipped file")
    }

    @Test("the Markdown, HTML and CSV reports show the hints a team bought beside its points")
    func report() throws {
        let out = Scratch.root.appendingPathComponent("hint-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--out", out.path, "--format", "md,html,csv"], in: Self.folder)
        #expect(run.status == 0, "\(run.stderr)")
        let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("| Night Owls | 46 (2 hints bought: −9) |"), "\(markdown)")
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<td class=\"points num\">46<span class=\"hints-used\">2 hints bought: −9</span></td>"))
        let csv = try String(contentsOf: out.appendingPathComponent("leaderboard.csv"), encoding: .utf8).split(whereSeparator: \.isNewline)
        #expect(
            csv.first?.hasSuffix(",hints,hint_points") == true && csv.contains { $0.hasPrefix("2,owls,Night Owls,46,") && $0.hasSuffix(",2,9") },
            "\(csv)")
    }

    @Test("players' sheets say when and for what a hint opens, never its text; the answer key prints every text")
    func sheets() throws {
        // A copy: the answer key lists the codes, and makes the players' secret beside the hunt the first time.
        let dir = Scratch.root.appendingPathComponent("hint-sheets-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.folder, to: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let hunt = dir.appendingPathComponent("hunt.yaml").path
        let sheets = try HuntBinary.run(["sheets", hunt, "-o", "s.html", "--team", "owls"], in: dir)
        #expect(sheets.status == 0, "\(sheets.stderr)")
        let html = try String(contentsOf: dir.appendingPathComponent("s.html"), encoding: .utf8)
        #expect(html.contains("Hint at 10:30") && html.contains("Hint for 4 points") && html.contains("Hint for 5 points"))
        #expect(!html.contains("Count them from the square") && !html.contains("fewer than twenty") && !html.contains("light of the Sun"))
        let key = try HuntBinary.run(["sheets", hunt, "-o", "k.html", "--answer-key"], in: dir)
        #expect(key.status == 0, "\(key.stderr)")
        let keyHTML = try String(contentsOf: dir.appendingPathComponent("k.html"), encoding: .utf8)
        #expect(keyHTML.contains("Count them from the square; the tower hides none. (after 30 min)"), "\(keyHTML)")
        #expect(keyHTML.contains("More than ten and fewer than twenty. (4 pts)") && keyHTML.contains("He measured the light of the Sun. (5 pts)"))
        let pdf = try HuntBinary.run(["sheets", hunt, "-o", "s.pdf"], in: dir)
        #expect(pdf.status == 0, "\(pdf.stderr)")
    }
}
