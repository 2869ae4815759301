import ArgumentParser

@main
struct HuntCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hunt",
        abstract: "Write scavenger hunts as YAML, judge geotagged photos in bulk, print task sheets and reports.",
        version: "0.1.0",
        subcommands: [
            Init.self, Validate.self, Exif.self, Where.self, Judge.self, Report.self,
            Sheets.self, Import.self, Export.self, Simulate.self, Schema.self,
        ]
    )
}
