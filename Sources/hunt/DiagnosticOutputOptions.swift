import ArgumentParser
import Foundation
import HuntKit

extension DiagnosticFormat: ExpressibleByArgument {}

/// `--format text|json` for commands whose output is diagnostics, and how they are printed:
/// text on stderr (coloured on a terminal unless NO_COLOR is set), JSON on stdout.
struct DiagnosticOutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Output format: \(DiagnosticFormat.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "format"))
    var format: DiagnosticFormat = .text

    /// Prints diagnostics: text to stderr, JSON (always, even when empty) to stdout.
    func print(_ diagnostics: [Diagnostic]) {
        switch format {
        case .text:
            let text = TextDiagnosticRenderer(colour: Terminal.wantsColour(FileHandle.standardError)).render(diagnostics, sources: SourceLines())
            FileHandle.standardError.write(Data(text.utf8))
        case .json:
            FileHandle.standardOutput.write(Data(JSONDiagnosticRenderer().render(diagnostics, sources: SourceLines()).utf8))
        }
    }
}

enum Terminal {
    /// Colour when the handle is a terminal and `NO_COLOR` is unset or empty (https://no-color.org).
    static func wantsColour(_ handle: FileHandle) -> Bool {
        let noColour = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return !noColour && isatty(handle.fileDescriptor) == 1
    }
}
