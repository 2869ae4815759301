import Synchronization
import Testing

@testable import HuntServe

/// The teams' event streams: a change costs one view a watching team, however many of its pages
/// are open, and a page that reads slowly gets the newest state, not a backlog.
@Suite struct TeamStreamsTests {
    @Test func aTeamsViewIsComputedOnceAChangeAndItsPagesKeepOnlyTheNewest() async throws {
        let hub = EventHub()
        let computed = Mutex<[String: Int]>([:])
        let points = Mutex(0)
        // The inputs stand for the points: a change of anything else makes no view.
        let streams = TeamStreams(events: hub, roundsApart: .zero) { team, previous in
            let inputs = TeamView.Inputs(
                hunt: points.withLock { $0 }, judged: true, submissions: [], submissionIDs: [], standing: nil, teams: 2,
                leaderboard: nil, pending: [:], pendingJudged: [])
            guard inputs != previous else { return nil }
            computed.withLock { $0[team, default: 0] += 1 }
            return (
                TeamView(
                    title: "Hunt", team: .init(id: team, name: team), sees: "own", points: inputs.hunt, taskCount: 0, tasks: [], other: [],
                    judged: true), inputs
            )
        }
        var owls: [AsyncStream<EventHub.Event>.Iterator] = []
        for _ in 0..<3 { owls.append(await streams.subscribe("owls").events.makeAsyncIterator()) }
        var foxes = await streams.subscribe("foxes").events.makeAsyncIterator()

        points.withLock { $0 = 10 }
        hub.send("judged", ["generation": 1])
        for index in owls.indices { #expect(await owls[index].next()?.json.contains(#""points":10"#) == true) }
        #expect(await foxes.next()?.json.contains(#""points":10"#) == true)
        #expect(computed.withLock { $0 } == ["owls": 1, "foxes": 1], "one view a team for its three pages")

        // Four more changes while the first owls page reads nothing: it then gets the newest only.
        for n in 11...14 {
            points.withLock { $0 = n }
            hub.send("judged", ["generation": n])
            #expect(await foxes.next()?.json.contains(#""points":\#(n)"#) == true)
        }
        #expect(await owls[0].next()?.json.contains(#""points":14"#) == true)
        points.withLock { $0 = 15 }
        hub.send("judged", ["generation": 15])
        #expect(await owls[0].next()?.json.contains(#""points":15"#) == true, "nothing older was kept")
        #expect(await foxes.next()?.json.contains(#""points":15"#) == true)

        // A change that leaves a team's view as it was sends it nothing.
        hub.send("judged", ["generation": 16])
        points.withLock { $0 = 17 }
        hub.send("judged", ["generation": 17])
        #expect(await foxes.next()?.json.contains(#""points":17"#) == true)
        #expect(computed.withLock { $0 } == ["owls": 7, "foxes": 7], "a view made once a change of its inputs, never for generation 16")
        hub.finishAll()
        #expect(await owls[1].next()?.json.contains(#""points":17"#) == true)
        #expect(await owls[1].next() == nil, "the session's end ends the pages' streams")
    }

    /// Through the players' room: a judge's decision reaches the team's page with its words (the
    /// inputs of its view include the decision), and no other team's page hears of it.
    @Test func aDecisionReachesItsTeamsPagesOnly() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let teams = await fixture.session.teamChoices.map(\.id)
        let room = PlayersRoom(
            session: fixture.session, tokens: PlayerTokens(secret: PlayerRoutesTests.secret, teams: teams), options: PlayersOptions())
        var herons = await room.streams.subscribe("herons").events.makeAsyncIterator()
        var owls = await room.streams.subscribe("owls").events.makeAsyncIterator()
        // Each page's first state, as the pages have it before the decision.
        await room.streams.refresh()
        #expect(await herons.next()?.json.contains("blurred") == false)
        #expect(await owls.next()?.json.contains("blurred") == false)
        _ = try await fixture.session.decide(DecisionRequest(path: ServeLimitsTests.photo, decision: "reject", note: "blurred", by: "Ann"))
        let decided = await herons.next()?.json ?? ""
        #expect(decided.contains("The judges rejected it: blurred"), "\(decided)")
        _ = try await fixture.session.decide(DecisionRequest(path: ServeLimitsTests.photo, decision: "accept", by: "Ann"))
        #expect(await herons.next()?.json.contains("The judges accepted it") == true)
        fixture.session.events.finishAll()
        // Owls' points and rank may move with herons' (then owls get a state); their photos' words never do.
        while let next = await owls.next() { #expect(!next.json.lowercased().contains("judges")) }
    }
}
