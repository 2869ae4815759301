import ArgumentParser
import HuntKit

/// `--format text|json` for commands whose output is diagnostics, and how they are printed:
/// text on stderr (coloured on a terminal unless NO_COLOR is set), JSON on stdout.
struct DiagnosticOutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Output format: \(DiagnosticFormat.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "format"))
    var format: DiagnosticFormat = .text

    /// Prints diagnostics: text to stderr, JSON (always, even when empty) to stdout.
    func print(_ diagnostics: [Diagnostic]) {
        switch format {
        case .text: Console.diagnostics(diagnostics)
        case .json: Console.write(JSONDiagnosticRenderer().render(diagnostics, sources: SourceLines()))
        }
    }
}
