import Foundation
import HuntKit

/// Keeps `--out` equal to what `hunt judge --out DIR --format …` writes for the latest
/// judgement, through the same `JudgeOutputFolder`. It writes beside the session, so a decision
/// never waits for a 20,000-photo report; judgements that arrive while one is being written are
/// coalesced into the newest.
final class OutFolderWriter: @unchecked Sendable {
    let out: String
    let formats: [ReportFormat]
    let submissions: String
    private let lock = NSLock()
    private var pending: (results: JudgeResults, inputs: [URL])?
    private var running = false
    private var written = 0
    /// Why the last write failed, nil after a good one.
    private(set) var lastError: String? {
        get { lock.withLock { error } }
        set { lock.withLock { error = newValue } }
    }
    private var error: String?

    init(out: String, formats: [ReportFormat], submissions: String) {
        self.out = out
        self.formats = formats
        self.submissions = submissions
    }

    func submit(_ results: JudgeResults, inputs: [URL]) {
        let start: Bool = lock.withLock {
            pending = (results, inputs)
            if running { return false }
            running = true
            return true
        }
        if start { Task.detached { await self.drain() } }
    }

    /// Judgements written since the start.
    var count: Int { lock.withLock { written } }

    /// Returns once nothing is waiting or being written (tests, and before the server stops).
    func idle() async {
        while lock.withLock({ running }) { try? await Task.sleep(for: .milliseconds(5)) }
    }

    private func drain() async {
        while let next: (results: JudgeResults, inputs: [URL]) = lock.withLock({
            let next = pending
            pending = nil
            if next == nil { running = false }
            return next
        }) {
            do {
                try await write(next.results, inputs: next.inputs)
                lastError = nil
            } catch {
                lastError = "\(error) — \(out) was not updated"
                FileHandle.standardError.write(Data("hunt serve: \(error)\n  \(out) was not updated; it is tried again at the next change\n".utf8))
            }
            lock.withLock { written += 1 }
        }
    }

    private func write(_ results: JudgeResults, inputs: [URL]) async throws {
        let folder = try JudgeOutputFolder(out, reports: formats, inputs: inputs, submissions: URL(fileURLWithPath: submissions))
        _ = try await folder.write(results, json: results.jsonChunks())
    }
}
