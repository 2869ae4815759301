import Foundation

/// Everything the judge decided, as written to `results.json` (schema 1).
///
/// The source for every report: renderers read this and never re-judge. Arrays are sorted
/// (submissions by path, teams by rank then id, tasks in the hunt's order) and nothing depends
/// on the clock or the machine, so the same inputs give byte-identical files. Times are
/// `Timestamp`s, written as ISO 8601 in the hunt's timezone with their offset. Keys are snake_case, and each type's
/// `CodingKeys` lists them sorted: `jsonChunks()` writes them in that order.
public struct JudgeResults: Sendable, Codable, Hashable {
    /// The `schema` this HuntKit writes; a reader refuses another.
    public static let schemaVersion = 1

    /// The format version of the file (`schemaVersion`).
    public var schema: Int = JudgeResults.schemaVersion
    /// The hunt that was judged, and the files it came from.
    public var hunt: HuntInfo
    /// Counts over all submissions.
    public var summary: Summary
    /// The roster, ranked.
    public var teams: [TeamResult]
    /// Every task, in the hunt's order, with who completed it.
    public var tasks: [TaskResult]
    /// Every judged photo, sorted by path.
    public var submissions: [SubmissionResult]
    /// Paths of submissions whose verdict is `review` and that no reviews-file entry decides
    /// (`reviewItems` gives the submissions themselves).
    public var reviewQueue: [String]
    /// Files in the submissions folder that were not judged, and why.
    public var skipped: [SkippedFile]
    /// Problems with the folder, the manifest or the hunt that the judge went on past.
    public var problems: [Problem]

    /// The hunt as results.json records it.
    public struct HuntInfo: Sendable, Codable, Hashable {
        /// The hunt's id (from `id:`, or a slug of its title).
        public var id: String
        /// The hunt's title.
        public var title: String
        /// The IANA timezone times without an offset were read in.
        public var timezone: String
        /// When the hunt runs; absent when the hunt file sets no window.
        public var window: Window?
        /// The hunt file as given on the command line.
        public var file: String?
        /// The submissions folder as given on the command line.
        public var submissionsFolder: String?
        /// The reviews file as given, when there was one.
        public var reviewsFile: String?
        /// The reward tiers, by points.
        public var rewards: [RewardInfo]

        enum CodingKeys: String, CodingKey {
            case file, id
            case reviewsFile = "reviews_file"
            case rewards
            case submissionsFolder = "submissions_folder"
            case timezone, title, window
        }
    }

    /// A span of time, written in the hunt's timezone.
    public struct Window: Sendable, Codable, Hashable {
        /// The first moment inside the window.
        public var start: Timestamp
        /// The last moment inside the window.
        public var end: Timestamp

        enum CodingKeys: String, CodingKey { case end, start }
    }

    /// A reward tier: what a team gets at a number of points.
    public struct RewardInfo: Sendable, Codable, Hashable {
        /// The points that reach it.
        public var points: Int
        /// What the team gets.
        public var reward: String
    }

    /// How the submissions were judged, in numbers.
    public struct Summary: Sendable, Codable, Hashable {
        /// Photos judged (skipped files are not among them).
        public var submissions: Int
        /// Submissions whose final verdict is `accepted`.
        public var accepted: Int
        /// Submissions whose final verdict is `review`.
        public var review: Int
        /// Submissions whose final verdict is `rejected`.
        public var rejected: Int
        /// How many submissions each reason code was given to (codes whose action is ignore excluded).
        public var reasons: [ReasonCode: Int]
        /// Submissions with a reviews-file decision.
        public var reviewed: Int
        /// `review` verdicts no decision covers yet.
        public var undecided: Int
        /// Files in the submissions folder that were not judged.
        public var skipped: Int
        /// Submissions whose file could not be read.
        public var unreadable: Int

        enum CodingKeys: String, CodingKey {
            case accepted, reasons, rejected, review, reviewed, skipped, submissions, undecided, unreadable
        }
    }

    /// A problem the judge went on past, as a diagnostic.
    public struct Problem: Sendable, Codable, Hashable {
        /// Written as `error`, `warning` or `note`.
        public var severity: Diagnostic.Severity
        /// The diagnostic's code (`file-not-found`, …).
        public var code: DiagnosticCode
        /// What is wrong.
        public var message: String
        /// Where: `file:line:column`, or the file.
        public var location: String
        /// What to do about it, when known.
        public var fix: String?

        enum CodingKeys: String, CodingKey { case code, fix, location, message, severity }
    }

    /// One team's standing: points, rank and what earned them.
    public struct TeamResult: Sendable, Codable, Hashable {
        /// The team's id from the roster (or the folder name).
        public var id: String
        /// The team's display name.
        public var name: String
        /// Points scored.
        public var points: Int
        /// 1 is best; equal points reached at the same moment share a rank.
        public var rank: Int
        /// When the team reached its final score (the instant of the last photo that scored).
        public var reachedAt: Timestamp?
        /// Tasks the team completed.
        public var tasksDone: Int
        /// The reward tiers the team's points reach.
        public var rewards: [RewardInfo]
        /// Every photo that scored, in time order.
        public var completions: [Completion]
        /// For `score: closest` tasks: the best approach per day, the three closest kept.
        public var approaches: [Approach]
        /// The team's photos by final verdict.
        public var counts: Counts
        /// The hints the team bought, in time order (`charging(_:hunt:)`); nil when none.
        public var hintsUsed: [HintUse]? = nil

        enum CodingKeys: String, CodingKey {
            case approaches, completions, counts
            case hintsUsed = "hints_used"
            case id, name, points, rank
            case reachedAt = "reached_at"
            case rewards
            case tasksDone = "tasks_done"
        }
    }

    /// A photo that scored for a team.
    public struct Completion: Sendable, Codable, Hashable {
        /// The task it completed.
        public var task: String
        /// Points it earned.
        public var points: Int
        /// When it was taken, in the hunt's timezone; absent when unknown.
        public var at: Timestamp?
        /// The photo's path, relative to the submissions folder.
        public var submission: String
        /// The place, for `places` targets.
        public var place: String?
        /// For `dwell` tasks: the path of the photo that began the stay.
        public var dwellStart: String?

        enum CodingKeys: String, CodingKey {
            case at
            case dwellStart = "dwell_start"
            case place, points, submission, task
        }
    }

    /// A team's best approach of one day to a `score: closest` task.
    public struct Approach: Sendable, Codable, Hashable {
        /// The task approached.
        public var task: String
        /// The calendar day in the hunt's timezone, `2026-05-02`.
        public var day: String
        /// Distance to the target's edge, 0 inside.
        public var distanceM: Double
        /// When the photo was taken, in the hunt's timezone.
        public var at: Timestamp?
        /// The photo's path, relative to the submissions folder.
        public var submission: String

        enum CodingKeys: String, CodingKey {
            case at, day
            case distanceM = "distance_m"
            case submission, task
        }
    }

    /// Photos counted by final verdict.
    public struct Counts: Sendable, Codable, Hashable {
        /// Photos accepted.
        public var accepted = 0
        /// Photos waiting for a judge's decision.
        public var review = 0
        /// Photos rejected.
        public var rejected = 0

        enum CodingKeys: String, CodingKey { case accepted, rejected, review }
    }

    /// One task: its definition as judged, and who completed it.
    public struct TaskResult: Sendable, Codable, Hashable {
        /// The task's id.
        public var id: String
        /// The task's title.
        public var title: String
        /// The clue, as written.
        public var clue: String?
        /// The hint, as written.
        public var hint: String?
        /// Shown in reports and answer keys only for teams that completed the task.
        public var reveal: String?
        /// Points for completing it.
        public var points: Int
        /// How it scores: once, or by closest approach.
        public var score: ScoreRule
        /// Whether it may be completed more than once, and how.
        public var `repeat`: RepeatRule
        /// For `dwell` tasks: the stay asked for, in seconds.
        public var dwellS: Double?
        /// `photo` or `video` when the task asks for one (`evidence:`); absent for either (`any`).
        public var evidence: EvidenceKind? = nil
        /// Tasks that must be done earlier (`after:`).
        public var after: [String]
        /// The task's tags, for filtering reports.
        public var tags: [String]
        /// Where it is; absent for a group of tasks.
        public var target: TargetInfo?
        /// When the task may be done, when it has a window of its own.
        public var window: Window?
        /// Teams that scored on this task, earliest first.
        public var completedBy: [TaskCompletion]
        /// For `score: closest`: every team's best approach, closest first (top three score).
        public var closest: [ClosestEntry]
        /// For other tasks, only while no team has completed the task: the nearest photos of all
        /// teams by distance to the target's edge, the best of each day, three at most (points 0).
        /// Absent otherwise, and in results.json written before HuntKit judged it.
        public var nearest: [ClosestEntry]? = nil
        /// The task's photos by final verdict.
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
        /// The team's id.
        public var team: String
        /// Place names (a `places:` task) or task ids (a group), in the order done.
        public var done: [String]

        enum CodingKeys: String, CodingKey { case done, team }
    }

    /// A task's target as reports draw it.
    public struct TargetInfo: Sendable, Codable, Hashable {
        /// `circle`, `area` or `places`.
        public var kind: Target.Kind
        /// A circle's centre; absent for areas and places.
        public var center: Position?
        /// The radius, metres, for circles and places.
        public var radiusM: Double?
        /// The places or area file, as written in the hunt file.
        public var file: String?
        /// How many places a `places` target has.
        public var places: Int?
        /// For `area` targets: the outer rings, thinned to at most 200 points each (largest 20
        /// rings), for the maps in reports; not used for judging.
        public var outline: [[Position]]? = nil

        enum CodingKeys: String, CodingKey {
            case center, file, kind, outline, places
            case radiusM = "radius_m"
        }
    }

    /// A position in degrees (WGS 84).
    public struct Position: Sendable, Codable, Hashable {
        /// Latitude, degrees north.
        public var lat: Double
        /// Longitude, degrees east.
        public var lon: Double
    }

    /// A team that completed a task, from the task's side.
    public struct TaskCompletion: Sendable, Codable, Hashable {
        /// The team's id.
        public var team: String
        /// When the photo was taken, in the hunt's timezone.
        public var at: Timestamp?
        /// The photo's path, relative to the submissions folder.
        public var submission: String
        /// Points it earned.
        public var points: Int
        /// The place, for `places` targets.
        public var place: String?

        enum CodingKeys: String, CodingKey { case at, place, points, submission, team }
    }

    /// A team's best approach to a task, ranked against the other teams'.
    public struct ClosestEntry: Sendable, Codable, Hashable {
        /// 1 is closest.
        public var rank: Int
        /// The team's id.
        public var team: String
        /// Distance to the target's edge, metres (0 inside).
        public var distanceM: Double
        /// When the photo was taken, in the hunt's timezone.
        public var at: Timestamp?
        /// The photo's path, relative to the submissions folder.
        public var submission: String
        /// Points it earned (the top three score).
        public var points: Int

        enum CodingKeys: String, CodingKey {
            case at
            case distanceM = "distance_m"
            case points, rank, submission, team
        }
    }

    /// One judged photo: its verdict, why, and what was measured.
    public struct SubmissionResult: Sendable, Codable, Hashable {
        /// Relative to the submissions folder, `/`-separated.
        public var path: String
        /// The team's id (the photo's team folder).
        public var team: String
        /// The task judged against; nil when none could be decided.
        public var task: String?
        /// How the task was told: `folder`, `file-name`, `manifest`, `auto`, or `review` (a
        /// reviews-file decision named it).
        public var taskSource: Submission.TaskSource
        /// The final verdict: the reviewer's decision when there is one, else the judge's.
        public var verdict: Verdict
        /// The judge's own verdict, before any reviews-file decision.
        public var judgedVerdict: Verdict
        /// Reason codes, in a fixed order; kept when a review overrides the verdict.
        public var reasons: [ReasonCode]
        /// What the rules found, each with what the policy made of it.
        public var findings: [FindingResult]
        /// The reviews file's decision, when there is one.
        public var review: ReviewInfo?
        /// Points this photo earned (0 when accepted but already counted).
        public var points: Int
        /// What was measured and read from the file.
        public var evidence: Evidence {
            get { evidenceBox.value }
            _modify { yield &EvidenceBox.unshared(&evidenceBox).value }
        }
        /// Where `evidence` is kept: the judged case's own, shared, not a copy of it (20,000
        /// photos' evidence is about 11 MB).
        var evidenceBox: EvidenceBox

        enum CodingKeys: String, CodingKey {
            case evidenceBox = "evidence"
            case findings
            case judgedVerdict = "judged_verdict"
            case path, points, reasons, review, task
            case taskSource = "task_source"
            case team, verdict
        }
    }

    /// One rule's finding about a photo.
    public struct FindingResult: Sendable, Codable, Hashable {
        /// Which rule, as a reason code.
        public var code: ReasonCode
        /// What the policy made of it: reject, review, ignore or accept.
        public var action: PolicyAction
        /// The finding, worded for a person.
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

extension JudgeResults {
    /// The submission judged from the photo at `path` (relative to the submissions folder, as
    /// `SubmissionResult.path` writes it); nil when no photo there was judged.
    public func submission(at path: String) -> SubmissionResult? {
        // Submissions are sorted by path: a binary search, not a scan of a 20,000-photo run.
        // A list put together by hand may not be sorted.
        guard let index = submissions.sortedIndex(of: path, by: \.path) else { return submissions.first { $0.path == path } }
        return submissions[index]
    }

    /// The review queue's submissions, in the queue's order, each with its findings and evidence:
    /// what a judge decides (`reviewQueue` holds only their paths).
    public var reviewItems: [SubmissionResult] {
        reviewQueue.compactMap { submission(at: $0) }
    }
}
