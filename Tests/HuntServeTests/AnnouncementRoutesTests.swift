import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import HuntTestSupport
import NIOCore
import Testing

/// Announcements: from the console to every team or one, kept in the messages log, and on each
/// team's page (its stream's first event carries every one meant for it); the hunt file's at their time.
@Suite struct AnnouncementRoutesTests {
    static func body(_ fields: [String: String]) -> ByteBuffer { ByteBuffer(bytes: try! JSONEncoder().encode(fields)) }

    @Test func anAnnouncementToOneTeamIsNotSeenByAnother() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            for fields in [["text": "Lunch at the fountain"], ["text": "Owls: <script>alert(1)</script> north gate", "team": "owls", "by": "Ana"]] {
                try await client.execute(uri: "/api/announce", method: .post, headers: fixture.judgeHeaders(), body: Self.body(fields)) {
                    #expect($0.status == .ok, "\($0.text)")
                }
            }
        }
        let live = fixture.session.live
        let owls = await live.told(page: "owls").announcements, foxes = await live.told(page: "foxes/es").announcements
        #expect(owls.map(\.text) == ["Owls: <script>alert(1)</script> north gate", "Lunch at the fountain"])
        #expect(owls.first?.team == "owls")
        #expect(foxes.map(\.text) == ["Lunch at the fountain"])
        #expect(await live.told.announcements.count == 2)
        // The log keeps both, one JSON line each, and a new session reads them back.
        let log = try String(contentsOfFile: fixture.folder.appendingPathComponent("reviews.messages.jsonl").path, encoding: .utf8)
        #expect(log.split(separator: "\n").count == 2 && log.contains("\"by\":\"Ana\""))
        let again = try ServeSession(configuration: fixture.session.configuration)
        #expect(await again.live.told(page: "foxes").announcements.map(\.text) == ["Lunch at the fountain"])
    }

    @Test func aPageThatConnectsHearsEveryAnnouncementMeantForItFirst() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let live = fixture.session.live
        _ = try await live.announce("Half an hour left", team: nil, by: nil)
        _ = try await live.announce("Herons: come back", team: "herons", by: nil)
        var herons = await live.subscribe("herons").events.makeAsyncIterator()
        let first = try #require(await herons.next())
        #expect(first.name == "live" && first.json.contains("Half an hour left") && first.json.contains("Herons: come back"))
        var foxes = await live.subscribe("foxes").events.makeAsyncIterator()
        let theirs = try #require(await foxes.next())
        #expect(theirs.json.contains("Half an hour left") && !theirs.json.contains("Herons"))
        // A new one reaches the page at once.
        _ = try await live.announce("Dinner at six", team: nil, by: nil)
        #expect(await foxes.next()?.json.contains("Dinner at six") == true)
        await live.finish()
    }

    @Test func badAnnouncementsAreRefusedClearlyAndNothingIsLogged() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let team = PlayerTokens(secret: PlayerRoutesTests.secret, teams: ["foxes"]).token(team: "foxes")
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            let cases: [([String: String], HTTPResponse.Status, String)] = [
                (["text": "  \n "], .badRequest, "empty"), (["text": String(repeating: "é", count: 1_001)], .contentTooLarge, "at most 1000"),
                (["text": "Hello", "team": "wolves"], .notFound, "no team `wolves`")
            ]
            for (fields, status, words) in cases {
                try await client.execute(uri: "/api/announce", method: .post, headers: fixture.judgeHeaders(), body: Self.body(fields)) { response in
                    #expect(response.status == status && response.text.contains(words), "\(response.status) \(response.text)")
                }
            }
            let asTeam: HTTPFields = [.authorization: "Bearer \(team)", .contentType: "application/json"]
            try await client.execute(uri: "/api/announce", method: .post, headers: asTeam, body: Self.body(["text": "fake"])) {
                #expect($0.status == .forbidden)
            }
            let viewer: HTTPFields = [.authorization: "Bearer \(fixture.tokens.viewer)", .contentType: "application/json"]
            try await client.execute(uri: "/api/announce", method: .post, headers: viewer, body: Self.body(["text": "fake"])) {
                #expect($0.status == .forbidden && $0.text.contains("may only watch"))
            }
        }
        #expect(await fixture.session.live.told.announcements.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("reviews.messages.jsonl").path))
    }

    @Test func theHuntFilesAnnouncementsAppearAtTheirTimeInThePagesLanguage() async throws {
        let folder = Scratch.root.appendingPathComponent("announce-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date()
        let planned = [
            Announcement(at: now - 60, text: LocalizedText("Lunch at the fountain", translations: ["es": "Almuerzo en la fuente"])),
            Announcement(at: now - 30, text: LocalizedText("Owls only"), teams: ["owls"]),
            Announcement(at: now + 3600, text: LocalizedText("Not yet"))
        ]
        let live = try LiveDay(reviewsPath: folder.appendingPathComponent("reviews.yaml").path, window: nil, planned: planned, events: EventHub())
        #expect(await live.told(page: "foxes/es").announcements.map(\.text) == ["Almuerzo en la fuente"])
        #expect(await live.told(page: "owls").announcements.map(\.text) == ["Owls only", "Lunch at the fountain"])
        #expect(await live.told(page: "owls").announcements.first?.team == "owls")
        #expect(await live.told.announcements.map(\.text) == ["Owls only", "Lunch at the fountain"])
        // An announcement added before another in the file leaves the other's id as it was (a phone does not show it as new again).
        let lunch = await live.told(page: "foxes").announcements.first?.id
        await live.use(window: nil, planned: [Announcement(at: now - 90, text: LocalizedText("Welcome"))] + planned)
        let after = await live.told(page: "foxes").announcements
        #expect(after.map(\.text) == ["Lunch at the fountain", "Welcome"] && after.first?.id == lunch)
        #expect(Set(after.map(\.id)).count == 2)
    }
}
