import Foundation

/// Synthetic submissions for a hunt: real JPEGs with EXIF GPS, capture times, offsets and
/// accuracy (and, when asked, videos: MOV with Apple's keys or MP4 with `©xyz`, some of them the
/// motion half of a Live Photo), mostly honest, with a known share of each kind of failure, and
/// the verdict each should get. For organizers to rehearse their rules, and for tests and benchmarks.
///
/// Deterministic: the same hunt, options and seed give the same files, byte for byte
/// (`SplitMix64`, no clock, no system randomness).
///
/// The expected verdicts come from the plan, not from the judge: a photo planned off target by
/// 200 m is expected `outside-target`, whatever the judge says. Only the bookkeeping of
/// `after` (a task whose prerequisite a team has not done yet) follows the rule's definition.
public struct Simulator: Sendable {
    /// What a simulated photo is meant to show.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable, CodingKeyRepresentable {
        case honest
        case offTarget = "off-target"
        case beforeWindow = "before-window"
        case afterWindow = "after-window"
        case noGPS = "no-gps"
        case duplicate
        case edited
        case tooFast = "too-fast"
        case uncertain = "uncertain-position"
        case clockSkew = "clock-skew"
        /// A photo for a task whose `evidence:` wants a video, or the reverse.
        case wrongMedia = "wrong-media"
        /// For a `live: true` task: a photo chosen from the phone's gallery on the players' page,
        /// not taken with its camera.
        case notLive = "not-live"
        /// An accepted answer typed (or choice picked) for a question task (`answers.jsonl`).
        case rightAnswer = "right-answer"
        /// An answer that matches none of the task's, sent before the right one.
        case wrongAnswer = "wrong-answer"

        /// The reason code the failure should produce.
        var reason: ReasonCode? {
            switch self {
            case .honest: nil
            case .offTarget: .outsideTarget
            case .beforeWindow: .beforeWindow
            case .afterWindow: .afterWindow
            case .noGPS: .noPosition
            case .duplicate: .duplicateOf
            case .edited: .edited
            case .tooFast: .tooFast
            case .uncertain: .uncertainPosition
            case .clockSkew: .clockSkew
            case .wrongMedia: .wrongMedia
            case .notLive: .notLive
            case .rightAnswer: nil
            case .wrongAnswer: .wrongAnswer
            }
        }
    }

    /// How much to simulate, and how.
    public struct Options: Sendable, Hashable {
        /// The most photos per team a simulation writes: a rehearsal or a benchmark needs far
        /// fewer, and a typo of a few extra digits should not fill the disk.
        public static let maximumPhotosPerTeam = 100_000

        /// Teams to simulate (at most the roster's).
        public var teams: Int
        /// Photos per team.
        public var photosPerTeam: Int
        /// The generator's seed: the same seed gives the same files.
        public var seed: UInt64
        /// The share of photos planned to fail, spread evenly over the failure kinds.
        public var failureShare: Double
        /// The share of submissions for `evidence: any` tasks sent as videos; as many photos again
        /// get a Live Photo motion video beside them. 0 (the default) draws nothing more from the
        /// generator, so the files are those of a photo-only run.
        public var videoShare: Double

        /// Options for `teams` teams of `photosPerTeam` photos each.
        public init(teams: Int, photosPerTeam: Int, seed: UInt64 = 1, failureShare: Double = 0.25, videoShare: Double = 0) {
            self.teams = teams
            self.photosPerTeam = photosPerTeam
            self.seed = seed
            self.failureShare = failureShare
            self.videoShare = videoShare
        }

        /// Throws when an option is out of its range: at least one team, 1 to
        /// `maximumPhotosPerTeam` photos a team, shares from 0 to 1.
        public func check() throws(SimulationError) {
            guard teams >= 1 else { throw .badOption("teams must be at least 1, not \(teams)") }
            guard (1...Self.maximumPhotosPerTeam).contains(photosPerTeam) else {
                throw .badOption("photos per team must be from 1 to \(Self.maximumPhotosPerTeam), not \(photosPerTeam)")
            }
            guard (0...1).contains(failureShare) else { throw .badOption("the failure share must be from 0 to 1, not \(failureShare)") }
            guard (0...1).contains(videoShare) else { throw .badOption("the video share must be from 0 to 1, not \(videoShare)") }
        }
    }

    /// One planned photo.
    public struct PlannedPhoto: Sendable {
        /// Where it is written, relative to the submissions folder.
        public var path: String
        /// The team it is sent by.
        public var team: String
        /// The task it is meant for.
        public var task: HuntTask
        /// What it is planned to show.
        public var kind: Kind
        /// When it is taken.
        public var instant: Date
        /// The metadata written into the file.
        package var tags: PhotoTags
        /// Makes the picture unique; a duplicate shares its original's.
        public var identity: UInt64
        /// The picture's hue, 0 to 1 (one per task), so the tasks' photos differ to the eye.
        public var hue: Double
        /// Written as this video format instead of a JPEG.
        public var video: PhotoMetadata.Format?
        /// A Live Photo: a motion MOV of the same name and moment is written beside the JPEG.
        public var motion = false
        /// Reasons from the plan, before `after` bookkeeping.
        var reasons: [ReasonCode]
        /// For a `live: true` task, what the players' page writes beside the upload: the browser's
        /// fix and whether its camera took the photo (`BrowserFix.sidecarName(for:)`).
        public var browserFix: BrowserFix? = nil
        /// What is typed, for an attempt at a question task (a line of `answers.jsonl`, `path`
        /// then `answers.jsonl#<id>`); nil for a photo.
        public var answer: String? = nil
    }

    /// Why a simulation cannot be planned for this hunt and these options.
    public enum SimulationError: Error, CustomStringConvertible {
        case notEnoughTeams(wanted: Int, roster: Int)
        case noUsableTasks
        /// An option out of its range: which, and what it may be.
        case badOption(String)
        public var description: String {
            switch self {
            case .badOption(let what): what
            case .notEnoughTeams(let wanted, let roster):
                "the hunt has \(roster) team(s) and \(wanted) were asked for; add teams to the hunt's `teams:` or ask for at most \(roster)"
            case .noUsableTasks:
                "no task of the hunt has a target to take photos at, or a question to answer"
            }
        }
    }

    /// The hunt simulated.
    public var hunt: Hunt
    /// How much to simulate.
    public var options: Options

    /// A simulator of `hunt`.
    public init(hunt: Hunt, options: Options) {
        self.hunt = hunt
        self.options = options
    }

    // MARK: Planning

    /// Every photo (and attempt at a question task) to write, and what a correct judge must say
    /// of them; nothing is written.
    /// Throws the hunt's errors (`Hunt.requireNoErrors()`) when it has any.
    public func plan() throws -> (photos: [PlannedPhoto], answers: AnswerFile) {
        try hunt.requireNoErrors()
        try options.check()
        guard options.teams <= hunt.teams.count else {
            throw SimulationError.notEnoughTeams(wanted: options.teams, roster: hunt.teams.count)
        }
        // A task that counts once any N of its places are done gets N visits a round.
        let usable = hunt.tasksInDependencyOrder.filter { Self.usable($0) }
            .flatMap { task in Array(repeating: task, count: task.choose?.count ?? 1) }
        guard !usable.isEmpty || !questionTasks.isEmpty else { throw SimulationError.noUsableTasks }
        var rng = SplitMix64(seed: options.seed)
        var photos: [PlannedPhoto] = []
        for (teamIndex, team) in hunt.teams.prefix(options.teams).enumerated() where !usable.isEmpty {
            var planner = TeamPlanner(hunt: hunt, options: options, team: team.id, teamIndex: teamIndex, tasks: usable)
            photos += planner.plan(rng: &rng, earlier: photos)
        }
        let checkIns = plannedCheckIns(after: photos)
        photos += plannedAnswers(after: photos, checkIns: checkIns)
        photos.sort { $0.path < $1.path }
        let answers = (expectedAnswers(photos, checkIns: checkIns) + checkIns.map(\.answer)).sorted { $0.path < $1.path }
        var kinds: [Kind: Int] = [:]
        for p in photos { kinds[p.kind, default: 0] += 1 }
        return (
            photos,
            AnswerFile(
                hunt: hunt.id, seed: options.seed, teams: options.teams, photosPerTeam: options.photosPerTeam,
                kinds: kinds, submissions: answers, choices: expectedChoices(photos, answers))
        )
    }

    /// A task photos can be planned for: one with loaded target geometry (a code task's place is
    /// where its poster hangs: it takes no photo).
    static func usable(_ task: HuntTask) -> Bool {
        guard task.question?.code == nil else { return false }
        // A check-in task takes no photo (it would be `wrong-kind`).
        if task.checkIn { return false }
        return switch task.target {
        case .circle: true
        case .places(let p): !p.places.isEmpty
        case .area(let a): a.area != nil
        case nil: false
        }
    }
}
