import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

@Suite struct ReportDestinationTests {
    @Test func outChoosesTheDestination() throws {
        let existing = FileManager.default.temporaryDirectory.path
        #expect(ReportDestination(out: nil) == .standardOutput)
        #expect(ReportDestination(out: "-") == .standardOutput)
        #expect(ReportDestination(out: "new/") == .folder("new/"))
        #expect(ReportDestination(out: existing) == .folder(existing))
        #expect(ReportDestination(out: "report.html") == .file("report.html"))
    }

    @Test func aFolderGetsEveryDocumentUnderItsName() throws {
        let root = Scratch.root.appendingPathComponent("report-dest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let documents = [
            ReportDocument(name: "submissions.csv", bytes: Array("a\n".utf8)),
            ReportDocument(name: "leaderboard.csv", bytes: Array("b\n".utf8))
        ]
        let written = try ReportDestination.folder(root.path + "/").write(documents, inputs: [])
        #expect(written == [root.path + "/submissions.csv", root.path + "/leaderboard.csv"])
        #expect(try String(contentsOf: root.appendingPathComponent("leaderboard.csv"), encoding: .utf8) == "b\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".hunt.lock").path))
    }

    @Test func aFileGetsTheFirstDocumentAndNeverReplacesAnInput() throws {
        let file = Scratch.root.appendingPathComponent("report-dest-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        let documents = [ReportDocument(name: "report.md", bytes: Array("# r\n".utf8))]
        #expect(try ReportDestination.file(file.path).write(documents, inputs: []) == [file.path])
        #expect(throws: OutputError.self) { try ReportDestination.file(file.path).write(documents, inputs: [file]) }
        #expect(try String(contentsOf: file, encoding: .utf8) == "# r\n")
    }
}
