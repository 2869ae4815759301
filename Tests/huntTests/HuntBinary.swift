import Foundation
import HuntTestSupport

/// Runs the built `hunt` executable the way a user does, for end-to-end tests.
///
/// The binary is found, in order: `$HUNT_BINARY`; beside the test bundle (SwiftPM puts every
/// product of a configuration in one folder, `.build/<triple>/<config>/`); the `.build*/<config>/`
/// folders of the checkout this file is in. `huntTests` depends on the `hunt` product, so
/// `swift test` builds it first.
///
///     let result = try HuntBinary.run(["validate", "hunt.yaml"], in: folder)
///     #expect(result.status == 0, "\(result.stderr)")
enum HuntBinary {
    struct Result: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stdout as bytes, for JSON or binary output.
        var stdoutData: Data
    }

    struct NotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "the `hunt` executable was not found; build it (`swift build --product hunt`) or set HUNT_BINARY. Looked in: "
                + searched.joined(separator: ", ")
        }
    }

    /// The `hunt` executable under test.
    static func url() throws -> URL {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["HUNT_BINARY"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        // The test bundle lives in the products folder (Linux: `.../debug/HuntKitPackageTests.xctest`
        // is the binary itself; macOS: a bundle whose parent is the products folder).
        for bundle in [Bundle.main.bundleURL] + Bundle.allBundles.map(\.bundleURL) {
            candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("hunt"))
            candidates.append(bundle.appendingPathComponent("hunt"))
        }
        if let executable = CommandLine.arguments.first {
            let url = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
            candidates.append(url.deletingLastPathComponent().appendingPathComponent("hunt"))
        }
        // Fallback: the checkout's build folders, newest binary first.
        let checkout = SourceTree.root
        var built: [(URL, Date)] = []
        if let entries = try? fileManager.contentsOfDirectory(at: checkout, includingPropertiesForKeys: nil) {
            for folder in entries where folder.lastPathComponent.hasPrefix(".build") {
                for config in ["debug", "release"] {
                    let hunt = folder.appendingPathComponent(config).appendingPathComponent("hunt")
                    if let date = (try? fileManager.attributesOfItem(atPath: hunt.path))?[.modificationDate] as? Date {
                        built.append((hunt, date))
                    }
                }
            }
        }
        candidates.append(contentsOf: built.sorted { $0.1 > $1.1 }.map(\.0))
        if let found = candidates.first(where: { fileManager.isExecutableFile(atPath: $0.path) && !isDirectory($0) }) {
            return found
        }
        throw NotFound(searched: candidates.map(\.path))
    }

    /// Runs `hunt ARGUMENTS` in `directory` (default: the current one) with `environment` added to
    /// this process's environment, and `stdin` as standard input. Waits for it to exit.
    /// `executable`: a copy of the binary to run instead (an installed layout).
    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        stdin: Data? = nil, executable: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = try executable ?? url()
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        // Deterministic output: no colour unless a test asks for it.
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Read both pipes concurrently so a chatty child cannot fill one and block.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
    }

    /// Runs `hunt ARGUMENTS` in `directory` like `run` (stdin empty) and also measures the peak
    /// resident memory of that one process, in bytes: `wait4`'s `ru_maxrss` for its pid, so other
    /// tests' processes running at the same time do not count.
    ///
    /// A small Python process starts `hunt` and waits for it. The test runner cannot do it itself:
    /// Linux carries the memory peak of the process that calls `exec` into the new program's
    /// `ru_maxrss`, and a child of the runner — by `posix_spawn` (which shares the runner's memory)
    /// or by `fork` (which copies it) — starts out as big as the runner, 330 MB late in a full
    /// run, so a 60 MB `hunt` looked like 330 MB. Python's child starts at Python's 10 MB.
    static func runMeasuringMemory(_ arguments: [String], in directory: URL) throws -> (result: Result, peakBytes: Int) {
        let capture = try temporaryDirectory("hunt-measured")
        defer { try? FileManager.default.removeItem(at: capture) }
        let out = capture.appendingPathComponent("stdout"), err = capture.appendingPathComponent("stderr")
        let measured = capture.appendingPathComponent("measured")
        let script = """
            import os, sys
            folder, out, err, measured, *argv = sys.argv[1:]
            pid = os.fork()
            if pid == 0:
                os.chdir(folder)
                os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
                os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
                os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
                os.execv(argv[0], argv)
            _, status, usage = os.wait4(pid, 0)
            open(measured, "w").write(f"{status} {usage.ru_maxrss}")
            """
        let python = try run(
            ["python3", "-c", script, directory.path, out.path, err.path, measured.path, try url().path] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        let fields = ((try? String(contentsOf: measured, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int32($0) }
        guard python.status == 0, fields.count == 2 else {
            throw MeasuringFailed(detail: "python3 could not run and measure hunt: \(python.stderr)")
        }
        let status = fields[0]
        let peakBytes = Int(fields[1]) * 1024  // kilobytes on Linux
        let stdout = (try? Data(contentsOf: out)) ?? Data()
        let stderr = (try? Data(contentsOf: err)) ?? Data()
        // Exit status when it exited (low 7 bits 0), else 128 + the signal, as a shell reports it.
        let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (
            Result(
                status: exit, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
                stdoutData: stdout), peakBytes
        )
    }

    struct MeasuringFailed: Error, CustomStringConvertible {
        var detail: String
        var description: String { detail }
    }

    /// A new empty folder under the system's temporary folder; remove it with `removeTemporary`.
    static func temporaryDirectory(_ name: String = "hunt-e2e") throws -> URL {
        let url = Scratch.root.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
