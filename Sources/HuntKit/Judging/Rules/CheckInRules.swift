import Foundation

extension RuleEngine {
    // MARK: A check-in: being at the task's place, by the browser's position

    /// The finest accuracy a browser's position may claim without going to review: phones'
    /// GPS says 3–5 m at best outdoors; a claim under a metre is a tool's doing (`too-precise`).
    static let finestCheckInAccuracyMetres = 1.0

    /// A check-in's own rules (team and task are known): the windows at the time it was sent,
    /// then its position against the task's target allowing for its accuracy as a photo's is
    /// (`checkPosition`; the policy's assumed accuracy when the line gives none), and an accuracy
    /// finer than `finestCheckInAccuracyMetres` to review. The evidence keeps the position as the
    /// browser's and says it was a check-in (`position_source: check-in`).
    func examineCheckIn(_ attempt: AnswerAttempt, task: HuntTask, _ c: inout SubmissionCase) {
        c.evidence.answer = nil
        checkWindows(&c, attempt.sentAt.date, done: "checked in")
        guard let fix = attempt.position, fix.problem == nil, fix.coordinate.isFix else {
            c.findings.append(
                Finding(code: .noPosition, message: "the check-in holds no position (the page sends one; a form's row needs latitude and longitude)"))
            return
        }
        let position = fix.coordinate
        c.position = position
        c.evidence.positionSource = .checkIn
        c.evidence.position = JudgeResults.Position(lat: position.latitude, lon: position.longitude)
        c.evidence.browserPosition = c.evidence.position
        if let accuracy = fix.accuracyMetres { c.evidence.browserAccuracy = .metres(Self.round(accuracy)) }
        let accuracy = fix.accuracyMetres ?? hunt.policy.assumedAccuracy.metres
        checkPosition(&c, position, accuracy: accuracy, source: fix.accuracyMetres == nil ? .policy : .browser)
        if let claimed = fix.accuracyMetres, claimed < Self.finestCheckInAccuracyMetres {
            c.findings.append(
                Finding(
                    code: .tooPrecise,
                    message:
                        "the browser claims an accuracy of \(MeasureText.distance(claimed)); a phone's GPS gives a few metres at best, so the position may be forged: a judge decides"
                ))
        }
    }
}

extension TeamRules {
    /// A team's check-ins at different tasks or places sent from exactly the same position: a
    /// phone's position wanders by a little from one fix to the next, a forged one (a browser's
    /// location override, a script) need not. The later one goes to review (`position-unchanged`).
    func checkUnmovedCheckIns(_ team: [Int]) {
        let checkIns = team.filter { cases[$0].evidence.positionSource == .checkIn && cases[$0].position != nil }.sorted { earlier($0, $1) }
        guard checkIns.count > 1 else { return }
        // By position, the first earlier check-in from it for each task and place: a stay's
        // thousands of samples from one spot keep one entry.
        var from: [Coordinate: [Int]] = [:]
        for i in checkIns {
            let here = cases[i].position!
            let before = from[here] ?? []
            let atSamePlace = { (j: Int) in cases[j].task?.id == cases[i].task?.id && cases[j].placeKey == cases[i].placeKey }
            if !before.contains(where: atSamePlace) { from[here, default: []].append(i) }
            guard let same = before.first(where: { !atSamePlace($0) }) else { continue }
            let path = cases[same].submission.path
            cases[i].findings.append(
                Finding(
                    code: .positionUnchanged,
                    message:
                        "exactly the position of \(path) (for `\(cases[same].task?.id ?? "?")`), to the last digit: a real position moves; a judge decides",
                    related: path))
        }
    }
}
