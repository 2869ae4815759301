import Foundation

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
            let start = HuntClock(timezone: hunt.timezone).instant(
                of: LocalDateTime(year: 2026, month: 6, day: 1, hour: 10, minute: 0, second: 0),
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
        // A live task's photo comes through the players' page, whose fix stands in for a missing
        // GPS position: no no-GPS photo there, but one chosen from the gallery instead.
        if matters(.noPosition), !task.live { kinds.append(.noGPS) }
        if matters(.notLive), task.live { kinds.append(.notLive) }
        if matters(.edited) { kinds.append(.edited) }
        // A video carries no GPS time, so a task that wants one has no clock skew to show.
        if matters(.clockSkew), task.evidence != .video { kinds.append(.clockSkew) }
        if matters(.wrongMedia), task.evidence != .any, task.dwell == nil { kinds.append(.wrongMedia) }
        if plain && matters(.duplicateOf) && teamIndex > 0 { kinds.append(.duplicate) }
        // Outside the hunt's window at either end of the day; outside a plain task's own window
        // when the team gets there before it opens or after it closes.
        if (hunt.window != nil && task.window == nil || task.window != nil && plain) && matters(.beforeWindow) {
            kinds += [.beforeWindow, .afterWindow]
        }
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
            if kind == .beforeWindow || kind == .afterWindow, task.window == nil {
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
            let instant =
                kind == .beforeWindow
                ? windowStart.addingTimeInterval(-rng.uniform(600, 3000))
                : windowEnd.addingTimeInterval(rng.uniform(600, 3000))
            // The anchor's own position, so the jump in time needs no travel.
            let position = anchor.tags.position!
            let accuracy = anchor.tags.horizontalAccuracyMetres ?? hunt.policy.assumedAccuracy.metres
            add(
                task: anchor.task, kind: kind, instant: instant, position: position, accuracy: accuracy, writeAccuracy: true,
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
            [.honest, .edited, .clockSkew, .tooFast].contains(anchor.kind)
        else { return nil }
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
    mutating func planSlot(
        task: HuntTask, kind planned: Simulator.Kind, baseGap: Double,
        rng: inout SplitMix64, earlier: [Simulator.PlannedPhoto]
    ) -> Bool {
        var kind = planned
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
        case .notLive: reasons = [.notLive]
        default: break
        }
        var instant: Date
        if kind == .tooFast {
            // Two seconds after the previous photo, far enough away to need more than twice the limit.
            guard let last = lastPosition, photos.last(where: { $0.kind != .duplicate })?.tags.position != nil,
                Geodesic.distanceMetres(from: last, to: position) - lastAccuracy - accuracy > 2 * limit * 2 + 20
            else {
                return planSlot(task: task, kind: .honest, baseGap: baseGap, rng: &rng, earlier: earlier)
            }
            instant = time.addingTimeInterval(2)
            reasons = [.tooFast]
        } else {
            // Time enough to travel from the last position at a quarter of the speed limit.
            let travel = lastPosition.map { Geodesic.distanceMetres(from: $0, to: position) / (0.25 * limit) + 60 } ?? 0
            instant = time.addingTimeInterval(max(baseGap * rng.uniform(0.7, 1.3), travel))
        }
        if let w = task.window {
            switch kind {
            case .tooFast:
                // Two seconds after the last photo, or not at all.
                guard w.contains(instant) else { return false }
            case .beforeWindow, .afterWindow:
                // Taken where the task is, but before it opens or after it closes.
                if instant < w.start {
                    kind = .beforeWindow
                } else if instant <= w.end {
                    instant = w.end.addingTimeInterval(rng.uniform(60, 600))
                    kind = .afterWindow
                } else {
                    kind = .afterWindow
                }
                reasons = [kind.reason!]
            default:
                // A team that gets there before the task opens waits for it; one that comes after
                // it closed has missed it.
                guard instant <= w.end else { return false }
                if instant < w.start { instant = min(w.end, w.start.addingTimeInterval(rng.uniform(60, 300))) }
            }
        }
        if instant > windowEnd.addingTimeInterval(-120) { time = instant; return false }
        let layout: Layout
        if kind == .honest, task.dwell == nil, rng.unit() < 0.15,
            autoMatchable(task, position: position, accuracy: writeAccuracy ? accuracy : hunt.policy.assumedAccuracy.metres)
        {
            layout = .auto
        } else {
            layout = rng.unit() < 0.8 ? .folder : .prefix
        }
        add(
            task: task, kind: kind, instant: instant, position: kind == .noGPS ? nil : position, accuracy: accuracy,
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
            add(
                task: task, kind: .honest, instant: leave, position: second, accuracy: secondAccuracy, writeAccuracy: true,
                reasons: [], rng: &rng, layout: .folder)
            time = leave
            lastPosition = second
            lastAccuracy = secondAccuracy
        }
        return true
    }

    mutating func add(
        task: HuntTask, kind: Simulator.Kind, instant: Date, position: Coordinate?, accuracy: Double,
        writeAccuracy: Bool, reasons: [ReasonCode], rng: inout SplitMix64, layout: Layout
    ) {
        counter += 1
        let number = String(format: "%04d", counter)
        let media = self.media(task: task, kind: kind, rng: &rng)
        let device = Self.devices[rng.below(Self.devices.count)]
        var tags = PhotoTags(
            position: position, altitudeMetres: position == nil ? nil : (rng.uniform(0, 30) * 10).rounded() / 10,
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
            tags.gpsTime =
                kind == .clockSkew
                ? actual.addingTimeInterval(-(hunt.policy.clockSkew.seconds + rng.uniform(300, 3600)))
                : actual.addingTimeInterval(rng.uniform(-2, 2))
        }
        if kind == .edited { tags.software = Self.editors[rng.below(Self.editors.count)] }
        let taskIndex = hunt.tasks.firstIndex { $0.id == task.id } ?? 0
        // An accuracy needs Apple's keys (MOV); without one, an Android-style MP4 or 3GP, whose
        // movie header's UTC time gives the same instant as any offset would.
        let video: PhotoMetadata.Format? =
            !media.video
            ? nil
            : tags.horizontalAccuracyMetres != nil ? .mov : counter % 2 == 0 ? .mp4 : .threeGP
        let ext = Self.fileExtension(video)
        let path =
            switch layout {
            case .folder: "\(team)/\(task.id)/IMG_\(number).\(ext)"
            case .prefix: "\(team)/\(task.id)-\(number).\(ext)"
            case .auto: "\(team)/IMG_\(number).\(ext)"
            }
        var photo = Simulator.PlannedPhoto(
            path: path, team: team, task: task, kind: kind, instant: actual, tags: tags,
            identity: rng.next(), hue: Double(taskIndex % 12) / 12, video: video,
            motion: media.motion, reasons: reasons)
        // Sent from the players' page as the judge expects a live task's photo: the browser's fix
        // at the photo's place, seconds after the capture, well within `live-max-age`. A
        // non-live task's photos draw nothing more, so their files stay those of earlier runs.
        if task.live, let position {
            let sent = min(40, hunt.policy.liveMaxAge.seconds / 2) * rng.uniform(0.1, 1)
            photo.browserFix = BrowserFix(
                position: position, accuracyMetres: max(5, accuracy), fixedAt: actual.addingTimeInterval(sent / 2),
                uploadedAt: actual.addingTimeInterval(sent), liveCapture: kind != .notLive)
        }
        photos.append(photo)
    }

    /// Photo or video, by the task's `evidence:` (the wrong one for a wrong-media failure), else by
    /// `videoShare`; a photo may get a Live Photo motion video. Draws from `rng` only when
    /// `videoShare` > 0 or the task asks for a kind, so a photo-only run's files do not depend on
    /// the video options.
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
}
