import Foundation
@testable import HuntKit
@testable import HuntServe
import Testing

@Suite struct ServeLogTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// The lines the log writes while `changes` run on the session (the fixture's, or `session`),
    /// once `count` have come.
    static func logged(
        _ fixture: ServeFixture, session: ServeSession? = nil, count: Int,
        _ changes: (ServeSession) async throws -> Void
    ) async throws -> [String] {
        let session = session ?? fixture.session
        let log = await ServeLog(session: session)
        let lines = Lines()
        let running = Task { await log.run { lines.append($0) } }
        try await changes(session)
        for _ in 0..<200 where lines.all.count < count { try await Task.sleep(for: .milliseconds(10)) }
        session.events.finishAll()
        await running.value
        return lines.all
    }

    /// `hunt serve`'s stdout: a line per decision (what it came to and was) and per photo that
    /// arrives, none for the photos judged at the start.
    @Test func aLinePerDecisionAndArrival() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let path = try #require(await fixture.session.results?.reviewQueue.first)
        let lines = try await Self.logged(fixture, count: 3) { session in
            _ = try await session.decide(DecisionRequest(path: path, decision: "accept", by: "Ann Judge"))
            _ = try await session.undo(path: path, id: nil, by: "Ann Judge")
            try FileManager.default.copyItem(
                atPath: fixture.submissions + "/foxes/library/IMG_0002.jpg", toPath: fixture.submissions + "/herons/new.jpg")
            #expect(await session.poll())
        }
        let shown = lines.map { String($0.drop { $0 != " " }.dropFirst()) }
        #expect(
            shown == [
                "decided \(path): accepted, was review (Ann Judge)", "undone \(path): review, was accepted (Ann Judge)",
                "arrived herons/new.jpg: review (duplicate-of)"
            ], "\(lines)")
        #expect(lines.allSatisfy { $0.wholeMatch(of: /\d\d:\d\d:\d\d .*/) != nil })
    }

    /// Blind: photos are named by id, never by path (which names the team).
    @Test func blindNamesNoPath() async throws {
        let fixture = try await ServeFixture(blind: true)
        defer { fixture.remove() }
        let path = try #require(await fixture.session.results?.reviewQueue.first)
        let id = fixture.session.ids.id(of: path)
        let lines = try await Self.logged(fixture, count: 1) { session in
            _ = try await session.decide(DecisionRequest(id: id, decision: "reject", by: "Bo"))
        }
        #expect(lines.count == 1 && lines[0].hasSuffix("decided photo \(id): rejected, was review (Bo)"), "\(lines)")
    }

    /// A judge's name (or a path) with a newline or an escape sequence makes no line of its own
    /// and sends the terminal nothing it obeys.
    @Test func aNameWithControlCharactersForgesNoLine() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let path = try #require(await fixture.session.results?.reviewQueue.first)
        let forged = "Bo\n12:00:00 decided herons/IMG_0001.jpg: accepted, was review (Ann)\u{1B}]0;owned\u{07}\r"
        let lines = try await Self.logged(fixture, count: 1) { session in
            _ = try await session.decide(DecisionRequest(path: path, decision: "reject", by: forged))
        }
        #expect(lines.count == 1, "\(lines)")
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line)")
            #expect(line.contains("Bo␊12:00:00 decided"), "\(line)")
        }
    }

    /// A log started before anything was judged takes the first judgement as what was there,
    /// not as thousands of arrivals.
    @Test func theFirstJudgementIsNoArrival() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let unjudged = try ServeSession(configuration: ServeConfiguration(huntPath: fixture.hunt, submissionsPath: fixture.submissions))
        let lines = try await Self.logged(fixture, session: unjudged, count: 1) { session in
            await session.judgeFolder()
            try FileManager.default.copyItem(
                atPath: fixture.submissions + "/foxes/library/IMG_0002.jpg", toPath: fixture.submissions + "/owls/new.jpg")
            #expect(await session.poll())
        }
        #expect(lines.count == 1 && lines[0].contains(" arrived owls/new.jpg: "), "\(lines)")
    }
}
