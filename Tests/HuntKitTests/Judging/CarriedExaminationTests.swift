import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// An examination that carries the cases of unchanged photos over from the one before
/// (`JudgeRun.examineChanges(submissions:displayPath:since:unchanged:)`, what `hunt serve` does when
/// photos arrive) reads only new and changed photos, and judges exactly as examining afresh.
@Suite struct CarriedExaminationTests {
    @Test(arguments: StandingJudgementTests.examples)
    func carryingGivesWhatExaminingAfreshGives(example: String) async throws {
        let source = SourceTree.root.appendingPathComponent("Examples/\(example)")
        let huntPath = source.appendingPathComponent("hunt.yaml").path
        let hunt = try HuntLoader().load(contentsOf: URL(fileURLWithPath: huntPath), displayPath: huntPath).get()
        let folder = Scratch.root.appendingPathComponent("carried-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source.appendingPathComponent("submissions"), to: folder)
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

        // Nothing vouched for: every photo is read again.
        let reread = cache.counts
        let all = try await run.examineChanges(submissions: folder, displayPath: folder.path, since: carried, unchanged: { _ in false })
        #expect(all.examinedCount == carried.paths.count)
        #expect(cache.counts.hits + cache.counts.misses - reread.hits - reread.misses == carried.paths.count)
    }
}
