import Foundation
import HuntKit

/// Times `Area.contains` alone, for `.ci/bench/geo` (reached through a hidden `hunt where` flag).
enum ContainmentBenchmark {
    /// Runs containment of every position five times; reports the median rate.
    static func run(_ area: Area, positions: [Coordinate]) -> String {
        var rates: [Double] = []
        var inside = 0
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            inside = 0
            for p in positions where area.contains(p) { inside += 1 }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            rates.append(Double(positions.count) / max(seconds, 1e-9))
        }
        rates.sort()
        return
            "containment: \(area.vertexCount) vertices, \(positions.count) points (\(inside) inside), median of 5 runs \(Int(rates[2])) points/s (runs: \(rates.map { String(Int($0)) }.joined(separator: ", ")))\n"
    }
}
