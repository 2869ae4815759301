import Foundation
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import Testing

/// `POST /t/<token>/answer`: an answer judged on the spot by the judge's own rules, appended to
/// answers.jsonl under the token's team, and every bad body refused with a clear message.
@Suite struct PlayerAnswerTests {
    /// The photo hunt with a window around today and `tasks` added (two questions unless given).
    static func fixture(
        tasks: String = "  - { id: lions, title: Lions, number: 7 }\n  - { id: glass, title: Glass, choices: [Tulips, Reeds], correct: Reeds }\n"
            + "  - { id: observatory, title: The old observatory, at: \"52.08700, 5.17900\" }\n"
            + "  - { id: late, title: Late, number: 1, after: [observatory] }\n"
    ) async throws -> ServeFixture {
        try await ServeFixture { folder in
            let url = folder.appendingPathComponent("hunt.yaml")
            var yaml = try String(contentsOf: url, encoding: .utf8)
            yaml = yaml.replacingOccurrences(
                of: "window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }", with: "window: { start: 2020-01-01 00:00, end: 2035-12-31 23:59 }")
            yaml += tasks
            try yaml.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    struct Reply: Decodable { var state: String; var why: [String]; var tries_left: Int; var id: String }

    static func post(
        _ client: some TestClientProtocol, _ team: String, _ body: String, to route: String = "answer", check: @escaping (TestResponse) throws -> Void
    ) async throws {
        try await client.execute(uri: PlayerRoutesTests.room(team) + "/" + route, method: .post, body: ByteBuffer(string: body)) { try check($0) }
    }

    @Test func anAnswerIsJudgedOnTheSpotAndLoggedUnderTheTokensTeam() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            // A team named in the body is not taken: the token names it. The override is taken out.
            try await Self.post(client, "owls", #"{"task":"lions","answer":"Eight","team":"foxes"}"#) { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.state == "rejected" && reply.tries_left == 4 && reply.why == ["That is not the answer."])
            }
            try await Self.post(client, "owls", #"{"task":"lions","answer":"Se\u202Even\n"}"#) { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.state == "accepted" && reply.tries_left == 3)
            }
            try await Self.post(client, "owls", #"{"task":"glass","answer":"tulips"}"#) { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.tries_left == 0)
            }
            try await Self.post(client, "owls", #"{"task":"glass","answer":"reeds"}"#) { response in
                let reply = try response.decoded(Reply.self)
                #expect(
                    reply.state == "rejected" && reply.why == ["Your team had no tries left on this task."], "counted before the folder is read again"
                )
            }
        }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            // Before the task it must come after: said in an answer's words, not a photo's.
            try await Self.post(client, "foxes", #"{"task":"late","answer":"one"}"#) { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.state == "rejected" && reply.why.count == 1 && reply.why[0].contains("when you answered"), "\(reply.why)")
            }
        }
        let log = try String(contentsOfFile: fixture.folder.appendingPathComponent("submissions/answers.jsonl").path, encoding: .utf8)
        let (attempts, problems) = AnswerLog.parse(Array(log.utf8), displayPath: "answers.jsonl")
        #expect(problems.isEmpty)
        #expect(attempts.map(\.team) == ["owls", "owls", "owls", "owls", "foxes"])
        #expect(attempts.map(\.answer) == ["Eight", "Seven", "tulips", "reeds", "one"])
    }

    @Test(arguments: [
        (#"{"task":"lions","answer":"\#(String(repeating: "7", count: 5000))"}"#, 413, "at most"),
        (#"{"task":"lions","answer":"\#(String(repeating: "7", count: 1500))"}"#, 413, "at most"),
        (#"{"task":"library","answer":"x"}"#, 404, "this question is not in the hunt"),
        (#"{"task":"nope","answer":"x"}"#, 404, "this question is not in the hunt"),
        (#"{"task":"lions","answer":"\u0001\u200F "}"#, 400, "type an answer"),
        (#"not json"#, 400, "reload the page"),
        (#"{"task":"lions"}"#, 400, "reload the page")
    ])
    func badAnswersAreRefusedWithAReason(body: String, status: Int, words: String) async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            try await Self.post(client, "foxes", body) { response in
                #expect(Int(response.status.code) == status)
                #expect(response.text.contains(words), "\(response.text)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("submissions/answers.jsonl").path))
    }
}
