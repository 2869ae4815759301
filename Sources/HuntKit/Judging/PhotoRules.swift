import Foundation

/// The judge's working state: the hunt, the decisions, and every case.
struct JudgingState: Sendable {
    let hunt: Hunt
    let reviews: Reviews
    let clock: HuntClock
    let teamIDs: Set<String>
    /// Built once: every photo in a misspelt task folder asks it.
    let taskSuggestions: Suggestions
    var cases: [Case] = []
    /// Completed dwell stays per case index of the photo that completed it: the index of the photo that began it.
    var dwellStarts: [Int: Int] = [:]
    /// Every photo that belongs to a completed stay.
    var inStay: Set<Int> = []
    /// Capture instants (seconds since 1970; +∞ when unknown) by case index.
    var times: [Double] = []

    /// Earlier capture first; the same instant by path (cases are indexed in path order).
    /// Compares indices, never copies of cases: sorting copies showed up in profiles.
    func earlier(_ a: Int, _ b: Int) -> Bool { Self.earlier(a, b, times: times) }

    static func earlier(_ a: Int, _ b: Int, times: [Double]) -> Bool { times[a] != times[b] ? times[a] < times[b] : a < b }

    init(hunt: Hunt, reviews: Reviews) {
        self.hunt = hunt
        self.reviews = reviews
        self.clock = HuntClock(timezone: hunt.timezone, around: hunt.window)
        self.teamIDs = Set(hunt.teams.map(\.id))
        self.taskSuggestions = Suggestions(hunt.tasks.map(\.id))
    }

    // MARK: Each photo on its own

    func examine(_ input: JudgeInput, index: Int) -> Case {
        let submission = input.submission
        var c = Case(index: index, submission: submission, taskSource: submission.taskSource.rawValue)
        c.review = reviews.entries[submission.path]
        c.teamKnown = teamIDs.contains(submission.team)

        guard let photo = input.photo else {
            c.evidence.error = input.readError ?? "could not be read"
            c.findings.append(Finding(code: .unreadable, message: "could not be read: \(c.evidence.error!)"))
            return c
        }
        fillEvidence(&c, photo)
        c.contentHash = photo.contentHash
        c.contentIdentifier = photo.contentIdentifier
        if let p = photo.position, Self.hasFix(p) { c.position = p }
        if !c.teamKnown {
            c.findings.append(Finding(code: .unknownTeam, message: "no team `\(submission.team)` in the hunt's roster"))
        }

        // Which task: a reviewer's assignment, else what the folder/file name/manifest said, else by position.
        if let assigned = c.review?.task, let task = hunt.task(assigned) {
            c.task = task
            c.taskSource = "review"
        } else if let id = submission.task {
            if let task = hunt.task(id) {
                c.task = task
            } else {
                let near = taskSuggestions.closest(to: id)
                c.findings.append(Finding(code: .unknownTask, message: "no task `\(id)` in the hunt"
                                          + (near.map { " (did you mean `\($0)`?)" } ?? "")))
            }
        } else if let position = photo.position {
            autoMatch(&c, position, photo: photo)
        }

        checkPosition(&c, photo)
        checkTime(&c, photo)
        if let task = c.task, let media = photo.media, !task.evidence.accepts(media) {
            c.findings.append(Finding(code: .wrongMedia, message: "task `\(task.id)` asks for a \(task.evidence.rawValue); this is a \(media.rawValue)"))
        }
        if let software = photo.software, let editor = Self.editor(in: software) {
            c.findings.append(Finding(code: .edited, message: "Software names an editor (\(editor)): `\(software)`"))
        }
        return c
    }

    func fillEvidence(_ c: inout Case, _ photo: PhotoMetadata) {
        c.evidence.make = photo.make
        c.evidence.model = photo.model
        c.evidence.software = photo.software
        c.evidence.contentHash = photo.contentHash
        c.evidence.format = photo.format?.rawValue
        if photo.media == .video {
            c.evidence.media = PhotoMetadata.Media.video.rawValue
            c.evidence.durationS = photo.durationSeconds.map { Self.round($0) }
        }
        if let p = photo.position, Self.hasFix(p) {
            c.evidence.position = JudgeResults.Position(lat: p.latitude, lon: p.longitude)
        }
    }

    static func hasFix(_ p: Coordinate) -> Bool {
        p.isValid && !(p.latitude == 0 && p.longitude == 0)
    }

    func accuracy(of photo: PhotoMetadata) -> (metres: Double, source: String) {
        if let a = photo.horizontalAccuracyMetres, a.isFinite, a >= 0 { return (a, "photo") }
        return (hunt.policy.assumedAccuracy.metres, "policy")
    }

    func bands(for task: HuntTask) -> Bands { task.bands ?? hunt.bands }

    /// The radius that `imprecise-position` compares with: the circle's or places' radius, 0 for areas.
    static func radiusMetres(of target: Target) -> Double {
        switch target {
        case .circle(_, let radius): radius.metres
        case .places(let places): places.radius.metres
        case .area: 0
        }
    }

    /// No task given: the target that contains the position. One certain match wins; several are
    /// ambiguous; with none, the only `score: closest` task, else the nearest target (which then
    /// rejects it as outside).
    func autoMatch(_ c: inout Case, _ position: Coordinate, photo: PhotoMetadata) {
        guard Self.hasFix(position) else { return }
        let a = accuracy(of: photo).metres
        var certain: [HuntTask] = [], possible: [HuntTask] = []
        var nearest: (HuntTask, Double)?
        for task in hunt.tasks where task.score != .closest {
            guard let target = task.target, let p = target.placement(of: position, bands: bands(for: task)) else { continue }
            let edge = p.edgeDistance.metres
            if edge + a <= 0 { certain.append(task) } else if edge - a <= 0 { possible.append(task) }
            if nearest == nil || edge < nearest!.1 { nearest = (task, edge) }
        }
        let matches = certain.isEmpty ? possible : certain
        if matches.count == 1 {
            c.task = matches[0]
        } else if matches.count > 1 {
            c.evidence.candidates = matches.map(\.id)
            c.findings.append(Finding(code: .ambiguousTask, message: "no task given and the position is in the targets of "
                                      + matches.map { "`\($0.id)`" }.joined(separator: ", ")
                                      + "; say which in the reviews file (`task:`) or put the photo in a task folder"))
        } else {
            let closest = hunt.tasks.filter { $0.score == .closest }
            if closest.count == 1 { c.task = closest[0] } else if let (task, _) = nearest { c.task = task }
        }
    }

    func checkPosition(_ c: inout Case, _ photo: PhotoMetadata) {
        guard let position = photo.position, Self.hasFix(position) else {
            c.findings.append(Finding(code: .noPosition, message: photo.position == nil
                                      ? "the photo records no GPS position" : "the GPS position is 0, 0 (no fix)"))
            return
        }
        let (a, source) = accuracy(of: photo)
        c.accuracyMetres = a
        c.evidence.accuracyM = Self.round(a)
        c.evidence.accuracySource = source
        guard let task = c.task else { return }
        guard let target = task.target, let p = target.placement(of: position, bands: bands(for: task)) else {
            c.findings.append(Finding(code: .noTarget, message: "task `\(task.id)` has no target geometry to judge against"))
            return
        }
        c.placement = p
        let edge = p.edgeDistance.metres
        c.evidence.edgeDistanceM = Self.round(edge)
        c.evidence.distanceM = Self.round(p.centreDistance?.metres ?? max(0, edge))
        c.evidence.bearingDeg = Self.round(p.bearingDegrees)
        c.evidence.compass = p.compass
        c.evidence.band = p.band
        c.evidence.place = p.placeName
        // A closest-approach task takes a photo from anywhere: the distance is the score.
        if task.score == .closest { return }
        if edge + a <= 0 { return }
        let r = Self.radiusMetres(of: target)
        let distanceText = describe(p, target: target)
        if edge - a > 0 {
            c.findings.append(Finding(code: .outsideTarget, message: "\(distanceText), outside even allowing for the accuracy of \(MeasureText.distance(a))"))
        } else if a > max(r, 100) {
            c.findings.append(Finding(code: .imprecisePosition, message: "accuracy \(MeasureText.distance(a)) is worse than \(MeasureText.distance(max(r, 100))); \(distanceText)"))
        } else {
            c.findings.append(Finding(code: .uncertainPosition, message: "\(distanceText); the accuracy circle of \(MeasureText.distance(a)) straddles the edge"))
        }
    }

    /// `42 m SW of the target's centre (radius 30 m)`, `12 m N of Café Noir (radius 25 m)`,
    /// `3.2 km outside the area (its edge lies SW)`. The compass point is where the photo is, seen
    /// from the target; the evidence's `bearing_deg` points the other way, towards the target.
    func describe(_ p: Placement, target: Target) -> String {
        let from = Compass.name(ofBearing: p.bearingDegrees + 180)
        switch target {
        case .circle(_, let radius):
            return "\(MeasureText.distance(p.centreDistance?.metres ?? 0)) \(from) of the target's centre (radius \(MeasureText.distance(radius.metres)))"
        case .places(let places):
            return "\(MeasureText.distance(p.centreDistance?.metres ?? 0)) \(from) of \(p.placeName ?? "the nearest place") (radius \(MeasureText.distance(places.radius.metres)))"
        case .area:
            let edge = p.edgeDistance.metres
            return edge > 0 ? "\(MeasureText.distance(edge)) outside the area (its edge lies \(p.compass))" : "\(MeasureText.distance(-edge)) inside the area's edge"
        }
    }

    func checkTime(_ c: inout Case, _ photo: PhotoMetadata) {
        var instant: Date?
        if let local = photo.capturedAt {
            c.evidence.capturedLocal = HuntClock.text(local)
            if let offset = photo.offsetSeconds {
                c.evidence.offset = ClockText.offset(offset)
                instant = clock.instant(of: local, offsetSeconds: offset)
                c.evidence.timeSource = "offset"
            } else {
                instant = clock.instant(of: local, offsetSeconds: nil)
                c.evidence.timeSource = "hunt-timezone"
            }
        }
        if let gps = photo.gpsTime {
            c.evidence.gpsTime = clock.iso(gps)
            if let instant {
                let skew = instant.timeIntervalSince(gps)
                c.evidence.clockSkewS = Self.round(skew)
                if abs(skew) > hunt.policy.clockSkew.seconds {
                    c.findings.append(Finding(code: .clockSkew, message: "capture time and GPS time differ by \(MeasureText.duration(abs(skew))); the policy allows \(hunt.policy.clockSkew)"))
                }
            } else {
                instant = gps
                c.evidence.timeSource = "gps"
            }
        }
        c.instant = instant
        guard let instant else {
            c.findings.append(Finding(code: .noTime, message: "no capture time and no GPS time: the windows cannot be checked"))
            return
        }
        c.evidence.capturedAt = clock.iso(instant)
        for (window, whose) in [(hunt.window, "the hunt's"), (c.task?.window, "the task's")] {
            guard let window else { continue }
            if instant < window.start {
                c.findings.append(Finding(code: .beforeWindow, message: "taken \(clock.iso(instant)), before \(whose) window opened at \(clock.iso(window.start))"))
                break
            }
            if instant > window.end {
                c.findings.append(Finding(code: .afterWindow, message: "taken \(clock.iso(instant)), after \(whose) window closed at \(clock.iso(window.end))"))
                break
            }
        }
    }

    static func editor(in software: String) -> String? {
        let lowered = Array(software.lowercased().utf8)
        return editorBytes.first { Self.contains(lowered, $0.1) }?.0
    }

    static let editorBytes = Judge.editors.map { ($0, Array($0.lowercased().utf8)) }

    /// Byte search: Foundation's `String.contains` showed up in profiles.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        let first = needle[0]
        for i in 0...(haystack.count - needle.count) where haystack[i] == first {
            var j = 1
            while j < needle.count && haystack[i + j] == needle[j] { j += 1 }
            if j == needle.count { return true }
        }
        return false
    }

    // MARK: Rounding for evidence

    static func round(_ value: Double, places: Double = 100) -> Double { (value * places).rounded() / places }
}
