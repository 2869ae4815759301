import Foundation
import HuntKit

/// One submission as the review queue shows it: the verdict, why in words, the evidence, and
/// the photos that settle it. In blind mode `path`, `team` and `team_name` are left out, and
/// messages name no other photo's path.
public struct QueueItem: Sendable, Encodable {
    public var id: String
    public var path: String?
    public var team: String?
    public var teamName: String?
    public var task: TaskSummary?
    public var taskSource: String
    public var verdict: String
    public var judgedVerdict: String
    public var reasons: [String]
    /// The findings' messages, each with what the policy made of it.
    public var why: [Why]
    public var evidence: JudgeResults.Evidence
    /// Where the photo is, seen from the target, in the judge's words (`30 m N of Bar El
    /// Federal`): the console shows this rather than composing its own from `evidence`.
    public var whereText: String?
    /// The evidence's figures in the words the page shows (`MeasureText`'s): the page does no
    /// arithmetic on distances or formats.
    public var shown: Shown
    public var review: Reviews.Review?
    public var points: Int
    /// `/api/photo?id=…`
    public var photo: String
    /// Photos that settle it: the kept copy of a duplicate, the team's neighbouring photos for
    /// too-fast and dwell-short, the `after` task's photo for order.
    public var related: [RelatedPhoto]
    /// The Where map: the target around the point the judge measured to, and the photo at the
    /// judge's distance and bearing; nil without a position, a task or a measurement, and in
    /// `/api/queue`'s items (`/api/item` has it).
    package var radar: PlacementMap? = nil

    enum CodingKeys: String, CodingKey {
        case id, path, team
        case teamName = "team_name"
        case task
        case taskSource = "task_source"
        case verdict
        case judgedVerdict = "judged_verdict"
        case reasons, why, evidence
        case whereText = "where_text"
        case shown, review, points, photo, related, radar
    }

    /// The map of a submission against its task's target in `hunt`.
    static func radar(_ s: JudgeResults.SubmissionResult, hunt: Hunt) -> PlacementMap? {
        guard let position = s.evidence.position, let target = s.task.flatMap({ hunt.task($0)?.target }) else { return nil }
        return target.map(of: Coordinate(latitude: position.lat, longitude: position.lon), distanceMetres: s.evidence.distance?.metres,
                          edgeDistanceMetres: s.evidence.edgeDistance?.metres, bearingDegrees: s.evidence.bearingDeg, accuracyMetres: s.evidence.accuracy?.metres,
                          placeName: s.evidence.place)
    }

    public struct Shown: Sendable, Encodable {
        /// To the target (`240 m`).
        public var distance: String?
        /// From an area's edge: `12 m inside`, `1.2 km outside`.
        public var edge: String?
        public var accuracy: String?
        /// For a video, what shows instead of a picture (`video, 1 min 5 s`); nil for a photo.
        public var video: String?
        /// On the Where map (`/api/item`): the distance between its rings, and how far the photo
        /// is when it is off the map.
        public var ring: String?
        public var away: String?

        init(_ e: JudgeResults.Evidence, map: PlacementMap?) {
            distance = e.distance.map(MeasureText.distance)
            edge = e.edgeDistance.map { $0.metres <= 0 ? MeasureText.distance(-$0.metres) + " inside" : MeasureText.distance($0) + " outside" }
            accuracy = e.accuracy.map(MeasureText.distance)
            if e.format?.media == .video {
                video = "video" + (e.durationS.map { ", " + MeasureText.duration($0) } ?? "")
            }
            ring = map.map { MeasureText.distance($0.reachM / 3) }
            away = map.flatMap { $0.photo.offScale ? MeasureText.distance($0.photo.distanceM) : nil }
        }
    }

    public struct Why: Sendable, Encodable {
        public var code: String
        public var action: String
        public var message: String
    }

    public struct TaskSummary: Sendable, Encodable {
        public var id: String
        public var title: String
        public var clue: String?
        public var points: Int
        public var window: JudgeResults.Window?
        public var target: JudgeResults.TargetInfo?
        public var after: [String]
        /// The task has a `reference:` photo (`/api/reference?task=ID`).
        public var reference: Bool
    }

    public struct RelatedPhoto: Sendable, Encodable {
        /// `duplicate-of`, `previous`, `next` or `after`.
        public var role: String
        public var id: String
        public var path: String?
        public var task: String?
        public var capturedAt: String?
        public var verdict: String
        public var photo: String

        enum CodingKeys: String, CodingKey {
            case role, id, path, task
            case capturedAt = "captured_at"
            case verdict, photo
        }
    }
}

/// What `/api/queue` answers.
public struct QueueAnswer: Sendable, Encodable {
    public var generation: Int
    /// Items matching the filters, before `offset` and `limit`.
    public var total: Int
    public var offset: Int
    /// `review` verdicts no decision covers yet, in the whole judgement.
    public var undecided: Int
    public var blind: Bool
    public var items: [QueueItem]
    public var problem: String?
    /// Why the players' uploads are failing, until one succeeds (`ServeSession.uploadsFailing`).
    public var uploadsFailing: String?
    /// The hunt file's warnings, one line each.
    public var warnings: [String]
    /// With `around`: that item's place in the filtered list; nil when the filter does not show it.
    public var index: Int?
    /// Decisions in the reviews file about photos that are no longer in the folder: kept, not
    /// judged ("decided, photo gone"), in path order.
    public var gone: [GoneDecision] = []

    enum CodingKeys: String, CodingKey {
        case generation, total, offset, undecided, blind, items, problem, warnings, index, gone
        case uploadsFailing = "uploads_failing"
    }
}

/// A decision the reviews file keeps about a photo that left the folder. In blind mode `path`
/// and `by` are left out.
public struct GoneDecision: Sendable, Encodable, Equatable {
    public var id: String
    public var path: String?
    public var decision: String
    public var by: String?
    public var at: String?
}

/// The filters of `/api/queue`, as query parameters.
public struct QueueFilter: Sendable, Hashable {
    public var task: String?
    public var team: String?
    public var reason: String?
    /// `undecided` (the default: the review queue), `review`, `accepted`, `rejected`, `decided` (has a reviews-file decision) or `all`.
    public var verdict: String = "undecided"
    public var offset = 0
    public var limit = 50
    /// An item id: the window is the one that holds it (when the filter shows it), not `offset`'s.
    public var around: String?

    public init(task: String? = nil, team: String? = nil, reason: String? = nil, verdict: String = "undecided", offset: Int = 0, limit: Int = 50,
                around: String? = nil) {
        self.task = task
        self.team = team
        self.reason = reason
        self.verdict = verdict
        self.offset = offset
        self.limit = limit
        self.around = around
    }

    /// The window's start and the `around` item's index, for a list of `selected` submission
    /// indices (ascending) in which that item is `wanted`.
    func window(_ selected: [Int], wanted: Int?) -> (offset: Int, index: Int?) {
        guard let wanted, let index = selected.firstIndex(of: wanted) else { return (max(0, offset), nil) }
        let size = max(1, min(limit, 1000))
        return (index / size * size, index)
    }

    static let verdicts = ["undecided", "review", "accepted", "rejected", "decided", "all"]
}

/// What the leaderboard screen shows.
public struct LeaderboardAnswer: Sendable, Encodable, Equatable {
    public var generation: Int
    public var title: String
    public var teams: [Row]
    public var recent: [Recent]
    public var submissions: Int
    public var undecided: Int

    public struct Row: Sendable, Encodable, Equatable {
        public var rank: Int
        public var id: String
        public var name: String
        public var points: Int
        public var tasksDone: Int

        enum CodingKeys: String, CodingKey {
            case rank, id, name, points
            case tasksDone = "tasks_done"
        }
    }

    public struct Recent: Sendable, Encodable, Equatable {
        public var team: String
        public var task: String
        public var at: String?
        /// Nil when the screen shows no photos (`ServeConfiguration.boardPhotos`).
        public var photo: String?
    }
}

/// One decision as `POST /api/decisions` takes it: `path` (or `id`, or several in `paths`/`ids`
/// for bulk), `decision` (`accept` or `reject`), `note`, `by`, `task`.
public struct DecisionRequest: Sendable, Decodable {
    public var path: String?
    public var id: String?
    public var paths: [String]?
    public var ids: [String]?
    public var decision: String
    public var note: String?
    public var by: String?
    public var task: String?

    public init(path: String? = nil, id: String? = nil, paths: [String]? = nil, ids: [String]? = nil, decision: String,
                note: String? = nil, by: String? = nil, task: String? = nil) {
        self.path = path
        self.id = id
        self.paths = paths
        self.ids = ids
        self.decision = decision
        self.note = note
        self.by = by
        self.task = task
    }
}

/// The answer to a decision: the photos' new verdicts.
public struct DecisionAnswer: Sendable, Encodable {
    public var generation: Int
    public var decided: [Decided]
    public var undecided: Int

    /// One photo the decision named, as it is judged now.
    public struct Decided: Sendable, Encodable {
        public var id: String
        public var path: String?
        public var verdict: String
        public var judgedVerdict: String
        public var review: Reviews.Review?
        public var points: Int
        /// What the decision changed, in words: `accepted, was review`, `still accepted`.
        public var change: String?

        enum CodingKeys: String, CodingKey {
            case id, path, verdict
            case judgedVerdict = "judged_verdict"
            case review, points, change
        }
    }

    /// `accepted, was review`, or `still accepted` when the verdict stayed.
    static func change(to now: Verdict, from before: Verdict) -> String {
        now == before ? "still \(now.rawValue)" : "\(now.rawValue), was \(before.rawValue)"
    }
}
