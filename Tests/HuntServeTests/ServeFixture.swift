import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import NIOCore
import HuntTestSupport

/// A copy of Examples/photo-scavenger-hunt in a temporary folder, with a session on it.
struct ServeFixture {
    let folder: URL
    let session: ServeSession
    let tokens = ServeTokens()

    var hunt: String { folder.appendingPathComponent("hunt.yaml").path }
    var submissions: String { folder.appendingPathComponent("submissions").path }
    var reviews: String { folder.appendingPathComponent("reviews.yaml").path }

    static var checkout: URL { SourceTree.root }

    init(outPath: String? = nil, blind: Bool = false, prepare: (URL) throws -> Void = { _ in }) async throws {
        let folder = Scratch.root.appendingPathComponent("hunt-serve-\(UUID().uuidString)")
        self.folder = folder
        try FileManager.default.copyItem(at: Self.checkout.appendingPathComponent("Examples/photo-scavenger-hunt"), to: folder)
        try prepare(folder)
        let configuration = ServeConfiguration(
            huntPath: folder.appendingPathComponent("hunt.yaml").path,
            submissionsPath: folder.appendingPathComponent("submissions").path,
            outPath: outPath.map { folder.appendingPathComponent($0).path }, blind: blind,
            pollInterval: .milliseconds(50))
        session = try ServeSession(configuration: configuration)
        await session.judgeFolder()
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// The routes as the server runs them (the testing client says `Host: localhost`).
    func application() throws -> some ApplicationProtocol {
        let server = ServeServer(session: session, tokens: tokens, host: "127.0.0.1", port: 8765)
        return server.application(pages: try ServePages.load(from: Self.checkout.appendingPathComponent("Templates/serve")))
    }

    /// What `hunt judge --reviews` gives for the folder and the reviews file as they are now.
    func judgeFromFiles() async throws -> JudgeResults {
        let loaded = HuntLoader().load(contentsOf: URL(fileURLWithPath: hunt), displayPath: hunt)
        let reviewDecisions =
            FileManager.default.fileExists(atPath: reviews)
            ? try Reviews.read(contentsOf: URL(fileURLWithPath: reviews), displayPath: reviews) : Reviews()
        return try await JudgeRun(hunt: try loaded.get(), reviews: reviewDecisions)
            .run(submissions: URL(fileURLWithPath: submissions), displayPath: submissions, huntDisplayPath: hunt)
    }

    func judgeHeaders(_ extra: HTTPFields = [:]) -> HTTPFields {
        var headers: HTTPFields = [.authorization: "Bearer \(tokens.judge)", .contentType: "application/json"]
        headers.append(contentsOf: extra)
        return headers
    }
}

extension JudgeResults {
    /// results.json's bytes.
    var json: [UInt8] { jsonChunks().flatMap { $0 } }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    func decoded<T: Decodable>(_ type: T.Type) throws -> T { try ServeJSON.decoder.decode(type, from: Data(buffer: body)) }
}
