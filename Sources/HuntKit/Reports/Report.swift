import Foundation

/// What every report shows, derived once from `JudgeResults`: the leaderboard, the team × task
/// grid, the review queue, one section per task and every verdict, with the display text already
/// made (distances, times, misses as players say them).
///
/// Renderers only lay this out: none re-judges, and none reads a photo except the HTML renderer
/// for thumbnails. `--format json` writes this value (report schema 1, snake_case keys); the
/// Mustache templates see the same names.
public struct Report: Sendable, Codable, Hashable {
    /// The report format's version (`schema` of `--format json`).
    public static let schemaVersion = 1

    /// The report format's version (`schemaVersion`).
    public var schema: Int = Report.schemaVersion
    /// The hunt the report is about.
    public var hunt: HuntHeader
    /// Set for one team's own report (`--team ID`).
    public var team: TeamHeader?
    /// Counts over the whole hunt (or the team of a `--team` report).
    public var summary: Summary
    /// Teams by rank.
    public var leaderboard: [LeaderboardRow]
    /// The grid's columns, in the hunt's order.
    public var columns: [Column]
    /// The team × task grid, a row per team by rank.
    public var grid: [GridRow]
    /// Submissions whose verdict is `review` and that no decision covers, by path.
    public var reviewQueue: [Entry]
    /// One section per task, in the hunt's order.
    public var tasks: [TaskSection]
    /// Every submission, by path.
    public var verdicts: [Entry]
    /// Files in the submissions folder that were not judged, and why.
    public var skipped: [SkippedFile]
    /// Problems the judge went on past.
    public var problems: [JudgeResults.Problem]
    /// The language the report is written in (not part of `--format json`'s keys: its texts are).
    public var language: ReportLanguage = .english

    /// The hunt as reports name it.
    public struct HuntHeader: Sendable, Codable, Hashable {
        /// The hunt's id.
        public var id: String
        /// The hunt's title.
        public var title: String
        /// The IANA timezone times are shown in.
        public var timezone: String
        /// "2026-05-02 10:00 – 16:00", or nil without a window.
        public var windowText: String?
        /// The submissions folder as given to the judge.
        public var submissionsFolder: String?
        /// The reward tiers, by points.
        public var rewards: [JudgeResults.RewardInfo]

        enum CodingKeys: String, CodingKey {
            case id, title, timezone
            case windowText = "window_text"
            case submissionsFolder = "submissions_folder"
            case rewards
        }
    }

    /// The team a `--team` report is about.
    public struct TeamHeader: Sendable, Codable, Hashable {
        /// The team's id.
        public var id: String
        /// The team's display name.
        public var name: String
        /// 1 is best.
        public var rank: Int
        /// Points scored.
        public var points: Int
    }

    /// How the submissions were judged, in numbers.
    public struct Summary: Sendable, Codable, Hashable {
        /// Teams in the report.
        public var teams: Int
        /// Tasks in the hunt.
        public var tasks: Int
        /// Submissions judged: photos, and answers typed or chosen.
        public var submissions: Int
        /// Of `submissions`, the answers (attempts at question tasks), not photos.
        public var answers: Int
        /// Photos whose final verdict is `accepted`.
        public var accepted: Int
        /// Photos whose final verdict is `review`.
        public var review: Int
        /// Photos whose final verdict is `rejected`.
        public var rejected: Int
        /// Photos with a reviews-file decision.
        public var reviewed: Int
        /// Files not judged.
        public var skipped: Int
        /// Files that could not be read.
        public var unreadable: Int
    }

    /// One team on the leaderboard.
    public struct LeaderboardRow: Sendable, Codable, Hashable {
        /// 1 is best.
        public var rank: Int
        /// The team's id.
        public var team: String
        /// The team's display name.
        public var name: String
        /// Points scored.
        public var points: Int
        /// Tasks the team completed.
        public var tasksDone: Int
        /// The rewards the team's points reach, as written.
        public var rewards: [String]
        /// When the team reached its final score, written in the hunt's timezone.
        public var reachedAt: Timestamp?
        /// `reachedAt` as people read it.
        public var reachedText: String?
        /// The team's photos accepted.
        public var accepted: Int
        /// The team's photos waiting for a decision.
        public var review: Int
        /// The team's photos rejected.
        public var rejected: Int
        /// The team of a `--team` report.
        public var isSelected: Bool
        /// How many hints the team bought (`TeamResult.hintsUsed`); nil for none.
        public var hints: Int? = nil
        /// The points those hints took off the team's (at most each task's points); nil for none.
        public var hintPoints: Int? = nil

        enum CodingKeys: String, CodingKey {
            case rank, team, name, points, hints
            case hintPoints = "hint_points"
            case tasksDone = "tasks_done"
            case rewards
            case reachedAt = "reached_at"
            case reachedText = "reached_text"
            case accepted, review, rejected
            case isSelected = "is_selected"
        }
    }

    /// A column of the grid: one task.
    public struct Column: Sendable, Codable, Hashable {
        /// The task's id.
        public var task: String
        /// The task's title.
        public var title: String
        /// Points for completing the task.
        public var points: Int
    }

    /// A row of the grid: one team and a cell per task.
    public struct GridRow: Sendable, Codable, Hashable {
        /// The team's id.
        public var team: String
        /// The team's display name.
        public var name: String
        /// 1 is best.
        public var rank: Int
        /// One cell per column, in the columns' order.
        public var cells: [Cell]
    }

    /// One team on one task: the best verdict among its photos for it.
    public struct Cell: Sendable, Codable, Hashable {
        /// What a cell shows.
        public enum State: String, Sendable, Codable, Hashable, CaseIterable {
            case accepted, review, rejected, none

            /// The state of a cell whose best photo got `verdict`.
            public init(_ verdict: Verdict) {
                switch verdict {
                case .accepted: self = .accepted
                case .review: self = .review
                case .rejected: self = .rejected
                }
            }
            /// ✓ ? ✗ —
            public var mark: String {
                switch self {
                case .accepted: "✓"
                case .review: "?"
                case .rejected: "✗"
                case .none: "—"
                }
            }
        }

        /// The task's id.
        public var task: String
        /// The best verdict among the team's photos for the task.
        public var state: State
        /// The cell's mark, as `State` draws it.
        public var mark: String
        /// Photos of this team for this task.
        public var photos: Int
        /// Points the team scored on the task.
        public var points: Int
    }

    /// A reason a photo got its verdict.
    public struct Reason: Sendable, Codable, Hashable {
        /// The reason code.
        public var code: ReasonCode
        /// What the policy made of it: reject, review, ignore or accept.
        public var action: PolicyAction
        /// The reason, worded for a person.
        public var message: String
        /// Another submission it is about (the kept copy of a duplicate, the previous photo of a too-fast pair).
        public var related: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case code, action, message, related
        }
    }

    /// One submission with its verdict, reasons and evidence.
    public struct Entry: Sendable, Codable, Hashable {
        /// The photo's path, relative to the submissions folder.
        public var path: String
        /// The team's id.
        public var team: String
        /// The team's display name.
        public var teamName: String
        /// The task judged against; absent when none could be decided.
        public var task: String?
        /// The task's title.
        public var taskTitle: String?
        /// How the task was told: `folder`, `file-name`, `manifest`, `auto` or `review`.
        public var taskSource: Submission.TaskSource
        /// The final verdict: the reviewer's decision when there is one, else the judge's.
        public var verdict: Verdict
        /// The judge's own verdict, before any reviews-file decision.
        public var judgedVerdict: Verdict
        /// A reviews-file decision changed the judge's verdict.
        public var overridden: Bool
        /// Points this photo earned.
        public var points: Int
        /// Why the photo got its verdict.
        public var reasons: [Reason]
        /// The reviews file's decision, when there is one.
        public var review: JudgeResults.ReviewInfo?
        /// What was measured and read from the file.
        public var evidence: JudgeResults.Evidence {
            get { evidenceBox.value }
            _modify { yield &EvidenceBox.unshared(&evidenceBox).value }
        }
        /// Where `evidence` is kept: the result's own box, shared rather than copied. A report
        /// copies its entries (the review queue, each task's photos, the templates' rows), and
        /// evidence held in place made each copy twenty strings' worth of reference counting.
        var evidenceBox: EvidenceBox
        /// "240 m NE — warm", for a photo outside the target.
        public var missText: String?
        /// "240 m NE — warm" or "inside", whenever a distance was measured.
        public var whereText: String?
        /// "2026-05-02 11:03"
        public var capturedText: String?
        /// One line: distance, accuracy, time, device.
        public var evidenceText: String
        /// The HTML page shows this photo's thumbnail (see `ReportOptions.thumbnailLimit`).
        public var wantsThumbnail: Bool

        enum CodingKeys: String, CodingKey, CaseIterable {
            case path, team
            case teamName = "team_name"
            case task
            case taskTitle = "task_title"
            case taskSource = "task_source"
            case verdict
            case judgedVerdict = "judged_verdict"
            case overridden, points, reasons, review
            case evidenceBox = "evidence"
            case missText = "miss_text"
            case whereText = "where_text"
            case capturedText = "captured_text"
            case evidenceText = "evidence_text"
            case wantsThumbnail = "wants_thumbnail"
        }
    }

    /// One task's section: who completed it, the closest approaches, the near misses.
    public struct TaskSection: Sendable, Codable, Hashable {
        /// The task's id.
        public var id: String
        /// The task's title.
        public var title: String
        /// The clue, as written.
        public var clue: String?
        /// Points for completing it.
        public var points: Int
        /// How the task scores.
        public var score: ScoreRule
        /// Whether it may be completed more than once, and how.
        public var `repeat`: RepeatRule
        /// The task's tags.
        public var tags: [String]
        /// `photo` or `video` when the task asks for one (`evidence:`), else absent.
        public var evidence: EvidenceKind? = nil
        /// Where it is; absent for a group of tasks.
        public var target: JudgeResults.TargetInfo?
        /// "circle of 75 m around 52.09067, 5.12133"
        public var targetText: String
        /// Shown only when the task was completed (by the report's team, in a team report).
        public var reveal: String?
        /// Teams that scored on it, earliest first.
        public var completedBy: [Completion]
        /// The three closest approaches, one per day.
        public var closest: [Approach]
        /// Each team's nearest miss, nearest first.
        public var misses: [Miss]
        /// Its photos accepted.
        public var accepted: Int
        /// Its photos waiting for a decision.
        public var review: Int
        /// Its photos rejected.
        public var rejected: Int
        /// For a `choose` task: each team's progress through its set (in the report's scope).
        public var progress: [ChoiceProgress]? = nil

        enum CodingKeys: String, CodingKey {
            case id, title, clue, points, score, `repeat`, tags, evidence, target
            case targetText = "target_text"
            case reveal
            case completedBy = "completed_by"
            case closest, misses, accepted, review, rejected, progress
        }
    }

    /// One team on a `choose` task: `2 of 3 done` and what (place names, or task titles).
    public struct ChoiceProgress: Sendable, Codable, Hashable {
        /// The team's id.
        public var team: String
        /// The team's display name.
        public var teamName: String
        /// Place names or task ids done, in the order done.
        public var done: [String]
        /// `2 of 3 done` and what, as people read it.
        public var text: String

        enum CodingKeys: String, CodingKey {
            case team
            case teamName = "team_name"
            case done, text
        }
    }

    /// A photo that scored on the task.
    public struct Completion: Sendable, Codable, Hashable {
        /// The team's id.
        public var team: String
        /// The team's display name.
        public var teamName: String
        /// When the photo was taken, written in the hunt's timezone.
        public var at: Timestamp?
        /// `at` as people read it.
        public var atText: String?
        /// The photo's path, relative to the submissions folder.
        public var submission: String
        /// Points it earned.
        public var points: Int
        /// The place, for `places` targets.
        public var place: String?

        enum CodingKeys: String, CodingKey {
            case team
            case teamName = "team_name"
            case at
            case atText = "at_text"
            case submission, points, place
        }
    }

    /// A team's best approach to a `score: closest` task, ranked.
    public struct Approach: Sendable, Codable, Hashable {
        /// 1 is best.
        public var rank: Int
        /// The team's id.
        public var team: String
        /// The team's display name.
        public var teamName: String
        /// The calendar day in the hunt's timezone.
        public var day: String
        /// Distance to the target's edge, metres (0 inside).
        public var distanceM: Double
        /// `distanceM` as people read it.
        public var distanceText: String
        /// When the photo was taken, written in the hunt's timezone.
        public var at: Timestamp?
        /// `at` as people read it.
        public var atText: String?
        /// The photo's path, relative to the submissions folder.
        public var submission: String
        /// Points it earned (the top three score).
        public var points: Int

        enum CodingKeys: String, CodingKey {
            case rank, team
            case teamName = "team_name"
            case day
            case distanceM = "distance_m"
            case distanceText = "distance_text"
            case at
            case atText = "at_text"
            case submission, points
        }
    }

    /// A photo outside the target: how far it was.
    public struct Miss: Sendable, Codable, Hashable {
        /// The team's id.
        public var team: String
        /// The team's display name.
        public var teamName: String
        /// "240 m NE — warm"
        public var text: String
        /// Distance to the target, metres.
        public var distanceM: Double
        /// `found`, `hot`, `warm` or `cold`, when the hunt has bands.
        public var band: Band?
        /// When the photo was taken, written in the hunt's timezone.
        public var at: Timestamp?
        /// `at` as people read it.
        public var atText: String?
        /// The photo's path, relative to the submissions folder.
        public var submission: String

        enum CodingKeys: String, CodingKey {
            case team
            case teamName = "team_name"
            case text
            case distanceM = "distance_m"
            case band, at
            case atText = "at_text"
            case submission
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case schema, hunt, team, summary, leaderboard, columns, grid
        case reviewQueue = "review_queue"
        case tasks, verdicts, skipped, problems
    }
}

extension Report {
    /// The JSON text: sorted keys (snake_case, as `CodingKeys` name them), two-space indentation,
    /// a final newline.
    public func jsonData() throws -> Data {
        try JSONText.stableData(self)
    }
}
