import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn places from GPX, KML, GeoJSON or CSV into the tasks: section of a hunt.",
            discussion: """
                Prints YAML to standard output, or with --into adds the tasks to a hunt file's own \
                tasks: list (its comments and layout kept; ids that clash get -2, -3…; written \
                atomically). Each point becomes a task with `at:`; each polygon an `area:` task. A \
                single polygon in a GeoJSON or KML file is referred to in place (with --into: by its \
                path from the hunt file, or written beside the hunt file when it lies outside its \
                folder); otherwise give --areas-dir to write each polygon to DIR/<id>.geojson.

                Examples:
                  hunt import cafes.gpx --radius 25m --into hunt.yaml
                  hunt import places.csv --near 52.0907,5.1213 --within 1km
                  hunt import sydney.csv --near -33.8568,151.2153 --within 2km
                  hunt import regions.kml --areas-dir areas
                """
        )

        @Argument(help: ArgumentHelp("A .gpx, .kml, .geojson or .csv file.", valueName: "FILE"), completion: .placesFile)
        var file: String

        // `.unconditional`: `--near -33.8568,151.2153` is a position, not an option.
        @Option(parsing: .unconditional, help: ArgumentHelp("Keep only places within --within of this point.", valueName: "LAT,LON"))
        var near: String?

        @Option(help: ArgumentHelp("The distance for --near, e.g. 1km.", valueName: "LENGTH"))
        var within: String?

        @Option(help: ArgumentHelp("The radius written on every point task (a radius in the file wins).", valueName: "LENGTH"))
        var radius: String?

        @Option(help: ArgumentHelp("Write polygons to DIR/<id>.geojson and point area tasks at them.", valueName: "DIR"), completion: .directory)
        var areasDir: String?

        @Option(
            help: ArgumentHelp("Add the tasks to this hunt file's tasks: list instead of printing them.", valueName: "hunt.yaml"),
            completion: .huntFile)
        var into: String?

        func validate() throws {
            if let near { _ = try CoordinateText.argument(near, option: "--near") }
            if (near == nil) != (within == nil) {
                throw ValidationError("--near and --within go together, e.g. --near 52.0907,5.1213 --within 1km")
            }
            for (name, value) in [("--within", within), ("--radius", radius)] {
                if let value, Length.parse(value).map({ $0.metres > 0 }) != true {
                    throw ValidationError("\(name) `\(value)` is not a length; write it like 30m or 1.5km")
                }
            }
        }

        mutating func run() async throws {
            let url = URL(fileURLWithPath: file)
            let target: ImportIntoHunt?
            do { target = try into.map { try ImportIntoHunt(huntPath: $0) } } catch { throw Console.failure(error) }
            let features = GeoFileReader.read(url, displayPath: file)
            var importer = PlacesImport(
                sourcePath: file, sourceFormat: features.format ?? .csv,
                near: try near.map { try CoordinateText.argument($0, option: "--near") },
                withinMetres: within.flatMap(Length.parse)?.metres,
                radius: radius.flatMap(Length.parse), areasDirectory: areasDir)
            importer.areasDirectoryName = "--areas-dir"
            importer.huntFolder = target?.folder
            importer.takenIDs = target?.taskIDs ?? []
            let output = importer.tasks(from: features)
            var diagnostics = features.diagnostics + output.diagnostics
            if let target {
                Console.diagnostics(diagnostics)
                if diagnostics.hasErrors { throw Console.failure("nothing written: \(target.huntPath) is as it was\n") }
                guard output.taskCount > 0 else { return Console.error("no places to add; \(target.huntPath) is as it was\n") }
                let written: [String]
                do {
                    let hunt = try target.adding(output.items, count: output.taskCount)
                    OutputBatch.handleInterrupts()
                    written = try target.write(hunt, areaFiles: output.areaFiles, inputs: [url])
                } catch let error as DiagnosticError { throw Console.failure(error.diagnostics) } catch { throw Console.failure("\(error)\n") }
                return Console.error(target.summary(output, written: written) + "\n")
            }
            for areaFile in output.areaFiles {
                if let failed = OutputFile.write(Array(areaFile.contents.utf8), to: areaFile.path, inputs: [url]) { diagnostics.append(failed) }
            }
            Console.write(output.yaml)
            Console.diagnostics(diagnostics)
            if diagnostics.hasErrors { throw ExitCode(1) }
        }
    }
}
