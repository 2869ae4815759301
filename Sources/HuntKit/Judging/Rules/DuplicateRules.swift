import Foundation

extension RuleEngine {
    // MARK: Across photos: the same file sent twice

    /// The same file sent for different teams or tasks: the copy received first keeps it, the
    /// others get `duplicate-of` naming it. A second copy for the same team and task is no
    /// finding but never counts twice.
    ///
    /// "Received first" is the upload time the players' page recorded (`UploadName`, else the
    /// browser sidecar's `uploaded_at`): a byte copy has the capture time of the original, so
    /// capture time cannot tell the owner from the copier, and the path (which sorts by team)
    /// must not. A copy with no upload time (put in the folder by the organizers) comes after
    /// those with one; among those, the earliest capture, then the path, as before.
    ///
    /// A copy of *another team's* photo is never rejected by this rule alone: at most it goes to
    /// review (`Policy.duplicatesAcrossTeams`), because who took a photo is something only a
    /// person can settle — an upload time says who sent it first, not whose it is, and folder
    /// files carry no trustworthy time at all. The copy that keeps it counts meanwhile.
    mutating func findDuplicates(_ groups: CaseGroups) {
        for members in groups.sameContent.values {
            let received = members.map { receivedAt(cases[$0]) }
            let ordered = members.indices.sorted { a, b in
                if received[a] != received[b] { return (received[a] ?? .infinity) < (received[b] ?? .infinity) }
                return earlier(members[a], members[b])
            }
            let kept = members[ordered[0]], keptReceived = received[ordered[0]]
            let keptPath = cases[kept].submission.path, keptTeam = cases[kept].submission.team
            let keptTask = cases[kept].task?.id
            for k in ordered.dropFirst() {
                let i = members[k]
                cases[i].duplicate = true
                if cases[i].submission.team == keptTeam {
                    if cases[i].task?.id == keptTask {
                        cases[i].resent = true
                    } else {
                        cases[i].findings.append(Finding(code: .duplicateOf, message: "the same file as \(keptPath)", related: keptPath))
                    }
                    continue
                }
                let when =
                    keptReceived != nil && received[k] != nil
                    ? "which another team sent first"
                    : "of another team (the files do not tell which team had it first)"
                cases[i].findings.append(
                    Finding(
                        code: .duplicateOf, message: "the same file as \(keptPath), \(when): a judge decides whose photo it is",
                        related: keptPath, acrossTeams: true))
            }
        }
    }

    /// When the server received the file, seconds since 1970: the time in the name it chose
    /// (to the second), else the browser sidecar's `uploaded_at`; nil for a file put in the folder.
    private func receivedAt(_ c: SubmissionCase) -> Double? {
        let name = (c.submission.path as NSString).lastPathComponent
        return (UploadName(name)?.receivedAt ?? c.evidence.uploadedAt?.date)?.timeIntervalSince1970
    }
}
