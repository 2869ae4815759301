import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    struct Where: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Distance, bearing, compass direction and band from positions to targets.",
            discussion: """
            Each input is a position (LAT,LON) or a photo; --positions reads many from a CSV file \
            (latitude/longitude columns, or headerless lat,lon rows; `-` for standard input). \
            Targets are every task of a hunt (--hunt), a point with a radius (--to LAT,LON \
            --radius R), or an area or places file (--to FILE). Distances are geodesic on WGS84 \
            (Karney's algorithm).

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
        @Argument(parsing: .allUnrecognized, help: "Positions (LAT,LON, e.g. 52.0907,5.1213 or -33.8568,151.2153) or photo files.")
        var inputs: [String] = []

        @Option(help: ArgumentHelp("A CSV file of positions, `-` for standard input.", valueName: "FILE"))
        var positions: String?

        @Option(help: ArgumentHelp("Measure against every task of this hunt.", valueName: "hunt.yaml"))
        var hunt: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("A point (LAT,LON) or an area/places file (GeoJSON, KML, GPX, CSV).", valueName: "LAT,LON|FILE"))
        var to: String?

        @Option(help: ArgumentHelp("Radius of a --to point or of each place in a --to places file (default 30 m).", valueName: "LENGTH"))
        var radius: String?

        @Option(help: "Output format.")
        var format: WhereaboutsFormat = .table

        /// For .ci/bench/geo: time containment alone (no distances) of every position in a --to area.
        @Flag(help: .private)
        var benchmarkContainment = false

        func validate() throws {
            let inputs = try positionInputs()
            if let to, to.hasPrefix("--") { _ = try CoordinateText.argument(to, option: "--to") }
            if let problem = NamedTarget.problem(positions: inputs.count, positionsFile: positions, hunt: hunt, to: to, radius: radius) {
                throw ValidationError(problem)
            }
        }

        mutating func run() async throws {
            var diagnostics: [Diagnostic] = []
            let targets = try loadTargets(&diagnostics)
            let read = PositionInputs.read(try positionInputs(), positionsFile: positions)
            diagnostics += read.diagnostics
            if benchmarkContainment, case .area(let target)? = targets.first?.target, let area = target.area {
                Console.write(ContainmentBenchmark.run(area, positions: read.positions.map(\.position)))
                return
            }
            Console.write(WhereaboutsRenderer.render(await Whereabouts.measure(read.positions, against: targets), format: format))
            Console.diagnostics(diagnostics)
            if diagnostics.hasErrors { throw ExitCode(1) }
        }

        private func positionInputs() throws -> [String] {
            try CoordinateArguments.inputs(inputs, knownOptions: ["--positions", "--hunt", "--to", "--radius", "--format", "--version", "--help"])
        }

        /// The hunt's tasks, or what --to names; a --to that is no target is a usage error, as
        /// ArgumentParser prints it from `run()` (the root's usage line).
        private func loadTargets(_ diagnostics: inout [Diagnostic]) throws -> [NamedTarget] {
            if let hunt {
                let loaded = try HuntArgument.loadOrExit(hunt, mustExist: true)
                diagnostics += loaded.warnings
                return loaded.hunt.namedTargets
            }
            guard let to else { return [] }
            do throws(NamedTarget.ChoiceError) {
                let chosen = try NamedTarget.chosen(by: to, radius: radius.flatMap(Length.parse))
                diagnostics += chosen.diagnostics
                return chosen.targets
            } catch .nothingInFile(let problems) {
                throw Console.failure(problems)
            } catch {
                throw ValidationError(error.usage(to: to))
            }
        }
    }
}
