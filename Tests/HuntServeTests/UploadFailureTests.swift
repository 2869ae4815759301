import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import Testing

/// Issue 38, "a missing submissions folder breaks every upload, and nobody is told": a failed
/// upload is a line for the organizer and, while the server is at fault, a banner in the console.
@Suite struct UploadFailureTests {
    @Test func aFailedUploadIsALineAndABannerUntilOneSucceeds() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let log = await ServeLog(session: fixture.session, failuresOnly: true)
        let lines = ServeLogTests.Lines()
        let running = Task { await log.run { lines.append($0) } }
        let photo = try PlayerRoutesTests.bytes("photos/jpeg-gps-complete.jpg")
        try FileManager.default.moveItem(atPath: fixture.submissions, toPath: fixture.submissions + ".away")
        try await PlayerRoutesTests.application(fixture).test(.router) { client in
            try await client.execute(uri: PlayerRoutesTests.room("foxes") + "/upload?task=library", method: .post, body: ByteBuffer(bytes: photo)) {
                response in
                #expect(response.status == .internalServerError)
            }
            #expect(await fixture.session.uploadsFailing?.hasPrefix("the submissions folder cannot take uploads") == true)
            #expect(await fixture.session.queue(QueueFilter()).uploadsFailing != nil)
            // A refusal the players caused is a line, and no banner of its own.
            try FileManager.default.moveItem(atPath: fixture.submissions + ".away", toPath: fixture.submissions)
            try await client.execute(
                uri: PlayerRoutesTests.room("foxes") + "/upload?task=library", method: .post,
                body: ByteBuffer(string: String(repeating: "not a photo ", count: 10))
            ) { response in
                #expect(response.status == .unsupportedMediaType)
            }
            #expect(await fixture.session.uploadsFailing != nil)
            try await client.execute(uri: PlayerRoutesTests.room("foxes") + "/upload?task=library", method: .post, body: ByteBuffer(bytes: photo)) {
                response in
                #expect(response.status == .created)
            }
            #expect(await fixture.session.uploadsFailing == nil)
        }
        for _ in 0..<200 where lines.all.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        fixture.session.events.finishAll()
        await running.value
        let shown = lines.all.map { String($0.drop { $0 != " " }.dropFirst()) }
        #expect(shown.count == 2, "\(lines.all)")
        #expect(shown.first?.hasPrefix("upload failed foxes/library: 500 the submissions folder cannot take uploads: ") == true, "\(shown)")
        #expect(shown.last?.hasPrefix("upload failed foxes/library: 415 this is not a photo or a video") == true, "\(shown)")
    }

    /// An upload the rate limit turns away is a failed upload too; blind, the line names no team.
    @Test func anUploadOverTheRateIsALineAndBlindNamesNoTeam() async throws {
        let fixture = try await ServeFixture(blind: true)
        defer { fixture.remove() }
        let log = await ServeLog(session: fixture.session, failuresOnly: true)
        let (stream, end) = fixture.session.events.subscribe(judge: true, keepingNewest: nil)
        let lines = ServeLogTests.Lines()
        let running = Task { await log.run { lines.append($0) } }
        let photo = try PlayerRoutesTests.bytes("photos/jpeg-gps-complete.jpg")
        try await PlayerRoutesTests.application(fixture, options: PlayersOptions(requestsPerMinute: 1)).test(.router) { client in
            try await client.execute(uri: PlayerRoutesTests.room("foxes") + "/upload?task=library", method: .post, body: ByteBuffer(bytes: photo)) {
                response in
                #expect(response.status == .created)
            }
            try await client.execute(uri: PlayerRoutesTests.room("foxes") + "/upload?task=library", method: .post, body: ByteBuffer(bytes: photo)) {
                response in
                #expect(response.status == .tooManyRequests)
            }
        }
        for _ in 0..<200 where lines.all.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        fixture.session.events.finishAll()
        await running.value
        end()
        var failed: [String] = []
        for await event in stream where event.name == "upload-failed" { failed.append(event.json) }
        #expect(
            lines.all.count == 1
                && lines.all[0].hasSuffix("a team's upload to library failed: 429 too many requests from your team: wait a few seconds and try again"),
            "\(lines.all)")
        #expect(failed.count == 1 && !failed[0].contains("foxes"), "\(failed)")
        #expect(await fixture.session.uploadsFailing == nil)
    }

    @Test func aTeamOrTaskCannotWriteOnTheTerminal() {
        let line = ServeLog.line(
            UploadFailure(team: "foxes", task: "lib\u{1B}[2Jrary\nfake", status: 404, why: "no such task"), at: Date(), blind: false)
        #expect(!TerminalText.visible(line).contains("\u{1B}") && !TerminalText.visible(line).contains("\n"))
        #expect(
            ServeLog.line(UploadFailure(team: "foxes", task: "library", status: 500, why: "x"), at: Date(), blind: true).contains(
                "a team's upload to library failed"))
    }
}
