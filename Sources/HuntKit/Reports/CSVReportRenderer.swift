import Foundation

/// `--format csv`: submissions.csv (one row per submission) and leaderboard.csv, written by
/// `CSVWriter` (RFC 4180, formulas in text neutralised, numbers left as numbers).
public struct CSVReportRenderer: ReportRenderer {
    /// `csv`.
    public var format: ReportFormat { .csv }
    /// A CSV renderer.
    public init() {}

    /// One column of submissions.csv: its name and its cell for a submission.
    struct Column: Sendable {
        var name: String
        /// The evidence field it shows, for a column of evidence.
        var field: JudgeResults.Evidence.Field?
        var cell: @Sendable (Report.Entry) -> CSVWriter.Cell

        init(_ name: String, cell: @escaping @Sendable (Report.Entry) -> CSVWriter.Cell) {
            self.name = name
            self.cell = cell
        }

        /// The evidence field of the property `path`, under the field's name; numbers rounded to
        /// `places` decimals.
        init(_ path: PartialKeyPath<JudgeResults.Evidence>, places: Int = 0) {
            let field = JudgeResults.Evidence.Field(path)!
            name = field.stringValue
            self.field = field
            cell = { entry in
                switch entry.evidence[field] {
                case .number(let number)?: .number(number, places)
                case .text(let text)?: .text(text)
                case .list(let list)?: .text(list.joined(separator: ";"))
                // The position has two columns of its own, `init(position:_:)`.
                case .position?, nil: .text(nil)
                }
            }
        }

        /// The latitude or longitude (`lat`, `lon`) of the position `field` (the photo's, or the
        /// browser's as `browser_lat`, `browser_lon`), to 6 decimals.
        init(
            position name: String, field path: PartialKeyPath<JudgeResults.Evidence> = \.position,
            _ axis: @escaping @Sendable (JudgeResults.Position) -> Double
        ) {
            let field = JudgeResults.Evidence.Field(path)!
            self.name = name
            self.field = field
            cell = { entry in
                guard case .position(let p)? = entry.evidence[field] else { return .number(nil, 6) }
                return .number(axis(p), 6)
            }
        }
    }

    /// The columns of submissions.csv, in order: one list gives both the header and the rows.
    static let submissionTable: [Column] = [
        Column("path") { .text($0.path) }, Column("team") { .text($0.team) }, Column("team_name") { .text($0.teamName) },
        Column("task") { .text($0.task) }, Column("task_title") { .text($0.taskTitle) }, Column("task_source") { .text($0.taskSource.rawValue) },
        Column("verdict") { .text($0.verdict.rawValue) }, Column("judged_verdict") { .text($0.judgedVerdict.rawValue) },
        Column("points") { .int($0.points) },
        Column("reasons") { .text($0.reasons.filter { $0.action == .reject || $0.action == .review }.map(\.code.rawValue).joined(separator: ";")) },
        Column("miss") { .text($0.missText) },
        Column(\.distance, places: 1), Column(\.edgeDistance, places: 1), Column(\.bearingDeg), Column(\.compass), Column(\.band),
        Column(\.place), Column(\.accuracy, places: 1), Column(\.accuracySource),
        Column(position: "lat", \.lat), Column(position: "lon", \.lon),
        Column(\.capturedAt), Column(\.timeSource), Column(\.clockSkewS), Column(\.speedKmh, places: 1),
        Column(\.make), Column(\.model), Column(\.software),
        Column("review_decision") { .text($0.review?.decision.rawValue) }, Column("review_note") { .text($0.review?.note) },
        Column("review_by") { .text($0.review?.by) },
        Column("messages") { .text($0.reasons.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "; ")) },
        Column(\.contentHash),
        // The players' page's browser fix, after the rest so the columns before keep their places.
        Column(\.positionSource), Column(position: "browser_lat", field: \.browserPosition, \.lat),
        Column(position: "browser_lon", field: \.browserPosition, \.lon), Column(\.browserAccuracy, places: 1),
        Column(\.browserFixedAt), Column(\.browserGapS), Column(\.browserDistance, places: 1), Column(\.uploadedAt), Column(\.uploadAgeS),
        // An answer or choice: what was typed beside what it matched (or was close to), and which try.
        Column(\.answer), Column(\.answerMatched), Column(\.answerExpected), Column(\.attempt), Column(\.attemptsAllowed)
    ]

    /// Evidence that submissions.csv leaves out: the rest of `Evidence.Field` has a column.
    static let evidenceLeftOut: Set<JudgeResults.Evidence.Field> = Set(
        ([
            \.capturedLocal, \.offset, \.gpsTime, \.format, \.media, \.durationS, \.motion, \.error, \.candidates,
            // A check-in's time in its stay: `dwell-short`'s message says it; a new column would move none but end every row.
            \.stayS
        ] as [PartialKeyPath<JudgeResults.Evidence>]).map { JudgeResults.Evidence.Field($0)! })

    /// The header of submissions.csv, in column order.
    public static let submissionColumns = submissionTable.map(\.name)

    /// The header of leaderboard.csv, in column order.
    public static let leaderboardColumns = [
        "rank", "team", "team_name", "points", "tasks_done", "rewards", "reached_at", "accepted", "review", "rejected", "hints", "hint_points"
    ]

    /// submissions.csv and leaderboard.csv (named for the team in a `--team` report).
    public func render(_ report: Report) throws(ReportError) -> [ReportDocument] {
        let names = format.fileNames(team: report.team?.id)
        return [
            ReportDocument(name: names[0], bytes: Array(submissions(report).utf8)),
            ReportDocument(name: names[1], bytes: Array(leaderboard(report).utf8))
        ]
    }

    /// submissions.csv's text: a row per submission, by path.
    public func submissions(_ report: Report) -> String {
        var out = CSVWriter()
        out.header(Self.submissionColumns)
        let table = Self.submissionTable
        for e in report.verdicts { out.row(table.map { $0.cell(e) }) }
        return out.text
    }

    /// leaderboard.csv's text: a row per team, by rank.
    public func leaderboard(_ report: Report) -> String {
        var out = CSVWriter()
        out.header(Self.leaderboardColumns)
        for r in report.leaderboard {
            out.row([
                .int(r.rank), .text(r.team), .text(r.name), .int(r.points), .int(r.tasksDone),
                .text(r.rewards.joined(separator: "; ")), .text(r.reachedAt?.text), .int(r.accepted), .int(r.review), .int(r.rejected),
                .int(r.hints ?? 0), .int(r.hintPoints ?? 0)
            ])
        }
        return out.text
    }
}
