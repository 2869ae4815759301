import Foundation
import HuntKit

/// `leaderboard: { freeze: 15 min }` as served: from `start` (the window's end less the freeze)
/// the leaderboard screen and the team pages keep the standings of the last judgement before it,
/// while the judges see the truth, until a judge reveals the final ranking. The frozen standings
/// and the reveal are kept in a file beside the reviews file, so a server restarted during the
/// freeze shows the same standings, and one restarted after the reveal stays revealed.
struct LeaderboardFreeze: Sendable {
    /// Where the frozen standings and the reveal are kept (`<reviews>.board.json`).
    let path: String
    /// When the standings stop changing for players and viewers; nil without a freeze (or a window).
    var start: Date?
    /// The standings shown while frozen: the last ones judged before `start`.
    private(set) var frozen: LeaderboardAnswer?
    /// When a judge revealed the final ranking; after it everyone sees the truth.
    private(set) var revealedAt: Date?
    /// The truth as last judged before `start`: what is frozen once the time passes.
    private var beforeStart: LeaderboardAnswer?

    /// What the file beside the reviews file holds.
    private struct Saved: Codable {
        var frozen: LeaderboardAnswer?
        var revealedAt: Date?

        enum CodingKeys: String, CodingKey {
            case frozen
            case revealedAt = "revealed_at"
        }
    }

    /// The freeze of `hunt` (as served), with what `path` kept of an earlier run: a file that
    /// cannot be read is set aside by name in `problem`, and the freeze starts again from the
    /// standings as they are.
    init(path: String, hunt: Hunt) {
        self.path = path
        start = hunt.freezeStart
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let saved = try decoder.decode(Saved.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            // Photo ids are this server's own (`SubmissionIDs`): an earlier run's name no photo now,
            // so the frozen "just in" keeps its words and drops its photos.
            frozen = saved.frozen.map { board in
                var board = board
                for i in board.recent.indices { board.recent[i].photo = nil }
                return board
            }
            revealedAt = saved.revealedAt
        } catch {
            problem = "\(path): the frozen leaderboard could not be read (\(error.localizedDescription)); it freezes again from the standings now"
        }
    }

    /// Why the kept file was not used, for the organizer's terminal; nil when it was (or there was none).
    private(set) var problem: String?

    /// Whether players and viewers see frozen standings at `now`.
    func isFrozen(at now: Date) -> Bool {
        guard let start, revealedAt == nil else { return false }
        return now >= start
    }

    /// The standings players and viewers see at `now`, given the judges' `truth`: the truth
    /// before the freeze and after the reveal, else the standings frozen at its start (taken now
    /// if the server was not running then). Marks either with `frozenSince` while frozen.
    mutating func shown(_ truth: LeaderboardAnswer, at now: Date, clock: HuntClock) -> LeaderboardAnswer {
        guard isFrozen(at: now), let start else {
            if let start, now < start { beforeStart = truth }
            return truth
        }
        if frozen == nil {
            frozen = beforeStart ?? truth
            save()
        }
        var shown = frozen!
        shown.generation = truth.generation
        shown.frozenSince = clock.iso(start)
        return shown
    }

    /// The judges' board at `now`: the truth, saying since when players see it frozen.
    func forJudges(_ truth: LeaderboardAnswer, at now: Date, clock: HuntClock) -> LeaderboardAnswer {
        var board = truth
        if isFrozen(at: now), let start { board.frozenSince = clock.iso(start) }
        return board
    }

    /// Ends the freeze for everyone at `now`: true when it was frozen (and is revealed now).
    mutating func reveal(at now: Date) -> Bool {
        guard isFrozen(at: now) else { return false }
        revealedAt = now
        save()
        return true
    }

    /// Writes the frozen standings and the reveal (atomically); a failure is told in `problem`,
    /// and the freeze goes on from memory.
    private mutating func save() {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            let bytes = try encoder.encode(Saved(frozen: frozen, revealedAt: revealedAt))
            try OutputBatch.write(Array(bytes), to: URL(fileURLWithPath: path), displayPath: path)
            problem = nil
        } catch {
            problem = "\(path): the frozen leaderboard could not be written (\(error.localizedDescription)); a restart would freeze it again"
        }
    }

}
