import Foundation
import Mustache

/// The values a report template sees: the `Report` under the same snake_case names as
/// `--format json`, with absent values left out (so `{{#reveal}}…{{/reveal}}` shows only when
/// there is one), plus what only the HTML page has (thumbnails, task maps).
///
/// Built as dictionaries rather than through Mirror so 20,000 rows render in well under a second.
struct ReportContext {
    /// A `data:image/jpeg;base64,…` URI by submission path.
    var thumbnails: [String: String] = [:]
    /// Submission paths whose thumbnail was refused as too costly to decode (`ThumbnailRefusal`).
    var refusedThumbnails: Set<String> = []
    /// An inline SVG by task id.
    var maps: [String: String] = [:]
    /// `video 0:03` by submission path, for the videos' placeholder tiles.
    private var videos: [String: String] = [:]

    /// `verdicts: false` leaves out the 20,000-row `verdicts`, for a layout that does not name it.
    func make(_ report: Report, format: ReportFormat, verdicts: Bool = true) -> [String: Any] {
        if videos.isEmpty {
            var withVideos = self
            for e in report.verdicts { if let text = ReportText.video(e.evidence) { withVideos.videos[e.path] = text } }
            if !withVideos.videos.isEmpty { return withVideos.make(report, format: format, verdicts: verdicts) }
        }
        var root: [String: Any] = [
            "schema": report.schema,
            "format": format.rawValue,
            "hunt": hunt(report.hunt),
            "summary": summary(report.summary),
            "leaderboard": report.leaderboard.map(leaderboardRow),
            "columns": report.columns.map { ["task": $0.task, "title": $0.title, "points": $0.points] as [String: Any] },
            "grid": report.grid.map(gridRow),
            "review_queue": report.reviewQueue.map(entry),
            "tasks": report.tasks.map(task),
            "skipped": report.skipped.map { ["path": $0.path, "reason": $0.reason] },
            "problems": report.problems.map(problem),
            "has_skipped": !report.skipped.isEmpty,
            "has_problems": !report.problems.isEmpty,
        ]
        if verdicts { root["verdicts"] = report.verdicts.map(entry) }
        if let team = report.team {
            root["team"] = ["id": team.id, "name": team.name, "rank": team.rank, "points": team.points] as [String: Any]
        }
        return root
    }

    private func hunt(_ h: Report.HuntHeader) -> [String: Any] {
        var d: [String: Any] = ["id": h.id, "title": h.title, "timezone": h.timezone,
                                "rewards": h.rewards.map { ["points": $0.points, "reward": $0.reward] as [String: Any] },
                                "has_rewards": !h.rewards.isEmpty]
        d["window_text"] = h.windowText
        d["submissions_folder"] = h.submissionsFolder
        return d
    }

    private func summary(_ s: Report.Summary) -> [String: Any] {
        ["teams": s.teams, "tasks": s.tasks, "submissions": s.submissions, "accepted": s.accepted, "review": s.review,
         "rejected": s.rejected, "reviewed": s.reviewed, "skipped": s.skipped, "unreadable": s.unreadable]
    }

    private func leaderboardRow(_ r: Report.LeaderboardRow) -> [String: Any] {
        var d: [String: Any] = ["rank": r.rank, "team": r.team, "name": r.name, "points": r.points, "tasks_done": r.tasksDone,
                                "rewards": r.rewards,
                                "accepted": r.accepted, "review": r.review, "rejected": r.rejected, "is_selected": r.isSelected]
        d["reached_at"] = r.reachedAt
        if !r.rewards.isEmpty { d["rewards_text"] = r.rewards.joined(separator: "; ") }
        d["reached_text"] = r.reachedText
        return d
    }

    private func gridRow(_ r: Report.GridRow) -> [String: Any] {
        ["team": r.team, "name": r.name, "rank": r.rank,
         "cells": r.cells.map { ["task": $0.task, "state": $0.state.rawValue, "mark": $0.mark, "photos": $0.photos, "points": $0.points] as [String: Any] }]
    }

    private func entry(_ e: Report.Entry) -> EntryContext {
        EntryContext(entry: e, thumbnail: e.wantsThumbnail ? thumbnails[e.path] : nil,
                     thumbnailRefused: e.wantsThumbnail && refusedThumbnails.contains(e.path))
    }

    /// One submission as a template sees it. Looked up by name on demand rather than built as a
    /// dictionary: a page of 20,000 rows reads a handful of names per row. A class, so that each
    /// look-up's cast from `Any` passes a reference rather than copying the whole entry (which
    /// was half of the Markdown report's rendering time for 20,000 rows).
    final class EntryContext: MustacheParent {
        let entry: Report.Entry
        let thumbnail: String?
        let thumbnailRefused: Bool

        init(entry: Report.Entry, thumbnail: String?, thumbnailRefused: Bool) {
            self.entry = entry
            self.thumbnail = thumbnail
            self.thumbnailRefused = thumbnailRefused
        }

        func child(named name: String) -> Any? {
            let e = entry
            switch name {
            case "path": return e.path
            case "team": return e.team
            case "team_name": return e.teamName
            case "task": return e.task
            case "task_title": return e.taskTitle
            case "task_source": return e.taskSource
            case "verdict": return e.verdict
            case "judged_verdict": return e.judgedVerdict
            case "overridden": return e.overridden
            case "points": return e.points
            case "reasons": return e.reasons.map(ReportContext.reason)
            case "reasons_text": return e.reasonsText
            case "review_text": return e.reviewText
            case "evidence_text": return e.evidenceText
            case "wants_thumbnail": return e.wantsThumbnail
            case "evidence": return ReportContext.evidence(e.evidence)
            case "miss_text": return e.missText
            case "where_text": return e.whereText
            case "captured_text": return e.capturedText
            case "sort_time": return e.evidence.capturedAt
            case "sort_distance": return e.evidence.distanceM.map { DecimalText.trimmed($0, places: 1) }
            case "review":
                guard let review = e.review else { return nil }
                var r: [String: Any] = ["decision": review.decision.rawValue]
                r["note"] = review.note
                r["by"] = review.by
                r["task"] = review.task
                return r
            case "thumbnail": return thumbnail
            case "thumbnail_refused": return thumbnailRefused
            case "video_text": return ReportText.video(e.evidence)
            default: return nil
            }
        }
    }

    static func reason(_ r: Report.Reason) -> [String: Any] {
        var d: [String: Any] = ["code": r.code, "action": r.action, "message": r.message]
        d["related"] = r.related
        return d
    }

    static func evidence(_ e: JudgeResults.Evidence) -> [String: Any] {
        var d: [String: Any] = [:]
        if let p = e.position { d["lat"] = p.lat; d["lon"] = p.lon; d["position_text"] = ReportText.coordinate(p) }
        d["accuracy_m"] = e.accuracyM
        d["accuracy_source"] = e.accuracySource
        d["distance_m"] = e.distanceM
        d["distance_text"] = e.distanceM.map(MeasureText.distance)
        d["edge_distance_m"] = e.edgeDistanceM
        d["bearing_deg"] = e.bearingDeg
        d["compass"] = e.compass
        d["band"] = e.band?.rawValue
        d["place"] = e.place
        d["captured_at"] = e.capturedAt
        d["time_source"] = e.timeSource
        d["make"] = e.make
        d["model"] = e.model
        d["software"] = e.software
        d["error"] = e.error
        return d
    }

    private func task(_ t: Report.TaskSection) -> [String: Any] {
        var d: [String: Any] = [
            "id": t.id, "title": t.title, "points": t.points, "score": t.score, "repeat": t.repeat,
            "tags": t.tags, "target_text": t.targetText,
            "completed_by": t.completedBy.map(completion), "closest": t.closest.map(approach), "misses": t.misses.map(miss),
            "accepted": t.accepted, "review": t.review, "rejected": t.rejected, "is_closest": t.score == "closest",
            "has_closest": !t.closest.isEmpty, "one_point": t.points == 1, "has_misses": !t.misses.isEmpty,
        ]
        d["clue"] = t.clue
        d["evidence"] = t.evidence
        if !t.tags.isEmpty { d["tags_text"] = t.tags.joined(separator: ", ") }
        d["reveal"] = t.reveal
        d["map_svg"] = maps[t.id]
        if let progress = t.progress {
            d["is_choice"] = true
            d["progress"] = progress.map { ["team": $0.team, "team_name": $0.teamName, "text": $0.text,
                                            "done_text": $0.done.joined(separator: ", ")] as [String: Any] }
        }
        return d
    }

    private func completion(_ c: Report.Completion) -> [String: Any] {
        var d: [String: Any] = ["team": c.team, "team_name": c.teamName, "submission": c.submission, "points": c.points]
        d["at"] = c.at
        d["at_text"] = c.atText
        d["place"] = c.place
        if let uri = thumbnails[c.submission] { d["thumbnail"] = uri }
        if refusedThumbnails.contains(c.submission) { d["thumbnail_refused"] = true }
        d["video_text"] = videos[c.submission]
        return d
    }

    private func approach(_ a: Report.Approach) -> [String: Any] {
        var d: [String: Any] = ["rank": a.rank, "team": a.team, "team_name": a.teamName, "day": a.day, "distance_m": a.distanceM,
                                "distance_text": a.distanceText, "submission": a.submission, "points": a.points]
        d["at"] = a.at
        d["at_text"] = a.atText
        if let uri = thumbnails[a.submission] { d["thumbnail"] = uri }
        if refusedThumbnails.contains(a.submission) { d["thumbnail_refused"] = true }
        d["video_text"] = videos[a.submission]
        return d
    }

    private func miss(_ m: Report.Miss) -> [String: Any] {
        var d: [String: Any] = ["team": m.team, "team_name": m.teamName, "text": m.text, "distance_m": m.distanceM, "submission": m.submission]
        d["band"] = m.band
        d["at"] = m.at
        d["at_text"] = m.atText
        return d
    }

    private func problem(_ p: JudgeResults.Problem) -> [String: Any] {
        var d: [String: Any] = ["severity": p.severity.rawValue, "code": p.code, "message": p.message, "location": p.location]
        d["fix"] = p.fix
        return d
    }
}

extension Report.Entry {
    /// The reason codes on one line: `reasons_text` in the templates.
    var reasonsText: String? { reasons.isEmpty ? nil : reasons.map(\.code).joined(separator: " ") }

    /// "reviewed: accept by Sam — blurry but fine": `review_text` in the templates.
    var reviewText: String? {
        guard let review else { return nil }
        return "reviewed: \(review.decision.rawValue)" + (review.by.map { " by \($0)" } ?? "") + (review.note.map { " — \($0)" } ?? "")
    }
}
