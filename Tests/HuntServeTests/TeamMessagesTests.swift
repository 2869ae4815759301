import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import HuntTestSupport
import NIOCore
import Synchronization
import Testing

/// "Message the organizers": a team's message reaches the console's inbox, a reply reaches that
/// team's page only; messages are bounded and paced, kept in the messages log.
@Suite struct TeamMessagesTests {
    static func body(_ fields: [String: String]) -> ByteBuffer { ByteBuffer(bytes: try! JSONEncoder().encode(fields)) }

    struct Inbox: Decodable {
        struct Thread: Decodable {
            var team: String
            var unread: Int
            var lines: [Line]
        }
        struct Line: Decodable { var from: String; var text: String; var by: String? }
        var unread: Int
        var threads: [Thread]
    }

    @Test func aQuestionReachesTheInboxAndTheReplyOnlyThatTeam() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            // The team cannot name another team: the token says whose thread it is.
            let fields = ["text": "Our phone died: <script>alert(1)</script> can we send from another?", "team": "owls"]
            try await client.execute(uri: PlayerRoutesTests.room("foxes") + "/message", method: .post, body: Self.body(fields)) {
                #expect($0.status == .ok, "\($0.text)")
            }
            try await client.execute(uri: "/api/inbox", method: .get, headers: fixture.judgeHeaders()) { response in
                let inbox = try response.decoded(Inbox.self)
                #expect(inbox.unread == 1 && inbox.threads.map(\.team) == ["foxes"])
                #expect(inbox.threads.first?.lines.first?.text == fields["text"])
            }
            let reply = Self.body(["team": "foxes", "text": "Yes: use any phone with your team link.", "by": "Ana"])
            try await client.execute(uri: "/api/reply", method: .post, headers: fixture.judgeHeaders(), body: reply) {
                #expect($0.status == .ok, "\($0.text)")
            }
            try await client.execute(uri: "/api/inbox", method: .get, headers: fixture.judgeHeaders()) { response in
                let inbox = try response.decoded(Inbox.self)
                #expect(inbox.unread == 0, "a reply reads the thread")
                #expect(inbox.threads.first?.lines.map(\.from) == ["team", "organizers"] && inbox.threads.first?.lines.last?.by == "Ana")
            }
            // A team's token cannot reply, in its own thread or another's.
            let team = PlayerTokens(secret: PlayerRoutesTests.secret, teams: ["owls"]).token(team: "owls")
            let asTeam: HTTPFields = [.authorization: "Bearer \(team)", .contentType: "application/json"]
            try await client.execute(uri: "/api/reply", method: .post, headers: asTeam, body: Self.body(["team": "foxes", "text": "fake"])) {
                #expect($0.status == .forbidden)
            }
        }
        let live = fixture.session.live
        let foxes = await live.told(page: "foxes").thread ?? []
        #expect(foxes.map(\.from) == ["team", "organizers"] && foxes.allSatisfy { $0.by == nil })
        #expect(await live.told(page: "owls").thread?.isEmpty == true)
        #expect(await live.told(page: "owls/es").thread?.isEmpty == true)
        // Kept: a new session has the thread and knows it was read.
        let again = try ServeSession(configuration: fixture.session.configuration)
        #expect(await again.live.told(page: "foxes").thread?.count == 2)
        #expect(await again.live.inbox(names: [:]).unread == 0)
    }

    @Test func badMessagesAreRefusedClearlyAndNothingIsLost() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            let uri = PlayerRoutesTests.room("herons") + "/message"
            let cases: [(String, HTTPResponse.Status, String)] = [
                (String(repeating: "x", count: 1_000_000), .contentTooLarge, "at most 1000"), (" \n ", .badRequest, "empty"),
                ("First question", .ok, "First question"), ("Second, at once", .tooManyRequests, "wait a few seconds")
            ]
            for (text, status, words) in cases {
                try await client.execute(uri: uri, method: .post, body: Self.body(["text": text])) { response in
                    #expect(response.status == status && response.text.contains(words), "\(response.status) \(response.text.prefix(200))")
                }
            }
            try await client.execute(
                uri: "/api/reply", method: .post, headers: fixture.judgeHeaders(), body: Self.body(["team": "wolves", "text": "hi"])
            ) {
                #expect($0.status == .notFound)
            }
        }
        #expect(await fixture.session.live.told(page: "herons").thread?.map(\.text) == ["First question"])
    }

    @Test func oneTeamCannotSendMoreThanTheDaysMost() async throws {
        let folder = Scratch.root.appendingPathComponent("messages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A clock that moves 6 s a message: the pace allows each, the day's most does not.
        let clock = Mutex(Date())
        let now: @Sendable () -> Date = {
            clock.withLock {
                $0 += 6; return $0
            }
        }
        let live = try LiveDay(reviewsPath: folder.appendingPathComponent("reviews.yaml").path, window: nil, events: EventHub(), now: now)
        var refused = 0
        for n in 0..<(LiveDay.questionsAtMost + 50) {
            do { _ = try await live.ask("message \(n)", team: "foxes") } catch { refused += 1 }
        }
        #expect(refused == 50)
        let kept = try String(contentsOf: live.messagesFile, encoding: .utf8).split(separator: "\n")
        #expect(kept.count == LiveDay.questionsAtMost)
        #expect(await live.inbox(names: [:]).threads.first?.unread == LiveDay.questionsAtMost)
    }
}
