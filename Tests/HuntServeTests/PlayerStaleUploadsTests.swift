import Foundation
@testable import HuntKit
@testable import HuntServe
import NIOCore
import Testing

/// What a stop or a crash leaves in `.incoming/`: unfinished uploads, removed once nothing has
/// written them for a while and no upload holds them; anything an upload is still writing stays.
@Suite struct PlayerStaleUploadsTests {
    static func room(_ fixture: ServeFixture) async -> PlayersRoom {
        let teams = await fixture.session.teamChoices.map(\.id)
        return PlayersRoom(session: fixture.session, tokens: PlayerTokens(secret: PlayerRoutesTests.secret, teams: teams), options: PlayersOptions())
    }

    /// Writes `name` in `.incoming/`, last modified `age` seconds ago.
    static func leave(_ name: String, in fixture: ServeFixture, age seconds: Double) throws -> String {
        let folder = fixture.submissions + "/" + PlayerUpload.incoming
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        try Data("half a photo".utf8).write(to: URL(fileURLWithPath: path))
        try age(path, seconds)
        return path
    }

    static func age(_ path: String, _ seconds: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-seconds)], ofItemAtPath: path)
    }

    static func incoming(_ fixture: ServeFixture) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixture.submissions + "/" + PlayerUpload.incoming)) ?? []).sorted()
    }

    @Test func oldUnfinishedUploadsGoAndTheLogSaysSo() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let room = await Self.room(fixture)
        _ = try Self.leave("crashed-a.part", in: fixture, age: 3600)
        _ = try Self.leave("crashed-b.part", in: fixture, age: PlayersRoom.staleUploadSeconds + 60)
        _ = try Self.leave("recent.part", in: fixture, age: 30)
        _ = try Self.leave("notes.txt", in: fixture, age: 3600)
        #expect(room.removeStaleUploads() == "removed 2 unfinished uploads from .incoming/ (not written for 10 min, left by a stop or a crash)")
        #expect(Self.incoming(fixture) == ["notes.txt", "recent.part"])
        #expect(room.removeStaleUploads() == nil, "nothing more to say")
    }

    @Test func anUploadStillWritingStaysHoweverOld() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        var upload = try PlayerUpload(submissions: fixture.submissions, team: "foxes", task: "library")
        let piece = ByteBuffer(bytes: [UInt8](repeating: 0xFF, count: 10))
        try piece.withUnsafeReadableBytes { (piece) throws(ServeError) in try upload.append(piece, limit: 100) }
        let writing = try #require(Self.incoming(fixture).first)
        try Self.age(fixture.submissions + "/" + PlayerUpload.incoming + "/" + writing, 3600)
        #expect(PlayerUpload.removeStale(submissions: fixture.submissions, olderThan: 60).isEmpty, "its lock is held")
        #expect(Self.incoming(fixture) == [writing])
        upload.close()
        #expect(Self.incoming(fixture).isEmpty, "an upload removes its own file when it ends")
    }

    @Test func aLinkIsNotFollowed() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let outside = fixture.folder.appendingPathComponent("hunt.yaml").path
        _ = try Self.leave("placeholder.part", in: fixture, age: 0)
        let link = fixture.submissions + "/" + PlayerUpload.incoming + "/link.part"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
        #expect(PlayerUpload.removeStale(submissions: fixture.submissions, olderThan: -1) == ["placeholder.part"])
        #expect(FileManager.default.fileExists(atPath: outside))
    }
}
