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
            for body in [
                #"{"path":"\#(Self.photo)","decision":"accept","by":"Ann","note":"\#(long)"}"#,
                #"{"path":"\#(Self.photo)","decision":"accept","by":"\#(name)"}"#,
                // A bulk decision's note is written into every entry: refused whole.
                String(
                    decoding: try JSONSerialization.data(withJSONObject: [
                        "paths": everything, "decision": "reject", "by": "Ann",
                        "note": String(repeating: "x", count: 8192)
                    ]), as: UTF8.self)
            ] {
                try await client.execute(uri: "/api/decisions", method: .post, headers: fixture.judgeHeaders(), body: ByteBuffer(string: body)) {
                    #expect($0.status == .contentTooLarge, "\($0.text)")
                    #expect($0.text.contains("at most"))
                }
            }
            #expect(!FileManager.default.fileExists(atPath: fixture.reviews))
            // A note of the most characters allowed is taken; undo's `by` is bounded the same way.
            let most = String(repeating: "é", count: Reviews.maximumNoteCharacters)
            try await client.execute(
                uri: "/api/decisions", method: .post, headers: fixture.judgeHeaders(),
                body: ByteBuffer(string: #"{"path":"\#(Self.photo)","decision":"accept","by":"Ann","note":"\#(most)"}"#)
            ) {
                #expect($0.status == .ok, "\($0.text)")
            }
            try await client.execute(
                uri: "/api/undo", method: .post, headers: fixture.judgeHeaders(),
                body: ByteBuffer(string: #"{"path":"\#(Self.photo)","by":"\#(name)"}"#)
            ) {
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
        try audit.append([
            .init(
                action: "decide", path: Self.photo, by: "Bo", at: "2026-05-02T12:00:00Z",
                entry: Reviews.Review(decision: .reject, by: "Bo", at: "2026-05-02T12:00:00Z"), previous: kept)
        ])
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
        let filler = (0..<12_000).map {
            AuditLog.Event(action: "decide", path: "a/\($0).jpg", by: String(repeating: "x", count: 80), at: "t", entry: nil, previous: nil)
        }
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
        // A Live Photo (a still and its motion video, same name, same second) in owls' folder.
        let fixture = try await ServeFixture(blind: true) { folder in
            let live = folder.appendingPathComponent("submissions/owls/live")
            try FileManager.default.createDirectory(at: live, withIntermediateDirectories: true)
            let taken = LocalDateTime(year: 2026, month: 5, day: 2, hour: 11, minute: 7, second: 31)
            try JPEGWriter.write(
                tags: PhotoTags(position: Coordinate(latitude: 52.0853, longitude: 5.1689), capturedAt: taken, offsetSeconds: 7_200),
                image: SyntheticImage(identity: 7, hue: 0.4), to: live.appendingPathComponent("IMG_7001.jpg"))
            var movie = QuickTimeWriter.Movie(format: .mov)
            movie.creationDate = taken
            movie.creationOffsetSeconds = 7_200
            try Data(QuickTimeWriter.bytes(movie)).write(to: live.appendingPathComponent("IMG_7001.mov"))
        }
        defer { fixture.remove() }
        let judged = try #require(await fixture.session.results)
        #expect(judged.submissions.contains { $0.evidence.motion == "owls/live/IMG_7001.mov" })
        let queueID = fixture.session.ids.id(of: Self.photo)
        let teamNames = ["foxes", "owls", "herons", "Red Foxes", "Night Owls", "Grey Herons"]
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/team?team=herons", method: .get, headers: fixture.judgeHeaders()) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/api/results", method: .get, headers: fixture.judgeHeaders()) { #expect($0.status == .forbidden) }
            // The queue is not filtered by team (the leaderboard lists the teams' ids).
            try await client.execute(uri: "/api/queue?verdict=all&team=herons", method: .get, headers: fixture.judgeHeaders()) {
                #expect($0.status == .forbidden)
            }
            // The leaderboard names teams beside its photos, by ids that are not the queue's.
            let board = try #require(await fixture.session.currentLeaderboard())
            #expect(!board.recent.isEmpty)
            let queueIDs = Set(judged.submissions.map { fixture.session.ids.id(of: $0.path) })
            for recent in board.recent {
                let photo = try #require(recent.photo)
                #expect(!queueIDs.contains(where: { photo.contains($0) }), "\(photo)")
                try await client.execute(uri: photo, method: .get, headers: fixture.judgeHeaders()) { #expect($0.status == .ok) }
                // Its time is to the minute: to the millisecond it is the capture time the queue shows.
                let at = try #require(recent.at.flatMap(Timestamp.init))
                #expect(at.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0, "\(at)")
            }
            try await client.execute(uri: "/api/leaderboard", method: .get, headers: fixture.judgeHeaders()) { #expect(!$0.text.contains(queueID)) }
            // The whole queue: no team, no path, no Live Photo's motion path; ids are keyed (not
            // the FNV-1a of the path they were), and the order is the ids', not the teams'.
            try await client.execute(uri: "/api/queue?verdict=all&limit=1000", method: .get, headers: fixture.judgeHeaders()) { response in
                #expect(response.status == .ok)
                for name in teamNames + ["IMG_7001", "motion"] { #expect(!response.text.contains(name), "\(name)") }
                let items =
                    try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])["items"] as? [[String: Any]]
                let ids = try #require(items?.compactMap { $0["id"] as? String })
                #expect(ids.count == judged.submissions.count)
                #expect(Set(ids).isDisjoint(with: judged.submissions.map { Self.fnv1a($0.path) }))
                #expect(ids == ids.sorted())
                let pathByID = Dictionary(uniqueKeysWithValues: judged.submissions.map { (fixture.session.ids.id(of: $0.path), $0.path) })
                let teams = ids.map { pathByID[$0]!.prefix { $0 != "/" } }
                #expect(zip(teams, teams.dropFirst()).filter { $0 != $1 }.count > 6, "\(teams)")
            }
            // Paths are not looked up: the same answer whether the photo exists or not.
            for route in ["/api/item?path=", "/api/photo?path=", "/api/photo?size=small&path="] {
                var answers: [String] = []
                for path in [Self.photo, "herons/educatorium/IMG_9999.jpg"] {
                    try await client.execute(uri: route + path, method: .get, headers: fixture.judgeHeaders()) { response in
                        #expect(response.status == .forbidden, "\(route)\(path)")
                        answers.append(response.text)
                    }
                }
                #expect(answers[0] == answers[1], "\(route)")
            }
            for (uri, body) in [
                ("/api/decisions", #"{"path":"\#(Self.photo)","decision":"accept","by":"Ann"}"#),
                ("/api/decisions", #"{"path":"herons/none.jpg","decision":"accept","by":"Ann"}"#),
                ("/api/decisions", #"{"paths":["\#(Self.photo)"],"decision":"accept","by":"Ann"}"#),
                ("/api/undo", #"{"path":"\#(Self.photo)","by":"Ann"}"#)
            ] {
                try await client.execute(uri: uri, method: .post, headers: fixture.judgeHeaders(), body: ByteBuffer(string: body)) {
                    #expect($0.status == .forbidden, "\(body)")
                }
            }
            // By id, as the pages ask, all of it still answers.
            try await client.execute(uri: "/api/item?id=\(queueID)", method: .get, headers: fixture.judgeHeaders()) { #expect($0.status == .ok) }
        }
        // Another server on the same folder gives the same photos other ids.
        let again = try ServeSession(configuration: fixture.session.configuration)
        #expect(again.ids.id(of: Self.photo) != queueID)
    }

    /// The 64-bit FNV-1a of `path` in hex: what a queue id was before ids were keyed.
    static func fnv1a(_ path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
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
