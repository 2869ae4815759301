import Foundation

/// `--format csv`: submissions.csv (one row per submission) and leaderboard.csv.
///
/// RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote, CR
/// or LF, quotes doubled. Untrusted text (team names, paths, notes, messages) that starts with
/// `=`, `+`, `-`, `@`, a tab or CR gets a leading apostrophe so spreadsheets show it instead of
/// running it as a formula (OWASP "CSV Injection"); numbers the report writes itself are left as
/// numbers, negative ones included.
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

/// RFC 4180 rows with formula neutralizing for text cells.
struct CSVWriter {
    enum Cell {
        case text(String?)
        case int(Int)
        case number(Double?, Int)
    }

    private(set) var text = ""

    mutating func header(_ names: [String]) {
        text += names.map(Self.quoted).joined(separator: ",") + "\r\n"
    }

    mutating func row(_ cells: [Cell]) {
        var first = true
        for cell in cells {
            if !first { text += "," }
            first = false
            switch cell {
            case .text(let value): if let value { text += Self.quoted(Self.neutralized(value)) }
            case .int(let value): text += String(value)
            case .number(let value, let digits): if let value, value.isFinite { text += Self.number(value, digits) }
            }
        }
        text += "\r\n"
    }

    /// A leading apostrophe before `=`, `+`, `-`, `@`, tab or CR.
    static func neutralized(_ value: String) -> String {
        guard let first = value.unicodeScalars.first else { return value }
        switch first {
        case "=", "+", "-", "@", "\t", "\r": return "'" + value
        default: return value
        }
    }

    static func quoted(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Fixed-point with `digits` decimals, trailing zeros dropped ("12.5", "7", "-0.25").
    static func number(_ value: Double, _ digits: Int) -> String {
        let scale = [1.0, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000][min(max(digits, 0), 7)]
        guard abs(value) * scale < 9e15 else { return String(value) }
        let scaled = Int64((abs(value) * scale).rounded())
        guard scaled != 0 else { return "0" }
        var whole = String(scaled / Int64(scale))
        var fraction = scaled % Int64(scale)
        var places = min(max(digits, 0), 7)
        while places > 0, fraction % 10 == 0 { fraction /= 10; places -= 1 }
        if places > 0 {
            let text = String(fraction)
            whole += "." + String(repeating: "0", count: places - text.count) + text
        }
        return value < 0 ? "-" + whole : whole
    }
}
