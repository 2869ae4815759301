import Foundation

extension ResultsSummary {
    /// What `hunt judge` prints on stderr after judging: each problem with the folder, the
    /// manifest or the hunt (`location: severity: message`, then its fix), then each photo that
    /// could not be read, by its path inside `submissionsPath`.
    public func problemsText(submissionsPath: String) -> String {
        var text = ""
        for problem in results.problems {
            text += "\(problem.location): \(problem.severity): \(problem.message)\n"
            if let fix = problem.fix { text += "  fix: \(fix)\n" }
        }
        guard results.summary.unreadable > 0 else { return text }
        for s in results.submissions where s.reasons.contains(.unreadable) {
            text += "\(submissionsPath)/\(s.path): error: \(s.evidence.error ?? "could not be read")\n"
        }
        return text
    }

    /// Whether the run failed its inputs (exit status 1): a photo could not be read, a team
    /// folder is not in the roster, or the folder or manifest had an error.
    public var inputsFailed: Bool {
        results.summary.unreadable > 0 || results.problems.contains { $0.severity == .error || $0.code == "unknown-team" }
    }
}
