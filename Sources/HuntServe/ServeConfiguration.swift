import Foundation
import HuntKit

/// What `hunt serve` was asked to serve. Paths are as the user typed them: they appear in
/// results.json exactly as `hunt judge` would write them.
public struct ServeConfiguration: Sendable {
    /// The hunt file.
    public var huntPath: String
    /// The folder the photos are in (and the players' uploads go to).
    public var submissionsPath: String
    /// Where decisions are written (created on the first decision).
    public var reviewsPath: String
    /// A folder kept equal to what `hunt judge --out` would write.
    public var outPath: String?
    /// Reports kept in `outPath` beside results.json (html, csv, md), as `hunt judge --format`.
    public var reports: [ReportFormat]
    /// Hide team names and ids (and paths, which name the team's folder) in the review queue.
    public var blind: Bool
    /// How often the submissions folder, hunt and reviews file are looked at for changes.
    public var pollInterval: Duration
    /// `--rehearse`: the day the hunt is run as if it were its day (`Hunt.rehearsed(on:)`), or nil.
    public var rehearsalDay: Rehearsal.Day?
    /// Whether the leaderboard screen shows the latest accepted photos; without them it lists
    /// who did what, and `/api/photo?shown=` serves nothing (players' faces on a projector).
    public var boardPhotos = true

    /// A console for `huntPath` and `submissionsPath`; the reviews file defaults to
    /// `defaultReviewsPath(huntPath:rehearsal:)`.
    public init(
        huntPath: String, submissionsPath: String, reviewsPath: String? = nil, outPath: String? = nil,
        reports: [ReportFormat] = [], blind: Bool = false, pollInterval: Duration = .seconds(1), rehearsalDay: Rehearsal.Day? = nil
    ) {
        self.huntPath = huntPath
        self.submissionsPath = submissionsPath
        self.reviewsPath = reviewsPath ?? ServeConfiguration.defaultReviewsPath(huntPath: huntPath, rehearsal: rehearsalDay != nil)
        self.outPath = outPath
        self.reports = reports
        self.blind = blind
        self.pollInterval = pollInterval
        self.rehearsalDay = rehearsalDay
    }

    /// `reviews.yaml` beside the hunt file; `reviews.rehearsal.yaml` for a rehearsal, so no
    /// decision of a rehearsal lands in the day's reviews.
    package static func defaultReviewsPath(huntPath: String, rehearsal: Bool = false) -> String {
        let folder = (huntPath as NSString).deletingLastPathComponent
        let name = rehearsal ? "reviews.rehearsal.yaml" : "reviews.yaml"
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }

    /// `reviews.yaml` → `reviews.<suffix>` in the same folder: where the console keeps what goes
    /// with the decisions (the audit log, the players' log, the live day, the show, the frozen board).
    package static func besideReviews(_ reviews: URL, _ suffix: String) -> URL {
        reviews.deletingLastPathComponent().appendingPathComponent(reviews.deletingPathExtension().lastPathComponent + "." + suffix)
    }

    /// The path of `reviews.<suffix>` beside this console's reviews file.
    func besideReviews(_ suffix: String) -> String {
        Self.besideReviews(URL(fileURLWithPath: reviewsPath), suffix).path
    }

    /// The players' secret the codes of `code: true` tasks derive from (`PlayerCodes`), when it was read.
    package var codeSecret: [UInt8]?

    /// The hunt as served: as read, or moved to the rehearsal's day; its derived codes filled in
    /// when the secret was read.
    func served(_ hunt: Hunt) -> Hunt {
        let hunt = rehearsalDay.map { hunt.rehearsed(on: $0) } ?? hunt
        return codeSecret.map { PlayerCodes.deriving(hunt, secret: $0) } ?? hunt
    }

    /// The banner every page shows in a rehearsal, nil otherwise.
    package var rehearsalBanner: String? {
        rehearsalDay.map { Rehearsal.banner(day: $0.text) }
    }
}
