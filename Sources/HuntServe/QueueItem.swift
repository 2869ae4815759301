import Foundation
import HuntKit

/// One submission as the review queue shows it: the verdict, why in words, the evidence, and
/// the photos that settle it. In blind mode `path`, `team` and `team_name` are left out, and
/// messages name no other photo's path.
package struct QueueItem: Sendable, Encodable {
    package var id: String
    package var path: String?
    package var team: String?
    package var teamName: String?
    package var task: TaskSummary?
    package var taskSource: String
    package var verdict: String
    package var judgedVerdict: String
    package var reasons: [String]
    /// The findings' messages, each with what the policy made of it.
    package var why: [Why]
    package var evidence: JudgeResults.Evidence
    /// Where the photo is, seen from the target, in the judge's words (`30 m N of Bar El
    /// Federal`): the console shows this rather than composing its own from `evidence`.
    package var whereText: String?
    /// The evidence's figures in the words the page shows (`MeasureText`'s): the page does no
    /// arithmetic on distances or formats.
    package var shown: Shown
    package var review: Reviews.Review?
    package var points: Int
    /// `/api/photo?id=…`
    package var photo: String
    /// Photos that settle it: the kept copy of a duplicate, the team's neighbouring photos for
    /// too-fast and dwell-short, the `after` task's photo for order.
    package var related: [RelatedPhoto]
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
        return target.map(
            of: Coordinate(latitude: position.lat, longitude: position.lon), distanceMetres: s.evidence.distance?.metres,
            edgeDistanceMetres: s.evidence.edgeDistance?.metres, bearingDegrees: s.evidence.bearingDeg, accuracyMetres: s.evidence.accuracy?.metres,
            placeName: s.evidence.place)
    }

    package struct Shown: Sendable, Encodable {
        /// To the target (`240 m`).
        package var distance: String?
        /// From an area's edge: `12 m inside`, `1.2 km outside`.
        package var edge: String?
        package var accuracy: String?
        /// For a video, what shows instead of a picture (`video, 1 min 5 s`); nil for a photo.
        package var video: String?
        /// On the Where map (`/api/item`): the distance between its rings, and how far the photo
        /// is when it is off the map.
        package var ring: String?
        package var away: String?

        /// `units`: the hunt's (`units: imperial` for feet and miles); results.json keeps metres.
        init(_ e: JudgeResults.Evidence, map: PlacementMap?, units: UnitSystem = .metric) {
            let length = { (metres: Double) in MeasureText.distance(metres, units: units) }
            distance = e.distance.map { length($0.metres) }
            edge = e.edgeDistance.map { $0.metres <= 0 ? length(-$0.metres) + " inside" : length($0.metres) + " outside" }
            accuracy = e.accuracy.map { length($0.metres) }
            if e.format?.media == .video {
                video = "video" + (e.durationS.map { ", " + MeasureText.duration($0) } ?? "")
            }
            ring = map.map { length($0.reachM / 3) }
            away = map.flatMap { $0.photo.offScale ? length($0.photo.distanceM) : nil }
        }
    }

    package struct Why: Sendable, Encodable {
        package var code: String
        package var action: String
        package var message: String
    }

    package struct TaskSummary: Sendable, Encodable {
        package var id: String
        package var title: String
        package var clue: String?
        package var points: Int
        package var window: JudgeResults.Window?
        package var target: JudgeResults.TargetInfo?
        package var after: [String]
        /// The task has a `reference:` photo (`/api/reference?task=ID`).
        package var reference: Bool
    }

    package struct RelatedPhoto: Sendable, Encodable {
        /// `duplicate-of`, `previous`, `next` or `after`.
        package var role: String
        package var id: String
        package var path: String?
        package var task: String?
        package var capturedAt: String?
        package var verdict: String
        package var photo: String

        enum CodingKeys: String, CodingKey {
            case role, id, path, task
            case capturedAt = "captured_at"
            case verdict, photo
        }
    }
}

/// What `/api/queue` answers.
package struct QueueAnswer: Sendable, Encodable {
    package var generation: Int
    /// Items matching the filters, before `offset` and `limit`.
    package var total: Int
    package var offset: Int
    /// `review` verdicts no decision covers yet, in the whole judgement.
    package var undecided: Int
    package var blind: Bool
    package var items: [QueueItem]
    package var problem: String?
    /// Why the players' uploads are failing, until one succeeds (`ServeSession.uploadsFailing`).
    package var uploadsFailing: String?
    /// The hunt file's warnings, one line each.
    package var warnings: [String]
    /// With `around`: that item's place in the filtered list; nil when the filter does not show it.
    package var index: Int?
    /// Decisions in the reviews file about photos that are no longer in the folder: kept, not
    /// judged ("decided, photo gone"), in path order.
    package var gone: [GoneDecision] = []

    enum CodingKeys: String, CodingKey {
        case generation, total, offset, undecided, blind, items, problem, warnings, index, gone
        case uploadsFailing = "uploads_failing"
    }
}

/// A decision the reviews file keeps about a photo that left the folder. In blind mode `path`
/// and `by` are left out.
package struct GoneDecision: Sendable, Encodable, Equatable {
    package var id: String
    package var path: String?
    package var decision: String
    package var by: String?
    package var at: String?
}

/// The filters of `/api/queue`, as query parameters.
package struct QueueFilter: Sendable, Hashable {
    package var task: String?
    package var team: String?
    package var reason: String?
    /// `undecided` (the default: the review queue), `review`, `accepted`, `rejected`, `decided` (has a reviews-file decision) or `all`.
    package var verdict: String = "undecided"
    package var offset = 0
    package var limit = 50
    /// An item id: the window is the one that holds it (when the filter shows it), not `offset`'s.
    package var around: String?

    package init(
        task: String? = nil, team: String? = nil, reason: String? = nil, verdict: String = "undecided", offset: Int = 0, limit: Int = 50,
        around: String? = nil
    ) {
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
package struct LeaderboardAnswer: Sendable, Codable, Equatable {
    package var generation: Int
    package var title: String
    package var teams: [Row]
    package var recent: [Recent]
    package var submissions: Int
    package var undecided: Int
    /// While `leaderboard: { freeze: … }` holds the standings players and viewers see: since
    /// when (ISO 8601, the hunt's offset). On the viewers' board the standings are those of that
    /// moment; on the judges' they are the truth.
    package var frozenSince: String?

    enum CodingKeys: String, CodingKey {
        case generation, title, teams, recent, submissions, undecided
        case frozenSince = "frozen_since"
    }

    package struct Row: Sendable, Codable, Equatable {
        package var rank: Int
        package var id: String
        package var name: String
        package var points: Int
        package var tasksDone: Int

        enum CodingKeys: String, CodingKey {
            case rank, id, name, points
            case tasksDone = "tasks_done"
        }
    }

    package struct Recent: Sendable, Codable, Equatable {
        package var team: String
        package var task: String
        package var at: String?
        /// Nil when the screen shows no photos (`ServeConfiguration.boardPhotos`).
        package var photo: String?
    }
}

/// One decision as `POST /api/decisions` takes it: `path` (or `id`, or several in `paths`/`ids`
/// for bulk), `decision` (`accept` or `reject`), `note`, `by`, `task`.
package struct DecisionRequest: Sendable, Decodable {
    package var path: String?
    package var id: String?
    package var paths: [String]?
    package var ids: [String]?
    package var decision: String
    package var note: String?
    package var by: String?
    package var task: String?

    package init(
        path: String? = nil, id: String? = nil, paths: [String]? = nil, ids: [String]? = nil, decision: String,
        note: String? = nil, by: String? = nil, task: String? = nil
    ) {
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
package struct DecisionAnswer: Sendable, Encodable {
    package var generation: Int
    package var decided: [Decided]
    package var undecided: Int

    /// One photo the decision named, as it is judged now.
    package struct Decided: Sendable, Encodable {
        package var id: String
        package var path: String?
        package var verdict: String
        package var judgedVerdict: String
        package var review: Reviews.Review?
        package var points: Int
        /// What the decision changed, in words: `accepted, was review`, `still accepted`.
        package var change: String?

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
