import Foundation

/// Everything the judge decided, as written to `results.json` (schema 1).
///
/// The source for every report: renderers read this and never re-judge. Arrays are sorted
/// (submissions by path, teams by rank then id, tasks in the hunt's order) and nothing depends
/// on the clock or the machine, so the same inputs give byte-identical files. Times are ISO 8601
/// strings in the hunt's timezone with their offset. Keys are snake_case, and each type's
/// `CodingKeys` lists them sorted: `jsonChunks()` writes them in that order.
public struct JudgeResults: Sendable, Codable, Hashable {
    public static let schemaVersion = 1

    public var schema: Int = JudgeResults.schemaVersion
    public var hunt: HuntInfo
    public var summary: Summary
    /// The roster, ranked.
    public var teams: [TeamResult]
    public var tasks: [TaskResult]
    public var submissions: [SubmissionResult]
    /// Paths of submissions whose verdict is `review` and that no reviews-file entry decides.
    public var reviewQueue: [String]
    /// Files in the submissions folder that were not judged, and why.
    public var skipped: [SkippedFile]
    /// Problems with the folder, the manifest or the hunt that the judge went on past.
    public var problems: [Problem]

    public struct HuntInfo: Sendable, Codable, Hashable {
        public var id: String
        public var title: String
        public var timezone: String
        public var window: Window?
        /// The hunt file as given on the command line.
        public var file: String?
        /// The submissions folder as given on the command line.
        public var submissionsFolder: String?
        public var reviewsFile: String?
        public var rewards: [RewardInfo]

        enum CodingKeys: String, CodingKey {
            case file, id
            case reviewsFile = "reviews_file"
            case rewards
            case submissionsFolder = "submissions_folder"
            case timezone, title, window
        }
    }

    public struct Window: Sendable, Codable, Hashable {
        public var start: String
        public var end: String

        enum CodingKeys: String, CodingKey { case end, start }
    }

    public struct RewardInfo: Sendable, Codable, Hashable {
        public var points: Int
        public var reward: String
    }

    public struct Summary: Sendable, Codable, Hashable {
        public var submissions: Int
        public var accepted: Int
        public var review: Int
        public var rejected: Int
        /// How many submissions each reason code was given to (codes whose action is ignore excluded).
        public var reasons: [ReasonCode: Int]
        /// Submissions with a reviews-file decision.
        public var reviewed: Int
        /// `review` verdicts no decision covers yet.
        public var undecided: Int
        public var skipped: Int
        public var unreadable: Int

        enum CodingKeys: String, CodingKey {
            case accepted, reasons, rejected, review, reviewed, skipped, submissions, undecided, unreadable
        }
    }

    public struct Problem: Sendable, Codable, Hashable {
        /// Written as `error`, `warning` or `note`.
        public var severity: Diagnostic.Severity
        public var code: String
        public var message: String
        public var location: String
        public var fix: String?

        enum CodingKeys: String, CodingKey { case code, fix, location, message, severity }
    }

    public struct TeamResult: Sendable, Codable, Hashable {
        public var id: String
        public var name: String
        public var points: Int
        /// 1 is best; equal points reached at the same moment share a rank.
        public var rank: Int
        /// When the team reached its final score (the instant of the last photo that scored).
        public var reachedAt: String?
        public var tasksDone: Int
        public var rewards: [RewardInfo]
        /// Every photo that scored, in time order.
        public var completions: [Completion]
        /// For `score: closest` tasks: the best approach per day, the three closest kept.
        public var approaches: [Approach]
        public var counts: Counts

        enum CodingKeys: String, CodingKey {
            case approaches, completions, counts, id, name, points, rank
            case reachedAt = "reached_at"
            case rewards
            case tasksDone = "tasks_done"
        }
    }

    public struct Completion: Sendable, Codable, Hashable {
        public var task: String
        public var points: Int
        public var at: String?
        public var submission: String
        /// The place, for `places` targets.
        public var place: String?
        /// For `dwell` tasks: the photo that began the stay.
        public var dwellStart: String?

        enum CodingKeys: String, CodingKey {
            case at
            case dwellStart = "dwell_start"
            case place, points, submission, task
        }
    }

    public struct Approach: Sendable, Codable, Hashable {
        public var task: String
        public var day: String
        /// Distance to the target's edge, 0 inside.
        public var distanceM: Double
        public var at: String?
        public var submission: String

        enum CodingKeys: String, CodingKey {
            case at, day
            case distanceM = "distance_m"
            case submission, task
        }
    }

    public struct Counts: Sendable, Codable, Hashable {
        public var accepted = 0
        public var review = 0
        public var rejected = 0

        enum CodingKeys: String, CodingKey { case accepted, rejected, review }
    }

    public struct TaskResult: Sendable, Codable, Hashable {
        public var id: String
        public var title: String
        public var clue: String?
        public var hint: String?
        /// Shown in reports and answer keys only for teams that completed the task.
        public var reveal: String?
        public var points: Int
        public var score: ScoreRule
        public var `repeat`: RepeatRule
        public var dwellS: Double?
        /// `photo` or `video` when the task asks for one (`evidence:`); absent for either.
        public var evidence: String? = nil
        public var after: [String]
        public var tags: [String]
        public var target: TargetInfo?
        public var window: Window?
        /// Teams that scored on this task, earliest first.
        public var completedBy: [TaskCompletion]
        /// For `score: closest`: every team's best approach, closest first (top three score).
        public var closest: [ClosestEntry]
        /// For other tasks, only while no team has completed the task: the nearest photos of all
        /// teams by distance to the target's edge, the best of each day, three at most (points 0).
        /// Absent otherwise, and in results.json written before HuntKit judged it.
        public var nearest: [ClosestEntry]? = nil
        public var counts: Counts
        /// `choose: N`: the task counts once any N of its places (or of its group's `tasks`) are
        /// done. Absent for other tasks.
        public var choose: Int? = nil
        /// A group's tasks (which score only through it); absent for other tasks.
        public var tasks: [String]? = nil
        /// For `choose` tasks: each team that has done any of the set, and what (place names or
        /// task ids, in the order done); the task is completed once `done` holds `choose`.
        public var progress: [ChoiceProgress]? = nil

        enum CodingKeys: String, CodingKey {
            case after, choose, closest, clue
            case completedBy = "completed_by"
            case counts
            case dwellS = "dwell_s"
            case evidence, hint, id, nearest, points, progress, `repeat`, reveal, score, tags, target, tasks, title, window
        }
    }

    /// One team's way through a `choose` task: what of its set the team has done.
    public struct ChoiceProgress: Sendable, Codable, Hashable {
        public var team: String
        /// Place names (a `places:` task) or task ids (a group), in the order done.
        public var done: [String]

        enum CodingKeys: String, CodingKey { case done, team }
    }

    public struct TargetInfo: Sendable, Codable, Hashable {
        /// `circle`, `area` or `places`.
        public var kind: String
        public var center: Position?
        public var radiusM: Double?
        public var file: String?
        public var places: Int?
        /// For `area` targets: the outer rings, thinned to at most 200 points each (largest 20
        /// rings), for the maps in reports; not used for judging.
        public var outline: [[Position]]? = nil

        enum CodingKeys: String, CodingKey {
            case center, file, kind, outline, places
            case radiusM = "radius_m"
        }
    }

    public struct Position: Sendable, Codable, Hashable {
        public var lat: Double
        public var lon: Double
    }

    public struct TaskCompletion: Sendable, Codable, Hashable {
        public var team: String
        public var at: String?
        public var submission: String
        public var points: Int
        public var place: String?

        enum CodingKeys: String, CodingKey { case at, place, points, submission, team }
    }

    public struct ClosestEntry: Sendable, Codable, Hashable {
        public var rank: Int
        public var team: String
        public var distanceM: Double
        public var at: String?
        public var submission: String
        public var points: Int

        enum CodingKeys: String, CodingKey {
            case at
            case distanceM = "distance_m"
            case points, rank, submission, team
        }
    }

    public struct SubmissionResult: Sendable, Codable, Hashable {
        /// Relative to the submissions folder, `/`-separated.
        public var path: String
        public var team: String
        /// The task judged against; nil when none could be decided.
        public var task: String?
        /// `folder`, `file-name`, `manifest`, `auto` or `review`.
        public var taskSource: String
        /// The final verdict: the reviewer's decision when there is one, else the judge's.
        public var verdict: Verdict
        /// The judge's own verdict, before any reviews-file decision.
        public var judgedVerdict: Verdict
        /// Reason codes, in a fixed order; kept when a review overrides the verdict.
        public var reasons: [ReasonCode]
        public var findings: [FindingResult]
        public var review: ReviewInfo?
        /// Points this photo earned (0 when accepted but already counted).
        public var points: Int
        public var evidence: Evidence

        enum CodingKeys: String, CodingKey {
            case evidence, findings
            case judgedVerdict = "judged_verdict"
            case path, points, reasons, review, task
            case taskSource = "task_source"
            case team, verdict
        }
    }

    public struct FindingResult: Sendable, Codable, Hashable {
        public var code: ReasonCode
        /// What the policy made of it: reject, review, ignore or accept.
        public var action: PolicyAction
        public var message: String
        /// Another submission the finding is about (the kept copy of a duplicate, the previous photo of a too-fast pair).
        public var related: String?

        enum CodingKeys: String, CodingKey { case action, code, message, related }
    }

    /// A photo's decision from the reviews file; results.json records it without `at`.
    public typealias ReviewInfo = Reviews.Review

    enum CodingKeys: String, CodingKey {
        case hunt, problems
        case reviewQueue = "review_queue"
        case schema, skipped, submissions, summary, tasks, teams
    }
}
