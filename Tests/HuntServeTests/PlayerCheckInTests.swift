import Foundation
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import Testing

/// `POST /t/<token>/check-in`: a position judged on the spot by the judge's own rules, appended
/// to answers.jsonl under the token's team, and a body that is not a position refused with
/// nothing written.
@Suite struct PlayerCheckInTests {
    /// The photo hunt with a window around today, a check-in and a dwell check-in.
    static func fixture() async throws -> ServeFixture {
        try await PlayerAnswerTests.fixture(
            tasks: "  - { id: gate, title: The gate, at: \"52.08840, 5.16860\", radius: 40 m, check_in: true }\n"
                + "  - { id: lawn, title: The lawn, at: \"52.08700, 5.17800\", radius: 50 m, check_in: true, dwell: 1 h }\n")
    }

    struct Reply: Decodable { var state: String; var why: [String]; var id: String; var stayed_s: Double?; var dwell_s: Double? }

    static func post(_ client: some TestClientProtocol, _ team: String, _ body: String, check: @escaping (TestResponse) throws -> Void) async throws {
        try await PlayerAnswerTests.post(client, team, body, to: "check-in", check: check)
    }

    @Test func aCheckInInsideIsAcceptedAndOneOutsideSaysHowFar() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            try await Self.post(client, "owls", #"{"task":"gate","latitude":52.0906,"longitude":5.1686,"accuracy":8}"#) { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.state == "rejected", "\(reply)")
                #expect(
                    reply.why.count == 1 && reply.why[0].contains("You are about ") && reply.why[0].contains("north of “The gate”")
                        && reply.why[0].contains("check in again"), "\(reply.why)")
            }
            // Another team: the owls' next check-in, a moment after one 240 m away, would be `too-fast`.
            try await Self.post(client, "foxes", #"{"task":"gate","latitude":52.08842,"longitude":5.16863,"accuracy":6}"#) { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.state == "accepted" && reply.why.isEmpty && reply.stayed_s == nil)
            }
            // A stay not yet an hour long: staying, with the time stayed, not a rejection.
            try await Self.post(client, "herons", #"{"task":"lawn","latitude":52.08701,"longitude":5.17802,"accuracy":5}"#) { response in
                let reply = try response.decoded(Reply.self)
                #expect(reply.state == "staying" && reply.why.isEmpty && reply.stayed_s == 0 && reply.dwell_s == 3600, "\(reply)")
            }
        }
        let text = try String(contentsOf: fixture.folder.appendingPathComponent("submissions/answers.jsonl"), encoding: .utf8)
        let (attempts, problems) = AnswerLog.parse(Array(text.utf8), displayPath: "answers.jsonl")
        #expect(problems.isEmpty)
        #expect(attempts.map(\.task) == ["gate", "gate", "lawn"] && attempts.map(\.team) == ["owls", "foxes", "herons"])
        #expect(attempts.allSatisfy { $0.answer.isEmpty })
        #expect(attempts[1].position == CheckInPosition(latitude: 52.08842, longitude: 5.16863, accuracyMetres: 6))
    }

    @Test(arguments: [
        (#"{"task":"gate","latitude":1e308,"longitude":5.1686,"accuracy":8}"#, 400, "no position it could use"),
        (#"{"task":"gate","latitude":52.08,"longitude":5.16,"accuracy":1e308}"#, 400, "no position it could use"),
        (#"{"task":"gate","latitude":91,"longitude":5.16,"accuracy":5}"#, 400, "no position it could use"),
        (#"{"task":"gate","latitude":52.08,"longitude":-181,"accuracy":5}"#, 400, "no position it could use"),
        (#"{"task":"gate","latitude":52.08,"longitude":5.16,"accuracy":-1}"#, 400, "no position it could use"),
        (#"{"task":"gate","latitude":NaN,"longitude":5.16,"accuracy":5}"#, 400, "no position it could use"),
        (#"{"task":"gate","latitude":"52.08","longitude":5.16,"accuracy":5}"#, 400, "no position it could use"),
        (#"{"task":"gate","latitude":52.08,"longitude":5.16,"accuracy":5,"pad":"\#(String(repeating: "x", count: 2000))"}"#, 413, "no position"),
        (#"{"task":"library","latitude":52.08,"longitude":5.16,"accuracy":5}"#, 404, "no such check-in"),
        (#"not json"#, 400, "no position it could use"),
        (#"{"task":"gate","latitude":52.08,"longitude":5.16,"accuracy":5,"fixed_at":-5}"#, 400, "no position it could use"),
        (#"{"task":"gate","latitude":52.08,"longitude":5.16,"accuracy":5,"fixed_at":1e300}"#, 400, "no position it could use")
    ])
    func badPositionsAreRefusedAndNothingIsWritten(body: String, status: Int, words: String) async throws {
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

    /// A check-in the page kept without a signal counts when its position was fixed; one sent at
    /// once, or with a time ahead of the server's, when it arrives.
    @Test func aKeptCheckInCountsWhenItsPositionWasFixed() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        let now = Date()
        let sent = [("owls", now - 20 * 60), ("foxes", now - 10), ("herons", now + 3600)].map { ($0, Int($1.timeIntervalSince1970 * 1000)) }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            for (team, fixed) in sent {
                let body = #"{"task":"gate","latitude":52.08842,"longitude":5.16863,"accuracy":6,"fixed_at":\#(fixed)}"#
                try await Self.post(client, team, body) { response in
                    #expect(response.status == .ok, "\(response.text)")
                }
            }
        }
        // Arrived between `now` and the end of the requests, however busy the machine running the tests is.
        let arrived = (now - 1)...(Date() + 1)
        let text = try String(contentsOf: fixture.folder.appendingPathComponent("submissions/answers.jsonl"), encoding: .utf8)
        let attempts = AnswerLog.parse(Array(text.utf8), displayPath: "answers.jsonl").attempts
        let at = Dictionary(uniqueKeysWithValues: attempts.map { ($0.team, $0.sentAt.date) })
        #expect(abs(at["owls"]!.timeIntervalSince(now - 20 * 60)) < 1, "kept 20 minutes: the fix's time")
        #expect(arrived.contains(at["foxes"]!), "sent at once: the time it arrived")
        #expect(arrived.contains(at["herons"]!), "a phone's clock ahead: the time it arrived")
    }

    @Test func theTeamsStateOffersACheckInAndAPausedHuntRefusesIt() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.remove() }
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            try await client.execute(uri: PlayerRoutesTests.room("owls") + "/api/state", method: .get) { response in
                let state = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                let tasks = try #require(state["tasks"] as? [[String: Any]])
                let gate = try #require(tasks.first { $0["id"] as? String == "gate" })
                let lawn = try #require(tasks.first { $0["id"] as? String == "lawn" })
                #expect(gate["check_in"] as? Bool == true && gate["sendable"] as? Bool == false && gate["dwell_s"] == nil)
                #expect(lawn["check_in"] as? Bool == true && lawn["dwell_s"] as? Double == 3600)
                #expect(tasks.first { $0["id"] as? String == "library" }?["check_in"] == nil, "a photo task says nothing of check-ins")
            }
        }
        _ = try await fixture.session.live.change(action: "pause", resultsAt: nil, by: "Ana")
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            try await Self.post(client, "owls", #"{"task":"gate","latitude":52.08842,"longitude":5.16863,"accuracy":6}"#) { response in
                #expect(response.status.code == 423 && response.text.contains("the hunt is paused"), "\(response.text)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("submissions/answers.jsonl").path))
    }
}
