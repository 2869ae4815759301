import Foundation

/// Simulated check-ins for the hunt's check-in tasks (`check_in: true`), lines of
/// `submissions/answers.jsonl`, with what a correct judge says of each in `answers.json`: per
/// team and task, one from outside the place (`off-target`) and one from its centre (`honest`);
/// on a `dwell` task, check-ins from the centre every dwell/10 (5 to 30 s) across the dwell, as the
/// players' page sends a stay. They come after the team's last photo, each step slow enough that
/// no travel is `too-fast`, so the photos' own verdicts are as without them. Tasks with `after:`,
/// `choose`, `score: closest` or an area are left out.
extension Simulator {
    /// One simulated check-in: its line of answers.jsonl, and what the judge must say of it.
    public struct PlannedCheckIn: Sendable, Hashable {
        /// Its id in the log.
        public var id: String
        /// The team's id.
        public var team: String
        /// The task's id.
        public var task: String
        /// When it is sent.
        public var sentAt: Timestamp
        /// Where the browser says the team is.
        public var position: Coordinate
        /// The browser's accuracy, in metres.
        public var accuracyMetres: Double
        /// Its path (`answers.jsonl#<id>`), kind, verdict and reasons.
        public var answer: Answer

        /// Its attempt, a line of answers.jsonl as the players' page writes a check-in.
        var attempt: AnswerAttempt {
            AnswerAttempt(
                id: id, team: team, task: task, answer: "", sentAt: sentAt,
                position: CheckInPosition(latitude: position.latitude, longitude: position.longitude, accuracyMetres: accuracyMetres))
        }
    }

    /// The check-ins the judge accepts, by team.
    static func accepted(_ checkIns: [PlannedCheckIn]) -> [String: [PlannedCheckIn]] {
        Dictionary(grouping: checkIns.filter { $0.answer.verdict == .accepted }, by: \.team)
    }

    /// Whether check-ins are simulated for `task`.
    static func simulatesCheckIns(_ task: HuntTask) -> Bool {
        guard task.checkIn, task.after.isEmpty, task.choose == nil, task.score == .complete else { return false }
        switch task.target {
        case .circle: return true
        case .places(let places): return !places.places.isEmpty
        case .area, nil: return false
        }
    }

    /// The check-ins of every simulated team, after its `photos` (its answers aside: the
    /// questions that wait for a check-in come after it); none when the hunt has no check-in task.
    public func plannedCheckIns(after photos: [PlannedPhoto]) -> [PlannedCheckIn] {
        let tasks = hunt.tasks.filter(Self.simulatesCheckIns)
        guard !tasks.isEmpty else { return [] }
        let clock = HuntClock(timezone: hunt.timezone, around: hunt.window)
        // A third of the policy's speed limit, less both accuracies: never `too-fast`.
        let pace = hunt.policy.maximumSpeed.metresPerSecond / 3
        var planned: [PlannedCheckIn] = []
        for team in hunt.teams.prefix(options.teams) {
            let mine = photos.filter { $0.team == team.id && $0.answer == nil }
            var time = (mine.map(\.instant).max() ?? hunt.window?.start ?? Date(timeIntervalSince1970: 0)).addingTimeInterval(600)
            var earlier = mine.flatMap { [$0.tags.position, $0.browserFix?.position].compactMap { $0 } }
            var sent: [(id: String, task: HuntTask, at: Date, inside: Bool)] = []
            for task in tasks {
                let (centre, radius) = Self.place(of: task)
                let outside = Geodesic.direct(from: centre, azimuthDegrees: 0, distanceMetres: 3 * radius + 30).coordinate
                time = time.addingTimeInterval((earlier.map { Geodesic.distanceMetres(from: $0, to: outside) }.max() ?? 0) / pace)
                sent.append(("\(team.id)-\(task.id)-out", task, time, false))
                time = time.addingTimeInterval(300)
                if let dwell = task.dwell?.seconds {
                    let step = min(30, max(5, (dwell / 10).rounded()))
                    for k in 0...Int((dwell / step).rounded(.up)) {
                        sent.append(("\(team.id)-\(task.id)-\(k + 1)", task, time.addingTimeInterval(Double(k) * step), true))
                    }
                    time = sent.last!.at
                } else {
                    sent.append(("\(team.id)-\(task.id)-in", task, time, true))
                }
                time = time.addingTimeInterval(300)
                earlier = [outside, centre]
            }
            planned += expectedCheckIns(sent, team: team.id, clock: clock)
        }
        return planned.sorted { $0.answer.path < $1.answer.path }
    }

    /// The point a check-in is sent from and the radius around it: a circle's centre, a places
    /// task's first place.
    static func place(of task: HuntTask) -> (Coordinate, Double) {
        switch task.target {
        case .circle(let centre, let radius): (centre, radius.metres)
        case .places(let places): (places.places[0].coordinate, places.radius.metres)
        case .area, nil: (Coordinate(latitude: 0, longitude: 0), 0)
        }
    }

    /// What the judge says of a team's check-ins: the windows, outside the place, then on a dwell
    /// task the stays (as `DwellRules`: a stay completes with the first accepted check-in at least
    /// the dwell after its first; the accepted ones in no completed stay are `dwell-short`).
    func expectedCheckIns(_ sent: [(id: String, task: HuntTask, at: Date, inside: Bool)], team: String, clock: HuntClock) -> [PlannedCheckIn] {
        let policy = hunt.policy
        var reasons: [[ReasonCode]] = sent.map { s in
            var codes: [ReasonCode] = []
            for window in [hunt.window, s.task.judgedWindow].compactMap({ $0 }) where codes.isEmpty {
                if s.at < window.start { codes.append(.beforeWindow) } else if s.at > window.end { codes.append(.afterWindow) }
            }
            if !s.inside { codes.append(.outsideTarget) }
            return codes
        }
        let accepted = { (i: Int) in Verdict.from(reasons[i].map { $0.action(under: policy) }) == .accepted }
        for task in Set(sent.map(\.task.id)) {
            let stay = sent.indices.filter { sent[$0].task.id == task && sent[$0].task.dwell != nil && accepted($0) }
            guard let dwell = stay.first.flatMap({ sent[$0].task.dwell?.seconds }) else { continue }
            var start = 0
            while start < stay.count {
                let t0 = sent[stay[start]].at
                guard let end = stay[(start + 1)...].firstIndex(where: { sent[$0].at.timeIntervalSince(t0) >= dwell }) else {
                    for i in stay[start...] { reasons[i].append(.dwellShort) }
                    break
                }
                start = end + 1
            }
        }
        return sent.indices.map { i in
            let s = sent[i], (centre, radius) = Self.place(of: s.task)
            let at = s.inside ? centre : Geodesic.direct(from: centre, azimuthDegrees: 0, distanceMetres: 3 * radius + 30).coordinate
            let codes = reasons[i].sorted()
            return PlannedCheckIn(
                id: s.id, team: team, task: s.task.id, sentAt: clock.timestamp(s.at), position: at, accuracyMetres: 5,
                answer: Answer(
                    path: AnswerAttempt.logName + "#" + s.id, team: team, task: s.task.id, kind: s.inside ? .honest : .offTarget,
                    verdict: Verdict.from(codes.map { $0.action(under: policy) }),
                    reasons: codes.filter { [.reject, .review].contains($0.action(under: policy)) }))
        }
    }
}
