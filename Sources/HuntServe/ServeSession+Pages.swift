import Foundation
import HuntKit

extension ServeSession {
    /// A task or team as the filters list it.
    package struct Choice: Sendable, Encodable {
        package var id: String
        package var name: String
    }

    /// A picture for the page.
    package enum Preview: Sendable {
        /// A JPEG made for the page: scaled, the right way up.
        case jpeg([UInt8])
        /// A file the browser shows as it is (a reference photo in PNG or WebP).
        case file([UInt8], contentType: String)
        /// Nothing to show, and why (a video, a photo cut short, a file gone).
        case none(String)
    }

    package var title: String { hunt.title }
    package var taskChoices: [Choice] { hunt.tasks.map { Choice(id: $0.id, name: $0.title) } }
    package var teamChoices: [Choice] { hunt.teams.map { Choice(id: $0.id, name: $0.name) } }

    /// The path of the leaderboard's or the show's photo `shown` names (viewers may see those and no other).
    func recentPhotoPath(shown: String) -> String? {
        recentOnBoard(shown: shown) ?? showPhotoPath(shown: shown)
    }

    private func recentOnBoard(shown: String) -> String? {
        let boards = [currentLeaderboard(), currentLeaderboard(forJudges: false)].compactMap { $0 }
        guard boards.contains(where: { $0.recent.contains { $0.photo?.hasSuffix("=" + shown) == true } }) else { return nil }
        return results?.teams.lazy.flatMap(\.completions).first { shownID(of: $0.submission) == shown }?.submission
    }

    /// The submission as a JPEG at most `maxPixels` on its long side. The file is opened inside
    /// the submissions folder, component by component, never following a link (as the judge
    /// opens it); its path comes from the judgement, never from the request.
    func preview(path: String?, id: String?, maxPixels: Int) async -> Preview {
        guard let (path, format) = photo(path: path, id: id) else { return .none("no such submission in the current judgement") }
        if let format, PhotoMetadata.Format(rawValue: format)?.media == .video { return .none("a video: no preview") }
        guard let folder = try? InputFolder(path: configuration.submissionsPath) else { return .none("the submissions folder cannot be opened") }
        let key = "\(maxPixels) " + path, stamp = seenStamp(path)
        if let failed = unpreviewable[key], failed.stamp == stamp { return .none("this photo cannot be previewed: \(failed.why)") }
        switch await PhotoThumbnail.read(path, inside: folder, maxPixels: maxPixels, budget: previewBudget) {
        case .thumbnail(let thumbnail): return .jpeg(thumbnail.jpeg)
        case .refused(let why): return .none("too large to preview: \(why)")
        case .none: return .none("no preview of this file (\(format ?? "unreadable"))")
        case .undecodable(let why):
            if stamp != nil { unpreviewable[key] = (stamp, why) }
            return .none("this photo cannot be previewed: \(why)")
        }
    }

    /// The task's `reference:` photo, as the hunt file names it (checked by the loader to be a
    /// JPEG, PNG or WebP inside the hunt's folder; opened the same no-follow way again).
    func reference(task id: String) async -> Preview {
        guard let task = hunt.task(id), let reference = task.reference else { return .none("task `\(id)` has no reference photo") }
        let huntFolder = (configuration.huntPath as NSString).deletingLastPathComponent
        guard let folder = try? InputFolder(path: huntFolder.isEmpty ? "." : huntFolder),
            let file = try? InputFile(reference.path, inside: folder),
            let bytes = try? file.readAll(limitBytes: 32 << 20, what: "reference photo")
        else {
            return .none("the reference photo \(reference.path) cannot be read")
        }
        switch PhotoMetadata.Format(sniffing: bytes) {
        case .jpeg:
            if case .thumbnail(let scaled) = await PhotoThumbnail.read(
                reference.path, inside: folder, maxPixels: PhotoRoutes.largePixels,
                budget: previewBudget)
            {
                return .jpeg(scaled.jpeg)
            }
            return .none("the reference photo \(reference.path) cannot be decoded")
        case .png: return .file(bytes, contentType: "image/png")
        case .webp: return .file(bytes, contentType: "image/webp")
        default: return .none("the reference photo \(reference.path) is not a JPEG, PNG or WebP")
        }
    }

    /// One team's grid: every task with the team's submissions for it and their verdicts.
    package func teamGrid(_ teamID: String) throws(ServeError) -> TeamGrid {
        guard !configuration.blind else { throw ServeError("blind judging: a team's grid would tell the team of each photo", status: 403) }
        guard let judged = results, let team = judged.teams.first(where: { $0.id == teamID }) else {
            throw ServeError("no team `\(teamID)` in the current judgement", status: 404)
        }
        let blind = configuration.blind
        var byTask: [String: [TeamGrid.Cell]] = [:]
        var unassigned: [TeamGrid.Cell] = []
        for index in self.index.byTeam[teamID] ?? [] {
            let s = judged.submissions[index]
            let id = self.index.ids[index]
            let cell = TeamGrid.Cell(
                id: id, path: blind ? nil : s.path, verdict: s.verdict.rawValue, points: s.points,
                reasons: s.reasons.map(\.rawValue), capturedAt: s.evidence.capturedAt?.text, photo: "/api/photo?size=small&id=" + id)
            if let task = s.task { byTask[task, default: []].append(cell) } else { unassigned.append(cell) }
        }
        let done = Set(team.completions.map(\.task))
        var grid = TeamGrid(
            id: team.id, name: team.name, rank: team.rank, points: team.points, tasksDone: team.tasksDone,
            tasks: judged.tasks.map {
                .init(id: $0.id, title: $0.title, points: $0.points, done: done.contains($0.id), submissions: byTask[$0.id] ?? [])
            },
            unassigned: unassigned)
        grid.hintsUsed = team.hintsUsed ?? []
        return grid
    }
}

/// What `/api/team` answers: the team × task grid.
package struct TeamGrid: Sendable, Encodable {
    package var id: String
    package var name: String
    package var rank: Int
    package var points: Int
    package var tasksDone: Int
    package var tasks: [TaskRow]
    /// Submissions whose task could not be told.
    package var unassigned: [Cell]
    /// The hints the team bought, in time order (their costs are off `points`).
    package var hintsUsed: [JudgeResults.HintUse] = []

    enum CodingKeys: String, CodingKey {
        case id, name, rank, points
        case tasksDone = "tasks_done"
        case tasks, unassigned
        case hintsUsed = "hints_used"
    }

    /// A task with the team's submissions for it.
    package struct TaskRow: Sendable, Encodable {
        package var id: String
        package var title: String
        package var points: Int
        package var done: Bool
        package var submissions: [Cell]
    }

    package struct Cell: Sendable, Encodable {
        package var id: String
        package var path: String?
        package var verdict: String
        package var points: Int
        package var reasons: [String]
        package var capturedAt: String?
        package var photo: String

        enum CodingKeys: String, CodingKey {
            case id, path, verdict, points, reasons
            case capturedAt = "captured_at"
            case photo
        }
    }
}
