import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import Testing

/// Blind judging: nothing the judge is sent names a team — not an item, not a team's grid, not
/// the events that decisions send.
@Suite struct ServeBlindTests {
    static let teams = ["foxes", "owls", "herons", "Red Foxes", "Night Owls", "Grey Herons"]

    @Test func anItemNamesNoTeamNorPath() async throws {
        let fixture = try await ServeFixture(blind: true)
        defer { fixture.remove() }
        let path = try #require(await fixture.session.results?.reviewQueue.first)
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/item?id=\(fixture.session.ids.id(of: path))", method: .get, headers: fixture.judgeHeaders()) {
                response in
                #expect(response.status == .ok)
                let item = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(item?["id"] as? String == fixture.session.ids.id(of: path))
                for key in ["path", "team", "team_name"] { #expect(item?[key] == nil, "\(key)") }
                for team in Self.teams { #expect(!response.text.contains(team), "\(team)") }
            }
            // Asked by path, it is refused, as a path that is no photo is: which paths exist would tell.
            try await client.execute(uri: "/api/item?path=\(path)", method: .get, headers: fixture.judgeHeaders()) { response in
                #expect(response.status == .forbidden)
                for team in Self.teams { #expect(!response.text.contains(team), "\(team)") }
            }
        }
    }

    @Test func aTeamsGridIsRefused() async throws {
        let fixture = try await ServeFixture(blind: true)
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            try await client.execute(uri: "/api/team?team=foxes", method: .get, headers: fixture.judgeHeaders()) { response in
                #expect(response.status == .forbidden)
                #expect(response.text.contains("blind judging"))
            }
        }
        // Not blind, the same request answers with the grid.
        let open = try await ServeFixture()
        defer { open.remove() }
        try await open.application().test(.router) { client in
            try await client.execute(uri: "/api/team?team=foxes", method: .get, headers: open.judgeHeaders()) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("Red Foxes"))
            }
        }
    }

    @Test(arguments: [true, false])
    func decidedEventsNameThePhotoOnlyWhenNotBlind(blind: Bool) async throws {
        let fixture = try await ServeFixture(blind: blind)
        defer { fixture.remove() }
        let path = try #require(await fixture.session.results?.reviewQueue.first)
        let (stream, end) = fixture.session.events.subscribe(judge: true, keepingNewest: nil)
        let id = fixture.session.ids.id(of: path)
        _ = try await fixture.session.decide(DecisionRequest(id: id, decision: "accept", by: "Ann"))
        _ = try await fixture.session.undo(path: nil, id: id, by: "Ann")
        end()
        var decided: [String] = []
        for await event in stream where event.name == "decided" { decided.append(event.json) }
        #expect(decided.count == 2)
        for json in decided {
            #expect(json.contains(fixture.session.ids.id(of: path)))
            #expect(json.contains(path) == !blind, "\(json)")
            if blind { for team in Self.teams { #expect(!json.contains(team), "\(team) in \(json)") } }
        }
    }
}
