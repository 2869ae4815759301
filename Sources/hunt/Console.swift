import ArgumentParser
import Foundation
import HuntKit

/// Everything `hunt` prints, but its progress line (`ProgressLine`): data on stdout, messages and
/// diagnostics on stderr.
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

    /// Prints what stopped the command, diagnostics as diagnostics and any other error as
    /// `error: …`, and gives exit status 1 to throw.
    static func failure(_ error: any Error) -> ExitCode {
        if let error = error as? DiagnosticError { return failure(error.diagnostics) }
        return failure("error: \(error)\n")
    }

    /// Prints `diagnostics`, then `note` (a line of its own) if any — the error first, then what it
    /// meant for the run — and gives exit status 1 to throw.
    static func failure(_ diagnostics: [Diagnostic], note: String? = nil) -> ExitCode {
        self.diagnostics(diagnostics)
        if let note { error(note + "\n") }
        return ExitCode(1)
    }

    /// What `JudgeOutputFolder.write` wrote: the problems of its reports, then a line naming the reports.
    static func written(_ written: (reports: [String], diagnostics: [Diagnostic])) {
        diagnostics(written.diagnostics)
        if !written.reports.isEmpty { error("reports: \(written.reports.joined(separator: ", "))\n") }
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
