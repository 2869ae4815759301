import Foundation

/// Where a planned photo is taken: inside, off or at the edge of its target, with the accuracy it records.
extension TeamPlanner {
    func judgedAccuracy(_ written: Double?) -> Double { written ?? hunt.policy.assumedAccuracy.metres }

    /// A position well inside the target, and an accuracy that keeps it inside.
    func honestPosition(_ task: HuntTask, rng: inout SplitMix64) -> (Coordinate, Double)? {
        switch task.target {
        case .circle(let center, let radius):
            return inside(center: center, radius: radius.metres, rng: &rng)
        case .places(let places):
            let place = places.places[rng.below(places.places.count)]
            return inside(center: place.coordinate, radius: places.radius.metres, rng: &rng)
        case .area(let target):
            guard let area = target.area else { return nil }
            if task.score == .closest { return nearLast(area: area, rng: &rng) }
            let accuracy = rng.uniform(3, 15).rounded()
            for _ in 0..<400 {
                let box = area.boundingBox
                let lon = box.west <= box.east ? rng.uniform(box.west, box.east) : normalise(rng.uniform(box.west, box.east + 360))
                let candidate = Coordinate(latitude: rng.uniform(box.south, box.north), longitude: lon)
                if area.edge(from: candidate).signedDistanceMetres + max(accuracy, hunt.policy.assumedAccuracy.metres) + 5 <= 0 {
                    return (candidate, accuracy)
                }
            }
            return nil
        case nil:
            return nil
        }
    }

    /// For `score: closest`: anywhere near where the team was (the distance is the score).
    func nearLast(area: Area, rng: inout SplitMix64) -> (Coordinate, Double) {
        let from =
            lastPosition
            ?? {
                let box = area.boundingBox
                return Coordinate(latitude: min(89, box.north + 0.3), longitude: (box.west + box.east) / 2)
            }()
        let p = Geodesic.direct(from: from, azimuthDegrees: rng.uniform(0, 360), distanceMetres: rng.uniform(100, 3000)).coordinate
        return (p, rng.uniform(3, 15).rounded())
    }

    func normalise(_ lon: Double) -> Double { lon > 180 ? lon - 360 : lon }

    func inside(center: Coordinate, radius r: Double, rng: inout SplitMix64) -> (Coordinate, Double)? {
        var accuracy = rng.uniform(3, min(15, max(3.5, 0.4 * r))).rounded()
        accuracy = max(1, min(accuracy, 0.4 * r))
        let judged = max(accuracy, hunt.policy.assumedAccuracy.metres)
        guard r - judged > 1 else { return nil }
        let d = rng.uniform(0, 0.8 * (r - judged))
        return (Geodesic.direct(from: center, azimuthDegrees: rng.uniform(0, 360), distanceMetres: d).coordinate, accuracy)
    }

    /// The second photo of a stay: at the same place as the first.
    func nearby(_ task: HuntTask, photo: Coordinate, rng: inout SplitMix64) -> (Coordinate, Double)? {
        guard case .places(let places) = task.target else { return honestPosition(task, rng: &rng) }
        let place = places.places.min {
            Geodesic.distanceMetres(from: $0.coordinate, to: photo) < Geodesic.distanceMetres(from: $1.coordinate, to: photo)
        }!
        return inside(center: place.coordinate, radius: places.radius.metres, rng: &rng)
    }

    func offTargetPosition(_ task: HuntTask, accuracy: Double, rng: inout SplitMix64) -> (Coordinate, Double)? {
        let a = judgedAccuracy(accuracy)
        switch task.target {
        case .circle(let center, let radius):
            let d = radius.metres + a + rng.uniform(40, 400)
            return (Geodesic.direct(from: center, azimuthDegrees: rng.uniform(0, 360), distanceMetres: d).coordinate, accuracy)
        case .places(let places):
            // Away from every place: step out from one until the nearest is far enough.
            let place = places.places[rng.below(places.places.count)]
            for _ in 0..<50 {
                let d = places.radius.metres + a + rng.uniform(40, 400)
                let p = Geodesic.direct(from: place.coordinate, azimuthDegrees: rng.uniform(0, 360), distanceMetres: d).coordinate
                if places.places.allSatisfy({ Geodesic.distanceMetres(from: $0.coordinate, to: p) > places.radius.metres + a + 20 }) {
                    return (p, accuracy)
                }
            }
            return nil
        case .area(let target):
            guard let area = target.area else { return nil }
            let box = area.boundingBox
            let start = Coordinate(latitude: min(89, box.north + 0.01), longitude: box.west <= box.east ? (box.west + box.east) / 2 : box.west)
            let p = Geodesic.direct(from: start, azimuthDegrees: rng.uniform(-60, 60), distanceMetres: rng.uniform(200, 2000)).coordinate
            return area.edge(from: p).signedDistanceMetres - a > 20 ? (p, accuracy) : nil
        case nil:
            return nil
        }
    }

    /// Near the edge, with an accuracy circle that straddles it and stays under max(r, 100 m).
    func uncertainPosition(_ task: HuntTask, rng: inout SplitMix64) -> (Coordinate, Double)? {
        let center: Coordinate, r: Double
        switch task.target {
        case .circle(let c, let radius): (center, r) = (c, radius.metres)
        case .places(let places):
            // Far from other places, so the nearest stays this one.
            center = places.places[rng.below(places.places.count)].coordinate
            r = places.radius.metres
            let others = places.places.map(\.coordinate).filter { $0 != center }
            if others.contains(where: { Geodesic.distanceMetres(from: $0, to: center) < 3 * r + 200 }) { return nil }
        default: return nil
        }
        let a = min(max(0.5 * r, 5), 90).rounded()
        let d = r + rng.uniform(-0.4, 0.4) * a
        return (Geodesic.direct(from: center, azimuthDegrees: rng.uniform(0, 360), distanceMetres: d).coordinate, a)
    }

    /// Certainly inside this task's target and certainly outside every other, so the judge's
    /// auto-match can only pick this task.
    func autoMatchable(_ task: HuntTask, position: Coordinate, accuracy: Double) -> Bool {
        if case .area = task.target { return false }
        let a = accuracy
        for other in hunt.tasks where other.score != .closest {
            guard let target = other.target, let p = target.placement(of: position, bands: hunt.bands) else { continue }
            let edge = p.edgeDistance.metres
            if other.id == task.id { if edge + a + 1 > 0 { return false } } else if edge - a - 1 <= 0 { return false }
        }
        return true
    }
}
