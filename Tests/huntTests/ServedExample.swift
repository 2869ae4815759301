import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HuntTestSupport
import Testing

/// `hunt serve --quiet` on a copy of the photo-scavenger-hunt example, with files added to its
/// submissions first; stopped and removed by `stop()`.
struct ServedExample {
    let folder: URL
    let process: Process
    let output: Pipe
    /// The judge's URL as printed (with its token) and the token.
    let judge: URL
    let token: String

    /// Starts the server once `add` has copied what it needs into `submissions` (a URL).
    init(_ name: String, add: (URL) throws -> Void) async throws {
        folder = try HuntBinary.temporaryDirectory(name)
        let hunt = folder.appendingPathComponent("hunt")
        try FileManager.default.copyItem(at: SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt"), to: hunt)
        try add(hunt.appendingPathComponent("submissions"))
        process = Process()
        process.executableURL = try HuntBinary.url()
        process.arguments = ["serve", "hunt.yaml", "submissions", "--listen", "127.0.0.1:0", "--quiet"]
        process.currentDirectoryURL = hunt
        output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let lines = ServeCommandTests.Lines()
        output.fileHandleForReading.readabilityHandler = { lines.add($0.availableData) }
        try process.run()
        for _ in 0..<600 where !lines.all.contains(where: { $0.hasPrefix("judge:") }) { try await Task.sleep(for: .milliseconds(50)) }
        guard let judge = lines.all.first(where: { $0.hasPrefix("judge:") })?.split(separator: " ").last.flatMap({ URL(string: String($0)) }),
              let token = URLComponents(url: judge, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "token" })?.value else {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "hunt serve printed no judge URL: \(lines.all)"])
        }
        (self.judge, self.token) = (judge, token)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        try? FileManager.default.removeItem(at: folder)
    }

    /// `GET path` as the judge, on a connection of its own: the status, the body, its type and
    /// the seconds the answer took.
    func get(_ path: String) async throws -> (status: Int, body: Data, type: String?, seconds: Double) {
        var request = URLRequest(url: URL(string: path, relativeTo: judge)!)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.timeoutInterval = 60
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let started = ContinuousClock.now
        let (body, response) = try await session.data(for: request)
        let took = ContinuousClock.now - started
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, body, http?.value(forHTTPHeaderField: "Content-Type"),
                Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
    }
}
