import Foundation

/// How `hunt serve --players` serves the teams' pages: where the secret is, the address the
/// phones reach, what a team sees of the others, and the limits on what a team may send.
public struct PlayersOptions: Sendable {
    /// What a team's page shows of the scores.
    public enum Sees: String, Sendable, CaseIterable {
        /// The team's points and rank, and the whole leaderboard.
        case leaderboard
        /// The team's own points and rank only.
        case own
        /// No points or ranks: each task's state only.
        case none
    }

    /// The secret the team tokens derive from; nil for `.hunt-players-secret` beside the hunt.
    public var secretPath: String?
    /// What the players' phones reach (`https://hunt.example.org`, a reverse proxy); nil for the
    /// address the server listens on.
    public var baseURL: String?
    /// What a team's page shows of the scores.
    public var sees: Sees
    /// The largest file a team may send (bytes).
    public var maxFileBytes: Int
    /// How many files a team may send in all (withdrawn ones still count).
    public var maxTeamFiles: Int
    /// How many bytes a team may send in all (withdrawn files still count).
    public var maxTeamBytes: Int
    /// Requests a team's token may make a minute (its page, state, events, uploads).
    public var requestsPerMinute: Int

    /// The options of `hunt serve --players`, each defaulting as its flag does.
    public init(
        secretPath: String? = nil, baseURL: String? = nil, sees: Sees = .own, maxFileBytes: Int = 100_000_000,
        maxTeamFiles: Int = 500, maxTeamBytes: Int = 5_000_000_000, requestsPerMinute: Int = 300
    ) {
        self.secretPath = secretPath
        self.baseURL = baseURL
        self.sees = sees
        self.maxFileBytes = maxFileBytes
        self.maxTeamFiles = maxTeamFiles
        self.maxTeamBytes = maxTeamBytes
        self.requestsPerMinute = requestsPerMinute
    }
}
