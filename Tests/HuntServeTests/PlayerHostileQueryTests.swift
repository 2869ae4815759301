import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import Testing

/// What a hostile team can put in its own requests: numbers past any range, NaN, infinities,
/// empty and 10 KB values in every query parameter of every route of its page. Each is answered
/// (refused with 4xx or taken), and the server is still up after all of them.
@Suite struct PlayerHostileQueryTests {
    static let edges = [
        "1e19", "-1e19", "1e308", "-1e308", String(Int.max), String(Int.min), "9223372036854775808", "NaN", "nan", "inf",
        "-inf", "infinity", "-0", "0", "", "0x1p1023", "1e-400", "%00", String(repeating: "9", count: 10_240)
    ]

    /// Uploads a photo with `fixed_at=1e19`: this request ended the server (SIGILL) once.
    @Test func aFixTimePastAnyDateIsRefusedAndTheDayGoesOn() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let photo = try PlayerRoutesTests.bytes("photos/jpeg-no-exif.jpg")
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            for fixedAt in ["1e19", "9.3e18", "253402300800000"] {
                try await client.execute(
                    uri: PlayerRoutesTests.room("foxes") + "/upload?task=kruyt&lat=52&lon=5&fixed_at=" + fixedAt, method: .post,
                    body: ByteBuffer(bytes: photo)
                ) { response in
                    #expect(response.status == .badRequest, "\(fixedAt): \(response.status)")
                    #expect(response.text.contains("fixed_at"))
                }
            }
            // The last millisecond of the year 9999 is taken, written beside the photo and judged.
            let sent = try await client.execute(
                uri: PlayerRoutesTests.room("foxes") + "/upload?task=kruyt&lat=52&lon=5&fixed_at=253402300799999",
                method: .post, body: ByteBuffer(bytes: photo)
            ) { response in
                #expect(response.status == .created, "\(response.text)")
                return try response.decoded(PlayerRoutesTests.Sent.self)
            }
            #expect(try await PlayerRoutesTests.judged(fixture, sent.id))
            try await client.execute(uri: PlayerRoutesTests.room("foxes") + "/api/state", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/queue", method: .get, headers: fixture.judgeHeaders()) { #expect($0.status == .ok) }
        }
    }

    /// Every query parameter of every players' route, each edge value in turn.
    @Test func everyParameterAtItsEdgesIsAnsweredAndTheServerStaysUp() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let photo = try PlayerRoutesTests.bytes("photos/jpeg-no-exif.jpg")
        let options = PlayersOptions(requestsPerMinute: 100_000)
        let room = PlayerRoutesTests.room("foxes")
        // Each route with its parameters, and a valid value for each: one parameter at a time takes an edge value.
        let routes: [(path: String, method: HTTPRequest.Method, parameters: [(String, String)])] = [
            (
                "/upload", .post,
                [("task", "kruyt"), ("lat", "52.0857"), ("lon", "5.1746"), ("accuracy", "9"), ("fixed_at", "1777716000000"), ("live", "1")]
            ),
            ("/photo", .get, [("id", fixture.session.ids.id(of: "foxes/library/IMG_0002.jpg")), ("size", "small")]),
            ("/api/state", .get, [("since", "1")]),
            ("/withdraw", .post, [("id", "0")]),
            ("", .get, [("lang", "en")]),
            ("/assets/players.js", .get, [("v", "1")])
        ]
        let answered = try await PlayerRoutesTests.application(fixture, options: options).test(.router) { client in
            var answered = 0
            for route in routes {
                for (k, _) in route.parameters.enumerated() {
                    for edge in Self.edges {
                        var parameters = route.parameters
                        parameters[k].1 = edge
                        let query = parameters.map { $0.0 + "=" + ($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }
                            .joined(separator: "&")
                        let body = route.path == "/withdraw" ? ByteBuffer(string: #"{"id":"\#(edge)"}"#) : ByteBuffer(bytes: photo)
                        answered += try await client.execute(uri: room + route.path + "?" + query, method: route.method, body: body) { response in
                            #expect(response.status.code < 500, "\(route.path)?\(query.prefix(120)): \(response.status) \(response.text.prefix(200))")
                            return 1
                        }
                    }
                }
            }
            try await client.execute(uri: room + "/api/state", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/queue", method: .get, headers: fixture.judgeHeaders()) { #expect($0.status == .ok) }
            return answered
        }
        #expect(answered == routes.map(\.parameters.count).reduce(0, +) * Self.edges.count)
        // What was taken is judged without a trap.
        await fixture.session.poll()
        #expect(await fixture.session.results != nil)
    }
}

/// The bodies of the live day's newer routes (a guided task's position, the show's consent, a
/// judge's star, a reveal) from someone hostile: 1 MB, not JSON, the wrong types, NaN, script in a
/// value, the wrong token. Each is refused with 4xx, nothing is written, and the server goes on.
@Suite struct HostileLiveDayBodyTests {
    @Test func eachBadBodyIsRefusedAndNothingIsKept() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let room = PlayerRoutesTests.room("foxes")
        let bodies = [
            String(repeating: "x", count: 1 << 20), "not json", "{}", #"{"task": 7, "lat": "north"}"#,
            #"{"task": "kruyt", "lat": NaN, "lon": 5}"#, #"{"show": "<script>alert(1)</script>"}"#, #"{"id": ["a"], "starred": 1}"#
        ]
        try await PlayerRoutesTests.application(fixture, options: PlayersOptions(requestsPerMinute: 100_000)).test(.router) { client in
            for body in bodies {
                for path in [room + "/guide", room + "/show"] {
                    try await client.execute(uri: path, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body)) {
                        #expect((400..<500).contains($0.status.code), "\(path) \(body.prefix(40)): \($0.status)")
                    }
                }
                try await client.execute(uri: "/api/star", method: .post, headers: fixture.judgeHeaders(), body: ByteBuffer(string: body)) {
                    #expect((400..<500).contains($0.status.code), "star \(body.prefix(40)): \($0.status)")
                }
            }
            // A team's token neither stars nor reveals; a valid position for a task that guides nowhere is 404.
            for path in ["/api/star", "/api/reveal"] {
                try await client.execute(
                    uri: path, method: .post, headers: [.authorization: "Bearer " + room.dropFirst(3), .contentType: "application/json"],
                    body: ByteBuffer(string: #"{"id": "x"}"#)
                ) { #expect([401, 403].contains($0.status.code), "\(path): \($0.status)") }
            }
            try await client.execute(
                uri: room + "/guide", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"task": "kruyt", "lat": 52.08, "lon": 5.17}"#)
            ) { #expect($0.status == .notFound) }
            try await client.execute(uri: room + "/api/state", method: .get) { #expect($0.status == .ok) }
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("reviews.show.json").path))
    }
}
