import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import Testing

/// The console's API converts no keys: every answer's keys are the snake_case its types'
/// `CodingKeys` declare, and the evidence it sends is `Evidence.Field`'s.
@Suite struct ServeJSONKeysTests {
    @Test func everyAnswerHasDeclaredSnakeCaseKeys() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            var answers: [(String, Any)] = []
            func get(_ uri: String) async throws -> Any {
                let answer = try await client.execute(uri: uri, method: .get, headers: fixture.judgeHeaders()) { response in
                    #expect(response.status == .ok, "\(uri)")
                    return try JSONSerialization.jsonObject(with: Data(buffer: response.body))
                }
                answers.append((uri, answer))
                return answer
            }
            _ = try await get("/api/session")
            _ = try await get("/api/leaderboard")
            let queue = try #require(try await get("/api/queue?verdict=all&limit=1000") as? [String: Any])
            let items = try #require(queue["items"] as? [[String: Any]])
            #expect(items.count > 5)
            // Every item carries the words the page shows (a key left out of CodingKeys is not encoded).
            #expect(items.allSatisfy { $0["shown"] is [String: Any] })
            for item in items { _ = try await get("/api/item?id=\(try #require(item["id"] as? String))") }
            _ = try await get("/api/team?team=herons")
            let id = try #require(items.first?["id"] as? String)
            let decided = try await client.execute(
                uri: "/api/decisions", method: .post, headers: fixture.judgeHeaders(),
                body: ByteBuffer(string: #"{"id":"\#(id)","decision":"accept","by":"Ann"}"#)
            ) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body))
            }
            answers.append(("/api/decisions", decided))

            var keys: Set<String> = []
            var evidence: Set<String> = []
            for (_, answer) in answers { Self.collect(answer, keys: &keys, evidence: &evidence) }
            #expect(keys.filter { $0.range(of: #"^[a-z][a-z0-9_]*$"#, options: .regularExpression) == nil }.sorted() == [])
            // The radar, the queue items and the grid were all in the answers.
            #expect(
                keys.isSuperset(of: ["team_name", "judged_verdict", "where_text", "reach_m", "east_m", "tasks_done", "captured_at", "shown", "change"]
                ))
            #expect(!evidence.isEmpty)
            #expect(evidence.subtracting(JudgeResults.Evidence.Field.allCases.map(\.stringValue)).sorted() == [])
        }
    }

    /// Every object key in `json`, and separately the keys of its `evidence` objects.
    static func collect(_ json: Any, keys: inout Set<String>, evidence: inout Set<String>) {
        if let object = json as? [String: Any] {
            for (key, value) in object {
                keys.insert(key)
                if key == "evidence", let fields = value as? [String: Any] { evidence.formUnion(fields.keys) }
                collect(value, keys: &keys, evidence: &evidence)
            }
        } else if let array = json as? [Any] {
            for element in array { collect(element, keys: &keys, evidence: &evidence) }
        }
    }
}
