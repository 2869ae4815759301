import Foundation
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import Testing

/// Code tasks on the players' side: the codes derived from the players' secret, the code box on a
/// team's state (which never holds the code), a code sent through the answer route, and `/code`,
/// where a poster's QR code leads, open without a token.
@Suite struct PlayerCodeTests {
    /// The photo hunt with a window around today, a written code and a derived one.
    static func fixture() async throws -> ServeFixture {
        try await PlayerAnswerTests.fixture(
            tasks: "  - { id: shed, title: The bike shed, at: \"52.08610, 5.17640\", code: REED-42 }\n"
                + "  - { id: sundial, title: The sundial, at: \"52.08870, 5.16960\", code: true }\n")
    }

    struct Reply: Decodable { var state: String; var why: [String]; var tries_left: Int }

    @Test func derivedCodesAreStableAndDifferPerTaskAndSecret() {
        let secret = PlayerRoutesTests.secret, other = Array("fedcba9876543210fedcba9876543210".utf8)
        let code = PlayerCodes.code(task: "sundial", secret: secret)
        #expect(code == PlayerCodes.code(task: "sundial", secret: secret))
        #expect(code != PlayerCodes.code(task: "shed", secret: secret))
        #expect(code != PlayerCodes.code(task: "sundial", secret: other))
        #expect(code.count == 7 && code.filter { $0 != "-" }.allSatisfy { TaskCode.alphabet.contains($0) }, "\(code)")
        // 200 tasks: no two share a code (25^6 codes), and no code is a team's token.
        let codes = Set((0..<200).map { PlayerCodes.code(task: "task-\($0)", secret: secret) })
        #expect(codes.count == 200)
        var configuration = ServeConfiguration(huntPath: "hunt.yaml", submissionsPath: "submissions")
        let hunt = Hunt(
            id: "h", title: "H", timezone: TimeZone(identifier: "UTC")!,
            tasks: [
                HuntTask(
                    id: "sundial", title: "S", target: .circle(center: Coordinate(latitude: 52, longitude: 5), radius: .metres(30)),
                    question: TaskQuestion(.code(.derived())))
            ])
        #expect(configuration.served(hunt).task("sundial")?.question?.code == .derived())
        let note = PlayerCodes.missingNote(hunt, secretPath: "x/.hunt-players-secret")
        #expect(note?.contains("`sundial`") == true && note?.contains("hunt sheets --posters") == true, "\(note ?? "")")
        configuration.codeSecret = secret
        #expect(configuration.served(hunt).task("sundial")?.question?.code == .derived(code))
        #expect(PlayerCodes.missingNote(configuration.served(hunt), secretPath: "x") == nil)
    }

    @Test func aCodeTaskShowsABoxNeverItsCodeAndIsJudgedOnTheSpot() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            try await client.execute(uri: PlayerRoutesTests.room("owls") + "/api/state", method: .get) { response in
                #expect(response.status == .ok)
                #expect(!response.text.contains("REED"), "the state holds no code")
                let state = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
                let tasks = state?["tasks"] as? [[String: Any]] ?? []
                let shed = tasks.first { $0["id"] as? String == "shed" }
                #expect(shed?["question"] as? String == "code")
                #expect(shed?["sendable"] as? Bool == false, "a code task takes no photo")
                #expect(shed?["tries_left"] as? Int == TaskCode.defaultAttempts)
            }
            let post = { (task: String, typed: String, check: @escaping (TestResponse) throws -> Void) in
                try await client.execute(
                    uri: PlayerRoutesTests.room("owls") + "/answer", method: .post,
                    body: ByteBuffer(string: #"{"task":"\#(task)","answer":"\#(typed)"}"#)
                ) { try check($0) }
            }
            try await post("shed", "REED-24") { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.state == "rejected" && reply.tries_left == 9)
                #expect(reply.why == ["That is not this task's code. Look at the poster and type it again."], "\(reply.why)")
                #expect(!response.text.contains("REED-42"))
            }
            try await post("shed", "reed 42") { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.state == "accepted")
                #expect(!response.text.contains("REED-42"), "the reply does not repeat the code")
            }
            // Served without the players' secret: a derived code cannot be told right or wrong.
            try await post("sundial", "KQX-7PA") { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.state == "review" && reply.why == ["The organizers will check your code."], "\(reply.why)")
            }
            // Hostile: a megabyte, control characters only.
            try await post("shed", String(repeating: "A", count: 1_000_000)) { #expect($0.status == .contentTooLarge) }
            try await post("shed", "\\u0001\\u0007\\u001b") { #expect($0.status == .badRequest) }
        }
    }

    @Test func theCodePageNeedsNoTokenAndNamesNoTeam() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            try await client.execute(uri: "/code", method: .get, headers: [.acceptLanguage: "fr"]) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("/code/code.js") && response.text.contains("/code/players.css"))
                #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
                #expect(!response.text.contains("/t/"), "it names no team")
            }
            try await client.execute(uri: "/code/code.js", method: .get) { response in
                #expect(response.status == .ok && response.text.contains("hunt-team-page"))
            }
            for path in ["/code/hunt.yaml", "/code/players.js", "/code/..%2Fhunt.yaml"] {
                try await client.execute(uri: path, method: .get) { #expect($0.status == .notFound, "\(path)") }
            }
            try await client.execute(uri: "/codex", method: .get) { #expect($0.status == .unauthorized, "only /code is open") }
        }
    }
}
