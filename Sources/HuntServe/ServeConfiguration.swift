import Foundation
import HuntKit

/// What `hunt serve` was asked to serve. Paths are as the user typed them: they appear in
/// results.json exactly as `hunt judge` would write them.
public struct ServeConfiguration: Sendable {
    public var huntPath: String
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
    /// Whether the leaderboard screen shows the latest accepted photos; without them it lists
    /// who did what, and `/api/photo?shown=` serves nothing (players' faces on a projector).
    public var boardPhotos = true

    public init(huntPath: String, submissionsPath: String, reviewsPath: String? = nil, outPath: String? = nil,
                reports: [ReportFormat] = [], blind: Bool = false, pollInterval: Duration = .seconds(1)) {
        self.huntPath = huntPath
        self.submissionsPath = submissionsPath
        self.reviewsPath = reviewsPath ?? ServeConfiguration.defaultReviewsPath(huntPath: huntPath)
        self.outPath = outPath
        self.reports = reports
        self.blind = blind
        self.pollInterval = pollInterval
    }

    /// `reviews.yaml` beside the hunt file.
    public static func defaultReviewsPath(huntPath: String) -> String {
        let folder = (huntPath as NSString).deletingLastPathComponent
        return folder.isEmpty ? "reviews.yaml" : (folder as NSString).appendingPathComponent("reviews.yaml")
    }
}
