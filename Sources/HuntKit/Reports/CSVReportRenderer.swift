import Foundation

/// `--format csv`: submissions.csv (one row per submission) and leaderboard.csv, written by
/// `CSVWriter` (RFC 4180, formulas in text neutralised, numbers left as numbers).
public struct CSVReportRenderer: ReportRenderer {
    public var format: ReportFormat { .csv }
    public init() {}

    public static let submissionColumns = [
        "path", "team", "team_name", "task", "task_title", "task_source", "verdict", "judged_verdict", "points",
        "reasons", "miss", "distance_m", "edge_distance_m", "bearing_deg", "compass", "band", "place",
        "accuracy_m", "accuracy_source", "lat", "lon", "captured_at", "time_source", "clock_skew_s", "speed_kmh",
        "make", "model", "software", "review_decision", "review_note", "review_by", "messages", "content_hash",
    ]

    public static let leaderboardColumns = [
        "rank", "team", "team_name", "points", "tasks_done", "rewards", "reached_at", "accepted", "review", "rejected",
    ]

    public func render(_ report: Report) throws(ReportError) -> [ReportDocument] {
        let names = format.fileNames(team: report.team?.id)
        return [ReportDocument(name: names[0], bytes: Array(submissions(report).utf8)),
                ReportDocument(name: names[1], bytes: Array(leaderboard(report).utf8))]
    }

    public func submissions(_ report: Report) -> String {
        var out = CSVWriter()
        out.header(Self.submissionColumns)
        for e in report.verdicts {
            let v = e.evidence
            out.row([
                .text(e.path), .text(e.team), .text(e.teamName), .text(e.task), .text(e.taskTitle), .text(e.taskSource),
                .text(e.verdict), .text(e.judgedVerdict), .int(e.points),
                .text(e.reasons.filter { $0.action == "reject" || $0.action == "review" }.map(\.code).joined(separator: ";")),
                .text(e.missText), .number(v.distanceM, 1), .number(v.edgeDistanceM, 1), .number(v.bearingDeg, 0),
                .text(v.compass), .text(v.band?.rawValue), .text(v.place), .number(v.accuracyM, 1), .text(v.accuracySource),
                .number(v.position?.lat, 6), .number(v.position?.lon, 6), .text(v.capturedAt), .text(v.timeSource),
                .number(v.clockSkewS, 0), .number(v.speedKmh, 1), .text(v.make), .text(v.model), .text(v.software),
                .text(e.review?.decision.rawValue), .text(e.review?.note), .text(e.review?.by),
                .text(e.reasons.map { "\($0.code): \($0.message)" }.joined(separator: "; ")), .text(v.contentHash),
            ])
        }
        return out.text
    }

    public func leaderboard(_ report: Report) -> String {
        var out = CSVWriter()
        out.header(Self.leaderboardColumns)
        for r in report.leaderboard {
            out.row([.int(r.rank), .text(r.team), .text(r.name), .int(r.points), .int(r.tasksDone),
                     .text(r.rewards.joined(separator: "; ")), .text(r.reachedAt), .int(r.accepted), .int(r.review), .int(r.rejected)])
        }
        return out.text
    }
}
