import Foundation
import Testing
@testable import HuntKit
@testable import HuntServe

@Suite struct ServeRequestTests {
    @Test(
        arguments: [
            ("nope", nil, nil, "--listen takes host:port, e.g. `127.0.0.1:8765` or `0.0.0.0:8765`, not `nope`"),
            ("127.0.0.1:70000", nil, nil, "--listen takes host:port, e.g. `127.0.0.1:8765` or `0.0.0.0:8765`, not `127.0.0.1:70000`"),
            ("nope", "pdf", nil, "--listen takes host:port, e.g. `127.0.0.1:8765` or `0.0.0.0:8765`, not `nope`"),
            ("127.0.0.1:8765", "html,PDF", "out", "--format takes html, csv and md, comma-separated, not `pdf`"),
            ("127.0.0.1:8765", "json", "out", "--format takes html, csv and md, comma-separated, not `json`"),
            ("127.0.0.1:8765", "html", nil, "reports are kept beside results.json: add `--out DIR`")
        ] as [(String, String?, String?, String)])
    func requestsThatCannotBeServedAreNamedInTheirOrder(listen: String, formats: String?, out: String?, problem: String) {
        let request = ServeRequest(huntPath: "hunt.yaml", submissionsPath: "photos", outPath: out, formats: formats, listen: listen)
        #expect(request.problem == problem)
    }

    @Test func aRequestThatFitsHasNoProblem() {
        #expect(ServeRequest(huntPath: "hunt.yaml", submissionsPath: "photos").problem == nil)
        let withReports = ServeRequest(huntPath: "hunt.yaml", submissionsPath: "photos", outPath: "out", formats: "md, csv", listen: ":0")
        #expect(withReports.problem == nil)
    }

    @Test func loadingMakesTheServerAsAskedWithoutJudging() async throws {
        let examples = ServeFixture.checkout.appendingPathComponent("Examples/photo-scavenger-hunt")
        let request = ServeRequest(
            huntPath: examples.appendingPathComponent("hunt.yaml").path,
            submissionsPath: examples.appendingPathComponent("submissions").path,
            outPath: "results", formats: "csv,html", listen: "[::1]:0", extraHosts: ["hunt.example"], blind: true)
        let (server, _) = try request.load()
        #expect(server.host == "::1")
        #expect(server.port == 0)
        #expect(server.extraHosts == ["hunt.example"])
        let configuration = server.session.configuration
        #expect(configuration.reports == [.csv, .html])
        #expect(configuration.reviewsPath == examples.appendingPathComponent("reviews.yaml").path)
        #expect(configuration.blind)
        #expect(await server.session.results == nil)
        #expect(server.perAddress == 128, "the judges' console alone: 128 connections an address")
    }

    /// A venue's phones share one address (its Wi-Fi, a carrier's CGNAT, the TLS proxy): with the
    /// players' pages an address may hold 8 connections a team, unless told a number.
    @Test func connectionsPerAddressFollowTheTeamsOrTheOption() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let teams = (0..<300).map { "t\($0)" }
        let room = PlayersRoom(
            session: fixture.session, tokens: PlayerTokens(secret: PlayerRoutesTests.secret, teams: teams), options: PlayersOptions())
        #expect(ServeServer(session: fixture.session, players: room).perAddress == 2_400)
        #expect(ServeServer(session: fixture.session, players: room, connectionsPerAddress: 64).perAddress == 64)
        let few = PlayersRoom(
            session: fixture.session, tokens: PlayerTokens(secret: PlayerRoutesTests.secret, teams: ["a", "b", "c"]), options: PlayersOptions())
        #expect(ServeServer(session: fixture.session, players: few).perAddress == 128)
        let request = ServeRequest(huntPath: fixture.hunt, submissionsPath: fixture.submissions, connectionsPerAddress: 5_000)
        #expect(try request.load().server.perAddress == 5_000)
    }

    @Test func aHuntThatCannotBeReadIsItsDiagnostics() {
        #expect {
            try ServeRequest(huntPath: "no-such-hunt.yaml", submissionsPath: "photos").load()
        } throws: { error in
            (error as? DiagnosticError)?.diagnostics.first?.location.file == "no-such-hunt.yaml"
        }
    }
}
