import Foundation
import HuntKit

/// The end-of-day show's choices: the photos the judges starred and the teams that asked for
/// their photos not to be shown, kept beside the reviews file (`reviews.show.json`, written
/// atomically) so a restart keeps them. A file that cannot be read is never written over: the
/// choices are then refused with its name until it is mended or removed.
struct ShowChoices: Sendable, Codable, Equatable {
    /// Submission paths the judges starred.
    var starred: Set<String> = []
    /// Team ids whose photos the show leaves out (the team said so on its page).
    var withheld: Set<String> = []

    /// The choices kept at `path`: none when there is no file; the error names the file when it cannot be read.
    static func read(_ path: String) -> Result<ShowChoices, ServeError> {
        guard FileManager.default.fileExists(atPath: path) else { return .success(ShowChoices()) }
        do {
            return .success(try JSONDecoder().decode(ShowChoices.self, from: Data(contentsOf: URL(fileURLWithPath: path))))
        } catch {
            return .failure(
                ServeError(
                    "\(path) could not be read (\(error.localizedDescription)): the show's stars and the teams' choices are not changed until it is mended or removed",
                    status: 500))
        }
    }

    func write(to path: String) throws(ServeError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            try OutputBatch.write(Array(try encoder.encode(self)), to: URL(fileURLWithPath: path), displayPath: path)
        } catch {
            throw ServeError("\(path) could not be written: \(error)", status: 500)
        }
    }
}

/// What the show page plays (`GET /api/show`): the slides, then the podium.
package struct ShowAnswer: Sendable, Encodable, Equatable {
    package var title: String
    /// The accepted photos to show, the judges' stars only when there are any, each through the
    /// leaderboard's photo route (a re-encoded JPEG: no position, no device).
    package var slides: [Slide]
    /// Whether the slides are the judges' stars (else every accepted photo).
    package var starredOnly: Bool
    /// How many teams asked for their photos not to be shown.
    package var teamsWithheld: Int
    /// `hunt serve --hide-board-photos`: the show has no slides, only the podium.
    package var photosHidden: Bool
    /// The first three places (ties included), or nil while the leaderboard is frozen.
    package var podium: [LeaderboardAnswer.Row]?
    /// The judges' starred photos by queue id (for the console's star button); nil for viewers.
    package var starredIDs: [String]?

    package struct Slide: Sendable, Encodable, Equatable {
        package var photo: String
        package var team: String
        package var task: String
        package var at: String?
        package var starred: Bool
    }

    enum CodingKeys: String, CodingKey {
        case title, slides, podium
        case starredOnly = "starred_only"
        case teamsWithheld = "teams_withheld"
        case photosHidden = "photos_hidden"
        case starredIDs = "starred_ids"
    }
}

extension ServeSession {
    /// The show as it is now, for the judges (with the stars' queue ids) or for viewers. Videos
    /// are left out: the server has no copy of a video without its metadata.
    package func showAnswer(forJudges: Bool) -> ShowAnswer {
        let choices = (try? show.get()) ?? ShowChoices()
        let candidates = showPhotos(choices)
        let starredOnly = candidates.contains { choices.starred.contains($0.path) }
        let slides = configuration.boardPhotos ? candidates.filter { !starredOnly || choices.starred.contains($0.path) } : []
        let board = currentLeaderboard(forJudges: false)
        let titles = Dictionary(hunt.tasks.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        let names = Dictionary(hunt.teams.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        return ShowAnswer(
            title: hunt.title,
            slides: slides.map { s in
                .init(
                    photo: "/api/photo?shown=" + shownID(of: s.path), team: names[s.team] ?? s.team, task: s.task.map { titles[$0] ?? $0 } ?? "",
                    at: s.evidence.capturedAt?.text, starred: choices.starred.contains(s.path))
            },
            starredOnly: starredOnly, teamsWithheld: choices.withheld.count, photosHidden: !configuration.boardPhotos,
            podium: board.flatMap { $0.frozenSince == nil ? $0.teams.filter { $0.rank <= 3 } : nil },
            starredIDs: forJudges ? choices.starred.sorted().compactMap { path in index.byPath[path].map { index.ids[$0] } } : nil)
    }

    /// The accepted still photos of teams that did not withhold theirs, in time order.
    private func showPhotos(_ choices: ShowChoices) -> [JudgeResults.SubmissionResult] {
        guard let results else { return [] }
        return results.submissions.filter {
            $0.verdict == .accepted && $0.evidence.format?.media == .photo && !choices.withheld.contains($0.team)
        }.sorted { ($0.evidence.capturedAt?.date ?? .distantFuture, $0.path) < ($1.evidence.capturedAt?.date ?? .distantFuture, $1.path) }
    }

    /// The path of the show's photo `shown` names, if the show has it now.
    func showPhotoPath(shown: String) -> String? {
        guard configuration.boardPhotos else { return nil }
        let choices = (try? show.get()) ?? ShowChoices()
        let photos = showPhotos(choices)
        let starredOnly = photos.contains { choices.starred.contains($0.path) }
        return photos.first { (!starredOnly || choices.starred.contains($0.path)) && shownID(of: $0.path) == shown }?.path
    }

    /// Stars (or unstars) submission `id` for the show; answers the show as the judges see it.
    package func star(id: String, starred: Bool) throws(ServeError) -> ShowAnswer {
        guard let i = index.index(path: nil, id: id), let path = results?.submissions[i].path else {
            throw ServeError("no such submission: \(id)", status: 404)
        }
        try changeShow { choices in
            if starred { choices.starred.insert(path) } else { choices.starred.remove(path) }
        }
        return showAnswer(forJudges: true)
    }

    /// Team `team` lets its photos be shown, or not; its pages hear of it.
    package func showTeam(_ team: String, shown: Bool) throws(ServeError) {
        try changeShow { choices in
            if shown { choices.withheld.remove(team) } else { choices.withheld.insert(team) }
        }
    }

    /// Whether team `team`'s photos may be in the show.
    func teamShown(_ team: String) -> Bool { !((try? show.get())?.withheld.contains(team) ?? false) }

    private func changeShow(_ change: (inout ShowChoices) -> Void) throws(ServeError) {
        var choices = try show.get()
        let before = choices
        change(&choices)
        guard choices != before else { return }
        try choices.write(to: configuration.besideReviews("show.json"))
        show = .success(choices)
        events.send("show", ["teams_withheld": .int(choices.withheld.count), "starred": .int(choices.starred.count)] as [String: JSONValue])
    }
}
