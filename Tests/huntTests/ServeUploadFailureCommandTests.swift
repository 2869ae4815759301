import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HuntTestSupport
import Testing

/// Issue 38, "a missing submissions folder breaks every upload, and nobody is told": `hunt serve
/// --players` makes the folder, and an upload that fails anyway is a line on the organizer's
/// terminal and a banner in the console until one succeeds again.
@Suite("hunt serve --players: uploads never go into a void")
struct ServeUploadFailureCommandTests {
    @Test func theFolderIsMadeAndAFailedUploadIsToldUntilOneSucceeds() async throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-serve-uploads")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hunt = folder.appendingPathComponent("hunt")
        try FileManager.default.createDirectory(at: hunt, withIntermediateDirectories: true)
        let example = SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt")
        try FileManager.default.copyItem(at: example.appendingPathComponent("hunt.yaml"), to: hunt.appendingPathComponent("hunt.yaml"))
        let photo = try Data(contentsOf: example.appendingPathComponent("submissions/foxes/botanic-gardens-0003.jpg"))
        let submissions = hunt.appendingPathComponent("photos")

        let process = Process()
        process.executableURL = try HuntBinary.url()
        process.arguments = ["serve", "hunt.yaml", "photos", "--players", "--listen", "127.0.0.1:0"]
        process.currentDirectoryURL = hunt
        let (out, err) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (out, err)
        let (lines, errors) = (ServeCommandTests.Lines(), ServeCommandTests.Lines())
        out.fileHandleForReading.readabilityHandler = { lines.add($0.availableData) }
        err.fileHandleForReading.readabilityHandler = { errors.add($0.availableData) }
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
            out.fileHandleForReading.readabilityHandler = nil
            err.fileHandleForReading.readabilityHandler = nil
        }
        for _ in 0..<600 where !lines.all.contains(where: { $0.hasPrefix("team herons:") }) { try await Task.sleep(for: .milliseconds(50)) }
        #expect(errors.all.contains("made the submissions folder photos (it did not exist)"), "\(errors.all)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: submissions.path, isDirectory: &isFolder) && isFolder.boolValue)
        let team = try #require(lines.all.first { $0.hasPrefix("team foxes:") }?.split(separator: " ").last.flatMap { URL(string: String($0)) })
        let judge = try #require(lines.all.first { $0.hasPrefix("judge:") }?.split(separator: " ").last.flatMap { URL(string: String($0)) })

        #expect(try await Self.post(photo, to: team).status == 201)
        // The folder goes (a disk unmounted, a clean-up too eager): the next upload fails.
        try FileManager.default.removeItem(at: submissions)
        let failed = try await Self.post(photo + [0], to: team)
        #expect(failed.status == 500)
        for _ in 0..<100 where !lines.all.contains(where: { $0.contains("upload failed") }) { try await Task.sleep(for: .milliseconds(50)) }
        #expect(
            lines.all.contains {
                $0.wholeMatch(of: /\d\d:\d\d:\d\d upload failed foxes\/botanic-gardens: 500 the submissions folder cannot take uploads: .+/) != nil
            },
            "\(lines.all)")
        #expect(try await Self.queue(judge).contains("\"uploads_failing\":\"the submissions folder cannot take uploads"))

        try FileManager.default.createDirectory(at: submissions, withIntermediateDirectories: true)
        #expect(try await Self.post(photo + [0, 0], to: team).status == 201)
        #expect(try await !Self.queue(judge).contains("uploads_failing"))
    }

    /// A file where the folder should be: the server does not start, and says why.
    @Test func aFileInTheFoldersPlaceStopsTheStart() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-serve-uploads")
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt")
        try FileManager.default.copyItem(at: example.appendingPathComponent("hunt.yaml"), to: folder.appendingPathComponent("hunt.yaml"))
        try Data("not a folder".utf8).write(to: folder.appendingPathComponent("photos"))
        let result = try HuntBinary.run(["serve", "hunt.yaml", "photos/more", "--players", "--listen", "127.0.0.1:0"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot make the submissions folder photos/more"), "\(result.stderr)")
    }

    static func post(_ body: Data, to team: URL) async throws -> (status: Int, text: String) {
        var request = URLRequest(url: URL(string: team.absoluteString + "/upload?task=botanic-gardens")!)
        request.httpMethod = "POST"
        request.timeoutInterval = 30
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.upload(for: request, from: body)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    static func queue(_ judge: URL) async throws -> String {
        var parts = try #require(URLComponents(url: judge, resolvingAgainstBaseURL: false))
        let token = parts.queryItems?.first { $0.name == "token" }?.value ?? ""
        parts.path = "/api/queue"
        parts.queryItems = nil
        var request = URLRequest(url: try #require(parts.url))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        return String(decoding: try await session.data(for: request).0, as: UTF8.self)
    }
}
