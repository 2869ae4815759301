import Foundation
@testable import HuntKit
@testable import HuntServe
import Testing

@Suite struct ServeSessionTests {
    /// Four judges at once, 500 decisions, on different photos and on the same ones: the file
    /// stays valid, holds the last decision of each photo, agrees with `hunt judge --reviews`,
    /// and the log holds every event.
    @Test func concurrentJudgesLoseNoDecision() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let paths = try #require(await fixture.session.results).submissions.map(\.path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for judge in 0..<4 {
                group.addTask {
                    for n in 0..<125 {
                        // Judges 0 and 1 share photos; 2 and 3 take their own.
                        let path = judge < 2 ? paths[n % 6] : paths[6 + (judge - 2) * 15 + n % 15]
                        _ = try await fixture.session.decide(
                            DecisionRequest(
                                path: path, decision: (n + judge) % 3 == 0 ? "reject" : "accept",
                                note: "judge \(judge) #\(n)", by: "judge \(judge)"))
                    }
                }
            }
            try await group.waitForAll()
        }
        let reviews = try Reviews.read(contentsOf: URL(fileURLWithPath: fixture.reviews), displayPath: fixture.reviews)
        #expect(reviews.entries.count == 36)
        let log = try String(contentsOfFile: fixture.folder.appendingPathComponent("reviews.audit.jsonl").path, encoding: .utf8)
            .split(separator: "\n")
        #expect(log.count == 500)
        // The file holds, for each photo, the last logged decision.
        let events = AuditLog(reviewsFile: URL(fileURLWithPath: fixture.reviews)).events()
        var last: [String: AuditLog.Event] = [:]
        for event in events { last[event.path] = event }
        for (path, event) in last { #expect(reviews.entries[path]?.note == event.entry?.note, "\(path)") }
        #expect(await fixture.session.results?.json == (try await fixture.judgeFromFiles()).json)
    }

    @Test func photosArrivingAndLeavingAreJudgedWithoutRereadingTheRest() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let before = try #require(await fixture.session.results)
        let misses = fixture.session.cache.counts.misses
        let source = URL(fileURLWithPath: fixture.submissions).appendingPathComponent("foxes/library/IMG_0002.jpg")
        let arrival = URL(fileURLWithPath: fixture.submissions).appendingPathComponent("herons/library/arrival.jpg")
        try FileManager.default.createDirectory(at: arrival.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: arrival)
        #expect(await fixture.session.poll())
        let after = try #require(await fixture.session.results)
        #expect(after.summary.submissions == before.summary.submissions + 1)
        #expect(fixture.session.cache.counts.misses == misses + 1, "only the new photo is read")
        #expect(after.json == (try await fixture.judgeFromFiles()).json)
        #expect(await fixture.session.poll() == false, "nothing changed since")
        try FileManager.default.removeItem(at: arrival)
        #expect(await fixture.session.poll())
        #expect(await fixture.session.results?.json == before.json)
    }

    @Test func theOutFolderHoldsWhatHuntJudgeWrites() async throws {
        let fixture = try await ServeFixture(outPath: "out")
        defer { fixture.remove() }
        _ = try await fixture.session.decide(DecisionRequest(path: "herons/educatorium/IMG_0001.jpg", decision: "reject", by: "Ann"))
        await fixture.session.flushOut()
        let written = try Data(contentsOf: fixture.folder.appendingPathComponent("out/results.json"))
        #expect(Array(written) == (try await fixture.judgeFromFiles()).json)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.appendingPathComponent("out").path)
        #expect(leftovers == ["results.json"])
    }

    @Test func anOrganizersEditOfTheReviewsFileIsJudged() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try "herons/educatorium/IMG_0001.jpg:\n  decision: accept\n".write(toFile: fixture.reviews, atomically: true, encoding: .utf8)
        #expect(await fixture.session.poll())
        let results = try #require(await fixture.session.results)
        #expect(results.submissions.first { $0.path == "herons/educatorium/IMG_0001.jpg" }?.verdict == .accepted)
        // A broken edit keeps the last good judgement and says what is wrong.
        try "herons/educatorium/IMG_0001.jpg:\n  decision: [\n".write(toFile: fixture.reviews, atomically: true, encoding: .utf8)
        _ = await fixture.session.poll()
        #expect(await fixture.session.problem?.contains("reviews.yaml:") == true)
        #expect(await fixture.session.results?.json == results.json)
    }
}

extension ServeSessionTests {
    @Test func anEditOfTheHuntIsJudgedAndABrokenOneKeepsTheLastJudgement() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let text = try String(contentsOfFile: fixture.hunt, encoding: .utf8)
        try text.replacingOccurrences(of: "points: 15", with: "points: 25").write(toFile: fixture.hunt, atomically: true, encoding: .utf8)
        #expect(await fixture.session.poll())
        let edited = try #require(await fixture.session.results)
        #expect(edited.json == (try await fixture.judgeFromFiles()).json)
        try (text + "\n  - id: [broken\n").write(toFile: fixture.hunt, atomically: true, encoding: .utf8)
        _ = await fixture.session.poll()
        #expect(await fixture.session.problem?.contains("hunt.yaml:") == true)
        #expect(await fixture.session.results?.json == edited.json)
    }
}
