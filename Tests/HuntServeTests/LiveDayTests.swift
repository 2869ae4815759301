import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import HuntTestSupport
import Testing

/// The live day: the console pauses, resumes or ends the game; the teams' uploads are refused
/// meanwhile with words their page shows; the state outlives the server and each change is logged.
@Suite struct LiveDayTests {
    static func live(_ action: String, resultsAt: String? = nil) -> ByteBuffer {
        var body: [String: String] = ["action": action, "by": "Ana"]
        if let resultsAt { body["results_at"] = resultsAt }
        return ByteBuffer(bytes: try! JSONEncoder().encode(body))
    }

    static func auditLines(_ fixture: ServeFixture) -> [String] {
        let text = (try? String(contentsOfFile: fixture.folder.appendingPathComponent("reviews.audit.jsonl").path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    @Test func pauseRefusesAnUploadWithThePausedMessageAndResumeTakesIt() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let photo = try PlayerRoutesTests.bytes("photos/jpeg-gps-complete.jpg")
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            let upload = PlayerRoutesTests.room("foxes") + "/upload?task=library"
            try await client.execute(uri: "/api/live", method: .post, headers: fixture.judgeHeaders(), body: Self.live("pause")) { response in
                #expect(response.status == .ok, "\(response.text)")
                let told = try response.decoded(Told.self)
                #expect(told.phase == "paused")
            }
            try await client.execute(uri: upload, method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status.code == 423)
                #expect(response.text.contains("the hunt is paused"))
            }
            // Judges keep judging: the console still answers, and says paused.
            try await client.execute(uri: "/api/live", method: .get, headers: fixture.judgeHeaders()) { response in
                let told = try response.decoded(Told.self)
                #expect(told == Told(phase: "paused", resultsAt: nil, by: "Ana"))
            }
            try await client.execute(uri: "/api/live", method: .post, headers: fixture.judgeHeaders(), body: Self.live("resume")) { response in
                let told = try response.decoded(Told.self)
                #expect(told.phase == "running")
            }
            try await client.execute(uri: upload, method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status == .created, "\(response.text)")
            }
            try await client.execute(uri: "/api/live", method: .post, headers: fixture.judgeHeaders(), body: Self.live("end", resultsAt: "17:30")) {
                let told = try $0.decoded(Told.self)
                #expect(told == Told(phase: "ended", resultsAt: "17:30", by: "Ana"))
            }
            try await client.execute(uri: upload, method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status.code == 410)
                #expect(response.text.contains("the hunt has ended; results at 17:30"))
            }
        }
        let actions = Self.auditLines(fixture).compactMap { try? JSONDecoder().decode(Told.Logged.self, from: Data($0.utf8)) }
        #expect(actions.map(\.action) == ["pause", "resume", "end"])
        #expect(actions.allSatisfy { $0.by == "Ana" })
    }

    @Test func theStateSurvivesANewSessionOnTheSameFolder() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        _ = try await fixture.session.live.change(action: "pause", resultsAt: nil, by: "Ana")
        var again = try ServeSession(configuration: fixture.session.configuration)
        #expect(await again.live.told.phase == .paused)
        _ = try await again.live.change(action: "end", resultsAt: "tomorrow 10:00", by: nil)
        again = try ServeSession(configuration: fixture.session.configuration)
        let told = await again.live.told
        #expect(told.phase == .ended && told.resultsAt == "tomorrow 10:00" && told.by == "unknown")
        // The state file is written whole (no temporary left beside it) and reads as JSON.
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).filter { $0.hasPrefix("reviews.live") }
        #expect(names == ["reviews.live.json"])
    }

    @Test func aStateFileThatIsNotOursIsNamedWithWhatToDo() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try Data("{\"phase\": \"asleep\"}".utf8).write(to: fixture.folder.appendingPathComponent("reviews.live.json"))
        #expect {
            _ = try ServeSession(configuration: fixture.session.configuration)
        } throws: { error in
            let text = "\(error)", fix = (error as? DiagnosticError)?.diagnostics.first?.fix ?? ""
            return text.contains("reviews.live.json") && text.contains("is not the live state") && fix.contains("remove it")
        }
    }

    @Test func aLeaderboardOrTeamTokenCannotPause() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let team = PlayerTokens(secret: PlayerRoutesTests.secret, teams: ["foxes"]).token(team: "foxes")
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            let viewer: HTTPFields = [.authorization: "Bearer \(fixture.tokens.viewer)", .contentType: "application/json"]
            try await client.execute(uri: "/api/live", method: .post, headers: viewer, body: Self.live("pause")) { response in
                #expect(response.status == .forbidden)
                #expect(response.text.contains("may only watch"))
            }
            let teamHeaders: HTTPFields = [.authorization: "Bearer \(team)", .contentType: "application/json"]
            try await client.execute(uri: "/api/live", method: .post, headers: teamHeaders, body: Self.live("end")) { response in
                #expect(response.status == .forbidden)
            }
            // The team's own room has no such door.
            try await client.execute(uri: PlayerRoutesTests.room("foxes") + "/live", method: .post, body: Self.live("pause")) { response in
                #expect(response.status == .notFound)
            }
        }
        #expect(await fixture.session.live.told.phase == .running)
        #expect(Self.auditLines(fixture).isEmpty)
    }

    @Test func badChangesAreRefusedAndChangeNothing() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let live = fixture.session.live
        await #expect(throws: ServeError.self) { try await live.change(action: "stop", resultsAt: nil, by: nil) }
        await #expect(throws: ServeError.self) { try await live.change(action: "pause", resultsAt: "17:30", by: nil) }
        await #expect(throws: ServeError.self) { try await live.change(action: "end", resultsAt: String(repeating: "9", count: 81), by: nil) }
        await #expect(throws: ServeError.self) { try await live.change(action: "end", resultsAt: "17:30\n<b>", by: nil) }
        #expect(await live.told.phase == .running)
        // Asking for the state it is in writes nothing.
        _ = try await live.change(action: "resume", resultsAt: nil, by: nil)
        #expect(Self.auditLines(fixture).isEmpty)
    }

    @Test func theWindowsEndEndsTheGameWhileTheServerRunsAndAfterARestart() async throws {
        let folder = Scratch.root.appendingPathComponent("live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date()
        let reviews = folder.appendingPathComponent("reviews.yaml").path
        let window = TimeWindow(start: now - 7200, end: now + 0.2)
        let live = try LiveDay(reviewsPath: reviews, window: window, events: EventHub())
        var page = await live.subscribe("foxes").events.makeAsyncIterator()
        #expect(await page.next()?.json.contains("\"running\"") == true)
        // The alarm at the window's end tells the page, with no one pressing End.
        let ended = try #require(await page.next())
        #expect(ended.json.contains("\"ended\"") && ended.json.contains("\"window\""))
        #expect(await live.refusal?.code == 410)
        // Kept: a restart still says ended; the organizer may resume after it.
        let again = try LiveDay(reviewsPath: reviews, window: window, events: EventHub())
        let told = await again.told
        #expect(told.phase == .ended && told.by == "window")
        _ = try await again.change(action: "resume", resultsAt: nil, by: "Ana")
        #expect(await again.refusal == nil)
        await live.finish()
        // A server started after a window's end (judging the next day) does not end the game by itself.
        let late = try LiveDay(
            reviewsPath: folder.appendingPathComponent("other.yaml").path, window: TimeWindow(start: now - 7200, end: now - 60), events: EventHub())
        #expect(await late.told.phase == .running)
    }

    @Test func everyPageIsToldAtOnceAndAPageThatConnectsHearsTheStateFirst() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let live = fixture.session.live
        var foxes = await live.subscribe("foxes").events.makeAsyncIterator()
        var owls = await live.subscribe("owls/es").events.makeAsyncIterator()
        #expect(await foxes.next()?.json.contains("\"running\"") == true)
        #expect(await owls.next()?.json.contains("\"running\"") == true)
        _ = try await live.change(action: "pause", resultsAt: nil, by: "Ana")
        #expect(await foxes.next()?.json.contains("\"paused\"") == true)
        #expect(await owls.next()?.json.contains("\"paused\"") == true)
        var late = await live.subscribe("herons").events.makeAsyncIterator()
        let first = await late.next()
        #expect(first?.name == "live" && first?.json.contains("\"paused\"") == true)
        await live.finish()
        #expect(await foxes.next() == nil)
    }

    struct Told: Decodable, Equatable {
        var phase: String
        var resultsAt: String?
        var by: String?

        enum CodingKeys: String, CodingKey {
            case phase
            case resultsAt = "results_at"
            case by
        }

        struct Logged: Decodable { var action: String; var by: String }
    }
}
