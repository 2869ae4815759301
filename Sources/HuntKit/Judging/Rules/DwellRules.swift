import Foundation

extension TeamRules {
    /// `dwell`: photos (or check-ins) accepted at the same place of a task, in time order. A stay
    /// begins with a photo and completes with the first later one at least the dwell after it;
    /// photos in between belong to the stay. A photo in no completed stay is `dwell-short`.
    mutating func checkDwell(_ team: [Int]) {
        var groups: [String: [Int]] = [:]
        for i in team where cases[i].effective == .accepted && cases[i].instant != nil && !cases[i].resent {
            guard let task = cases[i].task, task.dwell != nil, task.score != .closest else { continue }
            groups["\(task.id)\u{0}\(cases[i].placeKey)", default: []].append(i)
        }
        for key in groups.keys.sorted() {
            let ordered = groups[key]!.sorted { earlier($0, $1) }
            let dwell = cases[ordered[0]].task!.dwell!.seconds
            var start = 0
            var short: [Int] = []
            while start < ordered.count {
                let t0 = cases[ordered[start]].instant!
                guard let end = ordered[(start + 1)...].firstIndex(where: { cases[$0].instant!.timeIntervalSince(t0) >= dwell }) else {
                    short += ordered[start...]
                    noteStay(ordered[start...], since: t0)
                    break
                }
                stays.starts[ordered[end]] = ordered[start]
                for k in start...end { stays.members.insert(ordered[k]) }
                noteStay(ordered[start...end], since: t0)
                start = end + 1
            }
            for i in short where cases[i].evidence.positionSource == .checkIn {
                // A check-in in a stay not yet long enough: the page shows how long the team has stayed.
                let place = cases[i].placement?.placeName.map { " at \($0)" } ?? ""
                cases[i].findings.append(
                    Finding(
                        code: .dwellShort,
                        message:
                            "stayed \(MeasureText.duration(cases[i].evidence.stayS ?? 0))\(place) so far; the task needs \(cases[i].task!.dwell!)"))
                settle(i)
            }
            for i in short where cases[i].evidence.positionSource != .checkIn {
                let others = ordered.filter { $0 != i }
                let span = others.map { abs(cases[$0].instant!.timeIntervalSince(cases[i].instant!)) }.max()
                let place = cases[i].placement?.placeName.map { " at \($0)" } ?? ""
                let message =
                    span.map {
                        "the longest stay\(place) shown by two photos is \(MeasureText.duration($0)); the task needs \(cases[i].task!.dwell!)"
                    }
                    ?? "only one photo\(place); the task needs a second one at least \(cases[i].task!.dwell!) later"
                cases[i].findings.append(Finding(code: .dwellShort, message: message))
                settle(i)
            }
        }
    }

    /// Each check-in of a stay that began at `t0` keeps how long the team had stayed when it was sent.
    private func noteStay(_ members: ArraySlice<Int>, since t0: Date) {
        for i in members where cases[i].evidence.positionSource == .checkIn {
            cases[i].evidence.stayS = RuleEngine.round(cases[i].instant!.timeIntervalSince(t0))
        }
    }
}
