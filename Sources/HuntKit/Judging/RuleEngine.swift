import Foundation

/// The rule engine: the hunt, the decisions, every case, and the rules as extensions, one file
/// per family under Rules/: each photo on its own (EachPhotoRules: team and task,
/// then PlacementRules, TimeRules, PhotoIntegrityRules), then across photos (DuplicateRules),
/// within each team (TeamRules: TravelRules, the verdict, DwellRules, OrderRules), and the scoring
/// (Scoring); `Judgement` runs them in that order. Rules only append findings; `TeamRules.settle`
/// is the one place a verdict is set.
struct RuleEngine: Sendable {
    let hunt: Hunt
    let reviews: Reviews
    let clock: HuntClock
    let teamIDs: Set<String>
    /// Teams and tasks by the names people type (`NameKey`), built once.
    let names: (teams: NameLookup<Team>, tasks: NameLookup<HuntTask>)
    /// Built once: every photo in a misspelt task folder asks it.
    let taskSuggestions: Suggestions
    /// The tasks of groups (`choose:` over listed tasks): they score only through their group.
    let groupTasks: Set<String>
    var cases: [SubmissionCase] = []
    /// Completed dwell stays per case index of the photo that completed it: the index of the photo that began it.
    var dwellStarts: [Int: Int] = [:]
    /// Every photo that belongs to a completed stay.
    var inStay: Set<Int> = []
    /// Capture instants (seconds since 1970; +∞ when unknown) by case index.
    var times: [Double] = []

    /// Earlier capture first; the same instant by path (cases are indexed in path order).
    /// Compares indices, never copies of cases: sorting copies of cases costs more than the rules.
    func earlier(_ a: Int, _ b: Int) -> Bool { Self.earlier(a, b, times: times) }

    static func earlier(_ a: Int, _ b: Int, times: [Double]) -> Bool { times[a] != times[b] ? times[a] < times[b] : a < b }

    init(hunt: Hunt, reviews: Reviews) {
        self.hunt = hunt
        self.reviews = reviews
        self.clock = HuntClock(timezone: hunt.timezone, around: hunt.window)
        self.teamIDs = Set(hunt.teams.map(\.id))
        self.names = (hunt.teamLookup, hunt.taskLookup)
        self.taskSuggestions = Suggestions(hunt.tasks.map(\.id))
        self.groupTasks = Set(hunt.groupByTask.keys)
    }

    /// The position's accuracy: the photo's own, else the policy's assumed one.
    func accuracy(of photo: PhotoMetadata) -> (metres: Double, source: JudgeResults.Evidence.AccuracySource) {
        if let a = photo.horizontalAccuracyMetres, a.isFinite, a >= 0 { return (a, .photo) }
        return (hunt.policy.assumedAccuracy.metres, .policy)
    }

    func bands(for task: HuntTask) -> Bands { task.bands ?? hunt.bands }

    /// Evidence numbers are rounded to hundredths.
    static func round(_ value: Double, places: Double = 100) -> Double { (value * places).rounded() / places }
}
