import ArgumentParser

@main
struct HuntCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hunt",
        abstract: "Write scavenger hunts as YAML, judge geotagged photos in bulk, print task sheets and reports.",
        discussion: """
            A hunt is one YAML file; `hunt schema` gives editors its JSON Schema. Every command: \
            `--format json` for scripts, data on stdout, diagnostics on stderr; exit 0 success, \
            1 findings, 2 usage errors. Positions are latitude first, minus signs as typed.

            Examples:
              hunt init myhunt && cd myhunt
              hunt validate hunt.yaml
              hunt where -33.8568,151.2153 --hunt hunt.yaml
              hunt judge hunt.yaml photos/ --out results --format text,html
            """,
        version: "0.1.0",
        subcommands: [
            Init.self, Validate.self, Exif.self, Where.self, Judge.self, Report.self,
            Sheets.self, Import.self, Export.self, Simulate.self, Schema.self, Serve.self, Purge.self, HEIFPreview.self
        ]
    )
}
