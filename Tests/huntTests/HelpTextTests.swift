import Foundation
import Testing

/// Every subcommand's `--help` reads as paragraphs (the parser wraps them once, so no ragged lines)
/// and shows at least one example that fits on its line.
@Suite struct HelpTextTests {
    /// "" is `hunt --help` itself.
    static let subcommands = ["", "init", "validate", "exif", "where", "judge", "report", "sheets", "import", "export", "simulate", "schema"]
    static let width = 80

    /// The text above `USAGE:`: the overview and the discussion.
    private func description(_ command: String) throws -> [String] {
        let run = try HuntBinary.run((command.isEmpty ? [] : [command]) + ["--help"], environment: ["COLUMNS": "\(Self.width)"])
        #expect(run.status == 0, "\(run.stderr)")
        return Array(run.stdout.components(separatedBy: "\n").prefix { !$0.hasPrefix("USAGE:") })
    }

    @Test(arguments: subcommands)
    func everySubcommandShowsAnExample(command: String) throws {
        let lines = try description(command)
        let examples = try #require(lines.firstIndex(of: "Examples:"), "no Examples: in `hunt \(command) --help`")
        let block = lines[(examples + 1)...].prefix { !$0.isEmpty }
        #expect(!block.isEmpty)
        for line in block {
            #expect(line.hasPrefix("  "), "an example wrapped: `\(line)` in `hunt \(command) --help`")
        }
    }

    /// A hard line break in the source shows as a short line followed by a word that would have fit
    /// (ArgumentParser fills lines to one column less than COLUMNS).
    @Test(arguments: subcommands)
    func paragraphsAreWrappedOnce(command: String) throws {
        let lines = try description(command)
        var previous: String?
        for line in lines {
            defer { previous = line.isEmpty || line.hasPrefix(" ") || line == "Examples:" ? nil : line }
            guard let above = previous, !line.isEmpty, !line.hasPrefix(" ") else { continue }
            let firstWord = line.prefix { $0 != " " }
            #expect(
                above.count + 1 + firstWord.count > Self.width - 1,
                "ragged line in `hunt \(command) --help`: `\(above)` could take `\(firstWord)`")
        }
    }

    /// The hunt file has one spelling in every usage line, the one `HuntArgument` gives.
    @Test(arguments: ["where", "judge", "sheets", "export", "simulate", "serve"])
    func theHuntFileIsSpelledOneWay(command: String) throws {
        let run = try HuntBinary.run([command, "--help"], environment: ["COLUMNS": "\(Self.width)"])
        #expect(run.stdout.contains("<hunt.yaml>"))
        #expect(!run.stdout.contains("HUNT.yaml"))
    }
}
