import Foundation
import HuntTestSupport
import Testing

/// `hunt validate` run as a user runs it.
@Suite struct ValidateCommandTests {
    static let examples = ["photo-scavenger-hunt", "cache-grab", "where-is-france", "social-explorer", "booze-your-credit"]

    @Test func examplesAreClean() throws {
        let files = Self.examples.map { "Examples/\($0)/hunt.yaml" }
        let result = try HuntBinary.run(["validate"] + files, in: SourceTree.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.hasSuffix("0 errors, 0 warnings") })
        #expect(lines[0].hasPrefix("Examples/photo-scavenger-hunt/hunt.yaml: 8 tasks, 3 teams, window 2026-05-02 10:00–16:00 Europe/Amsterdam"))
    }

    @Test func aBrokenFileExitsOneWithPositions() throws {
        let folder = try HuntBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("hunt: Broken\ntimezone: UTC\ntasks:\n  - id: a\n    title: A\n    at: 52.1, 5.1\n    raduis: 5 m\n".utf8)
            .write(to: folder.appendingPathComponent("hunt.yaml"))
        let result = try HuntBinary.run(["validate", "hunt.yaml"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("hunt.yaml:7:5: error: unknown key `raduis` in a task [unknown-key]"), "\(result.stderr)")
        #expect(result.stderr.contains("        raduis: 5 m\n        ^\n  fix: did you mean `radius`?"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}["), "no colour when not a terminal")
        #expect(result.stdout == "hunt.yaml: 1 task, 0 teams, no window (UTC), 1 error, 0 warnings\n")
    }

    @Test func warningsAloneExitZero() throws {
        let folder = try HuntBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("hunt: W\ntimezone: UTC\ntasks:\n  - id: a\n    title: A\n    at: 52.1, 5.1\n    radius: 12 m\n".utf8)
            .write(to: folder.appendingPathComponent("hunt.yaml"))
        let result = try HuntBinary.run(["validate", "hunt.yaml"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning:"))
        let quiet = try HuntBinary.run(["validate", "--quiet", "hunt.yaml"], in: folder)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
    }

    @Test func jsonFormatPutsOnlyTheArrayOnStdout() throws {
        let folder = try HuntBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("hunt: J\ntimezone: Europe/Amsterdm\ntasks: []\n".utf8).write(to: folder.appendingPathComponent("hunt.yaml"))
        let result = try HuntBinary.run(["validate", "--format", "json", "hunt.yaml", "missing.yaml"], in: folder)
        #expect(result.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]], "\(result.stdout)")
        #expect(array.map { $0["code"] as? String } == ["unknown-timezone", "no-tasks", "file-not-found"])
        #expect(array[0]["file"] as? String == "hunt.yaml")
        #expect(array[0]["line"] as? Int == 2 && array[0]["column"] as? Int == 11)
        #expect(array[0]["severity"] as? String == "error")
        #expect(array[0]["fix"] as? String == "did you mean `Europe/Amsterdam`?")
        #expect(result.stderr.contains("missing.yaml: not loaded, 1 error, 0 warnings"))
    }

    @Test func aBatchGoesOnPastABadFile() throws {
        let result = try HuntBinary.run(["validate", "no-such.yaml", "Examples/cache-grab/hunt.yaml", "Examples"], in: SourceTree.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no-such.yaml: error: no such file [file-not-found]"))
        #expect(result.stderr.contains("Examples: error: is a folder, not a file [not-a-file]"))
        #expect(result.stdout.contains("Examples/cache-grab/hunt.yaml: 4 tasks"))
    }

    @Test func usageErrorsExitTwo() throws {
        let none = try HuntBinary.run(["validate"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("hunt validate hunt.yaml"))
        let badFormat = try HuntBinary.run(["validate", "--format", "xml", "x.yaml"])
        #expect(badFormat.status == 2)
    }

    @Test func colourWhenForcedOffStaysOff() throws {
        let result = try HuntBinary.run(["validate", "nope.yaml"], environment: ["NO_COLOR": "1"])
        #expect(!result.stderr.contains("\u{1B}["))
    }
}
