import Foundation

/// Answers and choices in a simulation: each team answers each question task once its photos
/// are sent (late in the day, inside the task's window), sometimes wrongly first; the attempts
/// are lines of `submissions/answers.jsonl`, as the players' page writes them, and `answers.json`
/// says what the judge must make of each.
extension Simulator {
    /// The question tasks a simulation answers, in dependency order: answers, choices, codes
    /// written in the file and derived ones whose value is known (`Hunt.derivingCodes(_:)`: a
    /// code made from the players' secret cannot be typed without it).
    var questionTasks: [HuntTask] {
        hunt.tasksInDependencyOrder.filter { task in
            guard let question = task.question, !task.isGroup else { return false }
            if case .code(let code) = question.kind, code.value == nil { return false }
            return true
        }
    }

    /// What a team types for `question`: an accepted answer as a player would type it (a text in
    /// lower case, a `*` filled in; a number as digits; a correct choice's text), or a wrong one
    /// that matches nothing and is not close to anything. Nil when there is no such answer (a
    /// choice list whose every choice is correct has no wrong one).
    static func typed(_ question: TaskQuestion, right: Bool) -> String? {
        switch question.kind {
        case .answer(let key):
            if right {
                switch key.accepted.first {
                case .text(let text)?: return text.replacingOccurrences(of: "*", with: "x").lowercased()
                case .number(let number, _)?: return DecimalText.trimmed(number, places: 6)
                case nil: return nil
                }
            }
        case .choices(let choices, let correct):
            if right { return correct.min().map { choices[$0].text } }
            if let wrong = choices.indices.first(where: { !correct.contains($0) }) { return choices[wrong].text }
            return nil
        case .code(let code):
            // Typed from the poster as players do, in lower case without the dash; a code made
            // from the players' secret whose value is not known is left out (`questionTasks`).
            guard let value = code.value else { return nil }
            if right { return value.lowercased().replacingOccurrences(of: "-", with: "") }
            return "QQQ-QQQ"
        }
        // A wrong text answer: the first of these that the key takes for neither right nor close.
        for wrong in ["no idea", "we could not find it", "0", "123456789"] {
            if case .wrong = question.match(wrong) { return wrong }
        }
        return nil
    }

    /// Each team's attempts at the question tasks, after the team's last photo inside the window
    /// (a question that waits for a check-in task, after the team's accepted check-in there; left
    /// out when that would be past the window): one right answer each, preceded by a wrong one
    /// for about `failureShare` of them when the task allows two tries (with one try, that try is
    /// the wrong one). A generator of their own, so a hunt's photos are the same with or without questions.
    func plannedAnswers(after photos: [PlannedPhoto], checkIns: [PlannedCheckIn] = []) -> [PlannedPhoto] {
        let tasks = questionTasks
        guard !tasks.isEmpty else { return [] }
        var rng = SplitMix64(seed: options.seed ^ 0x5157_4E53_4157_4552)
        let window = hunt.window ?? TimeWindow(start: photos.map(\.instant).min() ?? Date(), end: .distantFuture)
        let lastByTeam = Dictionary(
            photos.filter { window.contains($0.instant) }.map { ($0.team, $0.instant) }, uniquingKeysWith: { max($0, $1) })
        let checkedIn = Self.accepted(checkIns)
        var planned: [PlannedPhoto] = []
        for team in hunt.teams.prefix(options.teams) {
            // Whole seconds, as a page's clock would write them.
            var time = Date(timeIntervalSince1970: (lastByTeam[team.id] ?? window.start).timeIntervalSince1970.rounded(.up))
            let end = min(window.end, time.addingTimeInterval(6 * 3600))
            let step = max(1, min(300, (end.timeIntervalSince(time) / Double(2 * tasks.count + 2)).rounded(.down)))
            for (n, task) in tasks.enumerated() {
                guard let question = task.question else { continue }
                time = time.addingTimeInterval(step)
                // After the check-ins it waits for (`after:`, `unlocked_by:`), as a team would answer it.
                let waitsFor = (checkedIn[team.id] ?? []).filter { task.after.contains($0.task) }
                if let last = waitsFor.map(\.sentAt.date).max() {
                    time = max(time, Date(timeIntervalSince1970: last.timeIntervalSince1970.rounded(.up) + step))
                    if time.addingTimeInterval(2 * min((step / 3).rounded(.down), 40)) > window.end { continue }
                }
                if let own = task.judgedWindow, !own.contains(time), own.start < own.end {
                    time = own.start.addingTimeInterval(min(30, own.end.timeIntervalSince(own.start) / 4))
                }
                var attempts: [(String, Kind)] = []
                let wrongFirst = rng.unit() < options.failureShare
                if wrongFirst, let wrong = Self.typed(question, right: false) { attempts.append((wrong, .wrongAnswer)) }
                if attempts.count < question.attemptLimit, let right = Self.typed(question, right: true) { attempts.append((right, .rightAnswer)) }
                for (k, (typed, kind)) in attempts.enumerated() {
                    let instant = time.addingTimeInterval(Double(k) * min((step / 3).rounded(.down), 40))
                    planned.append(
                        PlannedPhoto(
                            path: AnswerAttempt.logName + "#" + "\(team.id)-\(n + 1)-\(k + 1)", team: team.id, task: task, kind: kind,
                            instant: instant, tags: PhotoTags(), identity: 0, hue: 0, video: nil,
                            reasons: kind == .wrongAnswer ? [.wrongAnswer] : [], answer: typed))
                }
            }
        }
        return planned
    }

    /// The planned answers and check-ins as `answers.jsonl`, in time order (as a page appends them).
    func answerLog(_ photos: [PlannedPhoto], checkIns: [PlannedCheckIn]) -> [UInt8] {
        let clock = HuntClock(timezone: hunt.timezone)
        let answers = photos.compactMap { photo in
            photo.answer.map { typed in
                AnswerAttempt(
                    id: String(photo.path.dropFirst(AnswerAttempt.logName.count + 1)), team: photo.team, task: photo.task.id, answer: typed,
                    sentAt: clock.timestamp(photo.instant))
            }
        }
        return (answers + checkIns.map(\.attempt)).sorted { ($0.sentAt.date, $0.id) < ($1.sentAt.date, $1.id) }.flatMap(\.line)
    }
}
