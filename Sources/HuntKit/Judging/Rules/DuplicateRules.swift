import Foundation

extension RuleEngine {
    // MARK: Across photos: the same file sent twice

    /// The same file sent for different teams or tasks: the earliest capture keeps it (ties by
    /// path), the others get `duplicate-of`. A second copy for the same team and task is no
    /// finding but never counts twice.
    mutating func findDuplicates(_ groups: CaseGroups) {
        for members in groups.sameContent.values {
            let ordered = members.sorted { earlier($0, $1) }
            let keptPath = cases[ordered[0]].submission.path, keptTeam = cases[ordered[0]].submission.team
            let keptTask = cases[ordered[0]].task?.id
            for i in ordered.dropFirst() {
                cases[i].duplicate = true
                if cases[i].submission.team == keptTeam, cases[i].task?.id == keptTask {
                    cases[i].resent = true
                } else {
                    cases[i].findings.append(Finding(code: .duplicateOf, message: "the same file as \(keptPath)", related: keptPath))
                }
            }
        }
    }
}
