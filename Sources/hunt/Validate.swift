import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check hunt files: every problem with file:line:column, a fix, and a summary per file.",
            discussion: """
                Text (the default): diagnostics on stderr, one summary line per file on stdout. JSON: stdout \
                holds only an array of {file, line, column, severity, code, message, fix}.

                Examples:
                  hunt validate hunt.yaml
                  hunt validate Examples/*/hunt.yaml --quiet
                  hunt validate hunt.yaml --format json

                Exit status: 0 no errors (warnings allowed), 1 any error, 2 usage error.
                """
        )

        @Argument(help: ArgumentHelp("Hunt files to check.", valueName: "file"), completion: .huntFile)
        var files: [String] = []

        @OptionGroup var output: DiagnosticOutputOptions

        @Flag(name: .shortAndLong, help: "Print errors only: no warnings, no summary lines.")
        var quiet = false

        func validate() throws {
            if files.isEmpty {
                throw ValidationError("name at least one hunt file, e.g. `hunt validate hunt.yaml`")
            }
        }

        mutating func run() async throws {
            let results = await HuntLoader().loadAll(files)
            let keep: (Diagnostic) -> Bool = { [quiet] in !quiet || $0.severity == .error }
            switch output.format {
            case .text:
                // Per file: its diagnostics (stderr), then its summary line (stdout).
                for result in results {
                    output.print(result.diagnostics.filter(keep))
                    if !quiet { Console.output(result.summary + "\n") }
                }
            case .json:
                // stdout is only the array; summaries are for people, on stderr.
                output.print(results.flatMap(\.diagnostics).filter(keep))
                if !quiet { Console.error(results.map { $0.summary + "\n" }.joined()) }
            }
            if results.contains(where: \.hasErrors) { throw ExitCode(1) }
        }
    }
}
