import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import Testing

/// The players' room (`hunt serve --players`): what a team's token reaches, and what an upload
/// and a withdrawal leave in the submissions folder.
@Suite struct PlayerRoutesTests {
    static let secret = Array("0123456789abcdef0123456789abcdef".utf8)
    static let fixtures = ServeFixture.checkout.appendingPathComponent("Tests/HuntKitTests/Fixtures")

    /// The console with a players' room on `fixture`'s session.
    static func application(
        _ fixture: ServeFixture, options: PlayersOptions = PlayersOptions(), secret: [UInt8] = secret
    ) async throws -> some ApplicationProtocol {
        let teams = await fixture.session.teamChoices.map(\.id)
        let room = PlayersRoom(session: fixture.session, tokens: PlayerTokens(secret: secret, teams: teams), options: options)
        let server = ServeServer(session: fixture.session, tokens: fixture.tokens, host: "127.0.0.1", port: 8765, players: room)
        return server.application(pages: try ServePages.load(from: ServeFixture.checkout.appendingPathComponent("Templates/serve")))
    }

    static func room(_ team: String, secret: [UInt8] = secret) -> String { "/t/" + PlayerTokens(secret: secret, teams: [team]).token(team: team) }

    static func bytes(_ relative: String) throws -> [UInt8] { Array(try Data(contentsOf: fixtures.appendingPathComponent(relative))) }

    /// The files under `folder`, relative, dot-folders included.
    static func files(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + $0, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    struct Sent: Decodable { var status: String; var id: String; var name: String }

    /// Waits until the session's judgement has submission `id` (or has not, with `present: false`).
    static func judged(_ fixture: ServeFixture, _ id: String, present: Bool = true) async throws -> Bool {
        for _ in 0..<100 {
            await fixture.session.poll()
            if (await fixture.session.index.index(path: nil, id: id) != nil) == present { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test(arguments: [
        ("photos/jpeg-gps-complete.jpg", "jpg"), ("photos/heic-apple-exif-item-after-mdat.heic", "heic"), ("photos/png-exif-chunk.png", "png"),
        ("videos/apple-keys-made-with-ffmpeg.mov", "mov"), ("videos/loci-made-with-ffmpeg.mp4", "mp4")
    ])
    func eachTypeIsKeptAsSentUnderANameTheServerChooses(fixture file: String, ext: String) async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let body = try Self.bytes(file)
        try await Self.application(fixture).test(.router) { client in
            try await client.execute(uri: Self.room("foxes") + "/upload?task=library", method: .post, body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .created, "\(response.text)")
                let sent = try response.decoded(Sent.self)
                #expect(sent.status == "sent")
                #expect(sent.name.hasSuffix("." + ext) && PlayerUploads.isServerName("foxes/library/" + sent.name))
                let kept = try Data(contentsOf: URL(fileURLWithPath: fixture.submissions + "/foxes/library/" + sent.name))
                #expect(Array(kept) == body)
            }
        }
        #expect(Self.files(fixture.submissions + "/.incoming").isEmpty)
    }

    @Test func aFileTooLargeOrNotAPhotoIsRefusedAndNothingStays() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let before = Self.files(fixture.submissions)
        let photo = try Self.bytes("photos/jpeg-gps-complete.jpg")
        try await Self.application(fixture, options: PlayersOptions(maxFileBytes: photo.count - 1)).test(.router) { client in
            try await client.execute(uri: Self.room("foxes") + "/upload?task=library", method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.text.contains("larger than"))
            }
            try await client.execute(
                uri: Self.room("foxes") + "/upload?task=library", method: .post,
                body: ByteBuffer(string: "%PDF-1.7 not a photo at all, but long enough to be sniffed as one thing or another")
            ) { response in
                #expect(response.status == .unsupportedMediaType)
                #expect(response.text.contains("not a photo or a video"))
            }
            try await client.execute(uri: Self.room("foxes") + "/upload?task=library", method: .post, body: ByteBuffer()) {
                #expect($0.status == .badRequest)
            }
        }
        #expect(Self.files(fixture.submissions) == before)
    }

    /// However an upload is refused — over the team's bytes before a byte is kept, not a photo once
    /// its first bytes are read, empty at its end — it gives back what it counted against the team
    /// (`PlayerUploads.withUpload`): the one file and the bytes left are still there for a good one.
    @Test func everyRefusedUploadGivesBackWhatItCountedAgainstTheTeam() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let photo = try Self.bytes("photos/jpeg-gps-complete.jpg")
        // What the team holds as `PlayerUploads` counts it; room for one more file, of the photo's size.
        let held = try InputFolder(path: fixture.submissions + "/foxes").fileStamps()
        let heldBytes: Int = held.values.map { Int($0.sizeBytes) }.reduce(0, +)
        let options = PlayersOptions(maxTeamFiles: held.count + 1, maxTeamBytes: heldBytes + photo.count + 10)
        try await Self.application(fixture, options: options).test(.router) { client in
            let upload = Self.room("foxes") + "/upload?task=library"
            try await client.execute(uri: upload, method: .post, body: ByteBuffer(bytes: try Self.padded(photo.count + 11, fill: 1))) {
                #expect($0.status == .contentTooLarge)
            }
            try await client.execute(
                uri: upload, method: .post,
                body: ByteBuffer(string: "%PDF-1.7 not a photo at all, but long enough to be sniffed as one thing or another")
            ) {
                #expect($0.status == .unsupportedMediaType)
            }
            try await client.execute(uri: upload, method: .post, body: ByteBuffer()) { #expect($0.status == .badRequest) }
            try await client.execute(uri: upload, method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status == .created, "the refusals gave back their file and bytes: \(response.text)")
            }
            try await client.execute(uri: upload, method: .post, body: ByteBuffer(bytes: try Self.padded(photo.count + 1, fill: 2))) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.text.contains("as many as this hunt takes"), "the one file is used: \(response.text)")
            }
        }
        #expect(Self.files(fixture.submissions + "/.incoming").isEmpty)
    }

    @Test(arguments: [
        "task=../owls", "task=..%2Fowls", "task=library/../../x", "task=%2e%2e", "task=library&lat=../../etc&lon=1", "task=library&lat=91&lon=0",
        "task=library&lat=1&lon=2&accuracy=-3"
    ])
    func namesAndFieldsFromTheRequestNeverBecomePaths(query: String) async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let before = Self.files(fixture.folder.path)
        try await Self.application(fixture).test(.router) { client in
            try await client.execute(
                uri: Self.room("foxes") + "/upload?" + query, method: .post, body: ByteBuffer(bytes: try Self.bytes("photos/jpeg-gps-complete.jpg"))
            ) { response in
                #expect(response.status == .notFound || response.status == .badRequest, "\(query): \(response.status)")
            }
            try await client.execute(uri: Self.room("foxes") + "/withdraw", method: .post, body: ByteBuffer(string: #"{"id":"../../hunt.yaml"}"#)) {
                #expect($0.status == .notFound)
            }
        }
        #expect(Self.files(fixture.folder.path) == before)
    }

    @Test func aTokenReachesOnlyItsOwnTeam() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try await Self.application(fixture).test(.router) { client in
            var sent = Sent(status: "", id: "", name: "")
            try await client.execute(
                uri: Self.room("foxes") + "/upload?task=library&lat=52.0873&lon=5.1653&accuracy=8", method: .post,
                body: ByteBuffer(bytes: try Self.bytes("photos/jpeg-gps-complete.jpg"))
            ) { sent = try $0.decoded(Sent.self) }
            #expect(try await Self.judged(fixture, sent.id))
            let foxesPhoto = try #require(await fixture.session.results?.submissions.first { $0.path.hasPrefix("foxes/library/2") })
            let foxesIDs = [sent.id, fixture.session.ids.id(of: "foxes/library/IMG_0002.jpg")]
            #expect(foxesPhoto.path.hasSuffix(sent.name))
            // The owls' state names none of the foxes' photos, their team name or the position sent.
            try await client.execute(uri: Self.room("owls") + "/api/state", method: .get) { response in
                #expect(response.status == .ok)
                for word in foxesIDs + [sent.name, "Red Foxes", "foxes/", "52.0873"] { #expect(!response.text.contains(word), "\(word)") }
                #expect(response.text.contains("Night Owls"))
            }
            for id in foxesIDs {
                try await client.execute(uri: Self.room("owls") + "/photo?id=" + id, method: .get) { #expect($0.status == .notFound) }
                try await client.execute(uri: Self.room("owls") + "/withdraw", method: .post, body: ByteBuffer(string: #"{"id":"\#(id)"}"#)) {
                    #expect($0.status == .notFound)
                }
            }
            try await client.execute(uri: Self.room("foxes") + "/photo?id=" + foxesIDs[1], method: .get) { #expect($0.status == .ok) }
            // An unknown token, a console token, or none: refused on every route.
            // (Each refusal waits longer than the one before: the brake on guessing.)
            let routes: [(String, HTTPRequest.Method)] = [
                ("", .get), ("/api/state", .get), ("/events", .get), ("/photo?id=" + foxesIDs[1], .get),
                ("/upload?task=library", .post), ("/withdraw", .post), ("/assets/players.js", .get)
            ]
            for room in ["/t/" + String(repeating: "0", count: 32), "/t/" + fixture.tokens.judge, "/t/" + fixture.tokens.viewer] {
                for (uri, method) in room.hasSuffix("0") ? routes : [routes[1]] {
                    try await client.execute(uri: room + uri, method: method, body: ByteBuffer(string: #"{"id":"\#(sent.id)"}"#)) { response in
                        #expect(response.status == .notFound, "\(room)\(uri): \(response.status)")
                        #expect(!response.text.contains("Red Foxes"))
                    }
                }
            }
            // A team's token is not a console token either.
            try await client.execute(uri: "/api/queue", method: .get, headers: [.authorization: "Bearer " + Self.room("foxes").dropFirst(3)]) {
                #expect($0.status == .forbidden)
            }
        }
    }

    @Test func theSameBytesTwiceAreAlreadySentAndTheFixGoesBesideThePhoto() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let photo = try Self.bytes("photos/jpeg-no-exif.jpg")
        let first = try await Self.application(fixture).test(.router) { client in
            let first = try await client.execute(
                uri: Self.room("herons") + "/upload?task=kruyt&lat=52.0857&lon=5.1746&accuracy=9.5&fixed_at=1777716000000",
                method: .post, body: ByteBuffer(bytes: photo)
            ) { response in
                #expect(response.status == .created)
                return try response.decoded(Sent.self)
            }
            let again = try await client.execute(uri: Self.room("herons") + "/upload?task=bridge", method: .post, body: ByteBuffer(bytes: photo)) {
                response in
                #expect(response.status == .ok)
                return try response.decoded(Sent.self)
            }
            #expect(again.status == "already sent" && again.id == first.id)
            return first
        }
        let sidecar = fixture.submissions + "/herons/kruyt/" + BrowserFix.sidecarName(for: first.name)
        let fix = try #require(BrowserFix.read(xmp: Array(try Data(contentsOf: URL(fileURLWithPath: sidecar)))))
        #expect(fix.position == Coordinate(latitude: 52.0857, longitude: 5.1746) && fix.accuracyMetres == 9.5 && !fix.liveCapture)
        #expect(fix.fixedAt == Date(timeIntervalSince1970: 1_777_716_000))
        #expect(Self.files(fixture.submissions + "/herons").filter { $0.contains(first.name.prefix(16)) }.count == 2)
    }

    @Test func anUndecidedUploadIsWithdrawnIntoADotFolderAndADecidedOneIsNot() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try await Self.application(fixture).test(.router) { client in
            var sent = Sent(status: "", id: "", name: "")
            try await client.execute(
                uri: Self.room("owls") + "/upload?task=kruyt&lat=52.0857&lon=5.1746", method: .post,
                body: ByteBuffer(bytes: try Self.bytes("photos/jpeg-gps-complete.jpg"))
            ) { sent = try $0.decoded(Sent.self) }
            #expect(try await Self.judged(fixture, sent.id))
            try await client.execute(uri: Self.room("owls") + "/withdraw", method: .post, body: ByteBuffer(string: #"{"id":"\#(sent.id)"}"#)) {
                #expect($0.status == .ok)
            }
            let withdrawn = Self.files(fixture.submissions + "/.withdrawn")
            #expect(withdrawn == ["owls/kruyt/" + sent.name, "owls/kruyt/" + BrowserFix.sidecarName(for: sent.name)].sorted())
            #expect(!FileManager.default.fileExists(atPath: fixture.submissions + "/owls/kruyt/" + sent.name))
            #expect(try await Self.judged(fixture, sent.id, present: false))
            // What `hunt judge` reads of the folder is what the console shows: .withdrawn/ and .incoming/ are not submissions.
            #expect(try await fixture.judgeFromFiles().submissions.map(\.path) == (await fixture.session.results?.submissions.map(\.path)))
            // A photo a judge decided, or one not sent from the page, stays.
            try await client.execute(
                uri: Self.room("owls") + "/upload?task=kruyt", method: .post, body: ByteBuffer(bytes: try Self.bytes("photos/jpeg-no-exif.jpg"))
            ) {
                sent = try $0.decoded(Sent.self)
            }
            #expect(try await Self.judged(fixture, sent.id))
            let path = "owls/kruyt/" + sent.name
            _ = try await fixture.session.decide(DecisionRequest(path: path, decision: "reject", by: "Ana"))
            for id in [sent.id, fixture.session.ids.id(of: "owls/IMG_0009.jpg")] {
                try await client.execute(uri: Self.room("owls") + "/withdraw", method: .post, body: ByteBuffer(string: #"{"id":"\#(id)"}"#)) {
                    #expect($0.status == .conflict)
                }
            }
            try await client.execute(uri: Self.room("owls") + "/api/state", method: .get) { response in
                let state = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let kruyt = (state?["tasks"] as? [[String: Any]])?.first { $0["id"] as? String == "kruyt" }
                let upload = (kruyt?["uploads"] as? [[String: Any]])?.first { $0["id"] as? String == sent.id }
                #expect(upload?["state"] as? String == "rejected")
                #expect((upload?["why"] as? [String])?.first == "The judges rejected it.")
                #expect(upload?["can_withdraw"] as? Bool == false)
            }
        }
    }

    /// The bytes of the files under `folder` (every file, as the team's books count them).
    static func bytes(under folder: String) -> Int {
        files(folder).reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
        }
    }

    /// A photo padded to `size` bytes with `fill`, so each is other content.
    static func padded(_ size: Int, fill: UInt8) throws -> [UInt8] {
        let photo = try bytes("photos/jpeg-gps-complete.jpg")
        return photo + [UInt8](repeating: fill, count: size - photo.count)
    }

    /// A withdrawn photo stays on disk in `.withdrawn/`, so it still counts towards the team's
    /// bytes: sending and withdrawing again and again cannot fill the disk, nor can a restart
    /// give the bytes back.
    @Test func aWithdrawnPhotoStillCountsTowardsTheTeamsBytes() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let options = PlayersOptions(maxTeamBytes: Self.bytes(under: fixture.submissions + "/owls") + 250_000)
        try await Self.application(fixture, options: options).test(.router) { client in
            for fill: UInt8 in [1, 2] {
                let sent = try await client.execute(
                    uri: Self.room("owls") + "/upload?task=kruyt", method: .post,
                    body: ByteBuffer(bytes: try Self.padded(100_000, fill: fill))
                ) { response in
                    #expect(response.status == .created, "\(response.text)")
                    return try response.decoded(Sent.self)
                }
                try await client.execute(uri: Self.room("owls") + "/withdraw", method: .post, body: ByteBuffer(string: #"{"id":"\#(sent.id)"}"#)) {
                    #expect($0.status == .ok)
                }
            }
            try await client.execute(
                uri: Self.room("owls") + "/upload?task=kruyt", method: .post, body: ByteBuffer(bytes: try Self.padded(100_000, fill: 3))
            ) {
                #expect($0.status == .contentTooLarge, "\($0.text)")
            }
        }
        #expect(Self.files(fixture.submissions + "/.withdrawn/owls").count == 2)
        // Started again, the server counts what .withdrawn/ holds.
        try await Self.application(fixture, options: options).test(.router) { client in
            try await client.execute(
                uri: Self.room("owls") + "/upload?task=kruyt", method: .post, body: ByteBuffer(bytes: try Self.padded(100_000, fill: 3))
            ) {
                #expect($0.status == .contentTooLarge, "\($0.text)")
            }
        }
    }

    /// Ten uploads side by side share what is left of the team's bytes: at most the limit is kept.
    @Test func parallelUploadsStayWithinTheTeamsBytes() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let before = Self.bytes(under: fixture.submissions + "/owls")
        let options = PlayersOptions(maxTeamBytes: before + 1_000_000)
        try await Self.application(fixture, options: options).test(.router) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for fill in UInt8(1)...10 {
                    group.addTask {
                        try await client.execute(
                            uri: Self.room("owls") + "/upload?task=kruyt", method: .post,
                            body: ByteBuffer(bytes: try Self.padded(900_000, fill: fill))
                        ) { response in
                            #expect([.created, .contentTooLarge].contains(response.status), "\(response.text)")
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        #expect(Self.bytes(under: fixture.submissions + "/owls") - before <= 1_000_000)
        #expect(Self.files(fixture.submissions + "/.incoming").isEmpty)
    }

    /// Judged at once (not at the watcher's next look: this test runs no watcher, so without the
    /// upload's own judging it would never be judged). How fast is the browser check's and the
    /// bench's to say, not a unit test's: alone this takes 0.06–0.2 s, but among the whole suite on
    /// two busy cores it took over 5 s, so the bound is only there to end the wait.
    @Test func anUploadIsJudgedOnTheTeamsStateAtOnce() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try await Self.application(fixture).test(.router) { client in
            var sent = Sent(status: "", id: "", name: "")
            let started = ContinuousClock.now
            try await client.execute(
                uri: Self.room("herons") + "/upload?task=kruyt", method: .post, body: ByteBuffer(bytes: try Self.bytes("photos/jpeg-no-exif.jpg"))
            ) {
                sent = try $0.decoded(Sent.self)
            }
            var state = ""
            while ContinuousClock.now - started < .seconds(60) {
                try await client.execute(uri: Self.room("herons") + "/api/state", method: .get) { state = $0.text }
                if state.contains(#""id":"\#(sent.id)""#), !state.contains("Waiting for the judge.") { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(state.contains(#""id":"\#(sent.id)""#) && !state.contains("Waiting for the judge."), "not judged within 60 s")
            // In the players' words (PlayerCatalog), with what to do; not the judge's "records no GPS position".
            #expect(state.contains("Your photo has no location. Switch location on for the camera and take a new photo."), "\(state.prefix(400))")
        }
    }

    @Test func aNewSecretRevokesEveryURL() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let path = fixture.folder.appendingPathComponent(".hunt-players-secret").path
        let first = try PlayerTokens.secret(at: path)
        #expect(try PlayerTokens.secret(at: path) == first)
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let oldRoom = Self.room("foxes", secret: first)
        try FileManager.default.removeItem(atPath: path)
        let second = try PlayerTokens.secret(at: path)
        #expect(second != first)
        try await Self.application(fixture, secret: second).test(.router) { client in
            try await client.execute(uri: oldRoom + "/api/state", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: Self.room("foxes", secret: second) + "/api/state", method: .get) { #expect($0.status == .ok) }
        }
        // A secret others may read is refused.
        chmod(path, 0o644)
        #expect((try? PlayerTokens.secret(at: path)) == nil)
    }

    @Test func aTeamOverItsRateIsToldToWait() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try await Self.application(fixture, options: PlayersOptions(requestsPerMinute: 5)).test(.router) { client in
            for _ in 0..<5 { try await client.execute(uri: Self.room("foxes") + "/api/state", method: .get) { #expect($0.status == .ok) } }
            try await client.execute(uri: Self.room("foxes") + "/api/state", method: .get) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "5")
            }
            // Another team is not slowed by it.
            try await client.execute(uri: Self.room("owls") + "/api/state", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func thePageComesWithItsRoomWrittenIn() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        try await Self.application(fixture).test(.router) { client in
            try await client.execute(uri: Self.room("foxes"), method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains(#"data-base="\#(Self.room("foxes"))""#) && !response.text.contains("{{"))
                #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            }
            try await client.execute(uri: Self.room("foxes") + "/assets/queue.js", method: .get) { #expect($0.status == .notFound) }
        }
    }
}
