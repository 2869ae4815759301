import Foundation

extension RuleEngine {
    // MARK: Each photo on its own

    /// Each photo's own rules, in order: unreadable, the browser's fix (which may stand in for a
    /// missing position), unknown team, which task (a reviewer's assignment, the folder, file
    /// name or manifest, else by position), placement, time, live capture, evidence kind, editors.
    func examine(_ input: JudgeInput, index: Int) -> SubmissionCase {
        let submission = input.submission
        var c = SubmissionCase(index: index, submission: submission, taskSource: submission.taskSource)
        c.review = reviews.entries[submission.path]
        c.teamKnown = teamIDs.contains(submission.team)
        if let attempt = submission.answer {
            examineAnswer(attempt, &c)
            return c
        }

        guard var photo = input.photo else {
            c.evidence.error = input.readError ?? "could not be read"
            c.findings.append(Finding(code: .unreadable, message: "could not be read: \(c.evidence.error!)"))
            return c
        }
        considerBrowserFix(&c, &photo)
        fillEvidence(&c, photo)
        c.contentHash = photo.contentHash
        c.contentIdentifier = photo.contentIdentifier
        if let p = photo.position, p.isFix { c.position = p }
        checkTeam(&c)

        // Which task: a reviewer's assignment, else what the folder/file name/manifest said, else by position.
        if !assignTask(&c), let id = submission.task {
            // A photo for a group is for the one of its tasks whose target holds it.
            if let task = findTask(id, &c), task.isGroup, let position = photo.position {
                autoMatch(&c, position, photo: photo, among: task.choose!.tasks.compactMap(hunt.task))
            }
        } else if c.task == nil, let position = photo.position {
            autoMatch(&c, position, photo: photo)
        }
        if let task = c.task, let question = task.question, task.target == nil || question.code != nil {
            c.findings.append(Finding(code: .wrongKind, message: "task `\(task.id)` is answered on the players' page (or a form), not with a photo"))
            return c
        }
        if let task = c.task, task.checkIn {
            c.findings.append(
                Finding(code: .wrongKind, message: "task `\(task.id)` is a check-in, done on the players' page by being there, not with a photo"))
            return c
        }

        checkPosition(&c, photo)
        if c.evidence.positionSource == .browser, c.evidence.accuracySource != nil { c.evidence.accuracySource = .browser }
        checkTime(&c, photo)
        checkLive(&c, photo)
        if let task = c.task, let media = photo.media, !task.evidence.accepts(media) {
            c.findings.append(
                Finding(code: .wrongMedia, message: "task `\(task.id)` asks for a \(task.evidence.rawValue); this is a \(media.rawValue)"))
        }
        if let software = photo.software, let editor = Self.editor(in: software) {
            c.findings.append(Finding(code: .edited, message: "Software names an editor (\(editor)): `\(software)`"))
        }
        return c
    }

    /// `unknown-team` when the submission's team is not in the roster.
    func checkTeam(_ c: inout SubmissionCase) {
        guard !c.teamKnown else { return }
        let team = c.submission.team
        let message =
            switch names.teams.find(team) {
            case .ambiguous(let a, let b):
                "`\(team)` matches both team `\(a.id)` (\(a.name)) and team `\(b.id)` (\(b.name)); rename the folder to one team's id"
            default: "no team `\(team)` in the hunt's roster"
            }
        c.findings.append(Finding(code: .unknownTeam, message: message))
    }

    /// The task a reviewer assigned (`task:` in the reviews file), when there is one; whether there was.
    func assignTask(_ c: inout SubmissionCase) -> Bool {
        guard let assigned = c.review?.task, let task = names.tasks.find(assigned).value else { return false }
        c.task = task
        c.taskSource = .review
        return true
    }

    /// The task `id` names (by `NameKey`), set on the case; else `unknown-task` with a suggestion.
    @discardableResult
    func findTask(_ id: String, _ c: inout SubmissionCase) -> HuntTask? {
        switch names.tasks.find(id) {
        case .found(let task):
            c.task = task
            return task
        case .ambiguous(let a, let b):
            c.findings.append(
                Finding(
                    code: .unknownTask,
                    message: "`\(id)` matches both task `\(a.id)` and task `\(b.id)`; name the folder (or file) after one task's id"))
        case .notFound:
            let near = taskSuggestions.closest(to: id)
            c.findings.append(Finding(code: .unknownTask, message: "no task `\(id)` in the hunt" + (near.map { " (did you mean `\($0)`?)" } ?? "")))
        }
        return nil
    }

    func fillEvidence(_ c: inout SubmissionCase, _ photo: PhotoMetadata) {
        c.evidence.make = photo.make
        c.evidence.model = photo.model
        c.evidence.software = photo.software
        c.evidence.contentHash = photo.contentHash
        c.evidence.format = photo.format
        if photo.media == .video {
            c.evidence.media = .video
            c.evidence.durationS = photo.durationSeconds.map { Self.round($0) }
        }
        if let p = photo.position, p.isFix {
            c.evidence.position = JudgeResults.Position(lat: p.latitude, lon: p.longitude)
        }
    }
}
