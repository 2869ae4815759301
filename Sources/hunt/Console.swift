import ArgumentParser
import Foundation
import HuntKit

/// Everything `hunt` prints: data on stdout, messages, diagnostics and progress on stderr.
///
/// Messages that quote paths, names or errors are shown through `TerminalText.visible`, so a file
/// name holding an escape sequence is printed, not obeyed; line breaks are kept (the message's
/// lines are this program's). Data the library made (JSON, GPX, reports) and diagnostics, which the
/// renderer already made safe and which carry their own colours, are written as they are.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(TerminalText.visible(text, keepingLineBreaks: true).utf8))
    }

    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(TerminalText.visible(text, keepingLineBreaks: true).utf8))
    }

    /// Data for stdout, byte for byte.
    static func write(_ text: String) { write(Array(text.utf8)) }

    static func write(_ bytes: [UInt8]) { FileHandle.standardOutput.write(Data(bytes)) }

    /// Prints `message` on stderr and gives exit status 1 to throw: `throw Console.failure("…\n")`.
    static func failure(_ message: String) -> ExitCode {
        error(message)
        return ExitCode(1)
    }

    /// Prints `diagnostics` and gives exit status 1 to throw.
    static func failure(_ diagnostics: [Diagnostic]) -> ExitCode {
        self.diagnostics(diagnostics)
        return ExitCode(1)
    }

    /// Diagnostics as text on stderr, coloured on a terminal unless `NO_COLOR` is set
    /// (https://no-color.org).
    static func diagnostics(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let stderr = FileHandle.standardError
        let noColour = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let renderer = TextDiagnosticRenderer(colour: !noColour && isatty(stderr.fileDescriptor) == 1)
        stderr.write(Data(renderer.render(diagnostics, sources: SourceLines()).utf8))
    }
}

/// stdout through a 64 KiB buffer: one `write` per buffer, not per row.
struct BufferedOutput {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// The progress of a long run on one stderr line, rewritten in place at most ten times a second;
/// none when stderr is not a terminal, so logs get only the results.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let start = Date()
    private var last = Date.distantPast
    private var shown = false

    private init() {}

    /// A progress line, or nil when stderr is not a terminal.
    static func onTerminal() -> ProgressLine? { isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil }

    /// Shows `text(seconds since the start)`, unless the line changed less than 0.1 s ago and
    /// this is not the `final` update.
    func update(final: Bool = false, _ text: (_ seconds: TimeInterval) -> String) {
        lock.withLock {
            let now = Date()
            guard final || now.timeIntervalSince(last) >= 0.1 else { return }
            last = now
            FileHandle.standardError.write(Data("\r\(text(now.timeIntervalSince(start)))\u{1B}[K".utf8))
            shown = true
        }
    }

    /// Ends the line: replaced by `summary`, which stays, or else cleared.
    func finish(summary: String? = nil) {
        lock.withLock {
            if let summary {
                FileHandle.standardError.write(Data("\r\(summary)\u{1B}[K\n".utf8))
            } else if shown {
                FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            }
            shown = false
        }
    }
}

extension ProgressLine {
    /// The judge's `progress` callback: `line` (nil off a terminal) shows its count. With
    /// `HUNT_JUDGE_THROTTLE_MS`, a test hook, each photo first sleeps that many milliseconds, so a
    /// test can interrupt a run half way.
    static func judging(_ line: ProgressLine?) -> (@Sendable (Int, Int) -> Void)? {
        let throttle = ProcessInfo.processInfo.environment["HUNT_JUDGE_THROTTLE_MS"].flatMap(UInt32.init) ?? 0
        guard line != nil || throttle > 0 else { return nil }
        return { done, total in
            if throttle > 0 { usleep(throttle * 1000) }
            line?.judging(done, of: total)
        }
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
