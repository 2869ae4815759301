import Foundation

extension RuleEngine {
    // MARK: Where the photo was: the task by position, and the position against the target

    /// The radius that `imprecise-position` compares with: the circle's or places' radius, 0 for areas.
    static func radiusMetres(of target: Target) -> Double {
        switch target {
        case .circle(_, let radius): radius.metres
        case .places(let places): places.radius.metres
        case .area: 0
        }
    }

    /// No task given: the target that contains the position. One certain match wins; several are
    /// ambiguous; with none, the only `score: closest` task, else the nearest target (which then
    /// rejects it as outside). `among`: only these tasks (a group's, for a photo sent for the group).
    func autoMatch(_ c: inout SubmissionCase, _ position: Coordinate, photo: PhotoMetadata, among: [HuntTask]? = nil) {
        guard position.isFix else { return }
        let a = accuracy(of: photo).metres
        var certain: [HuntTask] = [], possible: [HuntTask] = []
        var nearest: (HuntTask, Double)?
        // A code task is done by typing its code and a check-in task by being there: no photo is
        // matched to either by its place.
        for task in among ?? hunt.tasks where task.score != .closest && task.question?.code == nil && !task.checkIn {
            guard let target = task.target, let p = target.placement(of: position, bands: bands(for: task)) else { continue }
            let edge = p.edgeDistance.metres
            if edge + a <= 0 { certain.append(task) } else if edge - a <= 0 { possible.append(task) }
            if nearest == nil || edge < nearest!.1 { nearest = (task, edge) }
        }
        let matches = certain.isEmpty ? possible : certain
        if matches.count == 1 {
            c.task = matches[0]
        } else if matches.count > 1 {
            c.evidence.candidates = matches.map(\.id)
            c.findings.append(
                Finding(
                    code: .ambiguousTask,
                    message: "no task given and the position is in the targets of "
                        + matches.map { "`\($0.id)`" }.joined(separator: ", ")
                        + "; say which in the reviews file (`task:`) or put the photo in a task folder"))
        } else {
            let closest = among == nil ? hunt.tasks.filter { $0.score == .closest } : []
            if closest.count == 1 { c.task = closest[0] } else if let (task, _) = nearest { c.task = task }
        }
    }

    func checkPosition(_ c: inout SubmissionCase, _ photo: PhotoMetadata) {
        guard let position = photo.position, position.isFix else {
            // A browser fix too weak to stand in already says why there is no position.
            if c.findings.contains(where: { $0.code == .browserFixWeak }) { return }
            c.findings.append(
                Finding(
                    code: .noPosition,
                    message: photo.position == nil
                        ? "the photo records no GPS position" : "the GPS position is 0, 0 (no fix)"))
            return
        }
        let (a, source) = accuracy(of: photo)
        checkPosition(&c, position, accuracy: a, source: source)
    }

    /// `position`, accurate to `a` metres, against the case's task's target: inside, outside,
    /// uncertain or imprecise (a photo's position, or a check-in's).
    func checkPosition(_ c: inout SubmissionCase, _ position: Coordinate, accuracy a: Double, source: JudgeResults.Evidence.AccuracySource) {
        c.accuracyMetres = a
        c.evidence.accuracy = .metres(Self.round(a))
        c.evidence.accuracySource = source
        guard let task = c.task else { return }
        guard let target = task.target, let p = target.placement(of: position, bands: bands(for: task)) else {
            c.findings.append(
                Finding(
                    code: .noTarget,
                    message: task.isGroup
                        ? "`\(task.id)` is a group of tasks (\(task.choose!.tasks.joined(separator: ", "))); say which one in the reviews file "
                            + "(`task:`) or send the photo in that task's folder"
                        : "task `\(task.id)` has no target geometry to judge against"))
            return
        }
        c.placement = p
        let edge = p.edgeDistance.metres
        c.evidence.edgeDistance = .metres(Self.round(edge))
        c.evidence.distance = .metres(Self.round(p.centreDistance?.metres ?? max(0, edge)))
        c.evidence.bearingDeg = Self.round(p.bearingDegrees)
        c.evidence.compass = p.compass
        c.evidence.band = p.band
        c.evidence.place = p.placeName
        // A closest-approach task takes a photo from anywhere: the distance is the score.
        if task.score == .closest { return }
        if edge + a <= 0 { return }
        let r = Self.radiusMetres(of: target)
        let distanceText = describe(p, target: target)
        if edge - a > 0 {
            c.findings.append(
                Finding(code: .outsideTarget, message: "\(distanceText), outside even allowing for the accuracy of \(MeasureText.distance(a))"))
        } else if a > max(r, 100) {
            c.findings.append(
                Finding(
                    code: .imprecisePosition,
                    message: "accuracy \(MeasureText.distance(a)) is worse than \(MeasureText.distance(max(r, 100))); \(distanceText)"))
        } else {
            c.findings.append(
                Finding(code: .uncertainPosition, message: "\(distanceText); the accuracy circle of \(MeasureText.distance(a)) straddles the edge"))
        }
    }

    /// `42 m SW of the target's centre (radius 30 m)`, `12 m N of Café Noir (radius 25 m)`,
    /// `3.2 km NE of the area`: where the photo is, seen from the target, as every output says it
    /// (`PlacementText`, from the distance the evidence keeps).
    func describe(_ p: Placement, target: Target) -> String {
        let phrase = target.text(of: p)
        switch target {
        case .circle(_, let radius): return "\(phrase) (radius \(MeasureText.distance(radius.metres)))"
        case .places(let places): return "\(phrase) (radius \(MeasureText.distance(places.radius.metres)))"
        case .area: return phrase
        }
    }
}
