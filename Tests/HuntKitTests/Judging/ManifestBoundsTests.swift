import Foundation
import Testing
@testable import HuntKit

/// Absurd manifests get a bounded cost and a message a person can act on: repeated rows are one
/// warning, fields and bad rows are bounded, an unclosed quote is named at its line.
@Suite struct ManifestBoundsTests {
    @Test func repeatedManifestRowsAreOneWarningAndConflictingRowsAnError() throws {
        let rows =
            ["team,task,path", "foxes,tower,upload/1.jpg"] + Array(repeating: "foxes,tower,upload/1.jpg", count: 1000)
            + ["owls,bridge,upload/1.jpg"]
        let manifest = try Manifest.parse(rows.joined(separator: "\n"), displayPath: "m.csv")
        let finder = SubmissionFinder(hunt: JudgingFixtures.hunt(), manifest: manifest)
        let folder = try PhotoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("upload"), withIntermediateDirectories: true)
        try Data(try PhotoFixtures.bytes("jpeg-gps-complete.jpg")).write(to: folder.appendingPathComponent("upload/1.jpg"))
        let scan = try finder.scan(folder, displayPath: "subs")
        let duplicate = scan.diagnostics.filter { $0.code == "manifest-duplicate" }
        #expect(duplicate.count == 1)
        #expect(duplicate.first?.message == "1000 row(s) repeat an earlier row; this one repeats line 2")
        #expect(duplicate.first?.severity == .warning)
        #expect(scan.diagnostics.filter { $0.code == "manifest-conflict" }.map(\.location.line) == [1003])
        #expect(scan.submissions.map { "\($0.team)/\($0.task ?? "-")" } == ["foxes/tower"])
    }

    @Test func manifestFieldsAndRowsAreBounded() {
        let long = "foxes,tower," + String(repeating: "a", count: Manifest.maximumFieldBytes + 1)
        #expect(throws: DiagnosticError.self) { try Manifest.parse(long, displayPath: "m.csv") }
        do {
            _ = try Manifest.parse(long, displayPath: "m.csv")
        } catch {
            #expect(error.diagnostics.first?.message == "a field of 4097 bytes; a team, task or path is at most 4096")
        }
        // A file of nothing but bad rows stops after a hundred of them.
        let bad = Array(repeating: "only-one-field", count: 10_000).joined(separator: "\n")
        do {
            _ = try Manifest.parse(bad, displayPath: "m.csv")
            Issue.record("10,000 bad rows were accepted")
        } catch {
            #expect(error.diagnostics.count == 101)
        }
    }

    @Test func anUnclosedQuoteInTheManifestIsNamed() {
        do {
            _ = try Manifest.parse("foxes,tower,\"upload/1.jpg\nfoxes,tower,upload/2.jpg\n", displayPath: "m.csv")
            Issue.record("accepted")
        } catch {
            #expect(error.diagnostics.map(\.code) == ["csv-syntax"])
            #expect(error.diagnostics.first?.location.line == 1)
        }
    }
}
