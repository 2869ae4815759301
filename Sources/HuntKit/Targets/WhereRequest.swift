import Foundation

/// What `hunt where` is asked for — positions (typed, photos, or a positions file) and what to
/// measure them against (a hunt's tasks, or what `--to` names) — and the measuring: the whole
/// of `hunt where` short of loading the hunt and printing.
public struct WhereRequest: Sendable {
    /// Positions as typed (`52.0907,5.1213`, `-33.8568,151.2153`) or photo files.
    public var inputs: [String]
    /// A CSV file of positions, `-` for standard input.
    public var positionsFile: String?
    /// The hunt file whose tasks are the targets (loaded by the caller; see `measure`).
    public var huntFile: String?
    /// A point `LAT,LON`, or an area or places file (`NamedTarget.chosen(by:radius:)`).
    public var to: String?
    /// The radius of a `to` point or of each place of a `to` places file, as typed (`30m`, `1.5km`).
    public var radius: String?
    public var format: WhereaboutsFormat
    /// For .ci/bench/geo: time containment alone (no distances) of every position in a `to` area.
    public var benchmarkContainment: Bool

    public init(inputs: [String], positionsFile: String? = nil, huntFile: String? = nil, to: String? = nil, radius: String? = nil,
                format: WhereaboutsFormat = .table, benchmarkContainment: Bool = false) {
        self.inputs = inputs
        self.positionsFile = positionsFile
        self.huntFile = huntFile
        self.to = to
        self.radius = radius
        self.format = format
        self.benchmarkContainment = benchmarkContainment
    }

    /// What does not fit together, worded for a usage error: some positions (`inputs` or a
    /// positions file) and either a hunt or a `to` target, with a radius (a length) only for `to`.
    /// Nil when it can be measured.
    public var problem: String? {
        if inputs.isEmpty && positionsFile == nil {
            return "give at least one position or photo, e.g. `hunt where 52.0907,5.1213 --to 52.09,5.12`, or --positions FILE"
        }
        switch (huntFile, to) {
        case (nil, nil): return "say what to measure against: --hunt HUNT.yaml, --to LAT,LON [--radius R] or --to AREA_FILE"
        case (.some, .some): return "use either --hunt or --to, not both"
        default: break
        }
        if radius != nil, huntFile != nil { return "--radius goes with --to; a hunt's tasks have their own radius" }
        if let radius, Length.parse(radius).map({ $0.metres > 0 }) != true {
            return "--radius `\(radius)` is not a length; write it like 30m or 1.5km"
        }
        return nil
    }

    /// The rows in `format` (or, benchmarking an area, the benchmark's line) and the diagnostics
    /// to show after them.
    public struct Measured: Sendable {
        public var text: String
        public var diagnostics: [Diagnostic]
    }

    /// Measures every position against the tasks of `hunt` (loaded from `huntFile`, with its
    /// `warnings`, which come first in the diagnostics), else against what `to` names. Throws,
    /// before any position is read, when `to` names no target. A benchmark shows no diagnostics.
    public func measure(hunt: Hunt?, warnings: [Diagnostic] = []) async throws(NamedTarget.ChoiceError) -> Measured {
        var (targets, diagnostics) = (hunt?.namedTargets ?? [], warnings)
        if hunt == nil, let to {
            let chosen = try NamedTarget.chosen(by: to, radius: radius.flatMap(Length.parse))
            (targets, diagnostics) = (chosen.targets, diagnostics + chosen.diagnostics)
        }
        let read = PositionInputs.read(inputs, positionsFile: positionsFile)
        if benchmarkContainment, case .area(let target)? = targets.first?.target, let area = target.area {
            return Measured(text: ContainmentBenchmark.run(area, positions: read.positions.map(\.position)), diagnostics: [])
        }
        let rows = await Whereabouts.measure(read.positions, against: targets)
        return Measured(text: WhereaboutsRenderer.render(rows, format: format), diagnostics: diagnostics + read.diagnostics)
    }
}
