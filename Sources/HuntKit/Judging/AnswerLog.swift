import Foundation

/// The attempts a submissions folder holds in `answers.jsonl` — one JSON object a line,
/// `{"id":…,"team":…,"task":…,"answer":…,"time":"2026-05-02T10:15:00+02:00"}` (a check-in has
/// `"position":{"latitude":…,"longitude":…,"accuracy":…}` instead of the answer), appended by the
/// players' page and any tool (`append(_:to:)`), never rewritten — and those of a form tool's
/// CSV export (`readCSV`). A bad line or row is a diagnostic naming its line, and is skipped:
/// the other attempts still count.
public enum AnswerLog {
    /// The log's name, at the top of the submissions folder.
    public static let fileName = AnswerAttempt.logName
    /// Larger logs are refused before reading: 300 teams' thousands of attempts fit in far less.
    public static let maximumBytes = 64 << 20
    /// The longest id, team or task, in UTF-8 bytes.
    public static let maximumFieldBytes = 256
    /// After this many bad lines the rest are not read: the fix is the same.
    static let maximumProblems = 100

    /// The key of an attempt in reviews and results: `answers.jsonl#<id>`.
    public static func path(of attempt: AnswerAttempt, in log: String = fileName) -> String { log + "#" + attempt.id }

    /// Appends `attempt` to the log at `url` in one write (`AppendOnlyFile`): two writers never interleave.
    public static func append(_ attempt: AnswerAttempt, to url: URL) throws(OutputError) {
        try AppendOnlyFile.append(Data(attempt.line), to: url)
    }

    /// The attempts of a log's bytes, in line order, and a diagnostic for each bad line.
    public static func parse(_ bytes: [UInt8], displayPath: String) -> (attempts: [AnswerAttempt], problems: [Diagnostic]) {
        var attempts: [AnswerAttempt] = [], problems: [Diagnostic] = []
        var seen = Set<String>()
        JSONLines.decode(
            AnswerAttempt.self, bytes, displayPath: displayPath, code: "answer-line", log: "answers log", limit: maximumProblems,
            problems: &problems, skipped: { "not an attempt (skipped): " + Self.why($0) },
            fix: #"each line is {"id":…,"team":…,"task":…,"answer":…,"time":"2026-05-02T10:15:00+02:00"}; a line cut short by a crash can be deleted"#
        ) { attempt, location, problems in
            admit(attempt, into: &attempts, seen: &seen, problems: &problems, at: location, what: "line")
        }
        return (attempts, problems)
    }

    /// `attempt` added to `attempts` when it is well formed and its id is new; else a warning
    /// that names the `what` (`line`, `row`) at `location`, which is skipped.
    static func admit(
        _ attempt: AnswerAttempt, into attempts: inout [AnswerAttempt], seen: inout Set<String>, problems: inout [Diagnostic],
        at location: SourceLocation, what: String
    ) {
        if let problem = check(attempt) {
            problems.append(
                .warning(
                    DiagnosticCode(rawValue: "answer-\(what)"), problem + "; the \(what) is skipped", at: location,
                    fix: "correct the \(what), or delete it"))
        } else if !seen.insert(attempt.id).inserted {
            problems.append(
                .warning(
                    "answer-duplicate", "the id `\(attempt.id)` was used by an earlier \(what); this one is left out", at: location,
                    fix: "give each attempt its own id"))
        } else {
            attempts.append(attempt)
        }
    }

    /// What is wrong with an attempt read from a file, or nil.
    static func check(_ attempt: AnswerAttempt) -> String? {
        for (value, what) in [(attempt.id, "id"), (attempt.team, "team"), (attempt.task, "task")] {
            if value.trimmedWhitespace.isEmpty { return "the \(what) is empty" }
            if value.utf8.count > maximumFieldBytes { return "the \(what) is \(value.utf8.count) bytes long; at most \(maximumFieldBytes)" }
        }
        if attempt.id.contains(where: { $0 == "#" || $0 == "/" || $0.isNewline }) { return "the id `\(attempt.id)` holds `#`, `/` or a line break" }
        return attempt.position?.problem
    }

    private static func why(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: "`\(key.stringValue)` is missing"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            "`\(context.codingPath.map(\.stringValue).joined(separator: "."))` "
                + (context.codingPath.last?.stringValue == "time"
                    ? "is not an ISO 8601 time with an offset"
                    : context.codingPath.first?.stringValue == "position" ? "is not a number (or the position not an object)" : "is not text")
        case .dataCorrupted(let context)?:
            context.codingPath.last?.stringValue == "time"
                ? "`time` is not an ISO 8601 time with an offset (`2026-05-02T10:15:00+02:00`)" : "not JSON"
        default: "not JSON"
        }
    }
}

extension ExaminedSubmissions {
    /// Team `team`'s inputs, when the examination kept them (`JudgeRun.examineChanges`): what an
    /// attempt sent now is judged among (`Judge.judge(_:among:)`).
    package func inputs(ofTeam team: String) -> [JudgeInput] {
        guard inputs.count == cases.count else { return [] }
        return inputs.filter { $0.submission.team == team }
    }
}

extension Judge {
    /// `attempt` judged now as `hunt judge` will judge it: with the team's other submissions
    /// (`others`: its photos for `after:` order, its earlier attempts for `attempts:`), by the
    /// same rules; nil only when the judge drops it (never for a well-formed attempt).
    package func judge(_ attempt: AnswerAttempt, team: String, logPath: String, among others: [JudgeInput]) -> JudgeResults.SubmissionResult? {
        let new = JudgeInput(submission: Submission(answer: attempt, log: AnswerLog.fileName, filePath: logPath, team: team), photo: nil)
        let results = judge(others.filter { $0.submission.path != new.submission.path } + [new])
        return results.submissions.first { $0.path == new.submission.path }
    }
}
