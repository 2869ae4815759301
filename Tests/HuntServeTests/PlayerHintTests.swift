import Foundation
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import Testing

/// `POST /t/<token>/hint`: a hint for sale bought once under the token's team (hints.jsonl) and
/// answered with its text; a closed hint's text never in a team's state; every bad body, a hint
/// not for sale and a task not open refused with a 4xx that writes nothing.
@Suite struct PlayerHintTests {
    /// The photo hunt with a window around today and hints: sold, open by time, not open yet, on a task not open.
    static func fixture() async throws -> ServeFixture {
        try await ServeFixture { folder in
            let url = folder.appendingPathComponent("hunt.yaml")
            var yaml = try String(contentsOf: url, encoding: .utf8)
            yaml = yaml.replacingOccurrences(
                of: "window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }", with: "window: { start: 2020-01-01 00:00, end: 2035-12-31 23:59 }")
            yaml +=
                "  - { id: lions, title: Lions, number: 7, hints: [{ text: Look at the gate., cost: 3 }, { text: Count the paws., after: 1 min }, Free words.] }\n"
                + "  - { id: later, title: Later, number: 1, hints: [{ text: Much later., after: 100000 h }] }\n"
                + "  - { id: shut, title: Shut, number: 2, opens: \"2034-01-01 10:00\", hints: [{ text: Shut hint., cost: 2 }] }\n"
            try yaml.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    struct Reply: Decodable { var task: String; var hint: Int; var text: String; var cost: Int }

    static func post(_ client: some TestClientProtocol, _ team: String, _ body: String, check: @escaping (TestResponse) throws -> Void) async throws {
        try await client.execute(uri: PlayerRoutesTests.room(team) + "/hint", method: .post, body: ByteBuffer(string: body)) { try check($0) }
    }

    static func state(_ client: some TestClientProtocol, _ team: String) async throws -> String {
        try await client.execute(uri: PlayerRoutesTests.room(team) + "/api/state", method: .get) { $0.text }
    }

    static func log(_ fixture: ServeFixture) -> URL { fixture.folder.appendingPathComponent("submissions/" + HintLog.fileName) }

    @Test func aHintForSaleIsBoughtOnceAndItsTextShownOnlyToItsTeam() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            let before = try await Self.state(client, "owls")
            #expect(before.contains("Hint (costs 3 points)") && before.contains("Count the paws.") && before.contains("Free words."), "\(before)")
            #expect(!before.contains("Look at the gate.") && !before.contains("Much later.") && !before.contains("Shut hint."))
            // A team named in the body is not taken: the token names it.
            try await Self.post(client, "owls", #"{"task":"lions","hint":0,"team":"foxes"}"#) { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.text == "Look at the gate." && reply.cost == 3 && reply.hint == 0)
            }
            try await Self.post(client, "owls", #"{"task":"lions","hint":0}"#) { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.cost == 0, "asked again, it costs nothing more")
            }
            // Open by time or free: the text, for nothing, and nothing logged.
            try await Self.post(client, "owls", #"{"task":"lions","hint":1}"#) { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply == Reply(task: "lions", hint: 1, text: "Count the paws.", cost: 0))
            }
            let owls = try await Self.state(client, "owls")
            #expect(owls.contains("Look at the gate."), "the team's state shows the hint it bought")
            let foxes = try await Self.state(client, "foxes")
            #expect(!foxes.contains("Look at the gate."), "another team's does not")
        }
        let (purchases, problems) = HintLog.parse(Array(try Data(contentsOf: Self.log(fixture))), displayPath: "hints.jsonl")
        #expect(problems.isEmpty)
        #expect(purchases.map { "\($0.team)/\($0.task)#\($0.hint)=\($0.cost)" } == ["owls/lions#0=3"])
        let lines = try String(contentsOf: Self.log(fixture), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1, "logged once")
        let owls = await fixture.session.results?.teams.first { $0.id == "owls" }
        #expect(owls?.hintsUsed?.count == 1, "the judgement charges it at once")
    }

    @Test(arguments: [
        (#"{"task":"lions","hint":0,"pad":"\#(String(repeating: "x", count: 1 << 20))"}"#, 413, "nothing the server could read"),
        (#"not json"#, 400, "reload the page"),
        (#"{"task":"lions","hint":NaN}"#, 400, "reload the page"),
        (#"{"task":"lions","hint":1.5}"#, 400, "reload the page"),
        (#"{"task":"lions","hint":"0"}"#, 400, "reload the page"),
        (#"{"task":"lions","hint":1e300}"#, 400, "reload the page"),
        (#"{"task":"lions"}"#, 400, "reload the page"),
        (#"{"task":"lions","hint":-1}"#, 404, "no such hint"),
        (#"{"task":"lions","hint":3}"#, 404, "no such hint"),
        (#"{"task":"../answers","hint":0}"#, 404, "no such hint"),
        (#"{"task":"later","hint":0}"#, 409, "opens by itself"),
        (#"{"task":"shut","hint":0}"#, 409, "not open yet")
    ])
    func badRequestsAreRefusedAndWriteNothing(body: String, status: Int, words: String) async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            try await Self.post(client, "foxes", body) { response in
                #expect(Int(response.status.code) == status, "\(response.text)")
                #expect(response.text.contains(words), "\(response.text)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: Self.log(fixture).path))
    }

    @Test func aLinkThatNamesNoTeamBuysNothing() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            for room in ["/t/" + String(repeating: "0", count: 32), "/t/" + fixture.tokens.judge] {
                try await client.execute(uri: room + "/hint", method: .post, body: ByteBuffer(string: #"{"task":"lions","hint":0}"#)) { response in
                    #expect(response.status == .notFound && !response.text.contains("Look at the gate."), "\(response.text)")
                }
            }
        }
        #expect(!FileManager.default.fileExists(atPath: Self.log(fixture).path))
    }

    @Test func whilePausedNoHintIsBought() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        _ = try await fixture.session.live.change(action: "pause", resultsAt: nil, by: "test")
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            try await Self.post(client, "foxes", #"{"task":"lions","hint":0}"#) { response in
                #expect(response.status.code == 423 && response.text.contains("paused"), "\(response.text)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: Self.log(fixture).path))
    }
}

extension PlayerHintTests.Reply: Equatable {}
