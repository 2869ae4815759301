import Foundation
import HuntKit

/// Keeps `--out` equal to what `hunt judge --out DIR --format …` writes for the latest
/// judgement, through the same `JudgeOutputFolder`. It writes beside the session, so a decision
/// never waits for a 20,000-photo report; judgements that arrive while one is being written are
/// coalesced into the newest, and one older than the newest taken is passed over.
actor OutFolderWriter {
    let out: String
    let formats: [ReportFormat]
    let submissions: String
    private var pending: (results: JudgeResults, inputs: [URL])?
    /// The generation of the newest judgement taken.
    private var newest = Int.min
    /// Writes, one after another: a judgement taken during one is written after it.
    private let writes = Coalescing<Void>()
    /// Judgements written (or tried) since the start.
    private(set) var count = 0
    /// Why the last write failed, nil after a good one.
    private(set) var lastError: String?

    init(out: String, formats: [ReportFormat], submissions: String) {
        self.out = out
        self.formats = formats
        self.submissions = submissions
    }

    /// Takes the judgement of `generation` to write, unless a newer one was taken.
    func submit(_ results: JudgeResults, generation: Int, inputs: [URL]) {
        guard generation > newest else { return }
        newest = generation
        pending = (results, inputs)
        Task { await self.writeAll() }
    }

    /// Returns once nothing is waiting or being written (tests, and before the server stops).
    func idle() async { await writeAll() }

    private func writeAll() async {
        await writes.run { await writePending() }
    }

    private func writePending() async {
        if let next = pending {
            pending = nil
            do {
                try await write(next.results, inputs: next.inputs)
                lastError = nil
            } catch {
                lastError = "\(error) — \(out) was not updated"
                FileHandle.standardError.write(Data("hunt serve: \(error)\n  \(out) was not updated; it is tried again at the next change\n".utf8))
            }
            count += 1
        }
    }

    private nonisolated func write(_ results: JudgeResults, inputs: [URL]) async throws {
        let folder = try JudgeOutputFolder(out, reports: formats, inputs: inputs, submissions: URL(fileURLWithPath: submissions))
        _ = try await folder.write(results, json: results.jsonChunks())
    }
}
