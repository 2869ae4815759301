import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Testing

@testable import HuntServe

/// Who gets a connection when connections run short (`ConnectionGuard`): whoever holds its whole
/// allowance holds only its own, and the judges and the other teams are still answered.
@Suite struct ConnectionGuardTests {
    typealias Ledger = ConnectionGuard.Ledger<Int>
    static let limits = ConnectionGuard.Limits(total: 6, perAddress: 2, perTeam: 2, viewers: 2, idleTimeout: .seconds(5))

    @Test func atTheTotalTheOldestIdleMakesWayAJudgesLast() {
        var ledger = Ledger(limits: Self.limits)
        for key in 1...6 { #expect(ledger.admit(key, address: "10.0.0.\(key)") == .go(evicting: [])) }
        #expect(ledger.began(1, holder: .judge) == .go(evicting: []))
        ledger.ended(1)
        #expect(ledger.began(2, holder: .team("owls")) == .go(evicting: []))  // busy
        // 1 is idle but a judge's, 2 is busy: 3 is the oldest that may go, then 4.
        #expect(ledger.admit(7, address: "10.0.0.7") == .go(evicting: [3]))
        #expect(ledger.admit(8, address: "10.0.0.8") == .go(evicting: [4]))
        for key in [5, 6, 7, 8] { _ = ledger.began(key, holder: .judge) }
        // Every other connection is busy: the idle judge's goes.
        #expect(ledger.admit(9, address: "10.0.0.9") == .go(evicting: [1]))
        _ = ledger.began(9, holder: .judge)
        #expect(ledger.admit(10, address: "10.0.0.10") == .refuse, "every connection busy: the new one is closed")
        #expect(ledger.open.count == 6)
    }

    @Test func anAddressOverItsCountLosesItsOldestIdleConnectionWithoutAToken() {
        var ledger = Ledger(limits: Self.limits)
        _ = ledger.admit(1, address: "proxy")
        _ = ledger.admit(2, address: "proxy")
        _ = ledger.began(1, holder: .team("owls"))  // now the team's: no longer the address's
        ledger.ended(1)
        _ = ledger.admit(3, address: "proxy")
        _ = ledger.began(3, holder: nil)  // busy, without a token
        // The address holds 2 (2 and 3): a new one takes the place of 2, the oldest idle; not the team's 1.
        #expect(ledger.admit(4, address: "proxy") == .go(evicting: [2]))
        #expect(ledger.admit(5, address: "elsewhere") == .go(evicting: []))
        _ = ledger.began(4, holder: nil)
        // 3 and 4 busy: a new connection is still taken in (it may carry a token)…
        #expect(ledger.admit(6, address: "proxy") == .go(evicting: []))
        // …but a request of it without one is refused, and with the judge's token goes on.
        #expect(ledger.began(6, holder: nil) == .refuse)
        #expect(ledger.began(6, holder: .judge) == .go(evicting: []))
        #expect(ledger.count(.address("proxy")) == 2)
    }

    @Test func aRequestOverItsHoldersAllowanceTakesItsOldestIdleElseIsRefused() {
        var ledger = Ledger(limits: Self.limits)
        for key in 1...6 { _ = ledger.admit(key, address: "10.0.0.\(key)") }
        #expect(ledger.began(1, holder: .team("owls")) == .go(evicting: []))
        #expect(ledger.began(2, holder: .team("owls")) == .go(evicting: []))
        ledger.ended(1)
        // A third for owls: owls' idle 1 makes way (never another team's or the address's).
        #expect(ledger.began(3, holder: .team("owls")) == .go(evicting: [1]))
        #expect(ledger.began(4, holder: .team("owls")) == .refuse, "2 and 3 busy")
        #expect(ledger.began(4, holder: .team("foxes")) == .go(evicting: []))
        // A keep-alive connection's next request of the same holder is not counted twice.
        ledger.ended(2)
        #expect(ledger.began(2, holder: .team("owls")) == .go(evicting: []))
        // The leaderboard's screens have their own allowance; the judge none.
        #expect(ledger.began(5, holder: .viewer) == .go(evicting: []))
        #expect(ledger.began(6, holder: .viewer) == .go(evicting: []))
        #expect(ledger.admit(7, address: "10.0.0.7") == .go(evicting: []))  // the total (6) had room: 1 went
        #expect(ledger.began(7, holder: .viewer) == .refuse)
        #expect(ledger.began(7, holder: .judge) == .go(evicting: []))
        #expect(ledger.count(.team("owls")) == 2 && ledger.count(.team("foxes")) == 1 && ledger.count(.viewer) == 2)
    }

    /// One address (everyone behind the TLS proxy) holds a team's whole allowance with event
    /// streams, the leaderboard's with its streams, and its own without a token with busy requests:
    /// a further one of each is answered 429, and the judge and another team are answered at once.
    @Test func oneAddressHoldingEveryAllowanceLocksOutNeitherTheJudgeNorAnotherTeam() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let teams = await fixture.session.teamChoices.map(\.id)
        let tokens = PlayerTokens(secret: PlayerRoutesTests.secret, teams: teams)
        let room = PlayersRoom(session: fixture.session, tokens: tokens, options: PlayersOptions())
        let server = ServeServer(session: fixture.session, tokens: fixture.tokens, host: "127.0.0.1", port: 0, players: room)
        // A wrong token waits 3 s (the brake, after 30 wrong guesses): a request busy that long.
        let brake = BadTokenBrake()
        for _ in 0..<30 { _ = await brake.delayAfterFailure() }
        let limits = ConnectionGuard.Limits(total: 64, perAddress: 3, perTeam: 3, viewers: 3, idleTimeout: .seconds(10))
        let (ports, running) = AsyncStream<Int>.makeStream()
        let app = server.application(
            pages: try ServePages.load(from: ServeFixture.checkout.appendingPathComponent("Templates/serve")),
            limits: limits, brake: brake
        ) { running.yield($0) }
        let services = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var next = ports.makeAsyncIterator()
            let port = try #require(await next.next())
            var held: [RawConnection] = []
            defer { fixture.session.events.finishAll() }
            let owls = "/t/" + tokens.token(team: "owls")
            let flood: [(path: String, headers: [String: String], started: String?)] = [
                (owls + "/events", [:], "event: state"),
                ("/api/events", ["Authorization": "Bearer \(fixture.tokens.viewer)"], "retry: 2000"),
                ("/t/" + String(repeating: "0", count: 32) + "/api/state", [:], nil)
            ]
            for (path, headers, started) in flood {
                for _ in 0..<3 {
                    let connection = try await RawConnection.get(path, port: port, headers: headers)
                    held.append(connection)
                    if let started { #expect(try await connection.wait { $0.text.contains(started) }, "\(path)") }
                }
                // The holder has its 3, all busy: the next is told to wait, then closed.
                let over = try await RawConnection.get(path, port: port, headers: headers)
                #expect(try await over.wait { $0.isClosed }, "\(path)")
                #expect(over.status == 429, "\(path): \(over.text)")
                #expect(over.text.contains("Retry-After: 5") || over.text.contains("retry-after: 5"))
                #expect(over.text.lowercased().contains("connection: close"))
            }
            #expect(held.allSatisfy { !$0.isClosed })
            let started = ContinuousClock.now
            let judge = try await RawConnection.get("/api/queue?limit=1", port: port, headers: ["Authorization": "Bearer \(fixture.tokens.judge)"])
            #expect(try await judge.wait(within: .seconds(2)) { $0.status != nil })
            #expect(judge.status == 200)
            let herons = try await RawConnection.get("/t/" + tokens.token(team: "herons") + "/api/state", port: port)
            #expect(try await herons.wait(within: .seconds(2)) { $0.status != nil })
            #expect(herons.status == 200)
            #expect(ContinuousClock.now - started < .seconds(2), "answered while the wrong tokens still wait")
            for connection in held + [judge, herons] { await connection.close() }
            await services.triggerGracefulShutdown()
        }
    }

    /// The eviction order on real sockets: at the total, the oldest idle connection is closed for
    /// a new one, then the next oldest, a judge's idle one only when every other is busy, and when
    /// all are busy the new one is closed instead.
    @Test func atTheTotalTheServerClosesTheOldestIdleConnectionAJudgesLast() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let limits = ConnectionGuard.Limits(total: 4, perAddress: 8, perTeam: 8, viewers: 8, idleTimeout: .seconds(10))
        try await Self.serving(fixture, limits: limits) { port in
            let viewer = ["Authorization": "Bearer \(fixture.tokens.viewer)"]
            /// A leaderboard stream: busy for as long as it is open.
            func stream() async throws -> RawConnection {
                let connection = try await RawConnection.get("/api/events", port: port, headers: viewer)
                #expect(try await connection.wait { $0.text.contains("retry: 2000") })
                return connection
            }
            /// A connection that has sent nothing: idle, counted against its address.
            func silent() async throws -> RawConnection {
                let connection = try await RawConnection.open(port: port, sending: "")
                try await Task.sleep(for: .milliseconds(200))  // taken in before the next one
                return connection
            }
            // Opened first, and idle after its answer: but it carried the judge's token.
            let judge = try await RawConnection.get("/api/session", port: port, headers: ["Authorization": "Bearer \(fixture.tokens.judge)"])
            #expect(try await judge.wait { $0.status != nil })
            #expect(judge.status == 200)
            let busy = try await stream()
            let (older, newer) = (try await silent(), try await silent())
            let first = try await stream()
            #expect(try await older.wait { $0.isClosed }, "the oldest idle one made way")
            #expect(!newer.isClosed && !judge.isClosed)
            let second = try await stream()
            #expect(try await newer.wait { $0.isClosed }, "then the next oldest")
            #expect(!judge.isClosed, "the judge's idle connection goes last")
            let third = try await stream()
            #expect(try await judge.wait { $0.isClosed }, "every other one busy: the judge's made way")
            do {
                let refused = try await RawConnection.get("/api/events", port: port, headers: viewer)
                #expect(try await refused.wait { $0.isClosed }, "every connection busy: the new one is closed")
                #expect(refused.status == nil)
            } catch ChannelError.ioOnClosedChannel {
                // Closed at accept before the request could even be written: refused all the same.
            }
            #expect(![busy, first, second, third].contains { $0.isClosed })
            for connection in [busy, first, second, third] { await connection.close() }
        }
    }

    /// A body that drips is closed once a window passes without enough of it; one that comes at
    /// once is read and answered.
    @Test func aRequestBodyThatDripsIsClosed() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        var limits = ConnectionGuard.Limits(total: 64, perAddress: 8, idleTimeout: .seconds(10))
        (limits.bodyWindow, limits.bodyBytesPerWindow) = (.milliseconds(300), 100)
        try await Self.serving(fixture, limits: limits) { port in
            let head = "POST /api/undo HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(fixture.tokens.judge)\r\n"
            let drip = try await RawConnection.open(port: port, sending: head + "Content-Length: 1000\r\n\r\n{")
            let body = #"{"path":"nowhere.jpg"}"#
            let whole = try await RawConnection.open(port: port, sending: head + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
            #expect(try await whole.wait { $0.status != nil })
            #expect(whole.status == 404, "\(whole.text)")
            #expect(try await drip.wait(within: .seconds(3)) { $0.isClosed }, "closed after one window without 100 bytes")
            #expect(drip.status == nil)
            await whole.close()
        }
    }

    /// The console of `fixture` served on a free port with `limits` while `body` runs with the
    /// port; then its event streams are ended and it is shut down.
    static func serving(_ fixture: ServeFixture, limits: ConnectionGuard.Limits, _ body: (Int) async throws -> Void) async throws {
        let server = ServeServer(session: fixture.session, tokens: fixture.tokens, host: "127.0.0.1", port: 0)
        let (ports, running) = AsyncStream<Int>.makeStream()
        let app = server.application(
            pages: try ServePages.load(from: ServeFixture.checkout.appendingPathComponent("Templates/serve")),
            limits: limits
        ) { running.yield($0) }
        let services = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var next = ports.makeAsyncIterator()
            let port = try #require(await next.next())
            defer { fixture.session.events.finishAll() }
            do { try await body(port) } catch {
                await services.triggerGracefulShutdown()
                throw error
            }
            await services.triggerGracefulShutdown()
        }
    }
}
