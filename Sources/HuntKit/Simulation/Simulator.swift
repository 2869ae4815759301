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
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
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
            }
        }
    }

    public struct Options: Sendable, Hashable {
        /// The most photos per team a simulation writes: a rehearsal or a benchmark needs far
        /// fewer, and a typo of a few extra digits should not fill the disk.
        public static let maximumPhotosPerTeam = 100_000

        public var teams: Int
        public var photosPerTeam: Int
        public var seed: UInt64
        /// The share of photos planned to fail, spread evenly over the failure kinds.
        public var failureShare: Double
        /// The share of submissions for `evidence: any` tasks sent as videos; as many photos again
        /// get a Live Photo motion video beside them. 0 (the default) draws nothing more from the
        /// generator, so the files are those of a photo-only run.
        public var videoShare: Double

        public init(teams: Int, photosPerTeam: Int, seed: UInt64 = 1, failureShare: Double = 0.25, videoShare: Double = 0) {
            self.teams = teams
            self.photosPerTeam = photosPerTeam
            self.seed = seed
            self.failureShare = failureShare
            self.videoShare = videoShare
        }
    }

    /// What one simulated photo should get from the judge.
    public struct Answer: Sendable, Hashable, Codable {
        public var path: String
        public var team: String
        public var task: String
        public var kind: Kind
        public var verdict: Verdict
        public var reasons: [ReasonCode]
    }

    /// What a team should have done of a `choose` task's set: the places (by name) or the group's
    /// tasks (by id) with an accepted photo, in the order of their first; `complete` once they
    /// are `choose` many. It follows the expected verdicts, as the judge's scoring follows its own.
    public struct ChoiceAnswer: Sendable, Hashable, Codable {
        public var team: String
        public var task: String
        public var choose: Int
        public var done: [String]
        public var complete: Bool
    }

    /// `answers.json`.
    public struct AnswerFile: Sendable, Hashable, Codable {
        public var schema = 1
        public var hunt: String
        public var seed: UInt64
        public var teams: Int
        public var photosPerTeam: Int
        /// Photos planned of each kind.
        public var kinds: [String: Int]
        /// Sorted by path.
        public var submissions: [Answer]
        /// For hunts with `choose` tasks: what of each one's set each team should have done
        /// (sorted by team, then task in the hunt's order); absent for other hunts.
        public var choices: [ChoiceAnswer]? = nil

        enum CodingKeys: String, CodingKey { case schema, hunt, seed, teams, photosPerTeam = "photos_per_team", kinds, submissions, choices }

        public func jsonData() throws -> Data {
            try JSONText.stableData(self)
        }

        /// Says which teams got fewer photos than `photosPerTeam` — the hunt's window had no room
        /// for more at a travelling pace — and what to change; nil when every team got them all.
        public var shortfall: String? {
            let counts = Dictionary(grouping: submissions, by: \.team).mapValues(\.count)
            let short = counts.filter { $0.value < photosPerTeam }.sorted { $0.key < $1.key }
            guard !short.isEmpty else { return nil }
            let named = short.prefix(5).map { "\($0.key) \($0.value)" } + (short.count > 5 ? ["\(short.count - 5) more teams"] : [])
            return "note: the hunt's window had room for fewer photos than asked (\(photosPerTeam) a team): "
                + named.joined(separator: ", ") + "; ask for fewer, or simulate a longer window"
        }

        public static func decode(_ data: Data) throws -> AnswerFile {
            let decoder = JSONDecoder()
            return try decoder.decode(AnswerFile.self, from: data)
        }
    }

    /// One planned photo.
    public struct PlannedPhoto: Sendable {
        public var path: String
        public var team: String
        public var task: HuntTask
        public var kind: Kind
        public var instant: Date
        public var tags: PhotoTags
        /// Makes the picture unique; a duplicate shares its original's.
        public var identity: UInt64
        public var hue: Double
        /// Written as this video format instead of a JPEG.
        public var video: PhotoMetadata.Format?
        /// A Live Photo: a motion MOV of the same name and moment is written beside the JPEG.
        public var motion = false
        /// Reasons from the plan, before `after` bookkeeping.
        var reasons: [ReasonCode]
    }

    public enum SimulationError: Error, CustomStringConvertible {
        case notEnoughTeams(wanted: Int, roster: Int)
        case noUsableTasks
        public var description: String {
            switch self {
            case .notEnoughTeams(let wanted, let roster):
                "the hunt has \(roster) team(s) and --teams asks for \(wanted); add teams to the hunt's `teams:` or ask for at most \(roster)"
            case .noUsableTasks:
                "no task of the hunt has a target to take photos at"
            }
        }
    }

    public var hunt: Hunt
    public var options: Options

    public init(hunt: Hunt, options: Options) {
        self.hunt = hunt
        self.options = options
    }

    // MARK: Planning

    public func plan() throws -> (photos: [PlannedPhoto], answers: AnswerFile) {
        guard options.teams <= hunt.teams.count else {
            throw SimulationError.notEnoughTeams(wanted: options.teams, roster: hunt.teams.count)
        }
        // A task that counts once any N of its places are done gets N visits a round.
        let usable = hunt.tasksInDependencyOrder.filter { Self.usable($0) }
            .flatMap { task in Array(repeating: task, count: task.choose?.count ?? 1) }
        guard !usable.isEmpty else { throw SimulationError.noUsableTasks }
        var rng = SplitMix64(seed: options.seed)
        var photos: [PlannedPhoto] = []
        for (teamIndex, team) in hunt.teams.prefix(options.teams).enumerated() {
            var planner = TeamPlanner(hunt: hunt, options: options, team: team.id, teamIndex: teamIndex, tasks: usable)
            photos += planner.plan(rng: &rng, earlier: photos)
        }
        photos.sort { $0.path < $1.path }
        let answers = expectedAnswers(photos)
        var kinds: [String: Int] = [:]
        for p in photos { kinds[p.kind.rawValue, default: 0] += 1 }
        return (photos, AnswerFile(hunt: hunt.id, seed: options.seed, teams: options.teams, photosPerTeam: options.photosPerTeam,
                                   kinds: kinds, submissions: answers, choices: expectedChoices(photos, answers)))
    }

    /// Each simulated team's progress through each `choose` task, from the expected verdicts;
    /// nil when the hunt has no `choose` task.
    func expectedChoices(_ photos: [PlannedPhoto], _ answers: [Answer]) -> [ChoiceAnswer]? {
        let chooseTasks = hunt.tasks.filter { $0.choose != nil }
        guard !chooseTasks.isEmpty else { return nil }
        let accepted = Set(answers.filter { $0.verdict == .accepted }.map(\.path))
        let done = photos.filter { accepted.contains($0.path) }.sorted { ($0.instant, $0.path) < ($1.instant, $1.path) }
        var result: [ChoiceAnswer] = []
        for team in hunt.teams.prefix(options.teams) {
            for task in chooseTasks {
                let choice = task.choose!
                var units: [String] = []
                for photo in done where photo.team == team.id {
                    let unit: String?
                    if task.isGroup {
                        unit = choice.tasks.contains(photo.task.id) ? photo.task.id : nil
                    } else if photo.task.id == task.id, case .places(let places) = task.target, let position = photo.tags.position {
                        unit = places.places.min { Geodesic.distanceMetres(from: $0.coordinate, to: position)
                            < Geodesic.distanceMetres(from: $1.coordinate, to: position) }?.name
                    } else {
                        unit = nil
                    }
                    if let unit, !units.contains(unit) { units.append(unit) }
                }
                result.append(ChoiceAnswer(team: team.id, task: task.id, choose: choice.count, done: units, complete: units.count >= choice.count))
            }
        }
        return result
    }

    /// A task photos can be planned for: one with loaded target geometry.
    static func usable(_ task: HuntTask) -> Bool {
        switch task.target {
        case .circle: true
        case .places(let p): !p.places.isEmpty
        case .area(let a): a.area != nil
        case nil: false
        }
    }

    /// Adds `order` where a team had not done (accepted) a prerequisite earlier, walking each
    /// team's photos in time order, and settles each verdict under the hunt's policy.
    func expectedAnswers(_ photos: [PlannedPhoto]) -> [Simulator.Answer] {
        var answers: [String: Answer] = [:]
        let byTeam = Dictionary(grouping: photos, by: \.team)
        for (_, teamPhotos) in byTeam {
            let ordered = teamPhotos.sorted { ($0.instant, $0.path) < ($1.instant, $1.path) }
            var done: [String: [Date]] = [:]
            for photo in ordered {
                var reasons = photo.reasons
                let missing = photo.task.after.filter { id in !(done[id] ?? []).contains { $0 < photo.instant } }
                if !missing.isEmpty { reasons.append(.order) }
                reasons = Array(Set(reasons)).sorted()
                let verdict = Verdict.from(reasons.map { $0.action(under: hunt.policy) })
                if verdict == .accepted { done[photo.task.id, default: []].append(photo.instant) }
                answers[photo.path] = Answer(path: photo.path, team: photo.team, task: photo.task.id, kind: photo.kind,
                                             verdict: verdict, reasons: reasons.filter {
                                                 let action = $0.action(under: hunt.policy)
                                                 return action == .reject || action == .review
                                             })
            }
        }
        return answers.values.sorted { $0.path < $1.path }
    }

    // MARK: Writing

    /// Writes `DIR/submissions/<team>/...` and `DIR/answers.json`, all or nothing (one
    /// `OutputBatch`: no photo replaces an existing file, none replaces the hunt's files);
    /// returns the answers.
    @discardableResult
    public func write(to folder: URL) throws -> AnswerFile {
        let (photos, answers) = try plan()
        let batch = OutputBatch(inputs: [hunt.fileURL].compactMap { $0 } + hunt.targetFiles, destination: folder.relativePathForDisplay)
        let submissions = folder.appendingPathComponent("submissions")
        try batch.makeFolder(submissions, displayPath: submissions.relativePathForDisplay)
        try batch.lockFolder(folder, displayPath: folder.relativePathForDisplay)
        var folders = Set<String>()
        for photo in photos {
            let url = submissions.appendingPathComponent(photo.path)
            let parent = url.deletingLastPathComponent()
            if folders.insert(parent.path).inserted {
                try batch.makeFolder(parent, displayPath: parent.relativePathForDisplay)
            }
            let bytes = photo.video.map { Self.movie(photo.tags, format: $0, instant: photo.instant, identity: photo.identity) }
                ?? JPEGWriter.jpeg(tags: photo.tags, image: SyntheticImage(identity: photo.identity, hue: photo.hue))
            try batch.stage(bytes, to: url, displayPath: url.relativePathForDisplay, replacing: false)
            if photo.motion {
                let motion = Self.movie(photo.tags, format: .mov, instant: photo.instant, identity: ~photo.identity)
                let motionURL = url.deletingPathExtension().appendingPathExtension("mov")
                try batch.stage(motion, to: motionURL, displayPath: motionURL.relativePathForDisplay, replacing: false)
            }
        }
        let answersURL = folder.appendingPathComponent("answers.json")
        try batch.stage(Array(try answers.jsonData()), to: answersURL, displayPath: answersURL.relativePathForDisplay)
        try batch.commit()
        return answers
    }

    /// A video with the photo's tags: a MOV with Apple's keys (the creation date with its offset
    /// when the tags have one), or an MP4/3GP with `©xyz` (as Android writes it); the movie header
    /// holds `instant`. Videos carry no GPS time. `identity` sets the duration, so two videos differ.
    static func movie(_ tags: PhotoTags, format: PhotoMetadata.Format, instant: Date, identity: UInt64) -> [UInt8] {
        var m = QuickTimeWriter.Movie(format: format)
        m.appleKeys = format == .mov
        m.position = tags.position
        // The plan puts a position a few metres inside its target; 4 decimals (as phones write)
        // could move it up to 5.6 m, outside. 6 keep it to 6 cm, like the photos' EXIF.
        m.positionDecimals = 6
        m.altitudeMetres = tags.altitudeMetres
        m.horizontalAccuracyMetres = tags.horizontalAccuracyMetres
        if let local = tags.capturedAt {
            m.movieCreated = instant
            if m.appleKeys, let written = tags.offsetSeconds {
                m.creationDate = local
                m.creationOffsetSeconds = written
            }
        }
        m.make = tags.make
        m.model = tags.model
        m.software = tags.software
        m.durationSeconds = 1 + Double(identity % 20_000) / 1000
        m.width = 1920
        m.height = 1080
        m.rotationDegrees = identity % 3 == 0 ? 90 : 0
        return QuickTimeWriter.bytes(m, mediaDataBytes: Int(identity % 512))
    }
}

/// Plans one team's day.
struct TeamPlanner {
    let hunt: Hunt
    let options: Simulator.Options
    let team: String
    let teamIndex: Int
    let tasks: [HuntTask]
    let clock: HuntClock
    var photos: [Simulator.PlannedPhoto] = []
    var counter = 0
    var lastPosition: Coordinate?
    var lastAccuracy = 0.0
    var time: Date
    let windowStart: Date
    let windowEnd: Date
    let limit: Double

    static let devices = [("Apple", "iPhone 14"), ("Google", "Pixel 7"), ("samsung", "SM-S911B"), ("Fairphone", "FP4")]
    static let phoneSoftware: [String?] = ["17.4.1", "HDR+ 1.0.540104767zd", nil, "S911BXXU3BWK5"]
    static let editors = ["Adobe Photoshop 25.1 (Macintosh)", "Snapseed 2.0", "GIMP 2.10.34", "PicsArt", "Adobe Photoshop Lightroom 9.2"]

    init(hunt: Hunt, options: Simulator.Options, team: String, teamIndex: Int, tasks: [HuntTask]) {
        self.hunt = hunt
        self.options = options
        self.team = team
        self.teamIndex = teamIndex
        self.tasks = tasks
        self.clock = HuntClock(timezone: hunt.timezone)
        if let window = hunt.window {
            windowStart = window.start
            windowEnd = window.end
        } else {
            let start = HuntClock(timezone: hunt.timezone).instant(of: LocalDateTime(year: 2026, month: 6, day: 1, hour: 10, minute: 0, second: 0),
                                                                   offsetSeconds: nil)!
            windowStart = start
            windowEnd = start.addingTimeInterval(8 * 3600)
        }
        time = windowStart
        limit = hunt.policy.maximumSpeed.metresPerSecond
    }

    /// Failure kinds whose finding the policy does not ignore, possible for this task.
    func failureKinds(for task: HuntTask) -> [Simulator.Kind] {
        let policy = hunt.policy
        func matters(_ code: ReasonCode) -> Bool { [.reject, .review].contains(code.action(under: policy)) }
        var kinds: [Simulator.Kind] = []
        let complete = task.score == .complete
        let plain = complete && task.dwell == nil && task.after.isEmpty
        if matters(.noPosition) { kinds.append(.noGPS) }
        if matters(.edited) { kinds.append(.edited) }
        // A video carries no GPS time, so a task that wants one has no clock skew to show.
        if matters(.clockSkew), task.evidence != .video { kinds.append(.clockSkew) }
        if matters(.wrongMedia), task.evidence != .any, task.dwell == nil { kinds.append(.wrongMedia) }
        if plain && matters(.duplicateOf) && teamIndex > 0 { kinds.append(.duplicate) }
        if hunt.window != nil && task.window == nil && matters(.beforeWindow) { kinds += [.beforeWindow, .afterWindow] }
        if complete && task.dwell == nil && matters(.tooFast) { kinds.append(.tooFast) }
        if complete { kinds.append(.offTarget) }
        if complete && matters(.uncertainPosition), case .circle = task.target { kinds.append(.uncertain) }
        if complete && matters(.uncertainPosition), case .places = task.target { kinds.append(.uncertain) }
        return kinds
    }

    mutating func plan(rng: inout SplitMix64, earlier: [Simulator.PlannedPhoto]) -> [Simulator.PlannedPhoto] {
        let windowLength = windowEnd.timeIntervalSince(windowStart)
        let baseGap = min(max(windowLength * 0.7 / (Double(options.photosPerTeam) + 2), 60), 1800)
        time = windowStart.addingTimeInterval(rng.uniform(60, max(120, baseGap)))
        var cycle = 0  // every team starts at the first task, so `after` is honoured
        var windowFailures: [Simulator.Kind] = []
        var attempts = 0
        while photos.count + windowFailures.count < options.photosPerTeam, attempts < options.photosPerTeam.multipliedClamped(by: 4) {
            attempts += 1
            let task = tasks[cycle % tasks.count]
            cycle += 1
            var kind = Simulator.Kind.honest
            if rng.unit() < options.failureShare {
                let kinds = failureKinds(for: task)
                if !kinds.isEmpty { kind = kinds[rng.below(kinds.count)] }
            }
            if kind == .beforeWindow || kind == .afterWindow {
                windowFailures.append(kind)
                continue
            }
            let remaining = options.photosPerTeam - photos.count - windowFailures.count
            if kind == .honest, task.dwell != nil, task.score == .complete, remaining < 2 { continue }
            if !planSlot(task: task, kind: kind, baseGap: baseGap, rng: &rng, earlier: earlier) {
                if time > windowEnd.addingTimeInterval(-600) { break }
            }
        }
        // A window failure whose first (or last) photo cannot take it, and a slot a stay could not
        // use, become photos at the end of the day instead, so the team sends exactly
        // `photosPerTeam` (the last photo may change, so this settles in a round or two).
        for _ in 0..<3 {
            windowFailures = windowFailures.filter { windowAnchor(for: $0) != nil }
            let target = options.photosPerTeam - windowFailures.count
            if photos.count >= target { break }
            fill(upTo: target, cycle: &cycle, baseGap: baseGap, rng: &rng, earlier: earlier)
        }
        // Window failures at the ends of the day, at the place of the first or last photo (found
        // before any is added: a second before-window photo sits beside the same first photo).
        let anchored = windowFailures.compactMap { kind in windowAnchor(for: kind).map { (kind, $0) } }
        for (kind, anchor) in anchored {
            let instant = kind == .beforeWindow ? windowStart.addingTimeInterval(-rng.uniform(600, 3000))
                                                : windowEnd.addingTimeInterval(rng.uniform(600, 3000))
            // The anchor's own position, so the jump in time needs no travel.
            let position = anchor.tags.position!
            let accuracy = anchor.tags.horizontalAccuracyMetres ?? hunt.policy.assumedAccuracy.metres
            add(task: anchor.task, kind: kind, instant: instant, position: position, accuracy: accuracy, writeAccuracy: true,
                reasons: [kind.reason!], rng: &rng, layout: .folder)
        }
        return photos
    }

    /// The photo a window failure sits beside: the team's first (before the window) or last
    /// (after it) in the judge's travel sequence, so no speed is needed to reach it; nil when that
    /// photo's position or task could not take it (it must be right for its task, as the new one's must).
    func windowAnchor(for kind: Simulator.Kind) -> Simulator.PlannedPhoto? {
        let sequence = photos.filter { $0.tags.position != nil && $0.kind != .duplicate }.sorted { $0.instant < $1.instant }
        guard let anchor = kind == .beforeWindow ? sequence.first : sequence.last, anchor.task.window == nil,
              [.honest, .edited, .clockSkew, .tooFast].contains(anchor.kind) else { return nil }
        return anchor
    }

    /// Honest photos later in the day until the team has `target`; a stay needs two slots, so
    /// with one left its task gets a single off-target photo (or is passed over).
    mutating func fill(upTo target: Int, cycle: inout Int, baseGap: Double, rng: inout SplitMix64, earlier: [Simulator.PlannedPhoto]) {
        var attempts = 0
        while photos.count < target, attempts < max(8, target.multipliedClamped(by: 4)) {
            attempts += 1
            let task = tasks[cycle % tasks.count]
            cycle += 1
            var kind = Simulator.Kind.honest
            if task.dwell != nil, task.score == .complete, target - photos.count < 2 {
                guard failureKinds(for: task).contains(.offTarget) else { continue }
                kind = .offTarget
            }
            if !planSlot(task: task, kind: kind, baseGap: baseGap, rng: &rng, earlier: earlier), time > windowEnd.addingTimeInterval(-600) { break }
        }
    }

    enum Layout { case folder, prefix, auto }

    /// Plans the photo(s) of one slot; false when it could not (window over, no position found).
    mutating func planSlot(task: HuntTask, kind: Simulator.Kind, baseGap: Double,
                           rng: inout SplitMix64, earlier: [Simulator.PlannedPhoto]) -> Bool {
        if kind == .duplicate {
            // A copy of an earlier team's honest photo of a plain task, filed later in path order.
            let candidates = earlier.filter { $0.kind == .honest && $0.task.id == task.id && $0.team != team }
            guard !candidates.isEmpty else { return planSlot(task: task, kind: .honest, baseGap: baseGap, rng: &rng, earlier: earlier) }
            let original = candidates[rng.below(candidates.count)]
            counter += 1
            let path = "\(team)/\(task.id)/IMG_\(String(format: "%04d", counter))." + Self.fileExtension(original.video)
            guard path > original.path else { return planSlot(task: task, kind: .honest, baseGap: baseGap, rng: &rng, earlier: earlier) }
            var copy = original
            copy.path = path
            copy.team = team
            copy.kind = .duplicate
            copy.reasons = [.duplicateOf]
            photos.append(copy)
            return true
        }

        guard var (position, accuracy) = honestPosition(task, rng: &rng) else { return false }
        var reasons: [ReasonCode] = []
        var writeAccuracy = rng.unit() < 0.8 || accuracy != hunt.policy.assumedAccuracy.metres
        switch kind {
        case .offTarget:
            guard let p = offTargetPosition(task, accuracy: accuracy, rng: &rng) else { return false }
            (position, accuracy) = p
            reasons = [.outsideTarget]
        case .uncertain:
            guard let p = uncertainPosition(task, rng: &rng) else { return false }
            (position, accuracy) = p
            writeAccuracy = true
            reasons = [.uncertainPosition]
        case .noGPS: reasons = [.noPosition]
        case .edited: reasons = [.edited]
        case .wrongMedia: reasons = [.wrongMedia]
        case .clockSkew: reasons = [.clockSkew]
        default: break
        }
        var instant: Date
        if kind == .tooFast {
            // Two seconds after the previous photo, far enough away to need more than twice the limit.
            guard let last = lastPosition, photos.last(where: { $0.kind != .duplicate })?.tags.position != nil,
                  Geodesic.distanceMetres(from: last, to: position) - lastAccuracy - accuracy > 2 * limit * 2 + 20 else {
                return planSlot(task: task, kind: .honest, baseGap: baseGap, rng: &rng, earlier: earlier)
            }
            instant = time.addingTimeInterval(2)
            reasons = [.tooFast]
        } else {
            // Time enough to travel from the last position at a quarter of the speed limit.
            let travel = lastPosition.map { Geodesic.distanceMetres(from: $0, to: position) / (0.25 * limit) + 60 } ?? 0
            instant = time.addingTimeInterval(max(baseGap * rng.uniform(0.7, 1.3), travel))
        }
        if let w = task.window, !w.contains(instant) { return false }
        if instant > windowEnd.addingTimeInterval(-120) { time = instant; return false }
        let layout: Layout
        if kind == .honest, task.dwell == nil, rng.unit() < 0.15,
           autoMatchable(task, position: position, accuracy: writeAccuracy ? accuracy : hunt.policy.assumedAccuracy.metres) {
            layout = .auto
        } else {
            layout = rng.unit() < 0.8 ? .folder : .prefix
        }
        add(task: task, kind: kind, instant: instant, position: kind == .noGPS ? nil : position, accuracy: accuracy,
            writeAccuracy: writeAccuracy, reasons: reasons, rng: &rng, layout: layout)
        time = instant
        if kind != .noGPS {
            lastPosition = position
            lastAccuracy = accuracy
        }

        // A dwell task's honest visit is two photos at the same place, the dwell and a bit apart.
        if kind == .honest, let dwell = task.dwell, task.score == .complete {
            let leave = instant.addingTimeInterval(dwell.seconds + rng.uniform(60, 600))
            guard leave < windowEnd.addingTimeInterval(-120), task.window.map({ $0.contains(leave) }) ?? true else {
                photos.removeLast()  // a stay that cannot finish in the window is not planned
                return false
            }
            guard let (second, secondAccuracy) = nearby(task, photo: position, rng: &rng) else { photos.removeLast(); return false }
            add(task: task, kind: .honest, instant: leave, position: second, accuracy: secondAccuracy, writeAccuracy: true,
                reasons: [], rng: &rng, layout: .folder)
            time = leave
            lastPosition = second
            lastAccuracy = secondAccuracy
        }
        return true
    }

    mutating func add(task: HuntTask, kind: Simulator.Kind, instant: Date, position: Coordinate?, accuracy: Double,
                      writeAccuracy: Bool, reasons: [ReasonCode], rng: inout SplitMix64, layout: Layout) {
        counter += 1
        let number = String(format: "%04d", counter)
        let media = self.media(task: task, kind: kind, rng: &rng)
        let device = Self.devices[rng.below(Self.devices.count)]
        var tags = PhotoTags(position: position, altitudeMetres: position == nil ? nil : (rng.uniform(0, 30) * 10).rounded() / 10,
                             horizontalAccuracyMetres: position != nil && writeAccuracy ? accuracy : nil,
                             make: device.0, model: device.1, software: Self.phoneSoftware[rng.below(Self.phoneSoftware.count)])
        let huntOffset = hunt.timezone.secondsFromGMT(for: instant)
        let mode = rng.unit()
        var wall = instant
        if rng.unit() < 0.3 { wall = wall.addingTimeInterval(Double(rng.below(1000)) / 1000) }
        // Videos and Live Photos' motion halves record whole seconds.
        if media.video || media.motion { wall = Date(timeIntervalSince1970: wall.timeIntervalSince1970.rounded(.down)) }
        if mode < 0.7 {
            tags.capturedAt = HuntClock.local(wall, offsetSeconds: huntOffset)
            tags.offsetSeconds = huntOffset
        } else if mode < 0.85 {
            tags.capturedAt = HuntClock.local(wall, offsetSeconds: huntOffset)  // no offset: read in the hunt's timezone
        } else {
            tags.capturedAt = HuntClock.local(wall, offsetSeconds: 0)  // a camera on UTC that says so
            tags.offsetSeconds = 0
        }
        let actual = clock.instant(of: tags.capturedAt!, offsetSeconds: tags.offsetSeconds) ?? instant
        if position != nil, !media.video {
            tags.gpsTime = kind == .clockSkew
                ? actual.addingTimeInterval(-(hunt.policy.clockSkew.seconds + rng.uniform(300, 3600)))
                : actual.addingTimeInterval(rng.uniform(-2, 2))
        }
        if kind == .edited { tags.software = Self.editors[rng.below(Self.editors.count)] }
        let taskIndex = hunt.tasks.firstIndex { $0.id == task.id } ?? 0
        // An accuracy needs Apple's keys (MOV); without one, an Android-style MP4 or 3GP, whose
        // movie header's UTC time gives the same instant as any offset would.
        let video: PhotoMetadata.Format? = !media.video ? nil
            : tags.horizontalAccuracyMetres != nil ? .mov : counter % 2 == 0 ? .mp4 : .threeGP
        let ext = Self.fileExtension(video)
        let path = switch layout {
        case .folder: "\(team)/\(task.id)/IMG_\(number).\(ext)"
        case .prefix: "\(team)/\(task.id)-\(number).\(ext)"
        case .auto: "\(team)/IMG_\(number).\(ext)"
        }
        photos.append(Simulator.PlannedPhoto(path: path, team: team, task: task, kind: kind, instant: actual, tags: tags,
                                             identity: rng.next(), hue: Double(taskIndex % 12) / 12, video: video,
                                             motion: media.motion, reasons: reasons))
    }

    /// Photo or video, by the task's `evidence:` (the wrong one for a wrong-media failure), else by
    /// `videoShare`; a photo may get a Live Photo motion video. Draws from `rng` only when
    /// `videoShare` > 0 or the task asks for a kind, so photo-only runs stay as they were.
    mutating func media(task: HuntTask, kind: Simulator.Kind, rng: inout SplitMix64) -> (video: Bool, motion: Bool) {
        let wantsVideo: Bool
        switch task.evidence {
        case .video: wantsVideo = kind != .wrongMedia
        case .photo: wantsVideo = kind == .wrongMedia
        case .any:
            guard options.videoShare > 0, kind != .clockSkew else { return (false, false) }
            if rng.unit() >= options.videoShare { return (false, kind == .honest && rng.unit() < options.videoShare) }
            wantsVideo = true
        }
        return (wantsVideo, false)
    }

    static func fileExtension(_ video: PhotoMetadata.Format?) -> String {
        switch video {
        case .mov?: "mov"
        case .mp4?: "mp4"
        case .threeGP?: "3gp"
        default: "jpg"
        }
    }

    // MARK: Positions

    func judgedAccuracy(_ written: Double?) -> Double { written ?? hunt.policy.assumedAccuracy.metres }

    /// A position well inside the target, and an accuracy that keeps it inside.
    func honestPosition(_ task: HuntTask, rng: inout SplitMix64) -> (Coordinate, Double)? {
        switch task.target {
        case .circle(let center, let radius):
            return inside(center: center, radius: radius.metres, rng: &rng)
        case .places(let places):
            let place = places.places[rng.below(places.places.count)]
            return inside(center: place.coordinate, radius: places.radius.metres, rng: &rng)
        case .area(let target):
            guard let area = target.area else { return nil }
            if task.score == .closest { return nearLast(area: area, rng: &rng) }
            let accuracy = rng.uniform(3, 15).rounded()
            for _ in 0..<400 {
                let box = area.boundingBox
                let lon = box.west <= box.east ? rng.uniform(box.west, box.east) : normalise(rng.uniform(box.west, box.east + 360))
                let candidate = Coordinate(latitude: rng.uniform(box.south, box.north), longitude: lon)
                if area.edge(from: candidate).signedDistanceMetres + max(accuracy, hunt.policy.assumedAccuracy.metres) + 5 <= 0 {
                    return (candidate, accuracy)
                }
            }
            return nil
        case nil:
            return nil
        }
    }

    /// For `score: closest`: anywhere near where the team was (the distance is the score).
    func nearLast(area: Area, rng: inout SplitMix64) -> (Coordinate, Double) {
        let from = lastPosition ?? {
            let box = area.boundingBox
            return Coordinate(latitude: min(89, box.north + 0.3), longitude: (box.west + box.east) / 2)
        }()
        let p = Geodesic.direct(from: from, azimuthDegrees: rng.uniform(0, 360), distanceMetres: rng.uniform(100, 3000)).coordinate
        return (p, rng.uniform(3, 15).rounded())
    }

    func normalise(_ lon: Double) -> Double { lon > 180 ? lon - 360 : lon }

    func inside(center: Coordinate, radius r: Double, rng: inout SplitMix64) -> (Coordinate, Double)? {
        var accuracy = rng.uniform(3, min(15, max(3.5, 0.4 * r))).rounded()
        accuracy = max(1, min(accuracy, 0.4 * r))
        let judged = max(accuracy, hunt.policy.assumedAccuracy.metres)
        guard r - judged > 1 else { return nil }
        let d = rng.uniform(0, 0.8 * (r - judged))
        return (Geodesic.direct(from: center, azimuthDegrees: rng.uniform(0, 360), distanceMetres: d).coordinate, accuracy)
    }

    /// The second photo of a stay: at the same place as the first.
    func nearby(_ task: HuntTask, photo: Coordinate, rng: inout SplitMix64) -> (Coordinate, Double)? {
        guard case .places(let places) = task.target else { return honestPosition(task, rng: &rng) }
        let place = places.places.min { Geodesic.distanceMetres(from: $0.coordinate, to: photo) < Geodesic.distanceMetres(from: $1.coordinate, to: photo) }!
        return inside(center: place.coordinate, radius: places.radius.metres, rng: &rng)
    }

    func offTargetPosition(_ task: HuntTask, accuracy: Double, rng: inout SplitMix64) -> (Coordinate, Double)? {
        let a = judgedAccuracy(accuracy)
        switch task.target {
        case .circle(let center, let radius):
            let d = radius.metres + a + rng.uniform(40, 400)
            return (Geodesic.direct(from: center, azimuthDegrees: rng.uniform(0, 360), distanceMetres: d).coordinate, accuracy)
        case .places(let places):
            // Away from every place: step out from one until the nearest is far enough.
            let place = places.places[rng.below(places.places.count)]
            for _ in 0..<50 {
                let d = places.radius.metres + a + rng.uniform(40, 400)
                let p = Geodesic.direct(from: place.coordinate, azimuthDegrees: rng.uniform(0, 360), distanceMetres: d).coordinate
                if places.places.allSatisfy({ Geodesic.distanceMetres(from: $0.coordinate, to: p) > places.radius.metres + a + 20 }) {
                    return (p, accuracy)
                }
            }
            return nil
        case .area(let target):
            guard let area = target.area else { return nil }
            let box = area.boundingBox
            let start = Coordinate(latitude: min(89, box.north + 0.01), longitude: box.west <= box.east ? (box.west + box.east) / 2 : box.west)
            let p = Geodesic.direct(from: start, azimuthDegrees: rng.uniform(-60, 60), distanceMetres: rng.uniform(200, 2000)).coordinate
            return area.edge(from: p).signedDistanceMetres - a > 20 ? (p, accuracy) : nil
        case nil:
            return nil
        }
    }

    /// Near the edge, with an accuracy circle that straddles it and stays under max(r, 100 m).
    func uncertainPosition(_ task: HuntTask, rng: inout SplitMix64) -> (Coordinate, Double)? {
        let center: Coordinate, r: Double
        switch task.target {
        case .circle(let c, let radius): (center, r) = (c, radius.metres)
        case .places(let places):
            // Far from other places, so the nearest stays this one.
            center = places.places[rng.below(places.places.count)].coordinate
            r = places.radius.metres
            let others = places.places.map(\.coordinate).filter { $0 != center }
            if others.contains(where: { Geodesic.distanceMetres(from: $0, to: center) < 3 * r + 200 }) { return nil }
        default: return nil
        }
        let a = min(max(0.5 * r, 5), 90).rounded()
        let d = r + rng.uniform(-0.4, 0.4) * a
        return (Geodesic.direct(from: center, azimuthDegrees: rng.uniform(0, 360), distanceMetres: d).coordinate, a)
    }

    /// Certainly inside this task's target and certainly outside every other, so the judge's
    /// auto-match can only pick this task.
    func autoMatchable(_ task: HuntTask, position: Coordinate, accuracy: Double) -> Bool {
        if case .area = task.target { return false }
        let a = accuracy
        for other in hunt.tasks where other.score != .closest {
            guard let target = other.target, let p = target.placement(of: position, bands: hunt.bands) else { continue }
            let edge = p.edgeDistance.metres
            if other.id == task.id { if edge + a + 1 > 0 { return false } } else if edge - a - 1 <= 0 { return false }
        }
        return true
    }
}
