import Foundation
import HuntTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import Testing

@Suite struct ServeRouteTests {
    @Test func tokensDecideWhoMayDoWhat() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            let host: HTTPFields = [:]
            try await client.execute(uri: "/api/queue", method: .get, headers: host) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/api/queue", method: .get, headers: [.authorization: "Bearer nope"]) {
                #expect($0.status == .forbidden)
            }
            // The viewer's token shows the leaderboard and nothing of the queue.
            let viewer: HTTPFields = [.authorization: "Bearer \(fixture.tokens.viewer)"]
            try await client.execute(uri: "/api/leaderboard", method: .get, headers: viewer) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/queue", method: .get, headers: viewer) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/queue", method: .get, headers: viewer) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/api/results", method: .get, headers: viewer) { #expect($0.status == .forbidden) }
            // ?token= becomes an HttpOnly, SameSite=Strict cookie, and leaves the address.
            try await client.execute(uri: "/queue?token=\(fixture.tokens.judge)&task=bridge", method: .get, headers: host) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/queue?task=bridge")
                #expect(response.headers[.setCookie] == "\(fixture.tokens.cookieName)=\(fixture.tokens.judge); Path=/; HttpOnly; SameSite=Strict")
            }
            let cookie: HTTPFields = [.cookie: "\(fixture.tokens.cookieName)=\(fixture.tokens.judge)"]
            try await client.execute(uri: "/api/queue", method: .get, headers: cookie) { #expect($0.status == .ok) }
            // The cookie is named for this console: another console's cookie on the same host
            // (browsers send cookies to every port) is not taken, and neither is the old shared name.
            #expect(fixture.tokens.cookieName.hasPrefix("hunt_") && fixture.tokens.cookieName != ServeTokens().cookieName)
            for other in ["\(ServeTokens().cookieName)=\(fixture.tokens.judge)", "hunt_token=\(fixture.tokens.judge)"] {
                try await client.execute(uri: "/api/queue", method: .get, headers: [.cookie: other]) { #expect($0.status == .unauthorized) }
            }
            // Two consoles' cookies in one request: each console takes its own.
            let both: HTTPFields = [
                .cookie: "\(ServeTokens().cookieName)=\(ServeTokens.random()); \(fixture.tokens.cookieName)=\(fixture.tokens.judge)"
            ]
            try await client.execute(uri: "/api/queue", method: .get, headers: both) { #expect($0.status == .ok) }
            // A cookie alone never decides: another page in the judge's browser could send it.
            let body = ByteBuffer(string: #"{"path":"herons/educatorium/IMG_0001.jpg","decision":"accept","by":"x"}"#)
            try await client.execute(uri: "/api/decisions", method: .post, headers: cookie, body: body) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/api/decisions", method: .post, headers: viewer, body: body) { #expect($0.status == .forbidden) }
            // Every answer carries the policy that keeps pages to themselves.
            try await client.execute(uri: "/queue", method: .get, headers: cookie) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    @Test(arguments: [
        "/api/photo?path=../../../etc/passwd", "/api/photo?path=/etc/passwd", "/api/photo?path=%2e%2e/%2e%2e/hunt.yaml",
        "/api/photo?path=herons/../../hunt.yaml", "/assets/..%2f..%2fPackage.swift", "/assets/../../Package.swift",
        "/%2e%2e/%2e%2e/etc/passwd", "/api/photo?id=../../hunt.yaml", "/api/photo?path=owls/linked.jpg",
        "/api/reference?task=../hunt.yaml"
    ])
    func pathsInRequestsNeverOpenFiles(uri: String) async throws {
        let fixture = try await ServeFixture { folder in
            // A link in a team folder, to a file outside: not a submission, never served.
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("submissions/owls/linked.jpg").path,
                withDestinationPath: "/etc/passwd")
        }
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: uri, method: .get, headers: fixture.judgeHeaders()) { response in
                #expect(response.status == .notFound, "\(uri) answered \(response.status)")
                #expect(!response.text.contains("root:"))
            }
        }
    }

    @Test func aDecisionIsSavedAndAnsweredWithTheNewVerdict() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try "# the organizer's notes\nowls/IMG_0009.jpg:\n  decision: reject\n".write(toFile: fixture.reviews, atomically: true, encoding: .utf8)
        _ = await fixture.session.poll()
        try await fixture.application().test(.router) { client in
            let queue = try await client.execute(uri: "/api/queue?task=educatorium", method: .get, headers: fixture.judgeHeaders()) {
                try $0.decoded(QueueAnswerProbe.self)
            }
            let item = try #require(queue.items.first)
            #expect(item.path == "herons/educatorium/IMG_0001.jpg")
            let body = ByteBuffer(string: #"{"id":"\#(item.id)","decision":"accept","by":"Ann","note":"roof visible"}"#)
            try await client.execute(uri: "/api/decisions", method: .post, headers: fixture.judgeHeaders(), body: body) { response in
                #expect(response.status == .ok)
                let answer = try response.decoded(DecisionProbe.self)
                #expect(answer.decided.first?.verdict == "accepted")
                #expect(answer.undecided == queue.undecided - 1)
            }
            let text = try String(contentsOfFile: fixture.reviews, encoding: .utf8)
            #expect(
                text.hasPrefix(
                    "# the organizer's notes\nowls/IMG_0009.jpg:\n  decision: reject\n\"herons/educatorium/IMG_0001.jpg\":\n  decision: accept\n  note: \"roof visible\"\n  by: \"Ann\"\n  at: \""
                ))
            // What the server shows is what `hunt judge --reviews` gives for the file as written.
            #expect(await fixture.session.results?.json == (try await fixture.judgeFromFiles()).json)
            // Wrong input is refused with a reason, and nothing is written.
            for (bad, status) in [
                (#"{"path":"nope.jpg","decision":"accept","by":"A"}"#, HTTPResponse.Status.notFound),
                (#"{"id":"\#(item.id)","decision":"maybe","by":"A"}"#, .badRequest),
                (#"{"id":"\#(item.id)","decision":"accept"}"#, .badRequest),
                (#"{"id":"\#(item.id)","decision":"accept","by":"A","task":"nosuch"}"#, .badRequest),
                ("not json", .badRequest)
            ] {
                try await client.execute(uri: "/api/decisions", method: .post, headers: fixture.judgeHeaders(), body: ByteBuffer(string: bad)) {
                    #expect($0.status == status, "\(bad)")
                }
            }
            #expect(try String(contentsOfFile: fixture.reviews, encoding: .utf8) == text)
            // Undo puts the file back as it was before the decision.
            try await client.execute(
                uri: "/api/undo", method: .post, headers: fixture.judgeHeaders(), body: ByteBuffer(string: #"{"id":"\#(item.id)","by":"Ann"}"#)
            ) {
                #expect($0.status == .ok)
            }
            #expect(
                try String(contentsOfFile: fixture.reviews, encoding: .utf8) == "# the organizer's notes\nowls/IMG_0009.jpg:\n  decision: reject\n")
            let log = try String(contentsOfFile: fixture.folder.appendingPathComponent("reviews.audit.jsonl").path, encoding: .utf8)
            #expect(log.split(separator: "\n").count == 2)
        }
    }

    @Test func aDecidedPhotoThatLeavesTheFolderIsShownAsGoneAndJudgingGoesOn() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let photo = "herons/educatorium/IMG_0001.jpg"
        _ = try await fixture.session.decide(DecisionRequest(path: photo, decision: "reject", note: "blurred", by: "Ann"))
        let generation = await fixture.session.generation
        try FileManager.default.removeItem(atPath: fixture.submissions + "/" + photo)
        _ = await fixture.session.poll()
        #expect(await fixture.session.problem == nil)
        #expect(await fixture.session.generation > generation)
        let gone = await fixture.session.queue(QueueFilter()).gone
        #expect(gone.map(\.path) == [photo])
        #expect(gone.first?.decision == "reject" && gone.first?.by == "Ann")
        // Decisions about other photos go on, and the gone photo's entry stays in the file.
        let other = try #require(await fixture.session.results?.submissions.first { $0.path != photo }?.path)
        _ = try await fixture.session.decide(DecisionRequest(path: other, decision: "accept", by: "Bo"))
        let text = try String(contentsOfFile: fixture.reviews, encoding: .utf8)
        #expect(text.contains(photo) && text.contains(other))
        // What the console shows is what `hunt judge --reviews` gives on the same files.
        let judged = try await fixture.judgeFromFiles()
        #expect(judged.problems.contains { $0.code == "decided-photo-gone" })
        #expect(await fixture.session.results?.submissions.map(\.verdict) == judged.submissions.map(\.verdict))
    }

    @Test func blindModeNamesNoTeam() async throws {
        let fixture = try await ServeFixture(blind: true)
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/queue?verdict=all&limit=1000", method: .get, headers: fixture.judgeHeaders()) { response in
                #expect(response.status == .ok)
                for team in ["foxes", "owls", "herons", "Red Foxes", "Night Owls", "Grey Herons"] {
                    #expect(!response.text.contains(team), "\(team)")
                }
            }
        }
    }

    @Test func photosAreServedByIdAsJPEG() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let id = fixture.session.ids.id(of: "herons/educatorium/IMG_0001.jpg")
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/photo?id=\(id)", method: .get, headers: fixture.judgeHeaders()) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
                #expect(Array(response.body.readableBytesView.prefix(2)) == [0xFF, 0xD8])
            }
            // A viewer sees the leaderboard's recent photos only.
            let viewer: HTTPFields = [.authorization: "Bearer \(fixture.tokens.viewer)"]
            let recent = try #require(await fixture.session.currentLeaderboard()?.recent.first?.photo)
            try await client.execute(uri: recent, method: .get, headers: viewer) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/photo?id=\(id)", method: .get, headers: viewer) { #expect($0.status == .forbidden) }
        }
    }
}

/// The parts of the answers these tests read.
struct QueueAnswerProbe: Decodable {
    struct Item: Decodable {
        var id: String
        var path: String?
    }
    var total: Int
    var undecided: Int
    var items: [Item]
}

struct DecisionProbe: Decodable {
    struct Verdict: Decodable { var verdict: String }
    var decided: [Verdict]
    var undecided: Int
}

@Suite struct ServeHostTests {
    @Test func onlyThisMachinesNamesReachIt() throws {
        let loopback = ServeServer(session: try ServeSession.empty(), host: "127.0.0.1", port: 8765).allowedHosts(port: 8765)
        #expect(loopback.isSuperset(of: ["127.0.0.1:8765", "localhost:8765", "[::1]:8765"]))
        #expect(!loopback.contains("evil.example:8765"))
        #expect(!loopback.contains(where: { $0.hasPrefix("192.") || $0.hasPrefix("10.") }))
        let proxied = ServeServer(session: try ServeSession.empty(), host: "127.0.0.1", port: 8765, extraHosts: ["Hunt.Example.org"])
            .allowedHosts(port: 8765)
        #expect(proxied.contains("hunt.example.org") && proxied.contains("hunt.example.org:8765"))
    }

    @Test func offLoopbackTheOrganizerIsToldAndAPortInUseNamesListen() throws {
        let session = try ServeSession.empty()
        #expect(ServeServer(session: session, host: "127.0.0.1", port: 8765).exposureNote == nil)
        #expect(ServeServer(session: session, host: "0.0.0.0", port: 8765).exposureNote?.contains("every request needs a token") == true)
        struct InUse: Error, CustomStringConvertible { var description: String { "bind: Address already in use" } }
        #expect(ServeServer(session: session, host: "0.0.0.0", port: 80).describe(InUse()).contains("pass --listen 0.0.0.0:PORT"))
    }

    @Test func listenAddressesReadAsHostAndPort() {
        #expect(ServeServer.listenAddress("0.0.0.0:8765")! == ("0.0.0.0", 8765))
        #expect(ServeServer.listenAddress("[::1]:0")! == ("::1", 0))
        #expect(ServeServer.listenAddress(":9000")! == ("127.0.0.1", 9000))
        for bad in ["8765", "host:", "host:65536", "host:-1", "host:http"] { #expect(ServeServer.listenAddress(bad) == nil, "\(bad)") }
    }
}

extension ServeSession {
    /// A session on an empty hunt folder, for tests that need one but no judgement.
    static func empty() throws -> ServeSession {
        let folder = Scratch.root.appendingPathComponent("hunt-serve-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try "hunt: Empty\ntasks:\n  - id: a\n    title: A\n    at: 52.1, 5.1\n".write(
            to: folder.appendingPathComponent("hunt.yaml"), atomically: true, encoding: .utf8)
        return try ServeSession(
            configuration: ServeConfiguration(
                huntPath: folder.appendingPathComponent("hunt.yaml").path,
                submissionsPath: folder.appendingPathComponent("photos").path))
    }
}

@Suite struct ServeReferenceTests {
    @Test func aTasksReferencePhotoIsShownBesideItsSubmissions() async throws {
        let fixture = try await ServeFixture { folder in
            let hunt = folder.appendingPathComponent("hunt.yaml")
            let text = try String(contentsOf: hunt, encoding: .utf8)
            try text.replacingOccurrences(of: "  - id: educatorium\n", with: "  - id: educatorium\n    reference: reference/educatorium.jpg\n")
                .write(to: hunt, atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("reference"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent("submissions/foxes/educatorium/IMG_0001.jpg"),
                to: folder.appendingPathComponent("reference/educatorium.jpg"))
        }
        defer { fixture.remove() }
        #expect(await fixture.session.problem == nil)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/queue?task=educatorium", method: .get, headers: fixture.judgeHeaders()) { response in
                #expect(response.text.contains(#""reference":true"#))
            }
            try await client.execute(uri: "/api/reference?task=educatorium", method: .get, headers: fixture.judgeHeaders()) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/jpeg")
            }
            try await client.execute(uri: "/api/reference?task=library", method: .get, headers: fixture.judgeHeaders()) {
                #expect($0.status == .notFound)
            }
        }
    }
}
