import Foundation
import HuntTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HuntKit
import Testing

@testable import HuntServe

/// What the console refuses or hides so that a long day, a careless request or a curious client
/// cannot grow its files without bound, lose a decision's trace, or learn what it should not.
@Suite struct ServeLimitsTests {
    static let photo = "herons/educatorium/IMG_0001.jpg"

    @Test func notesAndNamesAreBoundedOnDecisionsAndUndo() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let long = String(repeating: "n", count: Reviews.maximumNoteCharacters + 1)
        let name = String(repeating: "b", count: Reviews.maximumNameCharacters + 1)
        let everything = try #require(await fixture.session.results?.submissions.map(\.path))
        try await fixture.application().test(.router) { client in
            for body in [#"{"path":"\#(Self.photo)","decision":"accept","by":"Ann","note":"\#(long)"}"#,
                         #"{"path":"\#(Self.photo)","decision":"accept","by":"\#(name)"}"#,
                         // A bulk decision's note is written into every entry: refused whole.
                         String(decoding: try JSONSerialization.data(withJSONObject: ["paths": everything, "decision": "reject", "by": "Ann",
                                                                                       "note": String(repeating: "x", count: 8192)]), as: UTF8.self)] {
                try await client.execute(uri: "/api/decisions", method: .post, headers: fixture.judgeHeaders(), body: ByteBuffer(string: body)) {
                    #expect($0.status == .contentTooLarge, "\($0.text)")
                    #expect($0.text.contains("at most"))
                }
            }
            #expect(!FileManager.default.fileExists(atPath: fixture.reviews))
            // A note of the most characters allowed is taken; undo's `by` is bounded the same way.
            let most = String(repeating: "é", count: Reviews.maximumNoteCharacters)
            try await client.execute(uri: "/api/decisions", method: .post, headers: fixture.judgeHeaders(),
                                     body: ByteBuffer(string: #"{"path":"\#(Self.photo)","decision":"accept","by":"Ann","note":"\#(most)"}"#)) {
                #expect($0.status == .ok, "\($0.text)")
            }
            try await client.execute(uri: "/api/undo", method: .post, headers: fixture.judgeHeaders(),
                                     body: ByteBuffer(string: #"{"path":"\#(Self.photo)","by":"\#(name)"}"#)) {
                #expect($0.status == .contentTooLarge)
            }
        }
        #expect(Reviews.maximumFileBytes == 64 << 20)
    }

    @Test func aReviewsFileOverTheLimitIsRefusedByTheJudgeAsByTheConsole() throws {
        let folder = Scratch.root.appendingPathComponent("reviews-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("reviews.yaml")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(Reviews.maximumFileBytes + 1))
        try handle.close()
        #expect(throws: DiagnosticError.self) { _ = try Reviews.read(contentsOf: file, displayPath: "reviews.yaml") }
    }

    @Test func undoPassesOverALoggedDecisionWhoseFileWriteNeverHappened() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        _ = try await fixture.session.decide(DecisionRequest(path: Self.photo, decision: "accept", by: "Ann"))
        let text = try String(contentsOfFile: fixture.reviews, encoding: .utf8)
        // The process died after logging a second decision and before writing the file.
        let audit = AuditLog(reviewsFile: URL(fileURLWithPath: fixture.reviews))
        let kept = try #require(audit.events().last?.entry)
        try audit.append([.init(action: "decide", path: Self.photo, by: "Bo", at: "2026-05-02T12:00:00Z",
                                entry: Reviews.Review(decision: .reject, by: "Bo", at: "2026-05-02T12:00:00Z"), previous: kept)])
        // Undo takes back what the file holds (Ann's accept), not the decision that never landed.
        _ = try await fixture.session.undo(path: Self.photo, id: nil, by: "Ann")
        #expect(try String(contentsOfFile: fixture.reviews, encoding: .utf8) == "")
        #expect(text.contains("decision: accept"))
        // Undo again takes back the undo (as before), never the decision that did not land.
        _ = try await fixture.session.undo(path: Self.photo, id: nil, by: "Ann")
        #expect(try String(contentsOfFile: fixture.reviews, encoding: .utf8).contains("decision: accept"))
    }

    @Test func theAuditLogIsReadFromItsEnd() throws {
        let folder = Scratch.root.appendingPathComponent("audit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let audit = AuditLog(reviewsFile: folder.appendingPathComponent("reviews.yaml"))
        // More than one block (1 MiB) of events, a torn line in the middle, then the one looked for.
        let filler = (0..<12_000).map { AuditLog.Event(action: "decide", path: "a/\($0).jpg", by: String(repeating: "x", count: 80), at: "t", entry: nil, previous: nil) }
        try audit.append(filler)
        let handle = try FileHandle(forWritingTo: audit.url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"action\":\"dec".utf8) + Data([0x0A]))
        try handle.close()
        try audit.append([.init(action: "undo", path: "a/5.jpg", by: "Ann", at: "t", entry: nil, previous: nil)])
        #expect(audit.latest { $0.path == "a/5.jpg" }?.action == "undo")
        #expect(audit.latest { $0.path == "a/7.jpg" }?.by.count == 80)
        #expect(audit.latest { $0.path == "a/0.jpg" } != nil)
        #expect(audit.latest { $0.path == "nowhere" } == nil)
        #expect(audit.events().count == 12_001)
    }

    @Test func blindModeTellsNoTeamThroughAnyRoute() async throws {
        let fixture = try await ServeFixture(blind: true)
        defer { fixture.remove() }
        let queueID = SubmissionIndex.id(of: Self.photo)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/team?team=herons", method: .get, headers: fixture.judgeHeaders()) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/api/results", method: .get, headers: fixture.judgeHeaders()) { #expect($0.status == .forbidden) }
            // The leaderboard names teams beside its photos, by ids that are not the queue's.
            let board = try #require(await fixture.session.currentLeaderboard())
            #expect(!board.recent.isEmpty)
            let queueIDs = Set(try #require(await fixture.session.results?.submissions.map { SubmissionIndex.id(of: $0.path) }))
            for recent in board.recent {
                #expect(!queueIDs.contains(where: { recent.photo.contains($0) }), "\(recent.photo)")
                try await client.execute(uri: recent.photo, method: .get, headers: fixture.judgeHeaders()) { #expect($0.status == .ok) }
            }
            try await client.execute(uri: "/api/leaderboard", method: .get, headers: fixture.judgeHeaders()) { #expect(!$0.text.contains(queueID)) }
        }
    }

    @Test func redirectsStayOnThisServerAndEncodeOnce() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let host: HTTPFields = [:]
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "//evil.example/?token=\(fixture.tokens.judge)", method: .get, headers: host) {
                #expect($0.status == .seeOther)
                #expect($0.headers[.location] == "/evil.example/")
            }
            try await client.execute(uri: "/queue?token=\(fixture.tokens.judge)&a%20b=c%20d", method: .get, headers: host) {
                #expect($0.headers[.location] == "/queue?a%20b=c%20d")
            }
        }
    }
}
