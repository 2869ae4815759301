import Foundation

extension TeamRules {
    /// `after`: a photo for a task counts only when each task it must come after was done
    /// (accepted, by a photo taken earlier) by the same team. Tasks are checked in dependency
    /// order so a prerequisite's own order finding is settled first.
    func checkOrder(_ team: [Int]) {
        guard !orderedTasks.isEmpty else { return }
        var byTask: [String: [Int]] = [:]
        for i in team { if let task = cases[i].task { byTask[task.id, default: []].append(i) } }
        for task in orderedTasks {
            for i in byTask[task.id] ?? [] where cases[i].instant != nil && cases[i].teamKnown {
                let instant = cases[i].instant!
                var missing: [String] = []
                for prerequisite in task.after {
                    let done = (byTask[prerequisite] ?? []).contains {
                        cases[$0].effective == .accepted && cases[$0].instant.map { $0 < instant } == true
                    }
                    if !done { missing.append(prerequisite) }
                }
                guard !missing.isEmpty else { continue }
                cases[i].findings.append(
                    Finding(
                        code: .order,
                        message: "must come after " + missing.map { "`\($0)`" }.joined(separator: ", ")
                            + ", which the team had not done (accepted) by \(clock.iso(instant))"))
                settle(i)
            }
        }
    }
}
