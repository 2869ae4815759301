import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

@Suite struct JudgeOutputFolderTests {
    private func scratch() throws -> URL {
        let url = Scratch.root.appendingPathComponent("judge-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func resultsAndReportsAppearTogetherOnlyAtTheCommit() async throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let results = try ReportFixtures.results("photo-scavenger-hunt")
        let out = root.appendingPathComponent("results").path
        let folder = try JudgeOutputFolder(out, reports: [.md, .csv], inputs: [], submissions: root.appendingPathComponent("photos"))
        #expect(folder.resultsPath == out + "/results.json")
        let written = try await folder.stage(results, json: results.jsonChunks())
        #expect(written.files.map(\.lastPathComponent) == ["report.md", "submissions.csv", "leaderboard.csv"])
        #expect(!FileManager.default.fileExists(atPath: folder.resultsPath))
        try folder.commit()
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["leaderboard.csv", "report.md", "results.json", "submissions.csv"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.resultsPath)) == Data(results.jsonChunks().joined()))
    }

    /// A run killed outright (`kill -9`) leaves its temporary files; the next run that takes the
    /// folder removes them, and nothing else.
    @Test func theTemporaryFilesOfAKilledRunAreRemovedByTheNext() async throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("results")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let stale = [".results.json.Ab3dE5fG7hJ9.tmp", ".report.html.000000000000.tmp"]
        let kept = [".results.json.short.tmp", "notes.tmp", ".results.json.Ab3dE5fG7hJ9.tmp.bak", "keep.txt"]
        for name in stale + kept { try Data("x".utf8).write(to: out.appendingPathComponent(name)) }
        let results = try ReportFixtures.results("photo-scavenger-hunt")
        let folder = try JudgeOutputFolder(out.path, reports: [], inputs: [], submissions: root.appendingPathComponent("photos"))
        _ = try await folder.write(results, json: results.jsonChunks())
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == (kept + ["results.json"]).sorted())
    }

    @Test func aFolderInsideTheSubmissionsIsRefusedBeforeAnythingIsMade() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("results").path
        #expect(throws: OutputError.self) { try JudgeOutputFolder(out, reports: [], inputs: [], submissions: root) }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func reportsNeedAFolderAndAJSONFileIsNone() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let json = root.appendingPathComponent("results.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: json))
        #expect(JudgeOutputFolder.problem(out: nil, reports: [.html]) == "reports are written beside results.json: add `--out DIR`")
        #expect(JudgeOutputFolder.problem(out: json, reports: [])?.hasPrefix("--out takes a folder") == true)
        #expect(JudgeOutputFolder.problem(out: nil, reports: []) == nil)
        #expect(JudgeOutputFolder.problem(out: root.appendingPathComponent("new.json").path, reports: [.csv]) == nil)
    }

    @Test func aSecondRunCannotClaimAFolderInUse() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("results").path
        let photos = root.appendingPathComponent("photos")
        let first = try JudgeOutputFolder(out, reports: [], inputs: [], submissions: photos)
        #expect(throws: OutputError.self) { try JudgeOutputFolder(out, reports: [], inputs: [], submissions: photos) }
        _ = first
    }
}
