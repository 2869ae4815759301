import Foundation

/// A message the organizers planned in the hunt file (`announcements:`): `hunt serve --players`
/// shows it at the top of the team pages from its time on.
public struct Announcement: Sendable, Equatable {
    /// The longest text an announcement may have, in characters: a few sentences on a phone.
    public static let maximumCharacters = 1_000

    /// From when the pages show it (`at: 12:00` is that time on the window's first day, in the hunt's timezone).
    public var at: Date
    /// What it says, in the hunt's language and the others it is written in.
    public var text: LocalizedText
    /// The ids of the teams it is for; empty for every team.
    public var teams: [String]
    /// Where it was written.
    public var source: SourceLocation

    /// An announcement of `text` at `at`, to `teams` (every team when empty).
    public init(at: Date, text: LocalizedText, teams: [String] = [], source: SourceLocation = .builtInCode) {
        self.at = at
        self.text = text
        self.teams = teams
        self.source = source
    }

    /// Whether team `team` is shown it.
    public func isFor(_ team: String) -> Bool { teams.isEmpty || teams.contains(team) }
}

extension HuntReader {
    /// `announcements: [{ at: 12:00, text: …, teams: [foxes] }]`, read after the teams (to check the ids).
    mutating func announcements(_ node: YAMLNode, hunt: Hunt) -> [Announcement] {
        let example = "{ at: 12:00, text: Lunch is at the fountain }"
        guard let items = context.list(node, "`announcements`", example: example) else { return [] }
        let day = hunt.window.map { DateTimeText.localDate($0.start, timeZone: hunt.timezone) }
        var result: [Announcement] = []
        for item in items {
            guard
                let fields = context.mapping(
                    item, section: "an announcement", keys: HuntSchema.announcement,
                    hints: ["message": "did you mean `text`?", "time": "did you mean `at`?", "team": "did you mean `teams`?"])
            else { continue }
            let atNode = context.require("at", in: fields, section: "an announcement", example: "at: 12:00")
            let at = atNode.flatMap { context.date($0, "an announcement's `at`", defaultDate: day) }
            let textNode = context.require("text", in: fields, section: "an announcement", example: "text: Lunch is at the fountain")
            let text = textNode.flatMap {
                localizedText($0, "an announcement's `text`", hunt: hunt, required: true, example: "text: Lunch is at the fountain")
            }
            var teams: [String] = []
            if let n = fields.present("teams") {
                for teamNode in n.sequence ?? [n] {
                    guard let id = identifier(teamNode, "a team of an announcement") else { continue }
                    _ = context.check(HuntRules.announcementTeam(id, teams: hunt.teams), at: teamNode.location)
                    teams.append(id)
                }
            }
            guard let at, let text, let textNode else { continue }
            guard context.check(HuntRules.announcementText(text), at: textNode.location) else { continue }
            if let atNode { _ = context.check(HuntRules.announcementTime(at, window: hunt.window, zone: hunt.timezone), at: atNode.location) }
            result.append(Announcement(at: at, text: text, teams: teams, source: item.location))
        }
        return result
    }
}

extension HuntRules {
    /// An announcement's text fits a phone's screen: at most `Announcement.maximumCharacters` in every language.
    static func announcementText(_ text: LocalizedText) -> HuntFinding? {
        let longest = ([text.text] + Array(text.translations.values)).map(\.count).max() ?? 0
        guard longest > Announcement.maximumCharacters else { return nil }
        return .error(
            .textTooLong, "an announcement's `text` is \(longest) characters long; at most \(Announcement.maximumCharacters) fit a phone's screen",
            fix: "shorten it, or split it in two announcements")
    }

    /// An announcement's time falls inside the hunt's window (when it has one).
    static func announcementTime(_ at: Date, window: TimeWindow?, zone: TimeZone) -> HuntFinding? {
        guard let window, !window.contains(at) else { return nil }
        return .warning(
            .announcementOutsideWindow,
            "the announcement at \(DateTimeText.format(at, timeZone: zone)) is outside the hunt's window, when no team is playing",
            fix: "choose a time between the window's `start` and `end`")
    }

    /// An announcement's team is one the hunt lists (when it lists any).
    static func announcementTeam(_ id: String, teams: [Team]) -> HuntFinding? {
        guard !teams.isEmpty, !teams.contains(where: { $0.id == id }) else { return nil }
        return .warning(
            .announcementUnknownTeam, "the announcement is for team `\(id)`, which the hunt's `teams` does not list; no page shows it to them",
            fix: "use one of the ids under `teams:` (\(teams.prefix(5).map { "`\($0.id)`" }.joined(separator: ", ")))")
    }
}
