import Foundation
import HuntTestSupport
import Testing

/// `.ci/quietly`, which `make demo`, `make test` and `.ci/install-deps` run every set-up step through:
/// one line on the terminal, the whole output in the log, and on failure the log named with its tail.
@Suite struct QuietSetupTests {
    private func quietly(_ log: URL, _ script: String) throws -> (status: Int32, stderr: String, stdout: String) {
        let process = Process()
        process.executableURL = SourceTree.root.appendingPathComponent(".ci/quietly")
        process.arguments = [log.path, "installing libyaml-dev", "/bin/sh", "-c", script]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self), String(decoding: stdout, as: UTF8.self))
    }

    @Test func aStepPrintsOneLineAndLogsEverything() throws {
        let folder = try HuntBinary.temporaryDirectory("quietly")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("logs/setup.log")
        let ok = try quietly(log, "for i in $(seq 200); do echo \"Unpacking package $i\"; done")
        #expect(ok.status == 0 && ok.stdout.isEmpty)
        #expect(ok.stderr.split(separator: "\n").count == 1 && ok.stderr.hasPrefix("==> installing libyaml-dev … done"), "\(ok.stderr)")
        #expect(try String(contentsOf: log, encoding: .utf8).contains("Unpacking package 200"))

        let failed = try quietly(log, "echo 'E: Unable to locate package libyaml-dev' >&2; exit 100")
        #expect(failed.status == 100)
        #expect(failed.stderr.contains("error: installing libyaml-dev failed (exit 100); the full output is in \(log.path)"))
        #expect(failed.stderr.contains("E: Unable to locate package libyaml-dev"), "the log's tail is shown")
        #expect(try String(contentsOf: log, encoding: .utf8).contains("Unpacking package 200"), "the log is appended to, not replaced")
    }
}
