import Foundation

extension RuleEngine {
    // MARK: An answer or a choice on its own

    /// What was typed, for a message: its first 80 characters in quotes, without controls or direction marks.
    static func shown(_ typed: String) -> String {
        let plain = String(
            String.UnicodeScalarView(
                typed.unicodeScalars.filter {
                    !CharacterSet.controlCharacters.contains($0) && !AnswerKey.directionMarks.contains($0.value)
                }))
        return "“" + plain.prefix(80) + (plain.count > 80 ? "…" : "") + "”"
    }

    /// An attempt's own rules: team, task (a reviewer's assignment, else the one it names), that
    /// the task asks a question, the windows at the time it was sent, and the answer against
    /// the task's `TaskQuestion`: accepted, `close-answer` (a judge decides) or `wrong-answer`;
    /// a code whose secret was not read, `code-unknown` (a judge decides).
    func examineAnswer(_ attempt: AnswerAttempt, _ c: inout SubmissionCase) {
        c.evidence.answer = attempt.answer
        checkTeam(&c)
        if !assignTask(&c) { findTask(attempt.task, &c) }
        c.instant = attempt.sentAt.date
        c.evidence.capturedAt = clock.timestamp(attempt.sentAt.date)
        guard let task = c.task else { return }
        if task.checkIn {
            examineCheckIn(attempt, task: task, &c)
            return
        }
        guard let question = task.question else {
            c.findings.append(Finding(code: .wrongKind, message: "task `\(task.id)` asks for a photo, not an answer"))
            return
        }
        c.evidence.attemptsAllowed = Double(question.attemptLimit)
        checkWindows(&c, attempt.sentAt.date, done: "sent")
        let shown = Self.shown(attempt.answer)
        // A derived code without its secret: nobody here can tell (an empty or too long one still can).
        if let code = question.code, code.match(attempt.answer) == nil {
            c.findings.append(
                Finding(
                    code: .codeUnknown,
                    message:
                        "the code of `\(task.id)` derives from the players' secret, which was not read: a judge decides (or judge again with the secret)"
                ))
            return
        }
        switch question.match(attempt.answer) {
        case .accepted(let matched):
            // A code is not repeated in the results: what the team typed says enough.
            if question.code == nil { c.evidence.answerMatched = matched }
        case .close(let expected, let distance):
            c.evidence.answerExpected = expected
            c.findings.append(
                Finding(code: .closeAnswer, message: "\(shown) is \(distance) letter\(distance == 1 ? "" : "s") off `\(expected)`: a judge decides"))
        case .wrong:
            c.findings.append(
                Finding(code: .wrongAnswer, message: "\(shown) is not \(question.code == nil ? "an accepted answer" : "the task's code")"))
        case .empty:
            c.findings.append(Finding(code: .wrongAnswer, message: "nothing was typed (or only spaces and punctuation)"))
        case .tooLong:
            c.findings.append(
                Finding(code: .wrongAnswer, message: "\(attempt.answer.utf8.count) bytes typed; an answer is at most \(AnswerKey.maximumTypedBytes)"))
        }
    }
}

extension TeamRules {
    /// A team's attempts at each answer or choice task, by task, each in time order.
    func attemptsByTask(_ team: [Int]) -> [[Int]] {
        var byTask: [String: [Int]] = [:]
        for i in team where cases[i].submission.answer != nil && cases[i].teamKnown {
            if let task = cases[i].task, task.question != nil { byTask[task.id, default: []].append(i) }
        }
        return byTask.keys.sorted().map { byTask[$0]!.sorted { earlier($0, $1) } }
    }

    /// Each attempt numbered; those past the task's `attempts` are `no-attempts-left`.
    func checkAttempts(_ team: [Int]) {
        for ordered in attemptsByTask(team) {
            guard let limit = cases[ordered[0]].task?.question?.attemptLimit else { continue }
            for (n, i) in ordered.enumerated() {
                cases[i].evidence.attempt = Double(n + 1)
                guard n >= limit else { continue }
                cases[i].findings.append(Finding(code: .noAttemptsLeft, message: "try \(n + 1); the task allows \(limit) (`attempts: \(limit)`)"))
                settle(i)
            }
        }
    }

    /// After the order rule: the attempts after the first accepted one are noted
    /// (`already-answered`, which changes nothing: the first accepted one completes the task).
    func noteAnswered(_ team: [Int]) {
        for ordered in attemptsByTask(team) {
            guard let first = ordered.firstIndex(where: { cases[$0].effective == .accepted }) else { continue }
            let path = cases[ordered[first]].submission.path
            for i in ordered[(first + 1)...] {
                cases[i].findings.append(Finding(code: .alreadyAnswered, message: "the team's answer \(path) was accepted first", related: path))
            }
        }
    }
}
