import Foundation

/// The few lines `hunt judge` prints when it is done: counts, the top of the leaderboard, the
/// reasons, and what is left to decide. The command's, not the library's (its hints name the
/// command's flags): package access.
package struct ResultsSummary: Sendable {
    /// The judged hunt's results the summary is made from.
    public var results: JudgeResults
    /// How many teams of the leaderboard to show.
    public var top: Int

    /// A summary of `results` showing the first `top` teams of the leaderboard (10 unless given).
    public init(results: JudgeResults, top: Int = 10) {
        self.results = results
        self.top = top
    }

    /// The summary as lines of text; `resultsPath` and `reviewsPath` name the written files in the hints on what to do next (nil: generic wording).
    public func text(resultsPath: String?, reviewsPath: String?) -> String {
        let s = results.summary
        var lines: [String] = []
        var head =
            "\(results.hunt.title): \(s.submissions) submission\(s.submissions == 1 ? "" : "s") — "
            + "\(s.accepted) accepted, \(s.review) for review, \(s.rejected) rejected"
        if s.skipped > 0 { head += " (\(s.skipped) file\(s.skipped == 1 ? "" : "s") skipped)" }
        lines.append(head)
        lines.append("")

        let shown = results.teams.prefix(top)
        if !shown.isEmpty {
            let names = shown.map { TerminalText.visible($0.name) }
            let nameWidth = max(4, names.map(\.count).max() ?? 4)
            lines.append("rank  " + pad("team", nameWidth) + "  points  reached")
            // One day: the time is enough; longer hunts need the date too.
            let days = Set(shown.compactMap { $0.reachedAt?.day })
            for (team, name) in zip(shown, names) {
                let reached =
                    team.reachedAt.map(\.text).map {
                        days.count > 1
                            ? String($0.dropFirst(5).prefix(11)).replacingOccurrences(of: "T", with: " ") : String($0.dropFirst(11).prefix(5))
                    } ?? "—"
                let rewards = team.rewards.last.map { "  🎁 \($0.reward)" } ?? ""
                lines.append(
                    leftPad(String(team.rank), 4) + "  " + pad(name, nameWidth) + "  "
                        + leftPad(String(team.points), 6) + "  " + reached + rewards)
            }
            if results.teams.count > shown.count { lines.append("   … and \(results.teams.count - shown.count) more teams") }
            lines.append("")
        }

        if !s.reasons.isEmpty {
            let reasons = s.reasons.sorted { ($1.value, $0.key.rawValue) < ($0.value, $1.key.rawValue) }.map { "\($0.key.rawValue) \($0.value)" }
            lines.append("reasons: " + reasons.joined(separator: ", "))
        }
        if s.reviewed > 0 { lines.append("\(s.reviewed) decision\(s.reviewed == 1 ? "" : "s") applied from \(reviewsPath ?? "the reviews file")") }
        if s.undecided > 0 {
            let file = reviewsPath ?? "reviews.yaml"
            var line = "\(s.undecided) review item\(s.undecided == 1 ? "" : "s") undecided: write decisions in \(file)"
            if let resultsPath { line += " (the queue is `review_queue` in \(resultsPath))" }
            line += " and run again with --reviews \(file)"
            lines.append(line)
            // The queue is in path order, as submissions are: the first five undecided ones.
            var shownItems = 0
            for i in results.submissions.indices where shownItems < 5 && results.submissions[i].verdict == .review {
                let why = results.submissions[i].findings.first { $0.action == .review }.map { "\($0.code.rawValue): \($0.message)" } ?? ""
                lines.append("  \(results.submissions[i].path)  \(why)")
                shownItems += 1
            }
            if results.reviewQueue.count > 5 { lines.append("  … and \(results.reviewQueue.count - 5) more") }
        } else {
            lines.append("no review items left undecided")
        }
        if let resultsPath { lines.append("results: \(resultsPath)") }
        // Titles, names, paths and messages come from files and photos: shown, never obeyed.
        return lines.map { TerminalText.visible($0) }.joined(separator: "\n") + "\n"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private func leftPad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
