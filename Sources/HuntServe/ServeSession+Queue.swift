import Foundation
import HuntKit

extension ServeSession {
    /// The items `filter` selects, `filter.limit` from `filter.offset`: in path order, or blind in
    /// id order (path order groups a team's photos, and their order would tell the team).
    package func queue(_ filter: QueueFilter) -> QueueAnswer {
        guard let judged = results else {
            return QueueAnswer(
                generation: generation, total: 0, offset: 0, undecided: 0, blind: configuration.blind, items: [], problem: problem,
                uploadsFailing: uploadsFailing, warnings: huntWarnings.map(\.oneLine))
        }
        let undecided = Set(judged.reviewQueue)
        let reason = filter.reason.flatMap(ReasonCode.init(rawValue:))
        let order = configuration.blind ? self.index.inIDOrder : Array(judged.submissions.indices)
        let selected = order.filter { index in
            let s = judged.submissions[index]
            if let task = filter.task, s.task != task { return false }
            if let team = filter.team, s.team != team { return false }
            if filter.reason != nil, reason.map({ !s.reasons.contains($0) }) ?? true { return false }
            switch filter.verdict {
            case "undecided": return undecided.contains(s.path)
            case "decided": return s.review != nil
            case "all": return true
            default: return s.verdict.rawValue == filter.verdict
            }
        }
        let (offset, index) = filter.window(selected, wanted: filter.around.flatMap { self.index.index(path: nil, id: $0) })
        let page = selected.dropFirst(offset).prefix(max(0, min(filter.limit, 1000)))
        return QueueAnswer(
            generation: generation, total: selected.count, offset: offset, undecided: judged.summary.undecided,
            blind: configuration.blind, items: page.map { item(judged, index: $0) }, problem: problem, uploadsFailing: uploadsFailing,
            warnings: huntWarnings.map(\.oneLine), index: index, gone: goneDecisions())
    }

    /// The reviews file's decisions about photos no longer in the folder, in path order.
    func goneDecisions() -> [GoneDecision] {
        gone.sorted().compactMap { path in
            guard let review = self.review(of: path) else { return nil }
            return GoneDecision(
                id: ids.id(of: path), path: configuration.blind ? nil : path, decision: review.decision.rawValue,
                by: configuration.blind ? nil : review.by, at: review.at)
        }
    }

    /// One submission by id or path, whatever its verdict (so any verdict can be opened and
    /// overridden), with its Where map (which the queue's windows of up to 1,000 items leave out:
    /// an area of 100,000 vertices costs milliseconds a map). Blind, by id only.
    package func item(path: String?, id: String?) throws(ServeError) -> QueueItem {
        if configuration.blind, path != nil { throw .blindPath }
        guard let judged = results, let index = self.index.index(path: path, id: id) else {
            throw ServeError("no such submission in the current judgement", status: 404)
        }
        var shown = item(judged, index: index)
        shown.radar = QueueItem.radar(judged.submissions[index], hunt: hunt)
        shown.shown = QueueItem.Shown(judged.submissions[index].evidence, map: shown.radar, units: hunt.units)
        return shown
    }

    /// The submission's path as the judgement holds it, and its format, for `/api/photo`.
    package func photo(path: String?, id: String?) -> (path: String, format: String?)? {
        guard let judged = results, let index = self.index.index(path: path, id: id) else { return nil }
        return (judged.submissions[index].path, judged.submissions[index].evidence.format?.rawValue)
    }

    /// The leaderboard as the judges see it (the truth), or as viewers and teams do (frozen
    /// during `leaderboard: { freeze: … }` until the reveal).
    package func currentLeaderboard(forJudges: Bool = true) -> LeaderboardAnswer? {
        forJudges ? leaderboard : boards.viewers ?? leaderboard
    }

    /// results.json as `hunt judge` writes it.
    package func resultsJSON() -> [[UInt8]]? { results?.jsonChunks() }

    func item(_ judged: JudgeResults, index: Int) -> QueueItem {
        let s = judged.submissions[index]
        let blind = configuration.blind
        let task = s.task.flatMap { id in judged.tasks.first { $0.id == id } }
        let teamName = judged.teams.first { $0.id == s.team }?.name
        func hide(_ text: String) -> String {
            guard blind else { return text }
            // Paths start with the team's folder: name none.
            var text = text
            for finding in s.findings { if let related = finding.related { text = text.replacingOccurrences(of: related, with: "another photo") } }
            text = text.replacingOccurrences(of: s.path, with: "this photo")
            return text
        }
        var related: [QueueItem.RelatedPhoto] = []
        func add(_ role: String, _ path: String) {
            guard let other = self.index.byPath[path] else { return }
            let otherID = self.index.ids[other]
            guard !related.contains(where: { $0.role == role && $0.id == otherID }) else { return }
            let o = judged.submissions[other]
            related.append(
                .init(
                    role: role, id: otherID, path: blind ? nil : o.path, task: o.task, capturedAt: o.evidence.capturedAt?.text,
                    verdict: o.verdict.rawValue, photo: "/api/photo?id=" + otherID))
        }
        for finding in s.findings {
            if let other = finding.related { add(finding.code == .duplicateOf ? "duplicate-of" : "related", other) }
        }
        if s.reasons.contains(where: { [.tooFast, .dwellShort].contains($0) }), let teamIndices = self.index.byTeam[s.team],
            let position = teamIndices.firstIndex(of: index)
        {
            if position > 0 { add("previous", judged.submissions[teamIndices[position - 1]].path) }
            if position + 1 < teamIndices.count { add("next", judged.submissions[teamIndices[position + 1]].path) }
        }
        if s.reasons.contains(.order), let task, let team = judged.teams.first(where: { $0.id == s.team }) {
            for completion in team.completions where task.after.contains(completion.task) { add("after", completion.submission) }
        }
        var evidence = s.evidence
        if blind {
            // A Live Photo's motion is a path (the team's folder); a read error may quote the path.
            evidence.motion = nil
            evidence.error = evidence.error.map(hide)
        }
        let id = self.index.ids[index]
        return QueueItem(
            id: id, path: blind ? nil : s.path, team: blind ? nil : s.team, teamName: blind ? nil : teamName,
            task: task.map {
                .init(
                    id: $0.id, title: $0.title, clue: $0.clue, points: $0.points, window: $0.window, target: $0.target, after: $0.after,
                    reference: hunt.task($0.id)?.reference != nil)
            },
            taskSource: s.taskSource.rawValue, verdict: s.verdict.rawValue, judgedVerdict: s.judgedVerdict.rawValue,
            reasons: s.reasons.map(\.rawValue),
            why: s.findings.map { .init(code: $0.code.rawValue, action: $0.action.rawValue, message: hide($0.message)) },
            evidence: evidence, whereText: s.evidence.placementText(targetKind: task?.target?.kind, units: hunt.units),
            shown: QueueItem.Shown(s.evidence, map: nil, units: hunt.units),
            review: blind
                ? s.review.map {
                    var r = $0; r.by = nil; return r
                } : s.review, points: s.points,
            photo: "/api/photo?id=" + id, related: related)
    }
}
