import Foundation

/// A scavenger hunt as its author wrote it: the model every command works from.
///
/// Loaded and validated by `HuntLoader`, or built in code and checked with `validate()`; every
/// value that came from a file keeps its `SourceLocation` where later stages may need to point at
/// it (`SourceLocation.builtInCode` for values made in code). `yaml()` writes it as a hunt file.
public struct Hunt: Sendable, Equatable {
    /// The most points a task or a reward tier may carry. Far above any real hunt, and low
    /// enough that no total of points a hunt can give comes near `Int.max`.
    public static let maximumPoints = 1_000_000
    /// The longest text value (a title, clue, rules, a team name), in UTF-8 bytes: pages of
    /// text, and small enough that every report that repeats it stays small.
    public static let maximumTextBytes = 8 * 1024

    /// A stable identifier: `id:` if given, else a slug of the title (`Hunt.slug(_:)`).
    public var id: String
    /// The name people see on reports and sheets, in the hunt's language (`titleText` has the others).
    public var title: String {
        get { titleText.text }
        set { titleText = LocalizedText(newValue) }
    }
    /// The title in the hunt's language and the others it is written in.
    public var titleText: LocalizedText
    /// The language players read by default (`language:`, a code such as `es`; `en` unless given).
    public var language: String = "en"
    /// The languages the team page offers (`languages:`), the hunt's own first; players' phones
    /// choose among them.
    public var languages: [String] = ["en"]
    /// How distances are written to players (`units:`): metric unless the file says imperial.
    public var units: UnitSystem = .metric
    /// The IANA name (`Europe/Amsterdam`), kept with `timezone`.
    public internal(set) var timezoneName: String
    /// The zone for times written without an offset, and for calendar days (`repeat: per-day`).
    public var timezone: TimeZone { didSet { timezoneName = Self.name(of: timezone) } }
    /// When photos count; nil for any time.
    public var window: TimeWindow?
    /// What a task read from a file takes when it does not say.
    public var defaults: TaskDefaults
    /// How the judge settles each kind of finding (reject, review, ignore, accept) and its thresholds (`policy:`).
    public var policy: Policy
    /// The hunt's hot/warm/cold distances, for tasks that set none of their own.
    public var bands: Bands
    /// The teams that take part, in file order; each team's id names its submissions folder.
    public var teams: [Team]
    /// The tasks and groups, in file order; ids must be unique (`validate()` checks).
    public var tasks: [HuntTask]
    /// Prize tiers (`rewards:`), in rising order of points (`validate()` checks); reports show each team's highest reached.
    public var rewards: [Reward]
    /// Free text shown on the cover of printed sheets, in the hunt's language.
    public var rules: String? {
        get { rulesText?.text }
        set { rulesText = newValue.map { LocalizedText($0) } }
    }
    /// The rules in the hunt's language and the others they are written in.
    public var rulesText: LocalizedText?
    /// How printed task sheets look (`sheets:`): paper, hint style, positions, layout.
    public var sheets: SheetSettings
    /// How long the teams' photos, videos and sidecars are kept after they arrive (`retention:`):
    /// `hunt purge` removes what is older. Nil when the hunt says nothing (then `hunt purge`
    /// needs `--before`).
    public var retention: TimeSpan?
    /// How long before the window's end the standings players and viewers see stop changing
    /// (`leaderboard: { freeze: 15 min }`): the leaderboard screen and the team pages keep the
    /// standings of that moment until a judge reveals them; the judges always see the truth.
    /// Nil when the hunt says nothing, or has no window to end.
    public var leaderboardFreeze: TimeSpan?

    /// When the standings stop changing for players and viewers: `leaderboardFreeze` before the
    /// window's end; nil without a freeze or a window.
    public var freezeStart: Date? {
        guard let freeze = leaderboardFreeze, let window else { return nil }
        return window.end.addingTimeInterval(-freeze.seconds)
    }
    /// Messages planned for the team pages (`announcements:`), in file order: `hunt serve --players` shows each from its time on.
    public var announcements: [Announcement] = []
    /// The hunt file; relative paths in it (`area:`, `places:`) are relative to its folder.
    public var source: SourceLocation
    /// The hunt file this was read from (nil for a hunt built in code): an input that no output may replace.
    public var fileURL: URL?

    /// A hunt; `timezoneName` is `timezone`'s identifier. Leave out `id` for a slug of `title`.
    public init(
        id: String, title: String, timezone: TimeZone = TimeZone(identifier: "UTC")!,
        window: TimeWindow? = nil, defaults: TaskDefaults = TaskDefaults(), policy: Policy = Policy(), bands: Bands = Bands(),
        teams: [Team] = [], tasks: [HuntTask] = [], rewards: [Reward] = [], rules: String? = nil,
        sheets: SheetSettings = SheetSettings(), source: SourceLocation = .builtInCode, fileURL: URL? = nil
    ) {
        self.id = id
        self.titleText = LocalizedText(title)
        self.timezoneName = Self.name(of: timezone)
        self.timezone = timezone
        self.window = window
        self.defaults = defaults
        self.policy = policy
        self.bands = bands
        self.teams = teams
        self.tasks = tasks
        self.rewards = rewards
        self.rulesText = rules.map { LocalizedText($0) }
        self.sheets = sheets
        self.source = source
        self.fileURL = fileURL
    }

    /// A hunt whose id is a slug of its title (`Utrecht Campus Photo Hunt` → `utrecht-campus-photo-hunt`).
    public init(
        title: String, timezone: TimeZone = TimeZone(identifier: "UTC")!,
        window: TimeWindow? = nil, defaults: TaskDefaults = TaskDefaults(), policy: Policy = Policy(), bands: Bands = Bands(),
        teams: [Team] = [], tasks: [HuntTask] = [], rewards: [Reward] = [], rules: String? = nil,
        sheets: SheetSettings = SheetSettings(), source: SourceLocation = .builtInCode, fileURL: URL? = nil
    ) {
        self.init(
            id: Hunt.slug(title), title: title, timezone: timezone, window: window, defaults: defaults, policy: policy, bands: bands,
            teams: teams, tasks: tasks, rewards: rewards, rules: rules, sheets: sheets, source: source, fileURL: fileURL)
    }

    /// The task or group whose id is `id`, or nil when the hunt has none.
    public func task(_ id: String) -> HuntTask? { tasks.first { $0.id == id } }

    /// The ids of the tasks with `opens:` whose time has come by `date`.
    public func openedTasks(at date: Date) -> Set<String> {
        Set(tasks.lazy.filter { $0.opens.map { $0 <= date } ?? false }.map(\.id))
    }
    /// The group (`choose:` over listed tasks) that lists task `id`, if any.
    public func group(of id: String) -> HuntTask? { tasks.first { $0.isGroup && $0.choose!.tasks.contains(id) } }
    /// Every group's tasks, each with its group (the first that lists it): for looking up many.
    public var groupByTask: [String: HuntTask] {
        var result: [String: HuntTask] = [:]
        for group in tasks where group.isGroup { for id in group.choose!.tasks where result[id] == nil { result[id] = group } }
        return result
    }
    /// The tasks that score on their own: every task and group but a group's members (which
    /// score only through their group). What "14 tasks" counts on the sheets and the page.
    public var scoringTasks: [HuntTask] {
        let members = groupByTask
        return tasks.filter { members[$0.id] == nil }
    }
    /// The team whose id is `id` (its submissions folder name), or nil when the hunt has none.
    public func team(_ id: String) -> Team? { teams.first { $0.id == id } }
}

/// A span of absolute time. Times written without an offset were read in the hunt's timezone.
public struct TimeWindow: Sendable, Hashable, Codable {
    /// The first instant that counts, inclusive (an absolute time; printed in the hunt's timezone).
    public var start: Date
    /// The last instant that counts, inclusive.
    public var end: Date
    /// The span from `start` to `end`, both inclusive.
    public init(start: Date, end: Date) {
        self.start = start
        self.end = end
    }
    /// Whether `date` falls inside the window, ends included: a photo outside gets `before-window` or `after-window`.
    public func contains(_ date: Date) -> Bool { date >= start && date <= end }
}

/// The radius and points a task in a hunt file takes when it does not say (`defaults:`).
public struct TaskDefaults: Sendable, Hashable {
    /// The target radius of an `at:` or `places:` task that does not give `radius:` (30 m unless the file says otherwise).
    public var radius: Length = .metres(30)
    /// The points of a task that does not give `points:` (10 unless the file says otherwise).
    public var points: Int = 10
    /// Defaults for tasks; the values a hunt without `defaults:` uses are 30 m and 10 points.
    public init(radius: Length = .metres(30), points: Int = 10) {
        self.radius = radius
        self.points = points
    }
}

/// What a finding does to a verdict.
public enum PolicyAction: String, Sendable, Hashable, Codable, CaseIterable {
    case reject, review, ignore, accept
}

/// How the judge settles findings. Thresholds first, then one action per kind of finding.
public struct Policy: Sendable, Hashable {
    /// The GPS error assumed when a photo does not record GPSHPositioningError.
    public var assumedAccuracy: Length = .metres(10)
    /// The largest gap allowed between capture time and GPS time.
    public var clockSkew: TimeSpan = TimeSpan(seconds: 600)
    /// Faster than this between a team's consecutive photos is `too-fast`.
    public var maximumSpeed: Speed = Speed(metresPerSecond: 250 / 3.6)
    /// What a photo gets when its accuracy circle straddles the target's edge (`uncertain-position`;
    /// `uncertain:` in the hunt file).
    public var uncertain: PolicyAction = .review
    /// What a photo gets when its accuracy is worse than max(radius, 100 m) (`imprecise-position`;
    /// `imprecise:` in the hunt file).
    public var imprecise: PolicyAction = .review
    /// What a photo gets when it records no GPS position and no browser fix stands in for one
    /// (`no-position`).
    public var noPosition: PolicyAction = .reject
    /// What a photo gets when it was taken before the hunt's (or its task's) window opened or
    /// after it closed (`before-window` / `after-window`; `outside-window:` in the hunt file).
    public var outsideWindow: PolicyAction = .reject
    /// What a photo gets when its capture time and GPS time differ by more than `clockSkew`
    /// (`clock-skew`; `skew:` in the hunt file).
    public var skew: PolicyAction = .review
    /// What a photo gets when the same file was sent for another task of its team and that copy
    /// was received or taken earlier (`duplicate-of`; `duplicates:` in the hunt file). A team's
    /// second copy for the same task is no finding, but never counts twice. A copy of another
    /// team's photo gets `duplicatesAcrossTeams`.
    public var duplicates: PolicyAction = .reject

    /// What a photo gets when it is a copy of another team's photo that was received earlier:
    /// `duplicates`, but never more than review — whose photo it is, a person decides.
    public var duplicatesAcrossTeams: PolicyAction { duplicates == .reject ? .review : duplicates }
    /// What a photo gets when its EXIF Software names a photo editor (`edited`).
    public var edited: PolicyAction = .review
    /// What a photo gets when reaching it from the team's previous photo took a speed above
    /// `maximumSpeed` (`too-fast`).
    public var tooFast: PolicyAction = .review
    /// What a photo gets when its task names an `after:` task the team had not done (accepted) by
    /// the time the photo was taken (`order`).
    public var order: PolicyAction = .reject
    /// What a file gets when it is a photo for a task that asks for a video (`evidence: video`), or
    /// the reverse (`wrong-media`).
    public var wrongMedia: PolicyAction = .reject
    /// `browser-position`: what the players' page's browser fix at upload is worth for a photo
    /// without a position of its own. `review` by default: the fix is the phone's word, which a
    /// team can forge (see `BrowserPositionUse.accept`).
    public var browserPosition: BrowserPositionUse = .review
    /// The largest gap between a photo's capture time and the browser's fix for the fix to stand
    /// for the photo's position.
    public var browserMaxGap: TimeSpan = TimeSpan(seconds: 600)
    /// The largest accuracy (radius, metres) of a browser fix that can stand for the photo's position.
    public var browserMaxAccuracy: Length = .metres(100)
    /// What a photo gets when its only position is a browser fix taken further than
    /// `browserMaxGap` from the capture, or less precise than `browserMaxAccuracy` (`browser-fix-weak`).
    public var browserFixWeak: PolicyAction = .review
    /// For a `live: true` task, the largest time from capture to upload.
    public var liveMaxAge: TimeSpan = TimeSpan(seconds: 300)
    /// What a photo for a `live: true` task gets when it was not taken with the players' page's
    /// camera, or was uploaded more than `liveMaxAge` after it was taken (`not-live`).
    public var notLive: PolicyAction = .review
    /// The policy a hunt without `policy:` gets: the defaults shown on each property.
    public init() {}
}

/// What the judge makes of the browser's position at upload (`BrowserFix`) when a photo has none
/// of its own (`policy: browser-position:`).
public enum BrowserPositionUse: String, Sendable, Hashable, Codable, CaseIterable {
    /// Judge the browser's fix as the photo's position. The fix, its time and `live` come from
    /// the phone, so a team can forge them: a photo without GPS then counts wherever the team
    /// says it was taken. For hunts whose every team is trusted.
    case accept
    /// Judge it as the position, but a photo it would accept goes to review (`browser-position`).
    case review
    /// Leave it out: the photo has no position (`no-position`), as without the players' page.
    case ignore
}

/// A team: its id names its submissions folder.
public struct Team: Sendable, Hashable {
    /// The team's identifier: the name of its folder of submissions, and how reports and reviews refer to it.
    public var id: String
    /// The name people see on reports, sheets and the judges' console.
    public var name: String
    /// The players' names, as listed in the hunt file (`members:`); kept with the team, not used for judging.
    public var members: [String]
    /// Where the team was written in the hunt file (`SourceLocation.builtInCode` if made in code), for diagnostics.
    public var location: SourceLocation
    /// A team with an explicit id (its submissions folder name).
    public init(id: String, name: String, members: [String] = [], location: SourceLocation = .builtInCode) {
        self.id = id
        self.name = name
        self.members = members
        self.location = location
    }

    /// A team whose id is a slug of its name (`Red Foxes` → `red-foxes`).
    public init(name: String, members: [String] = [], location: SourceLocation = .builtInCode) {
        self.init(id: Hunt.slug(name), name: name, members: members, location: location)
    }
}

/// Where a task is done.
public enum Target: Sendable, Equatable {
    /// A point and the radius around it.
    case circle(center: Coordinate, radius: Length)
    /// A polygon area read from a GeoJSON or KML file.
    case area(AreaTarget)
    /// Any of many points read from a file, each with the same radius.
    case places(PlacesTarget)
}

/// An `area:` file reference and, once read, its geometry.
public struct AreaTarget: Sendable, Equatable {
    /// The path as written in the hunt file.
    public var path: String
    /// The path resolved against the hunt file's folder.
    public var url: URL
    /// The polygons, once `Hunt.readTargetFiles()` has read the file; nil before.
    public var area: Area? = nil
    /// A reference to the area file at `path` (as written) resolving to `url`; `area` stays nil until the file is read.
    public init(path: String, url: URL) {
        self.path = path
        self.url = url
    }

    /// An area built in code: its polygons, and the GeoJSON file `Hunt.write(to:)` keeps them in,
    /// `path` relative to the hunt file's folder (`areas/old-town.geojson`).
    public init(path: String, area: Area) {
        self.path = path
        self.url = URL(fileURLWithPath: path)
        self.area = area
    }
}

/// A `places:` file reference and, once read, its places.
public struct PlacesTarget: Sendable, Equatable {
    /// The path as written in the hunt file.
    public var path: String
    /// The path resolved against the hunt file's folder.
    public var url: URL
    /// How close to any of the places a photo must be to count for it, in metres.
    public var radius: Length
    /// The places, once `Hunt.readTargetFiles()` has read the file; empty before.
    public var places: [Place] = []
    /// A reference to the places file at `path` (as written) resolving to `url`, each place with `radius`; `places` stays empty until read.
    public init(path: String, url: URL, radius: Length) {
        self.path = path
        self.url = url
        self.radius = radius
    }
}

/// How often a task can score for one team (`repeat:` in the hunt file).
public enum RepeatRule: String, Sendable, Hashable, Codable {
    /// Counts once per team (the default).
    case once
    /// Each distinct place of a `places` target counts once.
    case perPlace = "per-place"
    /// Every accepted photo counts (subject to `dwell`).
    case unlimited
    /// Once per calendar day in the hunt's timezone.
    case perDay = "per-day"
}

/// How a task turns accepted photos into points (`score:` in the hunt file).
public enum ScoreRule: String, Sendable, Hashable, Codable {
    /// Points when the photo is accepted.
    case complete
    /// Ranked by closest approach, best per day kept.
    case closest
}

/// What a task takes as proof: `evidence: photo | video | any` in the hunt file.
public enum EvidenceKind: String, Sendable, Hashable, Codable, CaseIterable {
    case photo, video, any

    /// Whether a file of `media` is what the task asks for.
    public func accepts(_ media: PhotoMetadata.Media) -> Bool { self == .any || rawValue == media.rawValue }
}

/// A task's reference photo: the path as written in the hunt file, and the file it names.
public struct TaskReference: Sendable, Hashable {
    /// As written, relative to the hunt file's folder.
    public var path: String
    /// The file, found from `path` in the hunt file's folder.
    public var url: URL

    /// The photo at `path`, relative to `folder` (the hunt file's).
    public init(path: String, in folder: URL) {
        self.path = path
        url = folder.appendingPathComponent(path).standardizedFileURL
    }
}

/// `choose: N`: a task that counts once any N of a set are done (Rapua's "complete N",
/// Adventure Lab's "any 5"). The set is the task's own places (a `places:` task), or the tasks
/// a group lists (`tasks: [a, b, c]`; a group has no target of its own, and its tasks score
/// only through it).
public struct Choice: Sendable, Hashable {
    /// How many of the set must be done.
    public var count: Int
    /// A group's tasks, as written; empty when the set is the task's places.
    public var tasks: [String]
    /// Where `choose:` was written.
    public var location: SourceLocation

    /// Choose `count` of the task's places (leave `tasks` empty) or of the listed task ids (a group).
    public init(count: Int, tasks: [String] = [], location: SourceLocation = .builtInCode) {
        self.count = count
        self.tasks = tasks
        self.location = location
    }

    /// `any 3 of these 5`: what cards and reports say a `choose` task asks.
    public static func describe(_ count: Int, of setSize: Int) -> String { "any \(count) of these \(setSize)" }

    /// `2 of 3 done`, or `complete: 3 of 3 done` (`complete: 4 done, 3 needed`): a team's progress.
    public static func progress(done: Int, of count: Int) -> String {
        done < count ? "\(done) of \(count) done" : done == count ? "complete: \(done) of \(count) done" : "complete: \(done) done, \(count) needed"
    }
}

/// One task of a hunt.
///
/// A value type whose fields (`Fields`, declared once) live in one shared, copy-on-write box: the
/// judge keeps the task with every photo it judges, and copying twenty fields (ten of them
/// reference-counted) per photo and per rule shows in its profiles, where a copy of the box is
/// one reference. Equal when their fields are.
public struct HuntTask: Sendable, Equatable {
    private var box: Box
    /// The task's identifier, unique in the hunt: what `after:`, group `tasks:`, reviews and reports refer to it by.
    public var id: String {
        get { box.fields.id }
        set { unique().fields.id = newValue }
    }
    /// The name players and judges see on sheets, reports and the console, in the hunt's language.
    public var title: String {
        get { box.fields.title.text }
        set { unique().fields.title = LocalizedText(newValue) }
    }
    /// The text that tells players what to find; printed on their sheets.
    public var clue: String? {
        get { box.fields.clue?.text }
        set { unique().fields.clue = newValue.map { LocalizedText($0) } }
    }
    /// An optional extra clue; sheets print it as `SheetSettings.hints` says.
    public var hint: String? {
        get { box.fields.hint?.text }
        set { unique().fields.hint = newValue.map { LocalizedText($0) } }
    }
    /// Text shown on reports once the task is done (the answer or a fun fact), never before.
    public var reveal: String? {
        get { box.fields.reveal?.text }
        set { unique().fields.reveal = newValue.map { LocalizedText($0) } }
    }
    /// `title`, `clue`, `hint` and `reveal` in the hunt's language and the others they are written in.
    public var titleText: LocalizedText {
        get { box.fields.title }
        set { unique().fields.title = newValue }
    }
    public var clueText: LocalizedText? {
        get { box.fields.clue }
        set { unique().fields.clue = newValue }
    }
    public var hintText: LocalizedText? {
        get { box.fields.hint }
        set { unique().fields.hint = newValue }
    }
    public var revealText: LocalizedText? {
        get { box.fields.reveal }
        set { unique().fields.reveal = newValue }
    }
    /// The points one accepted photo (or one completion of a `choose`) scores; at most `Hunt.maximumPoints`.
    public var points: Int {
        get { box.fields.points }
        set { unique().fields.points = newValue }
    }
    /// Where the photo must be taken; nil for a group or a task judged without a place.
    public var target: Target? {
        get { box.fields.target }
        set { unique().fields.target = newValue }
    }
    /// Ids of tasks the team must have done before this one; a photo taken earlier gets `order`.
    public var after: [String] {
        get { box.fields.after }
        set { unique().fields.after = newValue }
    }
    /// How long a team must stay at the place, shown by two photos that far apart in time; nil for no stay.
    public var dwell: TimeSpan? {
        get { box.fields.dwell }
        set { unique().fields.dwell = newValue }
    }
    /// How often the task can score for one team (`repeat:`): once, per place, per day or unlimited.
    public var repeatRule: RepeatRule {
        get { box.fields.repeatRule }
        set { unique().fields.repeatRule = newValue }
    }
    /// Whether the task scores on completion or by closest approach (`score:`).
    public var score: ScoreRule {
        get { box.fields.score }
        set { unique().fields.score = newValue }
    }
    /// Free labels (`tags:`), shown on reports and exported with the task's points; not used for judging.
    public var tags: [String] {
        get { box.fields.tags }
        set { unique().fields.tags = newValue }
    }
    /// The task's own window, inside the hunt's.
    public var window: TimeWindow? {
        get { box.fields.window }
        set { unique().fields.window = newValue }
    }
    /// The task's own bands, else the hunt's.
    public var bands: Bands? {
        get { box.fields.bands }
        set { unique().fields.bands = newValue }
    }
    /// Where the task was written in the hunt file (`SourceLocation.builtInCode` if made in code), for diagnostics.
    public var location: SourceLocation {
        get { box.fields.location }
        set { unique().fields.location = newValue }
    }
    /// What the task takes: a photo, a video, or either (the default).
    public var evidence: EvidenceKind {
        get { box.fields.evidence }
        set { unique().fields.evidence = newValue }
    }
    /// A photo of what to capture (`reference: FILE`, relative to the hunt file), shown to judges
    /// beside each submission; checked by the loader to be a photo inside the hunt's folder.
    public var reference: TaskReference? {
        get { box.fields.reference }
        set { unique().fields.reference = newValue }
    }
    /// The task's own `sheets: { positions: … }`; nil follows the hunt's `sheets.positions`.
    public var positions: SheetSettings.Positions? {
        get { box.fields.positions }
        set { unique().fields.positions = newValue }
    }
    /// `choose: N` (over the task's places, or a group's `tasks:`); nil for an ordinary task.
    public var choose: Choice? {
        get { box.fields.choose }
        set { unique().fields.choose = newValue }
    }
    /// `live: true`: the photo must be taken with the players' page's camera and sent soon after
    /// (`policy: live-max-age:`), else it is `not-live`.
    public var live: Bool {
        get { box.fields.live }
        set { unique().fields.live = newValue }
    }
    /// `live: bands` or `live: direction`: what the team's page tells players as the phone moves
    /// towards the target; nil when it tells nothing (`TaskGuide`).
    public var guide: TaskGuide? {
        get { box.fields.guide }
        set { unique().fields.guide = newValue }
    }
    /// `opens: 11:00`: the team's page shows the task (its clue and its buttons) from then on,
    /// and a photo or answer from before it is outside the task's window (`judgedWindow`).
    public var opens: Date? {
        get { box.fields.opens }
        set { unique().fields.opens = newValue }
    }
    /// `unlocked_by: [ids]`: the team's page shows the task once the team has done these; they
    /// are among `after` too, so the judge takes the task only after them, as `after:` says.
    public var unlockedBy: [String] {
        get { box.fields.unlockedBy }
        set { unique().fields.unlockedBy = newValue }
    }
    /// The window the judge holds the task's photos and answers to: its own `window`, begun no
    /// earlier than `opens`.
    public var judgedWindow: TimeWindow? {
        guard let opens else { return window }
        guard let window else { return TimeWindow(start: opens, end: .distantFuture) }
        return TimeWindow(start: max(window.start, opens), end: window.end)
    }
    /// `hints:`: hints that open by time or are bought for points (`TaskHint`); empty when the
    /// task has none or only `hint:` (`allHints` gives both).
    public var hints: [TaskHint] {
        get { box.fields.hints }
        set { unique().fields.hints = newValue }
    }
    /// `answer:`, `number:` or `choices:`: what the team types or picks; nil for a photo task.
    /// Such a task needs no target (`TaskQuestion`).
    public var question: TaskQuestion? {
        get { box.fields.question }
        set { unique().fields.question = newValue }
    }
    /// `check_in: true`: done by being at the task's place (`at`, `places` or `area`), checked by
    /// the browser's position the players' page sends (`CheckInPosition`), with no photo; with
    /// `dwell`, by staying there that long.
    public var checkIn: Bool {
        get { box.fields.checkIn }
        set { unique().fields.checkIn = newValue }
    }
    /// A group: `choose:` over listed tasks, with no target of its own.
    public var isGroup: Bool { !(choose?.tasks.isEmpty ?? true) }

    /// A task with every field a hunt file can give it. Leave out `id` for a slug of `title`.
    public init(
        id: String, title: String, clue: String? = nil, hint: String? = nil, reveal: String? = nil, points: Int = 10,
        target: Target? = nil, after: [String] = [], dwell: TimeSpan? = nil, repeatRule: RepeatRule = .once,
        score: ScoreRule = .complete, tags: [String] = [], window: TimeWindow? = nil, bands: Bands? = nil,
        evidence: EvidenceKind = .any, reference: TaskReference? = nil, positions: SheetSettings.Positions? = nil,
        choose: Choice? = nil, live: Bool = false, question: TaskQuestion? = nil, location: SourceLocation = .builtInCode
    ) {
        box = Box(
            Fields(
                id: id, title: LocalizedText(title), clue: clue.map { LocalizedText($0) }, hint: hint.map { LocalizedText($0) },
                reveal: reveal.map { LocalizedText($0) }, points: points, target: target, after: after,
                dwell: dwell, repeatRule: repeatRule, score: score, tags: tags, window: window, bands: bands, location: location,
                evidence: evidence, reference: reference, positions: positions, choose: choose, live: live, question: question))
    }

    /// A task whose id is a slug of its title (`The Dom Tower` → `the-dom-tower`).
    public init(
        title: String, clue: String? = nil, hint: String? = nil, reveal: String? = nil, points: Int = 10,
        target: Target? = nil, after: [String] = [], dwell: TimeSpan? = nil, repeatRule: RepeatRule = .once,
        score: ScoreRule = .complete, tags: [String] = [], window: TimeWindow? = nil, bands: Bands? = nil,
        evidence: EvidenceKind = .any, reference: TaskReference? = nil, positions: SheetSettings.Positions? = nil,
        choose: Choice? = nil, live: Bool = false, question: TaskQuestion? = nil, location: SourceLocation = .builtInCode
    ) {
        self.init(
            id: Hunt.slug(title), title: title, clue: clue, hint: hint, reveal: reveal, points: points, target: target, after: after,
            dwell: dwell, repeatRule: repeatRule, score: score, tags: tags, window: window, bands: bands, evidence: evidence,
            reference: reference, positions: positions, choose: choose, live: live, question: question, location: location)
    }

    public static func == (a: HuntTask, b: HuntTask) -> Bool { a.box === b.box || a.box.fields == b.box.fields }

    /// The fields, copied into a box of their own first if another task value shares the box.
    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    /// The stored fields, in the order `init` takes them.
    struct Fields: Sendable, Equatable {
        var id: String
        var title: LocalizedText
        var clue: LocalizedText?
        var hint: LocalizedText?
        var reveal: LocalizedText?
        var points: Int
        var target: Target?
        var after: [String]
        var dwell: TimeSpan?
        var repeatRule: RepeatRule
        var score: ScoreRule
        var tags: [String]
        var window: TimeWindow?
        var bands: Bands?
        var location: SourceLocation
        var evidence: EvidenceKind
        var reference: TaskReference?
        var positions: SheetSettings.Positions?
        var choose: Choice?
        var live: Bool
        var question: TaskQuestion?
        var guide: TaskGuide? = nil
        var opens: Date? = nil
        var unlockedBy: [String] = []
        var checkIn = false
        var hints: [TaskHint] = []
    }

    /// Mutated only through `unique()`, so never while shared: safe to send.
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }
}

/// A prize for reaching a number of points.
public struct Reward: Sendable, Hashable {
    /// The total a team must reach for this prize.
    public var points: Int
    /// The prize in the hunt's language and its translations (`reward: { es: Una bebida, en: A free drink }`).
    public var rewardText: LocalizedText
    /// Where the reward was written in the hunt file (`SourceLocation.builtInCode` if made in code), for diagnostics.
    public var location: SourceLocation
    /// The prize in the hunt's language, as sheets and reports show it (`A free drink`).
    public var reward: String {
        get { rewardText.text }
        set { rewardText.text = newValue }
    }
    /// A prize `reward` (in the hunt's language) for reaching `points`.
    public init(points: Int, reward: String, location: SourceLocation = .builtInCode) {
        self.init(points: points, rewardText: LocalizedText(reward), location: location)
    }
    /// A prize for reaching `points`, with its translations.
    public init(points: Int, rewardText: LocalizedText, location: SourceLocation = .builtInCode) {
        self.points = points
        self.rewardText = rewardText
        self.location = location
    }
}

/// The `sheets:` section: how printed task sheets look.
public struct SheetSettings: Sendable, Hashable {
    /// The paper size sheets are laid out for: ISO A4 or US Letter.
    public enum Paper: String, Sendable, Hashable, CaseIterable { case a4, letter }
    /// Where a task's hint appears on players' sheets.
    public enum HintStyle: String, Sendable, Hashable, CaseIterable {
        /// Printed upside down at the foot of the card.
        case upsideDown = "upside-down"
        /// Collected on a separate page at the end.
        case separate
        /// Not printed on player sheets.
        case hidden
    }
    /// Whether and how players' cards show where a point (`at:`) task is. A task may say
    /// otherwise (`HuntTask.positions`); the answer key always shows positions.
    public enum Positions: String, Sendable, Hashable, CaseIterable {
        /// Not shown: the clue is the puzzle (the default).
        case none
        /// Written as people read it, `34.6093° S, 58.3739° W`.
        case text
        /// A QR code of a `geo:` URI that phone map apps open, with the URI under it as the layout says.
        case qr
    }
    /// The paper size sheets are laid out for (A4 unless `paper:` says otherwise).
    public var paper: Paper = .a4
    /// `positions:`, for tasks that do not say.
    public var positions: Positions = .none
    /// Where hints go on players' sheets (upside down at the foot of each card unless `hints:` says otherwise).
    public var hints: HintStyle = .upsideDown
    /// `layout:`: a sheet template, by name (a folder in Templates/sheets/) or by path (relative
    /// to the hunt file's folder); nil for the default. `--template` overrides it.
    public var layout: String? = nil
    /// Where `layout:` was written, for errors about the template it names.
    public var layoutLocation: SourceLocation? = nil
    /// The settings a hunt without `sheets:` gets: A4, hints upside down, no positions, the default layout.
    public init() {}
}

extension Hunt {
    /// The slug of a title, for ids: `Utrecht Campus Photo Hunt` → `utrecht-campus-photo-hunt`
    /// (ASCII letters and digits, `-` between words, at most 64 characters; `hunt` when nothing is left).
    public static func slug(_ title: String) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).lowercased()
        var slug = ""
        var pendingDash = false
        for c in folded.unicodeScalars {
            if c.isASCII, c.isIdentifierCharacter {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(c)
            } else {
                pendingDash = true
            }
            if slug.count >= 64 { break }
        }
        return slug.isEmpty ? "hunt" : slug
    }
}

extension Hunt {
    /// A zone's IANA name; `UTC` for the zone Foundation calls `GMT` (what `TimeZone(identifier: "UTC")` gives).
    static func name(of zone: TimeZone) -> String {
        zone.identifier == "GMT" ? "UTC" : zone.identifier
    }
}

extension SourceLocation {
    /// Where a value made in code (not read from a file) is said to be: `built in code`.
    public static let builtInCode = SourceLocation(file: "built in code")
}

extension Hunt {
    /// The `area:` and `places:` files the hunt refers to, resolved: inputs an output must not replace.
    public var targetFiles: [URL] {
        tasks.compactMap { task in
            switch task.target {
            case .area(let a): a.url
            case .places(let p): p.url
            case .circle, nil: nil
            }
        }
    }
}

extension Hunt {
    /// The tasks so that each comes after those it names in `after` (cycles, which validation
    /// reports, are broken by the file's order).
    var tasksInDependencyOrder: [HuntTask] {
        var placed = Set<String>(), result: [HuntTask] = []
        let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var visiting = Set<String>()
        func visit(_ task: HuntTask) {
            if placed.contains(task.id) || visiting.contains(task.id) { return }
            visiting.insert(task.id)
            for id in task.after { if let t = byID[id] { visit(t) } }
            visiting.remove(task.id)
            placed.insert(task.id)
            result.append(task)
        }
        tasks.forEach(visit)
        return result
    }
}

/// What a task's page tells players while they walk (`live: bands` or `live: direction`), from the
/// phone's position, never kept: `bands` says which band of the task's `bands:` the team is in and
/// whether it is getting warmer or colder, never the distance or the target (Cache Grab);
/// `direction` shows an arrow and the distance to the target, or to an area's nearest edge
/// (Where-is-France).
public enum TaskGuide: String, Sendable, Hashable, CaseIterable {
    case bands, direction
}
