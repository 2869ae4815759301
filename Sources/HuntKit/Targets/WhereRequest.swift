import Foundation

/// What `hunt where` is asked to measure — positions (typed, photos, folders of photos, or a
/// positions file; `PositionInputs`) — and the measuring of them against targets (a hunt's tasks,
/// `Hunt.namedTargets`, or a point, area or places file, `NamedTarget.chosen(by:radius:)`): the
/// whole of `hunt where` short of choosing the targets and printing.
package struct WhereRequest: Sendable {
    /// Positions as typed (`52.0907,5.1213`, `-33.8568,151.2153`), photo files or folders.
    public var inputs: [String]
    /// A CSV file of positions, `-` for standard input.
    public var positionsFile: String?
    public var format: WhereaboutsFormat

    public init(inputs: [String], positionsFile: String? = nil, format: WhereaboutsFormat = .table) {
        self.inputs = inputs
        self.positionsFile = positionsFile
        self.format = format
    }

    /// The rows in `format` and the diagnostics to show after them.
    public struct Measured: Sendable {
        public var text: String
        public var diagnostics: [Diagnostic]
    }

    /// Every position, in input order, then the positions file's, with the diagnostics of those
    /// that could not be read.
    public func positions() -> (positions: [(label: String, position: Coordinate)], diagnostics: [Diagnostic]) {
        PositionInputs.read(inputs, positionsFile: positionsFile)
    }

    /// Measures every position against `targets`; `diagnostics` (what choosing the targets said:
    /// the hunt's warnings, or those of a `--to` file) come first, then those of the positions.
    public func measure(against targets: [NamedTarget], diagnostics: [Diagnostic] = []) async -> Measured {
        let read = positions()
        let rows = await Whereabouts.measure(read.positions, against: targets)
        return Measured(text: WhereaboutsRenderer.render(rows, format: format), diagnostics: diagnostics + read.diagnostics)
    }
}
