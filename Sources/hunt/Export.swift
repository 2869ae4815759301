import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write a hunt's places and areas as GPX 1.1, KML 2.2 or GeoJSON.",
            discussion: """
                Point tasks and every place of a places task become waypoints/points; areas become \
                polygons (KML, GeoJSON) or closed tracks (GPX, which has no polygons).

                Examples:
                  hunt export hunt.yaml --format gpx --out hunt.gpx
                  hunt export hunt.yaml --format geojson > hunt.geojson
                """
        )

        @OptionGroup var hunt: HuntArgument

        @Option(help: "Output format.")
        var format: HuntExportFormat = .geojson

        // `--out` as every command that writes says it; `--output` kept for scripts written before.
        @Option(
            name: [.customShort("o"), .customLong("out"), .customLong("output")],
            help: ArgumentHelp("Write to this file (atomically; its folder made if missing) instead of standard output.", valueName: "FILE"),
            completion: .file(extensions: ["gpx", "kml", "geojson"]))
        var output: String?

        mutating func run() async throws {
            var (loaded, diagnostics) = try hunt.loadOrExit(mustExist: true)
            let text = format.writer.render(loaded)
            if let output {
                if let failed = OutputFile.write(Array(text.utf8), to: output, inputs: hunt.files(of: loaded)) { diagnostics.append(failed) }
            } else {
                Console.write(text)
            }
            Console.diagnostics(diagnostics)
            if diagnostics.hasErrors { throw ExitCode(1) }
        }
    }
}
