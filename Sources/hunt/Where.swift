import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    struct Where: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "where",
            abstract: "Distance, bearing, compass direction and band from positions to targets.",
            discussion: """
                Each input is a position (LAT,LON), a photo, or a folder of photos (read as `hunt exif` \
                reads it); --positions reads many from a CSV file \
                (latitude/longitude columns, or headerless lat,lon rows; `-` for standard input). \
                Targets are every task of a hunt (--hunt), a point with a radius (--to LAT,LON \
                --radius R), or an area or places file (--to FILE). Distances are geodesic on WGS84 \
                (Karney's algorithm). The table says where each position is, seen from the target, as \
                the judge does: `30 m N of Bar El Federal`.

                Southern latitudes and western longitudes are typed with a minus sign, anywhere: \
                `hunt where -33.8568,151.2153 --to -33.8523,151.2108`.

                Examples:
                  hunt where 52.0880,5.1190 --to 52.09067,5.12133 --radius 75m
                  hunt where -33.8568,151.2153 --to -33.8523,151.2108
                  hunt where 48.0,-6.0 --to france.geojson --format json
                  hunt where IMG_0042.jpg --hunt hunt.yaml
                  hunt where --positions track.csv --to 52.09,5.12 --format csv
                """
        )

        // `.allUnrecognized` so that `-33.8568,151.2153` is an input; see CoordinateArguments.
        @Argument(
            parsing: .allUnrecognized, help: "Positions (LAT,LON, e.g. 52.0907,5.1213 or -33.8568,151.2153), photo files or folders.",
            completion: .file())
        var inputs: [String] = []

        @Option(help: ArgumentHelp("A CSV file of positions, `-` for standard input.", valueName: "FILE"), completion: .csvFile)
        var positions: String?

        @Option(help: ArgumentHelp("Measure against every task of this hunt.", valueName: "hunt.yaml"), completion: .huntFile)
        var hunt: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("A point (LAT,LON) or an area/places file (GeoJSON, KML, GPX, CSV).", valueName: "LAT,LON|FILE"),
            completion: .placesFile)
        var to: String?

        @Option(help: ArgumentHelp("Radius of a --to point or of each place in a --to places file (default 30 m).", valueName: "LENGTH"))
        var radius: String?

        @Option(help: "Output format.")
        var format: WhereaboutsFormat = .table

        /// For .ci/bench/geo: time containment alone (no distances) of every position in a --to area.
        @Flag(help: .private)
        var benchmarkContainment = false

        func validate() throws {
            let request = try request
            if let to, to.hasPrefix("--") { _ = try CoordinateText.argument(to, option: "--to") }
            if let problem = problem(request) { throw ValidationError(problem) }
        }

        mutating func run() async throws {
            let request = try request
            let (targets, diagnostics) = try chooseTargets()
            if benchmarkContainment, case .area(let target)? = targets.first?.target, let area = target.area {
                return Console.write(ContainmentBenchmark.run(area, positions: request.positions().positions.map(\.position)))
            }
            let measured = await request.measure(against: targets, diagnostics: diagnostics)
            Console.write(measured.text)
            Console.diagnostics(measured.diagnostics)
            if measured.diagnostics.hasErrors { throw ExitCode(1) }
        }
    }
}
