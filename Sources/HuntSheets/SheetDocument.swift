import Foundation
import HuntKit

/// What `hunt sheets` should make: which teams, players' sheets or the marshals' key, which paper.
public struct SheetOptions: Sendable, Hashable {
    /// Only this team's section; nil for one section per team.
    public var teamID: String?
    /// The marshals' answer key instead of the players' sheets.
    public var answerKey: Bool
    /// Overrides `sheets: paper:` from the hunt file.
    public var paper: SheetSettings.Paper?
    /// Each team's page on `hunt serve --players` (team id → URL), printed on its cover as a QR
    /// code and in words; empty for none.
    public var teamURLs: [String: String]
    /// The language the sheets are in, the answer key and posters too (`hunt sheets --language`);
    /// nil for the hunt's.
    public var language: String?
    /// The posters of the code tasks (`hunt sheets --posters`) instead of the players' sheets.
    public var posters = false
    /// The players' page on `hunt serve --players` (`--players-url`): a poster's QR code opens
    /// `<playersURL>/code#<task>:<code>`; nil for posters without one.
    public var playersURL: String?

    public init(
        teamID: String? = nil, answerKey: Bool = false, paper: SheetSettings.Paper? = nil, teamURLs: [String: String] = [:],
        language: String? = nil
    ) {
        self.teamID = teamID
        self.answerKey = answerKey
        self.paper = paper
        self.teamURLs = teamURLs
        self.language = language
    }
}

/// Everything printed sheets show, worked out from a hunt once, so the PDF and HTML renderers
/// only lay it out: texts are final (times in the hunt's timezone, units written out), QR codes
/// encoded.
public struct SheetDocument: Sendable {
    public enum Kind: String, Sendable, Hashable { case players, answerKey = "answer-key", posters }

    public var kind: Kind
    public var huntTitle: String
    public var paper: SheetSettings.Paper
    public var hints: SheetSettings.HintStyle
    /// One per team (or a single one without a team name when the hunt has no teams).
    public var sections: [PlayerSection]
    /// Set for `.answerKey`.
    public var answerKey: AnswerKey?
    /// For `.posters`: one per code task, in the hunt's order.
    public var posters: [Poster] = []
    /// For the PDF's creation date, so the same hunt prints the same bytes.
    public var date: Date?
    /// The sheets' language (`SheetOptions.language`, else the hunt's), and its words
    /// (`sheet.…` keys of its catalog, the answer key's `sheet.key.…`): what the renderers print
    /// around the hunt's texts.
    public var language: String
    public var words: PlayerCatalog
    /// The language is written right to left: pango lays each paragraph out from the right.
    public var isRightToLeft: Bool { words.isRightToLeft }

    /// A team's sheets: its cover, its cards, and its hint page when hints are printed separately.
    public struct PlayerSection: Sendable {
        public var teamID: String?
        public var teamName: String?
        public var cover: Cover
        public var cards: [TaskCard]
        /// Cards that carry a hint, for the hint page (empty unless hints are `separate`).
        public var hintPage: [TaskCard]
    }

    public struct Cover: Sendable {
        public var huntTitle: String
        public var teamName: String?
        public var teamMembers: [String]
        /// `Saturday 2 May 2026, 10:00 – 16:00`, in the hunt's timezone; nil when the hunt has no window.
        public var window: String?
        public var timezoneName: String
        /// The `rules:` text, split into paragraphs at blank lines.
        public var rules: [String]
        /// Sentences that explain how tasks score, from what the hunt uses.
        public var scoring: [String]
        public var rewards: [RewardLine]
        public var taskCount: Int
        public var totalPoints: Int
        /// The team's page where it sends its photos (`hunt sheets --players-url`), and its QR code.
        public var teamURL: String? = nil
        public var teamQR: QRCode? = nil
    }

    public struct RewardLine: Sendable, Hashable {
        public var points: Int
        public var reward: String
    }

    public struct TaskCard: Sendable {
        /// 1-based, in the order of the hunt file.
        public var number: Int
        public var id: String
        public var title: String
        public var clue: String?
        public var points: Int
        /// `20 pts`; on a task of a group, which scores only through it, `in task 1` (the group's card).
        public var pointsLabel: String
        /// Set only when hints print on the card or on the hint page.
        public var hint: String?
        /// Short facts players need: order, dwell, repeats, closest scoring, the task's own window.
        public var details: [String]
        public var tags: [String]
        /// `geo:52.09067,5.12133` for point targets whose positions print as QR codes
        /// (`sheets.positions: qr`); a `text` position is a line of `details`.
        public var geoURI: String?
        public var qr: QRCode?
    }

    /// A code task's poster, for a marshal to put up at its place: no team is named on it.
    public struct Poster: Sendable {
        /// The task's id.
        public var id: String
        /// The task's title in the sheets' language.
        public var title: String
        /// The code as players type it (`FXK-7PA`).
        public var code: String
        /// `<players-url>/code#<task>:<code>`, which opens the scanning phone's team page with
        /// the code filled in; nil without `--players-url`.
        public var url: String?
        public var qr: QRCode?
    }

    public struct AnswerKey: Sendable {
        public var huntTitle: String
        public var window: String?
        public var timezoneName: String
        public var entries: [AnswerEntry]
        public var teams: [(id: String, name: String)]
        /// The head's label and value rows, in the sheets' language: window, tasks, teams.
        public var facts: [(label: String, value: String)]
    }

    public struct AnswerEntry: Sendable {
        public var number: Int
        public var id: String
        public var title: String
        public var points: Int
        /// `20 pts` in the sheets' language.
        public var pointsLabel: String
        /// Label and value rows in the sheets' language: target, position, radius, area bounds, rules.
        public var facts: [(label: String, value: String)]
        /// Names and positions of a `places` target's places.
        public var places: [String]
        public var hint: String?
        public var reveal: String?
        public var geoURI: String?
        public var qr: QRCode?
    }
}

extension SheetDocument {
    /// Works out the sheets for `hunt`. Throws the hunt's errors (`Hunt.requireNoErrors(placing:)`:
    /// a card needs no area's polygons), or
    /// when `options.teamID` names no team.
    public init(hunt: Hunt, options: SheetOptions, layout: SheetLayout = .standard) throws(DiagnosticError) {
        try hunt.requireNoErrors(placing: false)
        kind = options.answerKey ? .answerKey : .players
        let language = options.language ?? hunt.language
        let words = (try? PlayerCatalog.named(language)) ?? .english
        self.language = language
        self.words = words
        huntTitle = hunt.titleText.text(in: language)
        paper = options.paper ?? hunt.sheets.paper
        hints = hunt.sheets.hints
        date = hunt.window?.start
        let window = hunt.window.map { Self.describe($0, in: hunt.timezone, words: words) }

        var teams = hunt.teams
        if let teamID = options.teamID {
            guard let team = hunt.team(teamID) else {
                let known = hunt.teams.map(\.id).sorted()
                let fix =
                    known.isEmpty
                    ? "the hunt has no `teams:`; leave out --team"
                    : "use one of: \(known.joined(separator: ", "))"
                throw DiagnosticError(.error("unknown-team", "no team `\(teamID)` in \(hunt.source.file)", at: hunt.source, fix: fix))
            }
            teams = [team]
        }

        if options.posters {
            kind = .posters
            sections = []
            answerKey = nil
            posters = try Self.posters(hunt, language: language, playersURL: options.playersURL)
            return
        }
        if options.answerKey {
            sections = []
            let entries = try Self.answerEntries(hunt, qr: layout.answerKeyQR, language: language, words: words)
            let keyTeams = teams.map { (id: $0.id, name: $0.name) }
            answerKey = AnswerKey(
                huntTitle: huntTitle, window: window, timezoneName: hunt.timezoneName, entries: entries, teams: keyTeams,
                facts: Self.answerKeyFacts(hunt, window: window, entries: entries.count, teams: keyTeams, words: words))
            return
        }
        answerKey = nil
        let cards = try Self.cards(hunt, language: language, words: words)
        let cover = Cover(
            huntTitle: huntTitle, teamName: nil, teamMembers: [], window: window, timezoneName: hunt.timezoneName,
            rules: Self.paragraphs(hunt.rulesText?.text(in: language)), scoring: Self.scoring(hunt, words: words),
            rewards: hunt.rewards.sorted { $0.points < $1.points }.map { RewardLine(points: $0.points, reward: $0.rewardText.text(in: language)) },
            taskCount: hunt.scoringTasks.count, totalPoints: hunt.scoringTasks.clampedSum { max(0, $0.points) })
        let hintPage = hunt.sheets.hints == .separate ? cards.filter { $0.hint != nil } : []
        if teams.isEmpty {
            sections = [PlayerSection(teamID: nil, teamName: nil, cover: cover, cards: cards, hintPage: hintPage)]
        } else {
            sections = try teams.map { team throws(DiagnosticError) in
                var teamCover = cover
                teamCover.teamName = team.name
                teamCover.teamMembers = team.members
                if let url = options.teamURLs[team.id] {
                    teamCover.teamURL = url
                    teamCover.teamQR = try Self.encode(url, at: team.location)
                }
                return PlayerSection(teamID: team.id, teamName: team.name, cover: teamCover, cards: cards, hintPage: hintPage)
            }
        }
    }

    // MARK: Players' cards

    static func cards(_ hunt: Hunt, language: String? = nil, words: PlayerCatalog = .english) throws(DiagnosticError) -> [TaskCard] {
        let title = { (task: HuntTask) in task.titleText.text(in: language) }
        let groupByTask = hunt.groupByTask
        var numbers: [String: Int] = [:]
        for (index, task) in hunt.tasks.enumerated() where task.isGroup { numbers[task.id] = index + 1 }
        var cards: [TaskCard] = []
        for (index, task) in hunt.tasks.enumerated() {
            var geoURI: String?
            var qr: QRCode?
            var details: [String] = []
            if case .circle(let centre, _) = task.target {
                switch task.positions ?? hunt.sheets.positions {
                case .none: break
                case .text: details.append(words.text("sheet.at", ["position": CoordinateText.readable(centre)]))
                case .qr:
                    let uri = GeoURI.string(for: centre)
                    geoURI = uri
                    qr = try encode(uri, at: task.location)
                }
            }
            let earlier = task.after.map { id in hunt.task(id).map(title) ?? id }
            switch task.evidence {
            case .video: details.append(words.text("sheet.video"))
            case .photo: details.append(words.text("sheet.photo"))
            case .any: break
            }
            if task.live { details.append(words.text("sheet.live", ["limit": hunt.policy.liveMaxAge.description])) }
            // What to do, never the code: that is on the poster at the place.
            if task.question?.code != nil { details.append(words.text("sheet.code")) }
            if !earlier.isEmpty { details.append(words.text("sheet.after", ["tasks": earlier.joined(separator: words.text("list.comma"))])) }
            if let opens = task.opens {
                details.append(words.text("sheet.opens", ["time": HuntClock(timezone: hunt.timezone).clockTimes(opens, opens).0]))
            }
            if let dwell = task.dwell { details.append(words.text("sheet.dwell", ["dwell": dwell.description])) }
            switch task.repeatRule {
            case .once: break
            case .perPlace: details.append(words.text("sheet.per-place"))
            case .unlimited: details.append(words.text("sheet.unlimited"))
            case .perDay: details.append(words.text("sheet.per-day"))
            }
            if task.score == .closest { details.append(words.text("sheet.closest")) }
            if case .places(let places) = task.target, !places.places.isEmpty {
                let count = String(places.places.count), within = radius(places.radius, hunt, words: words)
                if let choice = task.choose {
                    details.append(words.text("sheet.places-choose", ["count": String(choice.count), "of": count, "radius": within]))
                } else {
                    details.append(words.text("sheet.places", ["count": count, "radius": within]))
                }
            }
            if task.isGroup {
                let choice = task.choose!
                let names = choice.tasks.map { hunt.task($0).map(title) ?? $0 }.joined(separator: words.text("list.comma"))
                let values = ["count": String(choice.count), "of": String(choice.tasks.count), "tasks": names]
                details.append(words.text("sheet.group", values))
                details.append(words.text("sheet.group-counts", values))
            } else if let group = groupByTask[task.id] {
                details.append(
                    words.text(
                        "sheet.group-member",
                        [
                            "group": title(group), "count": String(group.choose!.count), "of": String(group.choose!.tasks.count),
                            "points": words.text("page.points", count: group.points)
                        ]))
            }
            if let own = task.window { details.append(words.text("sheet.only", ["window": describe(own, in: hunt.timezone, words: words)])) }
            details += hintDetails(task, in: hunt, words: words)
            let hint = hunt.sheets.hints == .hidden ? nil : freeHints(task, language: language)
            cards.append(
                TaskCard(
                    number: index + 1, id: task.id, title: title(task), clue: task.clueText?.text(in: language).nilIfBlank,
                    points: task.points,
                    pointsLabel: groupByTask[task.id].flatMap { group in numbers[group.id].map { words.text("sheet.in-task", ["number": String($0)]) }
                    }
                        ?? words.text("sheet.points", count: task.points),
                    hint: hint, details: details, tags: task.tags, geoURI: geoURI, qr: qr))
        }
        return cards
    }

    /// A radius as written in the hunt file (`40 m`, `1.5 km`), its number in the words' locale
    /// ("1,5 km"); in feet and miles when the hunt says `units: imperial`, whatever the file
    /// wrote it in.
    static func radius(_ length: Length, _ hunt: Hunt, words: PlayerCatalog = .english) -> String {
        let measure = words.measure(hunt.units)
        guard hunt.units == .metric, length.metres.isFinite else { return measure.distance(length.metres) }
        let kilometres = length.metres >= 1000
        let value = kilometres ? length.metres / 1000 : length.metres
        return measure.number(value, places: value.rounded() == value ? 0 : 1) + (kilometres ? " km" : " m")
    }

    static func encode(_ uri: String, at location: SourceLocation) throws(DiagnosticError) -> QRCode {
        do {
            return try QRCode(encoding: uri)
        } catch {
            throw DiagnosticError(.error("qr-failed", error.description, at: location))
        }
    }

    static func scoring(_ hunt: Hunt, words: PlayerCatalog = .english) -> [String] {
        var lines = [words.text("sheet.scoring.photo")]
        let total = hunt.scoringTasks.clampedSum { max(0, $0.points) }
        let count = hunt.scoringTasks.count
        lines.append(
            words.text("sheet.scoring.total", ["tasks": words.text("sheet.tasks", count: count), "points": words.text("page.points", count: total)]))
        if hunt.tasks.contains(where: { $0.repeatRule != .once }) { lines.append(words.text("sheet.scoring.repeat")) }
        if hunt.tasks.contains(where: { $0.score == .closest }) { lines.append(words.text("sheet.scoring.closest")) }
        if hunt.tasks.contains(where: { $0.choose != nil }) { lines.append(words.text("sheet.scoring.choose")) }
        if hunt.tasks.contains(where: { !$0.after.isEmpty }) { lines.append(words.text("sheet.scoring.after")) }
        if hunt.window != nil { lines.append(words.text("sheet.scoring.window")) }
        return lines
    }

    // MARK: Posters

    /// A poster per code task; a derived code must be known (`Hunt.derivingCodes(_:)`).
    static func posters(_ hunt: Hunt, language: String, playersURL: String?) throws(DiagnosticError) -> [Poster] {
        var base = playersURL ?? ""
        while base.hasSuffix("/") { base.removeLast() }
        var posters: [Poster] = []
        for task in hunt.tasks {
            guard let code = task.question?.code else { continue }
            guard let value = code.value else {
                throw DiagnosticError(
                    .error(
                        "code-unknown", "the code of task `\(task.id)` derives from the players' secret, which was not read", at: task.location,
                        fix: "make the posters with `hunt sheets --posters`, which reads it (or makes it)"))
            }
            // The fragment never reaches a server: the code stays on the phone.
            let url = playersURL.map { _ in base + "/code#" + Self.fragment(task.id) + ":" + value }
            posters.append(
                Poster(
                    id: task.id, title: task.titleText.text(in: language), code: value, url: url,
                    qr: try url.map { url throws(DiagnosticError) in try encode(url, at: task.location) }))
        }
        return posters
    }

    /// A task id in a URL's fragment: ids are letters, digits, `-`, `_` and `.`; anything else percent-encoded.
    static func fragment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_."))) ?? id
    }

    // MARK: Text

    /// `Saturday 2 May 2026, 10:00 – 16:00` ("sábado, 2 de mayo de 2026, 10:00 – 16:00"), or
    /// both dates when the window spans days: the day and times as Foundation writes them in the
    /// words' locale, in the hunt's timezone.
    static func describe(_ window: TimeWindow, in zone: TimeZone, words: PlayerCatalog = .english) -> String {
        words.window(from: window.start, to: window.end, in: zone)
    }

    /// Blank lines separate paragraphs; single newlines inside a paragraph are kept.
    static func paragraphs(_ text: String?) -> [String] {
        guard let text else { return [] }
        var paragraphs: [String] = []
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")); current = [] }
            } else {
                current.append(String(line).trimmingCharacters(in: .whitespaces))
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
        return paragraphs
    }
}

extension String {
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
    var nilIfBlank: String? { isBlank ? nil : self }
}

/// `geo:` URIs (RFC 5870) for point targets: what phone map apps open from a QR code.
public enum GeoURI {
    /// `geo:52.09067,5.12133`: WGS84 latitude and longitude, at most six decimals (about 0.1 m),
    /// no altitude and no `u=` uncertainty parameter, which several map apps refuse.
    public static func string(for coordinate: Coordinate) -> String {
        "geo:\(CoordinateText.decimal(coordinate.latitude)),\(CoordinateText.decimal(coordinate.longitude))"
    }
}
