import Foundation

/// A small inline SVG per task: the target (a circle, an area's outline, or for `places` targets
/// the nearest place) and where each photo was taken, coloured by verdict.
///
/// Positions are drawn in a local equirectangular projection around the target's centre
/// (x = Δlon·cos φ₀, y = Δlat, in metres at 111,320 m per degree), which is true to within a
/// fraction of a percent over the few kilometres a task covers. `places` targets are drawn as a
/// radar around the nearest place, from each photo's distance and bearing. Photos beyond the view
/// are pinned to its edge as hollow marks so the direction still shows.
enum TaskMapSVG {
    static let size = 220.0
    static let maxPoints = 600

    struct Mark {
        var east: Double
        var north: Double
        /// Nil for a point of a target's outline.
        var verdict: Verdict?

        /// Rejected first, accepted last, so the marks that matter sit on top.
        var layer: Int {
            switch verdict {
            case .accepted: 2
            case .review: 1
            case .rejected, nil: 0
            }
        }
    }

    static func make(_ task: Report.TaskSection, photos: [Report.Entry]) -> String? {
        guard let target = task.target else { return nil }
        var marks: [Mark] = []
        var targetShape = ""
        var viewRadius = 50.0

        switch target.kind {
        case .circle:
            guard let centre = target.center, let r = target.radiusM else { return nil }
            for p in photos { if let pos = p.evidence.position { marks.append(project(pos, around: centre, verdict: p.verdict)) } }
            viewRadius = fit(marks, minimum: r * 1.6, cap: r * 8)
            targetShape = circle(0, 0, r, scale: size / 2 / viewRadius)
        case .places:
            let r = target.radiusM ?? 25
            for p in photos {
                guard let d = p.evidence.distance?.metres, let bearing = p.evidence.bearingDeg else { continue }
                let at = Placement.offsetFromTarget(distanceMetres: d, bearingDegrees: bearing)
                marks.append(Mark(east: at.east, north: at.north, verdict: p.verdict))
            }
            viewRadius = fit(marks, minimum: r * 1.6, cap: r * 8)
            targetShape = circle(0, 0, r, scale: size / 2 / viewRadius)
        case .area:
            guard let outline = target.outline, let first = outline.first?.first else { return nil }
            let all = outline.flatMap { $0 }
            let centre = JudgeResults.Position(
                lat: (all.map(\.lat).min()! + all.map(\.lat).max()!) / 2,
                lon: (all.map(\.lon).min()! + all.map(\.lon).max()!) / 2)
            _ = first
            let rings = outline.map { ring in ring.map { project($0, around: centre, verdict: nil) } }
            let extent = rings.flatMap { $0 }.map { max(abs($0.east), abs($0.north)) }.max() ?? 50
            for p in photos { if let pos = p.evidence.position { marks.append(project(pos, around: centre, verdict: p.verdict)) } }
            viewRadius = fit(marks, minimum: extent * 1.15, cap: extent * 4)
            let scale = size / 2 / viewRadius
            targetShape = rings.map { ring in
                "<path class=\"target\" d=\""
                    + ring.enumerated().map { i, m in
                        "\(i == 0 ? "M" : "L")\(coordinate(size / 2 + m.east * scale)) \(coordinate(size / 2 - m.north * scale))"
                    }.joined(separator: " ") + " Z\"/>"
            }.joined()
        }

        let scale = size / 2 / viewRadius
        var svg = "<svg class=\"taskmap\" viewBox=\"0 0 \(Int(size)) \(Int(size))\" width=\"\(Int(size))\" height=\"\(Int(size))\" role=\"img\">"
        svg += "<title>\(MarkupText.escape(task.title)): target and photo positions</title>"
        svg += "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"\(Int(size))\" height=\"\(Int(size))\"/>"
        svg += "<line class=\"axis\" x1=\"\(Int(size / 2))\" y1=\"4\" x2=\"\(Int(size / 2))\" y2=\"\(Int(size - 4))\"/>"
        svg += "<line class=\"axis\" x1=\"4\" y1=\"\(Int(size / 2))\" x2=\"\(Int(size - 4))\" y2=\"\(Int(size / 2))\"/>"
        svg += "<text class=\"north\" x=\"\(Int(size / 2) + 4)\" y=\"14\">N</text>"
        svg += targetShape
        if target.kind != .area { svg += "<circle class=\"centre\" cx=\"\(Int(size / 2))\" cy=\"\(Int(size / 2))\" r=\"1.5\"/>" }
        let drawn = marks.sorted { $0.layer < $1.layer }.suffix(maxPoints)
        for m in drawn {
            var x = m.east * scale, y = -m.north * scale
            let reach = size / 2 - 5
            let beyond = max(abs(x), abs(y)) > reach
            if beyond {
                let k = reach / max(abs(x), abs(y))
                x *= k; y *= k
            }
            svg +=
                "<circle class=\"p \(MarkupText.escape(m.verdict?.rawValue ?? ""))\(beyond ? " far" : "")\" cx=\"\(coordinate(size / 2 + x))\" cy=\"\(coordinate(size / 2 + y))\" r=\"3.2\"/>"
        }
        let bar = scaleBar(viewRadius)
        let barPixels = bar * scale
        svg += "<line class=\"scale\" x1=\"8\" y1=\"\(Int(size) - 10)\" x2=\"\(coordinate(8 + barPixels))\" y2=\"\(Int(size) - 10)\"/>"
        svg += "<text class=\"scale-label\" x=\"8\" y=\"\(Int(size) - 14)\">\(MeasureText.distance(bar))</text>"
        if target.kind == .places {
            svg += "<text class=\"note\" x=\"\(Int(size) - 6)\" y=\"\(Int(size) - 6)\" text-anchor=\"end\">around the nearest place</text>"
        }
        if marks.count > drawn.count {
            svg += "<text class=\"note\" x=\"\(Int(size) - 6)\" y=\"14\" text-anchor=\"end\">\(drawn.count) of \(marks.count) photos</text>"
        }
        svg += "</svg>"
        return svg
    }

    static func project(_ p: JudgeResults.Position, around c: JudgeResults.Position, verdict: Verdict?) -> Mark {
        let metresPerDegree = 111_320.0
        var dLon = p.lon - c.lon
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        return Mark(east: dLon * cos(c.lat * .pi / 180) * metresPerDegree, north: (p.lat - c.lat) * metresPerDegree, verdict: verdict)
    }

    /// A view radius that shows the target and most photos: the 90th-percentile photo distance,
    /// at least `minimum`, at most `cap` (photos further out are pinned to the edge).
    static func fit(_ marks: [Mark], minimum: Double, cap: Double) -> Double {
        // Rejected photos do not widen the view (they are pinned to its edge when further out).
        let shown = marks.filter { $0.verdict != .rejected }
        let distances = (shown.isEmpty ? marks : shown).map { max(abs($0.east), abs($0.north)) }.sorted()
        guard !distances.isEmpty else { return max(minimum, 1) }
        let p90 = distances[min(distances.count - 1, Int(Double(distances.count) * 0.9))]
        return max(1, min(max(minimum, p90 * 1.1), max(cap, minimum)))
    }

    static func circle(_ x: Double, _ y: Double, _ r: Double, scale: Double) -> String {
        "<circle class=\"target\" cx=\"\(coordinate(size / 2 + x * scale))\" cy=\"\(coordinate(size / 2 - y * scale))\" r=\"\(coordinate(r * scale))\"/>"
    }

    /// 1, 2 or 5 × 10ⁿ metres, about a third of the view's width.
    static func scaleBar(_ viewRadius: Double) -> Double {
        let target = viewRadius * 2 / 3
        let magnitude = pow(10, floor(log10(max(target, 1))))
        for step in [5.0, 2.0, 1.0] where step * magnitude <= target { return step * magnitude }
        return magnitude
    }

    static func coordinate(_ v: Double) -> String { String(format: "%.1f", v) }
}
