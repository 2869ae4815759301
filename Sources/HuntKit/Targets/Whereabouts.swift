import Foundation

/// One position measured against one target: a row of `hunt where`.
package struct Whereabouts: Sendable {
    /// The input as the user gave it: `52.09,5.12`, a photo path, or `positions.csv:12`.
    public var input: String
    /// The position measured.
    public var position: Coordinate
    /// The target's name: a task id, `52.0907,5.1213 r=30 m`, or an area file.
    public var target: String
    /// Where the position stands against the target.
    public var placement: Placement
    /// What the distance is measured from, for the words of the table.
    public var reference: PlacementText.Reference

    /// A row of `hunt where`.
    public init(input: String, position: Coordinate, target: String, placement: Placement, reference: PlacementText.Reference = .centre) {
        self.input = input
        self.position = position
        self.target = target
        self.placement = placement
        self.reference = reference
    }

    /// The distance a player is told, metres: to the centre for circles and places, the signed
    /// distance to the edge for areas (negative inside). The band is of this distance (0 inside an area).
    public var distanceMetres: Double { placement.centreDistance?.metres ?? placement.edgeDistance.metres }

    /// Where the position is, seen from the target, as the judge says it: `337 m SSW of the target's centre`.
    public var text: String { PlacementText.phrase(metres: distanceMetres, compass: placement.compass, reference: reference) }
}

/// A target with the name and bands to measure it by.
package struct NamedTarget: Sendable {
    /// How rows name the target.
    public var name: String
    /// The target measured against.
    public var target: Target
    /// The distance bands the row's band comes from.
    public var bands: Bands
    /// A target named `name`, measured with `bands`.
    public init(name: String, target: Target, bands: Bands) {
        self.name = name
        self.target = target
        self.bands = bands
    }
}

extension Hunt {
    /// Every task with a target, with its bands (the task's, else the hunt's), in file order.
    package var namedTargets: [NamedTarget] {
        tasks.compactMap { task in task.target.map { NamedTarget(name: task.id, target: $0, bands: task.bands ?? bands) } }
    }
}

/// The formats `hunt where` prints: a table, JSON or CSV.
package enum WhereaboutsFormat: String, Sendable, CaseIterable {
    case table, json, csv
}

/// Renders `hunt where` rows. Numbers are written with a fixed number of decimals by integer
/// arithmetic (centimetres, tenths of a degree), which is exact and, unlike `String(format:)`,
/// fast enough to print 100,000 rows in a blink.
package enum WhereaboutsRenderer {
    /// The rows in `format`.
    public static func render(_ rows: [Whereabouts], format: WhereaboutsFormat) -> String {
        switch format {
        case .json: return json(rows)
        case .csv: return csv(rows)
        case .table: return table(rows)
        }
    }

    static let csvHeader = ["input", "latitude", "longitude", "target", "distance_m", "edge_m", "bearing_deg", "compass", "inside", "band", "place"]

    static func csv(_ rows: [Whereabouts]) -> String {
        var out = CSVWriter()
        out.reserveCapacity(rows.count * 96)
        out.header(csvHeader)
        for r in rows {
            out.row([
                .text(r.input), .formatted(DecimalText.fixed(r.position.latitude, places: 7)),
                .formatted(DecimalText.fixed(r.position.longitude, places: 7)),
                .text(r.target), .formatted(DecimalText.fixed(r.distanceMetres, places: 2)),
                .formatted(DecimalText.fixed(r.placement.edgeDistance.metres, places: 2)),
                .formatted(DecimalText.fixed(r.placement.bearingDegrees, places: 1)), .formatted(r.placement.compass?.rawValue ?? ""),
                .formatted(r.placement.inside ? "true" : "false"), .formatted(r.placement.band.rawValue), .text(r.placement.placeName)
            ])
        }
        return out.text
    }

    static func json(_ rows: [Whereabouts]) -> String {
        var out = "[\n"
        out.reserveCapacity(rows.count * 260)
        for (i, r) in rows.enumerated() {
            out += "  {\"input\": "; out += JSONText.quote(r.input)
            out += ", \"latitude\": "; out += DecimalText.fixed(r.position.latitude, places: 7)
            out += ", \"longitude\": "; out += DecimalText.fixed(r.position.longitude, places: 7)
            out += ", \"target\": "; out += JSONText.quote(r.target)
            out += ", \"distance_m\": "; out += DecimalText.fixed(r.distanceMetres, places: 2)
            out += ", \"edge_m\": "; out += DecimalText.fixed(r.placement.edgeDistance.metres, places: 2)
            out += ", \"bearing_deg\": "; out += DecimalText.fixed(r.placement.bearingDegrees, places: 1)
            out += ", \"compass\": \""; out += r.placement.compass?.rawValue ?? ""
            out += "\", \"inside\": "; out += r.placement.inside ? "true" : "false"
            out += ", \"band\": \""; out += r.placement.band.rawValue; out += "\""
            if let name = r.placement.placeName {
                out += ", \"place\": "; out += JSONText.quote(name)
                out += ", \"place_index\": "; out += String(r.placement.placeIndex ?? 0)
            }
            out += i + 1 < rows.count ? "},\n" : "}\n"
        }
        return out + "]\n"
    }

    /// For people: where each position is, seen from the target, in the words of the judge's
    /// messages (`337 m SSW of the target's centre`, `30 m N of Bar El Federal`); the bearing
    /// towards the target is in JSON and CSV.
    static func table(_ rows: [Whereabouts]) -> String {
        let header = ["INPUT", "TARGET", "WHERE", "INSIDE", "BAND"]
        var cells = [header]
        for r in rows {
            cells.append([
                TerminalText.visible(r.input), TerminalText.visible(r.target), TerminalText.visible(r.text),
                r.placement.inside ? "yes" : "no", r.placement.band.rawValue
            ])
        }
        let columns = header.count
        var widths = [Int](repeating: 0, count: columns)
        for row in cells { for c in 0..<columns { widths[c] = max(widths[c], row[c].count) } }
        var out = ""
        for row in cells {
            var line = ""
            for c in 0..<columns {
                let cell = row[c]
                line += cell + String(repeating: " ", count: widths[c] - cell.count)
                if c + 1 < columns { line += "  " }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}

extension Whereabouts {
    /// Measures every input against every target, in input order then target order.
    ///
    /// Work is split into chunks of 4,096 inputs on every core; chunks are put back in order, so
    /// the output never depends on scheduling.
    public static func measure(_ inputs: [(label: String, position: Coordinate)], against targets: [NamedTarget]) async -> [Whereabouts] {
        let chunkSize = 4096
        let chunks = [[Whereabouts]](parallelCount: (inputs.count + chunkSize - 1) / chunkSize) { chunk in
            var rows: [Whereabouts] = []
            let range = chunk * chunkSize..<min(inputs.count, (chunk + 1) * chunkSize)
            rows.reserveCapacity(range.count * targets.count)
            for i in range {
                for target in targets {
                    guard let placement = target.target.placement(of: inputs[i].position, bands: target.bands) else { continue }
                    rows.append(
                        Whereabouts(
                            input: inputs[i].label, position: inputs[i].position, target: target.name, placement: placement,
                            reference: target.target.reference(of: placement)))
                }
            }
            return rows
        }
        return chunks.count == 1 ? chunks[0] : chunks.flatMap { $0 }
    }
}
