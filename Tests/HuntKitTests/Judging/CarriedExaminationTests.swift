import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// An examination that carries the cases of unchanged photos over from the one before
/// (`JudgeRun.examineChanges(submissions:displayPath:since:unchanged:)`, what `hunt serve` does when
/// photos arrive) reads only new and changed photos, and judges exactly as examining afresh.
@Suite struct CarriedExaminationTests {
    /// Example `name`'s hunt and its path, and a scratch copy of its submissions for the test to change.
    static func copy(_ name: String) throws -> (hunt: Hunt, huntPath: String, folder: URL) {
        let source = SourceTree.root.appendingPathComponent("Examples/\(name)")
        let huntPath = source.appendingPathComponent("hunt.yaml").path
        let hunt = try HuntLoader().load(contentsOf: URL(fileURLWithPath: huntPath), displayPath: huntPath).get()
        let folder = Scratch.root.appendingPathComponent("carried-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source.appendingPathComponent("submissions"), to: folder)
        return (hunt, huntPath, folder)
    }

    @Test(arguments: StandingJudgementTests.examples)
    func carryingGivesWhatExaminingAfreshGives(example: String) async throws {
        let (hunt, huntPath, folder) = try Self.copy(example)
        defer { try? FileManager.default.removeItem(at: folder) }
        func stamps() throws -> [String: FileStamp] { try InputFolder(path: folder.path).fileStamps() }

        let cache = PhotoReadCache()
        let run = JudgeRun(hunt: hunt, reader: PhotoReader(cache: cache))
        let first = try await run.examine(submissions: folder, displayPath: folder.path)
        let stampsBefore = try stamps()
        let paths = first.paths
        try #require(paths.count >= 4)
        // One photo goes, one is replaced by another's bytes, one arrives under a new name.
        let file = { (path: String) in folder.appendingPathComponent(path) }
        try FileManager.default.removeItem(at: file(paths[0]))
        try FileManager.default.removeItem(at: file(paths[1]))
        try FileManager.default.copyItem(at: file(paths[2]), to: file(paths[1]))
        let arrival = (paths[3] as NSString).deletingLastPathComponent + "/arrived." + (paths[3] as NSString).pathExtension
        try FileManager.default.copyItem(at: file(paths[3]), to: file(arrival))
        let stampsNow = try stamps()

        let before = cache.counts
        let changes = try await run.examineChanges(
            submissions: folder, displayPath: folder.path, since: first,
            unchanged: { stampsBefore[$0] == stampsNow[$0] })
        let after = cache.counts
        #expect(changes.examinedCount == 2)
        let carried = changes.merged(carryingFrom: first)
        #expect(after.hits + after.misses - before.hits - before.misses == 2, "only the replaced photo and the new one are read")
        #expect(carried.paths.contains(arrival) && !carried.paths.contains(paths[0]))

        let fresh = try await JudgeRun(hunt: hunt).examine(submissions: folder, displayPath: folder.path)
        let files: (hunt: String?, submissions: String?, reviews: String?) = (huntPath, folder.path, "r.yaml")
        #expect(Judge(checked: hunt).judge(carried, files: files).jsonChunks() == Judge(checked: hunt).judge(fresh, files: files).jsonChunks())

        // Reviews, one of which moves a carried photo to another task, judge both alike too.
        if let task = hunt.tasks.last?.id {
            let reviews = Reviews(
                entries: [
                    paths[2]: Reviews.Review(decision: .accept, task: task),
                    paths[3]: Reviews.Review(decision: .reject, note: "blurred", by: "A")
                ], displayPath: "r.yaml")
            let judge = Judge(checked: hunt, reviews: reviews)
            #expect(judge.judge(carried, files: files).jsonChunks() == judge.judge(fresh, files: files).jsonChunks())
        }

        // Nothing vouched for: every photo is read again (an answer is compared whole: there are none here).
        let reread = cache.counts
        let all = try await run.examineChanges(submissions: folder, displayPath: folder.path, since: carried, unchanged: { _ in false })
        #expect(all.examinedCount == carried.paths.count)
        #expect(cache.counts.hits + cache.counts.misses - reread.hits - reread.misses == carried.paths.count)
    }

    /// A log of answers that grows examines only the attempts it did not hold, and one changed
    /// in place is examined again; the judgement is the one examining afresh gives.
    @Test func answersExaminedOnce() async throws {
        let (hunt, huntPath, folder) = try Self.copy("orientation-day")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent(AnswerLog.fileName)
        func stamps() throws -> [String: FileStamp] { try InputFolder(path: folder.path).fileStamps() }
        let files: (hunt: String?, submissions: String?, reviews: String?) = (huntPath, folder.path, nil)
        let run = JudgeRun(hunt: hunt)

        let first = try await run.examine(submissions: folder, displayPath: folder.path)
        let answers = first.paths.filter { $0.hasPrefix(AnswerLog.fileName + "#") }.count
        try #require(answers >= 10)
        let stampsBefore = try stamps()
        let sent = try #require(Timestamp("2026-05-02T11:05:00+02:00"))
        try AnswerLog.append(AnswerAttempt(id: "new1", team: "owls", task: "lions", answer: "seven", sentAt: sent), to: log)
        let stampsNow = try stamps()
        let grown = try await run.examineChanges(
            submissions: folder, displayPath: folder.path, since: first, unchanged: { stampsBefore[$0] == stampsNow[$0] })
        #expect(grown.examinedCount == 1, "only the new attempt is examined")
        let carried = grown.merged(carryingFrom: first)
        let fresh = try await JudgeRun(hunt: hunt).examine(submissions: folder, displayPath: folder.path)
        #expect(Judge(checked: hunt).judge(carried, files: files).jsonChunks() == Judge(checked: hunt).judge(fresh, files: files).jsonChunks())

        // An attempt changed in place (an organizer's edit) is examined again.
        let text = try String(contentsOf: log, encoding: .utf8)
        try #require(text.contains(#""answer": "Seven""#))
        try text.replacingOccurrences(of: #""answer": "Seven""#, with: #""answer": "eight""#).write(to: log, atomically: true, encoding: .utf8)
        let edited = try await run.examineChanges(submissions: folder, displayPath: folder.path, since: carried, unchanged: { _ in true })
        #expect(edited.examinedCount == text.components(separatedBy: #""answer": "Seven""#).count - 1)
        let afterEdit = edited.merged(carryingFrom: carried)
        let freshAfterEdit = try await JudgeRun(hunt: hunt).examine(submissions: folder, displayPath: folder.path)
        #expect(
            Judge(checked: hunt).judge(afterEdit, files: files).jsonChunks() == Judge(checked: hunt).judge(freshAfterEdit, files: files).jsonChunks())
    }
}
