import Foundation

/// What every report shows, derived once from `JudgeResults`: the leaderboard, the team × task
/// grid, the review queue, one section per task and every verdict, with the display text already
/// made (distances, times, misses as players say them).
///
/// Renderers only lay this out: none re-judges, and none reads a photo except the HTML renderer
/// for thumbnails. `--format json` writes this value (report schema 1, snake_case keys); the
/// Mustache templates see the same names.
public struct Report: Sendable, Codable, Hashable {
    public static let schemaVersion = 1

    public var schema: Int = Report.schemaVersion
    public var hunt: HuntHeader
    /// Set for one team's own report (`--team ID`).
    public var team: TeamHeader?
    public var summary: Summary
    public var leaderboard: [LeaderboardRow]
    /// The grid's columns, in the hunt's order.
    public var columns: [Column]
    public var grid: [GridRow]
    /// Submissions whose verdict is `review` and that no decision covers, by path.
    public var reviewQueue: [Entry]
    public var tasks: [TaskSection]
    /// Every submission, by path.
    public var verdicts: [Entry]
    public var skipped: [SkippedFile]
    public var problems: [JudgeResults.Problem]

    public struct HuntHeader: Sendable, Codable, Hashable {
        public var id: String
        public var title: String
        public var timezone: String
        /// "2026-05-02 10:00 – 16:00", or nil without a window.
        public var windowText: String?
        public var submissionsFolder: String?
        public var rewards: [JudgeResults.RewardInfo]

        enum CodingKeys: String, CodingKey {
            case id, title, timezone
            case windowText = "window_text"
            case submissionsFolder = "submissions_folder"
            case rewards
        }
    }

    public struct TeamHeader: Sendable, Codable, Hashable {
        public var id: String
        public var name: String
        public var rank: Int
        public var points: Int
    }

    public struct Summary: Sendable, Codable, Hashable {
        public var teams: Int
        public var tasks: Int
        public var submissions: Int
        public var accepted: Int
        public var review: Int
        public var rejected: Int
        public var reviewed: Int
        public var skipped: Int
        public var unreadable: Int
    }

    public struct LeaderboardRow: Sendable, Codable, Hashable {
        public var rank: Int
        public var team: String
        public var name: String
        public var points: Int
        public var tasksDone: Int
        public var rewards: [String]
        public var reachedAt: String?
        public var reachedText: String?
        public var accepted: Int
        public var review: Int
        public var rejected: Int
        /// The team of a `--team` report.
        public var isSelected: Bool

        enum CodingKeys: String, CodingKey {
            case rank, team, name, points
            case tasksDone = "tasks_done"
            case rewards
            case reachedAt = "reached_at"
            case reachedText = "reached_text"
            case accepted, review, rejected
            case isSelected = "is_selected"
        }
    }

    public struct Column: Sendable, Codable, Hashable {
        public var task: String
        public var title: String
        public var points: Int
    }

    public struct GridRow: Sendable, Codable, Hashable {
        public var team: String
        public var name: String
        public var rank: Int
        public var cells: [Cell]
    }

    /// One team on one task: the best verdict among its photos for it.
    public struct Cell: Sendable, Codable, Hashable {
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

        public var task: String
        public var state: State
        public var mark: String
        /// Photos of this team for this task.
        public var photos: Int
        public var points: Int
    }

    public struct Reason: Sendable, Codable, Hashable {
        public var code: ReasonCode
        /// What the policy made of it: reject, review, ignore or accept.
        public var action: PolicyAction
        public var message: String
        public var related: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case code, action, message, related
        }
    }

    /// One submission with its verdict, reasons and evidence.
    public struct Entry: Sendable, Codable, Hashable {
        public var path: String
        public var team: String
        public var teamName: String
        public var task: String?
        public var taskTitle: String?
        public var taskSource: String
        /// The final verdict: the reviewer's decision when there is one, else the judge's.
        public var verdict: Verdict
        /// The judge's own verdict, before any reviews-file decision.
        public var judgedVerdict: Verdict
        /// A reviews-file decision changed the judge's verdict.
        public var overridden: Bool
        public var points: Int
        public var reasons: [Reason]
        public var review: JudgeResults.ReviewInfo?
        public var evidence: JudgeResults.Evidence
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
            case overridden, points, reasons, review, evidence
            case missText = "miss_text"
            case whereText = "where_text"
            case capturedText = "captured_text"
            case evidenceText = "evidence_text"
            case wantsThumbnail = "wants_thumbnail"
        }
    }

    public struct TaskSection: Sendable, Codable, Hashable {
        public var id: String
        public var title: String
        public var clue: String?
        public var points: Int
        public var score: ScoreRule
        public var `repeat`: RepeatRule
        public var tags: [String]
        /// `photo` or `video` when the task asks for one (`evidence:`), else absent.
        public var evidence: String? = nil
        public var target: JudgeResults.TargetInfo?
        /// "circle of 75 m around 52.09067, 5.12133"
        public var targetText: String
        /// Shown only when the task was completed (by the report's team, in a team report).
        public var reveal: String?
        public var completedBy: [Completion]
        /// The three closest approaches, one per day.
        public var closest: [Approach]
        /// Each team's nearest miss, nearest first.
        public var misses: [Miss]
        public var accepted: Int
        public var review: Int
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
        public var team: String
        public var teamName: String
        public var done: [String]
        public var text: String

        enum CodingKeys: String, CodingKey {
            case team
            case teamName = "team_name"
            case done, text
        }
    }

    public struct Completion: Sendable, Codable, Hashable {
        public var team: String
        public var teamName: String
        public var at: String?
        public var atText: String?
        public var submission: String
        public var points: Int
        public var place: String?

        enum CodingKeys: String, CodingKey {
            case team
            case teamName = "team_name"
            case at
            case atText = "at_text"
            case submission, points, place
        }
    }

    public struct Approach: Sendable, Codable, Hashable {
        public var rank: Int
        public var team: String
        public var teamName: String
        public var day: String
        public var distanceM: Double
        public var distanceText: String
        public var at: String?
        public var atText: String?
        public var submission: String
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

    public struct Miss: Sendable, Codable, Hashable {
        public var team: String
        public var teamName: String
        /// "240 m NE — warm"
        public var text: String
        public var distanceM: Double
        public var band: String?
        public var at: String?
        public var atText: String?
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
