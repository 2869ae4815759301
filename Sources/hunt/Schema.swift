import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    struct Schema: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema (draft 2020-12) of the hunt file, for editors and validators.",
            discussion: """
                The same schema is in Templates/hunt.schema.json; starter hunts and the examples name it on \
                their first line (`# yaml-language-server: $schema=…`), so editors with the YAML language \
                server (VS Code's YAML extension, Neovim, Helix, Zed) complete keys, show each key's \
                description and underline mistakes as you type. `hunt validate` remains the full check \
                (ranges, timezones, files, task order).

                Examples:
                  hunt schema > hunt.schema.json
                  hunt schema | python3 -m json.tool --indent 1
                """
        )

        mutating func run() async throws {
            Console.write(HuntJSONSchema.document())
        }
    }
}
