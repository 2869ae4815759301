import Foundation
import Synchronization

/// The progress of a long run on one stderr line, rewritten in place at most ten times a second;
/// none when stderr is not a terminal, so logs get only the results.
final class ProgressLine: Sendable {
    private struct State {
        var last = Date.distantPast
        var shown = false
    }

    private let state = Mutex(State())
    private let start = Date()

    private init() {}

    /// A progress line, or nil when stderr is not a terminal.
    static func onTerminal() -> ProgressLine? { isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil }

    /// Shows `text(seconds since the start)`, unless the line changed less than 0.1 s ago and
    /// this is not the `final` update.
    func update(final: Bool = false, _ text: (_ seconds: TimeInterval) -> String) {
        state.withLock { state in
            let now = Date()
            guard final || now.timeIntervalSince(state.last) >= 0.1 else { return }
            state.last = now
            FileHandle.standardError.write(Data("\r\(text(now.timeIntervalSince(start)))\u{1B}[K".utf8))
            state.shown = true
        }
    }

    /// Ends the line: replaced by `summary`, which stays, or else cleared.
    func finish(summary: String? = nil) {
        state.withLock { state in
            if let summary {
                FileHandle.standardError.write(Data("\r\(summary)\u{1B}[K\n".utf8))
            } else if state.shown {
                FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            }
            state.shown = false
        }
    }
}

extension ProgressLine {
    /// The judge's `progress` callback: `line` (nil off a terminal) shows its count. With
    /// `HUNT_JUDGE_THROTTLE_MS`, a test hook, each photo first sleeps that many milliseconds, so a
    /// test can interrupt a run half way.
    private static func judging(_ line: ProgressLine?) -> (@Sendable (Int, Int) -> Void)? {
        let throttle = ProcessInfo.processInfo.environment["HUNT_JUDGE_THROTTLE_MS"].flatMap(UInt32.init) ?? 0
        guard line != nil || throttle > 0 else { return nil }
        return { done, total in
            if throttle > 0 { usleep(throttle * 1000) }
            line?.judging(done, of: total)
        }
    }

    /// Runs `body` with the judge's `progress` callback (`judging(_:)`), its line (on a terminal)
    /// cleared when `body` ends.
    static func whileJudging<T>(_ body: (_ progress: (@Sendable (Int, Int) -> Void)?) async throws -> T) async rethrows -> T {
        let line = onTerminal()
        defer { line?.finish() }
        return try await body(judging(line))
    }

    /// `judging 1234/20000 photos · 5400/s · 3 s left`.
    func judging(_ done: Int, of total: Int) {
        update(final: done == total) { seconds in
            let elapsed = max(seconds, 0.001)
            let rate = Double(done) / elapsed
            let left = rate > 0 ? Double(total - done) / rate : 0
            // No rate or estimate from the first fraction of a second: they would say nonsense.
            let pace = elapsed < 0.5 && done < total ? "" : " · \(Int(rate))/s · \(Int(left.rounded(.up))) s left"
            return "judging \(done)/\(total) photos\(pace) "
        }
    }
}
