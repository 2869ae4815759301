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
            let token = URLComponents(url: judge, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "token" })?.value
        else {
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

    /// `GET` each of `paths` in turn as the judge, timed by another process (python3, which the
    /// checks need anyway): the status and seconds of each. Unlike `get`, the time is the
    /// server's alone: an `await` in this test runner resumes only when one of its cooperative
    /// threads is free, which in a full `swift test` on two cores can take a second.
    func timedGets(_ paths: [String]) throws -> [(status: Int, seconds: Double)] {
        let script = """
            import sys, time, urllib.request, urllib.error
            base, token = sys.argv[1], sys.argv[2]
            for path in sys.argv[3:]:
                request = urllib.request.Request(base + path, headers={"Authorization": "Bearer " + token})
                started = time.perf_counter()
                try:
                    status = urllib.request.urlopen(request, timeout=60).status
                except urllib.error.HTTPError as error:
                    status = error.code
                print(status, time.perf_counter() - started, flush=True)
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let base = URL(string: "/", relativeTo: judge)!.absoluteString.dropLast()
        python.arguments = ["python3", "-c", script, String(base), token] + paths
        let out = Pipe()
        python.standardOutput = out
        try python.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            return (Int(fields.first ?? "") ?? 0, fields.count > 1 ? Double(fields[1]) ?? .infinity : .infinity)
        }
    }

    /// `GET path` as the judge, on a connection of its own: the status, the body, its type and
    /// the seconds the answer took (as this runner saw them).
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
        return (
            http?.statusCode ?? 0, body, http?.value(forHTTPHeaderField: "Content-Type"),
            Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
        )
    }
}
