import Foundation
import HuntTestSupport
import Testing

/// `hunt report` run as a user runs it.
@Suite struct ReportCommandTests {
    static let fixture = SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/reports/results-where-is-france.json")

    /// A temporary folder with results.json (and no photos: its submissions folder is missing).
    func workspace() throws -> URL {
        let folder = try HuntBinary.temporaryDirectory("hunt-report")
        try FileManager.default.copyItem(at: Self.fixture, to: folder.appendingPathComponent("results.json"))
        return folder
    }

    @Test func writesEachFormatIntoAFolder() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        for format in ["html", "md", "json", "csv"] {
            let result = try HuntBinary.run(["report", "results.json", "--format", format, "--out", "out/"], in: folder)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path).sorted()
        #expect(names == ["leaderboard.csv", "report.html", "report.json", "report.md", "submissions.csv"])
        let html = try String(contentsOf: folder.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("Get as close to France as you can"))
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http"))
    }

    @Test func missingPhotosGivePlaceholdersNotAFailure() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try HuntBinary.run(["report", "results.json", "-o", "report.html"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("thumbnails are placeholders"))
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("no preview"))
    }

    @Test func csvGoesToStandardOutputOneTableAtATime() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let submissions = try HuntBinary.run(["report", "results.json", "--format", "csv"], in: folder)
        #expect(submissions.status == 0)
        #expect(submissions.stdout.hasPrefix("path,team,team_name,task,"))
        let leaderboard = try HuntBinary.run(["report", "results.json", "--format", "csv", "--table", "leaderboard"], in: folder)
        #expect(leaderboard.stdout.hasPrefix("rank,team,team_name,points,"))
        #expect(leaderboard.stdout.split(separator: "\r\n").count == 4)
    }

    @Test func oneTeamsReport() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try HuntBinary.run(["report", "results.json", "--team", "van", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect((json["team"] as? [String: Any])?["id"] as? String == "van")
        let verdicts = try #require(json["verdicts"] as? [[String: Any]])
        #expect(!verdicts.isEmpty && verdicts.allSatisfy { $0["team"] as? String == "van" })

        let toFolder = try HuntBinary.run(["report", "results.json", "--team", "van", "--out", "out/"], in: folder)
        #expect(toFolder.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/report-van.html").path))
    }

    @Test func ownTemplate() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{{hunt.title}}: {{#leaderboard}}{{rank}}. {{name}} {{points}}; {{/leaderboard}}\n"
            .write(to: folder.appendingPathComponent("mine.mustache"), atomically: true, encoding: .utf8)
        let result = try HuntBinary.run(["report", "results.json", "--template", "mine.mustache", "--format", "md"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Where is France?") || result.stdout.contains(": 1. "))
        #expect(result.stdout.contains("1. "))

        try "{{#leaderboard}}\n".write(to: folder.appendingPathComponent("broken.mustache"), atomically: true, encoding: .utf8)
        let broken = try HuntBinary.run(["report", "results.json", "--template", "broken.mustache"], in: folder)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("broken.mustache"))
    }

    @Test(arguments: [
        (["--team", "vans"], "did you mean `van`?"),
        (["--template", "nowhere.mustache"], "nowhere.mustache")
    ])
    func badInputExitsOneAndSaysWhy(arguments: [String], message: String) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try HuntBinary.run(["report", "results.json"] + arguments, in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        ("{ not json", "the JSON is malformed"),
        ("{\"schema\": 99}", "newer"),
        ("{\"schema\": 1, \"hunt\": {}}", "does not match schema 1"),
        ("[]", "not a JSON object")
    ])
    func badResultsFilesNameTheFile(content: String, message: String) throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        try content.write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let result = try HuntBinary.run(["report", "bad.json"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.json: error:"), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(arguments: [
        ["--format", "json", "--template", "t.mustache"],
        ["--thumbnails", "-1"],
        ["--table", "leaderboard"],
        ["--format", "pdf"]
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try HuntBinary.run(["report", "results.json"] + arguments, in: folder)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
    }

    @Test func judgeWritesReportsBesideResults() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-judge-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hunt = SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt/hunt.yaml").path
        let simulated = try HuntBinary.run(["simulate", hunt, "--teams", "2", "--photos-per-team", "3", "--out", "sim"], in: folder)
        #expect(simulated.status == 0, "\(simulated.stderr)")
        let judged = try HuntBinary.run(["judge", hunt, "sim/submissions", "--out", "out", "--format", "text,html,csv,md"], in: folder)
        // Honest photos only (the simulation's default), all readable: nothing for exit 1 to report.
        #expect(judged.status == 0, "\(judged.stderr)")
        #expect(judged.stdout.contains(": 6 submissions — 6 accepted, 0 for review, 0 rejected\n"), "\(judged.stdout)")
        for name in ["results.json", "report.html", "report.md", "submissions.csv", "leaderboard.csv"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/\(name)").path), "\(name)")
        }
        // The photos are beside the results: the page embeds their thumbnails.
        let html = try String(contentsOf: folder.appendingPathComponent("out/report.html"), encoding: .utf8)
        #expect(html.contains("data:image/jpeg;base64,"))
        let usage = try HuntBinary.run(["judge", hunt, "sim/submissions", "--format", "html"], in: folder)
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--out"))
    }
}
