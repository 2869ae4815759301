import HuntKit

extension TeamView.TaskRow {
    /// A check-in task's card: a "Check in here" button and no photo buttons. Only its last
    /// check-in is listed (a stay sends one every few seconds), and a rejected one leaves the task
    /// to do: the team checks in again, closer.
    mutating func checkIn(_ task: HuntTask) {
        checkIn = true
        dwellS = task.dwell?.seconds
        sendable = false
        if let accepted = uploads.last(where: { $0.state == "accepted" }) {
            uploads = [accepted]
        } else {
            uploads = Array(uploads.suffix(1))
        }
        if state == "rejected" {
            state = "todo"
            stateText = TeamView.words("todo")
        }
    }
}

extension JudgeResults.SubmissionResult {
    /// A check-in inside a stay not yet as long as the task's `dwell`: refused only for that
    /// (`dwell-short`), so the team is staying, not turned away.
    var isStaying: Bool {
        verdict == .rejected && evidence.positionSource == .checkIn && !findings.isEmpty && findings.allSatisfy { $0.code == .dwellShort }
    }
}
