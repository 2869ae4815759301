import Foundation
import Mustache

/// The values a report template sees: the `Report` as `--format json` writes it (made from its
/// `Codable` form by `TemplateValues`, so the names are the same by construction; absent values
/// are left out, so `{{#reveal}}…{{/reveal}}` shows only when there is one), plus what only the
/// templates have: the HTML page's thumbnails and task maps, and a few texts and flags that
/// Mustache cannot compute (`rewards_text`, `has_misses`, …).
///
/// Every verdict is looked up by name on demand (`EntryContext`) rather than built as a
/// dictionary, so 20,000 rows render in well under a second.
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
            for e in report.verdicts { if let text = report.language.video(e.evidence) { withVideos.videos[e.path] = text } }
            if !withVideos.videos.isEmpty { return withVideos.make(report, format: format, verdicts: verdicts) }
        }
        let language = report.language
        let s = report.summary
        var root: [String: Any] = [
            "format": format.rawValue,
            "has_skipped": !report.skipped.isEmpty,
            "has_problems": !report.problems.isEmpty,
            "words": language.words,
            "lang": language.code,
            "dir": language.catalog.isRightToLeft ? "rtl" : "ltr",
            "summary_text": language.word(
                "summary",
                [
                    "photos": language.sent(photos: s.submissions - s.answers, answers: s.answers),
                    "accepted": language.counted("accepted", s.accepted),
                    "review": language.counted("review", s.review), "rejected": language.counted("rejected", s.rejected)
                ]),
            "footer_text": language.word("footer", ["schema": "\(report.schema)"]),
            "photo_count": s.submissions - s.answers,
            "has_answers": s.answers > 0
        ]
        for key in Report.CodingKeys.allCases {
            let name = key.stringValue
            switch key {
            case .schema: root[name] = report.schema
            case .hunt: root[name] = hunt(report.hunt, language)
            case .team: root[name] = report.team.map { team(team: $0, language) }
            case .summary: root[name] = TemplateValues.object(report.summary)
            case .leaderboard: root[name] = report.leaderboard.map { leaderboardRow($0, language) }
            case .columns: root[name] = report.columns.map(TemplateValues.object)
            case .grid:
                root[name] = report.grid.map { row in
                    var d = TemplateValues.object(row)
                    d["cells"] = row.cells.map { cell in
                        var d = TemplateValues.object(cell)
                        d["tooltip"] = language.cell(cell)
                        return d
                    }
                    return d
                }
            case .reviewQueue: root[name] = report.reviewQueue.map { entry($0, language) }
            case .tasks: root[name] = report.tasks.map { task($0, language) }
            case .verdicts: if verdicts { root[name] = report.verdicts.map { entry($0, language) } }
            case .skipped: root[name] = report.skipped.map(TemplateValues.object)
            case .problems: root[name] = report.problems.map(TemplateValues.object)
            }
        }
        return root
    }

    private func hunt(_ h: Report.HuntHeader, _ language: ReportLanguage) -> [String: Any] {
        var d = TemplateValues.object(h)
        d["zone_text"] = language.keepsJudgeForms ? h.timezone : language.catalog.zoneName(h.timezone)
        d["rewards"] = h.rewards.map { reward in
            var d = TemplateValues.object(reward)
            d["reward"] = language.reward(reward.reward)
            d["points_text"] = language.points(reward.points)
            return d
        }
        d["has_rewards"] = !h.rewards.isEmpty
        return d
    }

    private func team(team: Report.TeamHeader, _ language: ReportLanguage) -> [String: Any] {
        var d = TemplateValues.object(team)
        let values = ["rank": "\(team.rank)", "points": "\(team.points)"]
        d["rank_text"] = language.word("team-rank", values)
        d["rank_with_text"] = language.word("team-rank-with", values)
        return d
    }

    private func leaderboardRow(_ r: Report.LeaderboardRow, _ language: ReportLanguage) -> [String: Any] {
        var d = TemplateValues.object(r)
        if let hints = r.hints { d["hints_text"] = language.catalog.text("report.hints-used", count: hints, ["points": "\(r.hintPoints ?? 0)"]) }
        if !r.rewards.isEmpty { d["rewards_text"] = r.rewards.joined(separator: "; ") }
        return d
    }

    private func entry(_ e: Report.Entry, _ language: ReportLanguage) -> EntryContext {
        EntryContext(
            entry: e, thumbnail: e.wantsThumbnail ? thumbnails[e.path] : nil,
            thumbnailRefused: e.wantsThumbnail && refusedThumbnails.contains(e.path), language: language)
    }

    /// One submission as a template sees it. Looked up by name on demand rather than built as a
    /// dictionary: a page of 20,000 rows reads a handful of names per row. A class, so that each
    /// look-up's cast from `Any` passes a reference rather than copying the whole entry (a copy
    /// per look-up costs half the Markdown report's rendering time for 20,000 rows).
    final class EntryContext: MustacheParent {
        let entry: Report.Entry
        let thumbnail: String?
        let thumbnailRefused: Bool
        let language: ReportLanguage

        init(entry: Report.Entry, thumbnail: String?, thumbnailRefused: Bool, language: ReportLanguage) {
            self.entry = entry
            self.thumbnail = thumbnail
            self.thumbnailRefused = thumbnailRefused
            self.language = language
        }

        func child(named name: String) -> Any? {
            let e = entry
            guard let key = Report.Entry.CodingKeys(stringValue: name) else { return extra(named: name) }
            // Every key of the report's JSON, by the compiler's count.
            switch key {
            case .path: return e.path
            case .team: return e.team
            case .teamName: return e.teamName
            case .task: return e.task
            case .taskTitle: return e.taskTitle
            case .taskSource: return e.taskSource.rawValue
            case .verdict: return e.verdict.rawValue
            case .judgedVerdict: return e.judgedVerdict.rawValue
            case .overridden: return e.overridden
            case .points: return e.points
            case .reasons: return e.reasons.map(ReportContext.reason)
            case .review: return e.review.map(TemplateValues.object)
            case .evidenceBox: return ReportContext.evidence(e.evidence, language: language)
            case .missText: return e.missText
            case .whereText: return e.whereText
            case .capturedText: return e.capturedText
            case .evidenceText: return e.evidenceText
            case .wantsThumbnail: return e.wantsThumbnail
            }
        }

        /// What the templates have beyond the report's JSON.
        private func extra(named name: String) -> Any? {
            let e = entry
            switch name {
            case "reasons_text": return e.reasonsText
            case "review_text": return language.reviewText(e.review)
            case "verdict_text": return language.verdict(e.verdict)
            case "judged_verdict_text": return language.verdict(e.judgedVerdict)
            case "sort_time": return e.evidence.capturedAt?.text
            case "sort_distance": return e.evidence.distance.map { DecimalText.trimmed($0.metres, places: 1) }
            case "thumbnail": return thumbnail
            case "thumbnail_refused": return thumbnailRefused
            case "video_text": return language.video(e.evidence)
            default: return nil
            }
        }
    }

    static func reason(_ r: Report.Reason) -> [String: Any] {
        var d: [String: Any] = [:]
        for key in Report.Reason.CodingKeys.allCases {
            switch key {
            case .code: d[key.stringValue] = r.code.rawValue
            case .action: d[key.stringValue] = r.action.rawValue
            case .message: d[key.stringValue] = r.message
            case .related: d[key.stringValue] = r.related
            }
        }
        return d
    }

    /// Every evidence field present, under its `Evidence.Field` name (the position as
    /// `position[lat lon]`), plus `lat`, `lon`, `position_text` and `distance_text`.
    static func evidence(_ e: JudgeResults.Evidence, language: ReportLanguage) -> [String: Any] {
        var d: [String: Any] = [:]
        for field in JudgeResults.Evidence.Field.allCases {
            switch e[field] {
            case .number(let number)?: d[field.stringValue] = number
            case .text(let text)?: d[field.stringValue] = text
            case .list(let list)?: d[field.stringValue] = list
            case .position(let p)? where field.path != \JudgeResults.Evidence.position:
                d[field.stringValue] = ["lat": p.lat, "lon": p.lon]
            case .position(let p)?:
                d[field.stringValue] = ["lat": p.lat, "lon": p.lon]
                d["lat"] = p.lat
                d["lon"] = p.lon
                d["position_text"] = language.coordinate(p)
            case nil: break
            }
        }
        d["distance_text"] = e.distance.map(MeasureText.distance)
        return d
    }

    private func task(_ t: Report.TaskSection, _ language: ReportLanguage) -> [String: Any] {
        var d = TemplateValues.object(t)
        d["completed_by"] = t.completedBy.map(completion)
        d["closest"] = t.closest.map { a in
            var d = approach(a)
            d["points_text"] = language.points(a.points)
            return d
        }
        d["points_text"] = language.points(t.points)
        d["accepted_text"] = language.counted("accepted", t.accepted)
        d["review_text"] = language.counted("review", t.review)
        d["rejected_text"] = language.counted("rejected", t.rejected)
        d["evidence_text"] = t.evidence.flatMap { $0 == .any ? nil : language.word("only-" + $0.rawValue) }
        d["is_closest"] = t.score == .closest
        d["has_closest"] = !t.closest.isEmpty
        d["one_point"] = t.points == 1
        d["has_misses"] = !t.misses.isEmpty
        if !t.tags.isEmpty { d["tags_text"] = t.tags.joined(separator: ", ") }
        d["map_svg"] = maps[t.id]
        if let progress = t.progress {
            d["is_choice"] = true
            d["progress"] = progress.map { p in
                var d = TemplateValues.object(p)
                d["done_text"] = p.done.joined(separator: ", ")
                return d
            }
        }
        return d
    }

    /// A completion or an approach, with its photo's thumbnail and video text.
    private func withPhoto(_ value: some Encodable, submission: String) -> [String: Any] {
        var d = TemplateValues.object(value)
        if let uri = thumbnails[submission] { d["thumbnail"] = uri }
        if refusedThumbnails.contains(submission) { d["thumbnail_refused"] = true }
        d["video_text"] = videos[submission]
        return d
    }

    private func completion(_ c: Report.Completion) -> [String: Any] { withPhoto(c, submission: c.submission) }
    private func approach(_ a: Report.Approach) -> [String: Any] { withPhoto(a, submission: a.submission) }
}

extension Report.Entry {
    /// The reason codes on one line: `reasons_text` in the templates.
    var reasonsText: String? { reasons.isEmpty ? nil : reasons.map(\.code.rawValue).joined(separator: " ") }

    /// "reviewed: accept by Sam — blurry but fine": `review_text` in the templates.
    var reviewText: String? {
        guard let review else { return nil }
        return "reviewed: \(review.decision.rawValue)" + (review.by.map { " by \($0)" } ?? "") + (review.note.map { " — \($0)" } ?? "")
    }
}
