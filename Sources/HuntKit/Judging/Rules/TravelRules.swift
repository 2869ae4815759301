import Foundation

extension TeamRules {
    /// Between a team's consecutive photos (by capture time), the speed needed to cover the
    /// distance less both accuracies; above the policy's maximum the later photo is `too-fast`.
    func checkTravel(_ team: [Int]) {
        let ordered = team.filter { cases[$0].instant != nil && cases[$0].accuracyMetres != nil && !cases[$0].duplicate }
            .sorted { earlier($0, $1) }
        let limit = hunt.policy.maximumSpeed.metresPerSecond
        for (previous, current) in zip(ordered, ordered.dropFirst()) {
            guard let pa = cases[previous].position, let pb = cases[current].position,
                let ta = cases[previous].instant, let tb = cases[current].instant
            else { continue }
            let aAccuracy = cases[previous].accuracyMetres!, bAccuracy = cases[current].accuracyMetres!
            let seconds = tb.timeIntervalSince(ta)
            // Almost every step is far below the limit: a bound on the distance settles it
            // without the exact geodesic (a fifth of the team rules' time otherwise).
            let atMost = Geodesic.distanceAtMost(from: pa, to: pb) - aAccuracy - bAccuracy
            if atMost <= 0 || (seconds > 0 && atMost / seconds <= limit) { continue }
            let distance = Geodesic.distanceMetres(from: pa, to: pb)
            let effective = max(0, distance - aAccuracy - bAccuracy)
            guard effective > 0 else { continue }
            let speed = seconds > 0 ? effective / seconds : .infinity
            guard speed > limit else { continue }
            let previousPath = cases[previous].submission.path
            let kmh = speed.isFinite ? RuleEngine.round(speed * 3.6, places: 10) : nil
            cases[current].evidence.speedKmh = kmh
            let speedText = kmh.map { "\($0) km/h" } ?? "no time at all"
            cases[current].findings.append(
                Finding(
                    code: .tooFast,
                    message:
                        "\(MeasureText.distance(distance)) from \(previousPath) in \(MeasureText.duration(max(0, seconds))): \(speedText), over the limit of \(hunt.policy.maximumSpeed)",
                    related: previousPath))
        }
    }
}
