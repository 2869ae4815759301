import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check hunt files: every problem with file:line:column, a fix, and a summary per file.",
            discussion: """
            Text (the default): diagnostics on stderr, one summary line per file on stdout.
            JSON: stdout holds only an array of {file, line, column, severity, code, message, fix}.
            Exit status: 0 no errors (warnings allowed), 1 any error, 2 usage error.
            """
        )

        @Argument(help: ArgumentHelp("Hunt files to check.", valueName: "file"))
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
            var diagnostics = results.flatMap(\.diagnostics)
            if quiet { diagnostics = diagnostics.filter { $0.severity == .error } }
            output.print(diagnostics)
            if !quiet {
                let summary = results.map(\.summary).joined(separator: "\n") + "\n"
                // In JSON mode stdout is only the array; the summary is for people.
                if output.format == .json { FileHandle.standardError.write(Data(summary.utf8)) } else { Swift.print(summary, terminator: "") }
            }
            if results.contains(where: \.hasErrors) { throw ExitCode(1) }
        }
    }
}
