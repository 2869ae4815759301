import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    struct Init: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Start a new hunt from a template in Templates/hunts/.",
            discussion: """
                Copies the template's files (hunt.yaml and any area or places files) into DIR. Never \
                overwrites: if any file already exists, nothing is written. `--list-templates` prints the \
                templates (name, tab, description) on stdout.

                Examples:
                  hunt init myhunt
                  hunt init cafes --template cafe-credits
                  hunt init --list-templates
                """
        )

        @Argument(help: ArgumentHelp("The folder to write the hunt into (created if missing).", valueName: "dir"), completion: .directory)
        var directory: String = "."

        @Option(name: .shortAndLong, help: ArgumentHelp("The template to start from (see --list-templates).", valueName: "name"))
        var template: String = HuntTemplates.defaultName

        @Flag(help: "List the templates and exit.")
        var listTemplates = false

        func validate() throws {
            if listTemplates && (template != HuntTemplates.defaultName || directory != ".") {
                throw ValidationError("`--list-templates` takes no folder or template; run `hunt init --list-templates` alone")
            }
        }

        mutating func run() async throws {
            guard let templates = HuntTemplates() else {
                Console.error(
                    """
                    error: the Templates/ folder was not found; set HUNT_TEMPLATES to its path \
                    (it is at the top of the HuntKit checkout, or in share/hunt/Templates of an install)\n
                    """)
                throw ExitCode(1)
            }
            if listTemplates {
                for t in templates.list() { Console.write("\(t.name)\t\(t.summary)\n") }
                return
            }
            let destination = URL(fileURLWithPath: directory, isDirectory: true)
            do {
                let written = try templates.install(template, into: destination)
                let shown = directory == "." ? "" : (directory.hasSuffix("/") ? directory : directory + "/")
                var text = "wrote a `\(template)` hunt:\n"
                for file in written { text += "  \(shown)\(file)\n" }
                text += "\nnext steps:\n"
                if !shown.isEmpty { text += "  cd \(directory)\n" }
                text += """
                      edit hunt.yaml: the title, timezone, window, teams and each task's place
                      hunt validate hunt.yaml        check it; fix what it reports
                      hunt sheets hunt.yaml          print task sheets for the teams
                      hunt judge hunt.yaml PHOTOS/   judge the photos the teams send (PHOTOS/<team>/...)\n
                    """
                Console.error(text)
            } catch .unknownTemplate(let name, let suggestion, let available) {
                // A wrong `--template` is a usage error (exit 2); ArgumentParser would add the root's usage.
                let error = HuntTemplates.InstallError.unknownTemplate(name, suggestion: suggestion, available: available)
                Console.error("error: \(error)\n")
                throw ExitCode(2)
            } catch {
                throw Console.failure(error)
            }
        }
    }
}
