import Foundation

/// One problem with one value of a hunt, before it is given a place: the code, the words and the fix.
struct HuntFinding: Sendable {
    var severity: Diagnostic.Severity
    var code: HuntDiagnosticCode
    var message: String
    var fix: String?

    static func error(_ code: HuntDiagnosticCode, _ message: String, fix: String? = nil) -> HuntFinding {
        HuntFinding(severity: .error, code: code, message: message, fix: fix)
    }

    static func warning(_ code: HuntDiagnosticCode, _ message: String, fix: String? = nil) -> HuntFinding {
        HuntFinding(severity: .warning, code: code, message: message, fix: fix)
    }

    func at(_ location: SourceLocation) -> Diagnostic {
        Diagnostic(severity, DiagnosticCode(code), message, at: location, fix: fix)
    }
}

/// The rules each value of a hunt must keep, whoever wrote it.
///
/// One set: `HuntReader` applies them to each value it reads from YAML (and reports at the value's
/// line and column), `HuntValidator` to the model of a hunt built in code; each rule returns its
/// finding, or nil when the value is good. `what` names the value as messages say it (`` `points` ``,
/// `the default `radius``).
enum HuntRules {
    /// An id: letters, digits, `-`, `_`, `.`; it names folders and starts file names.
    static func identifier(_ text: String, _ what: String) -> HuntFinding? {
        let allowed = text.unicodeScalars.allSatisfy { $0.isIdentifierCharacter || $0 == "-" || $0 == "_" || $0 == "." }
        guard !allowed || text.hasPrefix(".") || text.hasPrefix("-") else { return nil }
        return .error(
            .badId, "\(what) `\(text)` has characters that do not work in folder and file names",
            fix: "use letters, digits, `-`, `_` and `.` (not first), e.g. `\(Hunt.slug(text))`")
    }

    /// Text no longer than `Hunt.maximumTextBytes`.
    static func textLength(_ text: String, _ what: String) -> HuntFinding? {
        guard text.utf8.count > Hunt.maximumTextBytes else { return nil }
        return .error(
            .textTooLong, "\(what) is \(text.utf8.count) bytes long; a text in a hunt file can be at most \(Hunt.maximumTextBytes / 1024) KiB",
            fix: "shorten it; put long material in a file the players get separately")
    }

    /// Text that must say something.
    static func empty(_ what: String, example: String) -> HuntFinding {
        .error(.missingKey, "\(what) is empty", fix: "write it, e.g. `\(example)`")
    }

    /// Points: a whole number from 0 to `Hunt.maximumPoints`.
    static func points(_ value: Int, _ what: String) -> HuntFinding? {
        if value < 0 {
            return .error(
                .negativePoints, "\(what) is \(value); points cannot be negative", fix: "use 0 or more; to take points away, leave the task out")
        }
        if value > Hunt.maximumPoints {
            return .error(
                .pointsTooLarge, "\(what) is \(value); a task or reward can carry at most \(Hunt.maximumPoints) points",
                fix: "use a smaller number, e.g. `points: 100`")
        }
        return nil
    }

    /// A distance more than 0; `written` is the value as it was written.
    static func positive(_ value: Length, _ what: String, written: String) -> HuntFinding? {
        value.metres > 0 ? nil : .error(.badLength, "\(what) must be more than 0, found `\(written)`")
    }

    /// A duration of 0 or more.
    static func notNegative(_ value: TimeSpan, _ what: String, written: String) -> HuntFinding? {
        value.seconds >= 0 ? nil : .error(.badDuration, "\(what) cannot be negative, found `\(written)`")
    }

    /// How long photos are kept: more than 0 (error), at least a day (warning: the judges and a
    /// late appeal need the photos after the hunt).
    static func retention(_ value: TimeSpan) -> HuntFinding? {
        if value.seconds <= 0 {
            return .error(
                .badDuration, "`retention` must be more than 0, found \(value)",
                fix: "say how long photos are kept after they arrive, e.g. `retention: 30 days`")
        }
        if value.seconds < 86400 {
            return .warning(
                .shortRetention, "`retention: \(value)` lets `hunt purge` remove photos before the judges may be done with them",
                fix: "keep photos at least a day, e.g. `retention: 30 days`")
        }
        return nil
    }

    /// A leaderboard freeze: more than 0 (error), inside a window that has an end (warnings: with
    /// no window it never starts; as long as the window or longer, nothing is ever shown).
    static func freeze(_ value: TimeSpan, window: TimeWindow?) -> HuntFinding? {
        if value.seconds <= 0 {
            return .error(
                .badDuration, "`leaderboard.freeze` must be more than 0, found \(value)",
                fix: "say how long before the end the standings stop changing, e.g. `freeze: 15 min`")
        }
        guard let window else {
            return .warning(
                .freezeWithoutWindow, "`leaderboard.freeze` counts back from the window's end, and the hunt has no `window`",
                fix: "add `window: { start: …, end: … }`, or remove `leaderboard`")
        }
        if value.seconds >= window.end.timeIntervalSince(window.start) {
            return .warning(
                .freezeWithoutWindow, "`leaderboard.freeze: \(value)` is as long as the window: players would never see the standings change",
                fix: "freeze the last part of the day only, e.g. `freeze: 15 min`")
        }
        return nil
    }

    /// `live: bands` or `live: direction` on a task with no place to guide towards (an answer, a
    /// choice, a group).
    static func guideWithoutTarget(_ id: String, _ guide: TaskGuide) -> HuntFinding {
        .error(
            .guideWithoutTarget, "task `\(id)` says `live: \(guide.rawValue)` but has no place (`at`, `area` or `places`) to guide players to",
            fix: "give the task a place, e.g. `at: 52.09067, 5.12133`, or remove `live: \(guide.rawValue)`")
    }

    /// A speed more than 0.
    static func positive(_ value: Speed, _ what: String, written: String) -> HuntFinding? {
        value.metresPerSecond > 0 ? nil : .error(.badSpeed, "\(what) must be more than 0, found `\(written)`")
    }

    /// A radius: at least 10 m (error), better at least 15 m (warning).
    static func radius(_ value: Length, _ what: String) -> HuntFinding? {
        if value.metres < 10 {
            return .error(
                .radiusTooSmall, "\(what) is \(value); it must be at least 10 m",
                fix: "phone GPS is rarely better than 5–10 m; use 10 m or more (25–50 m is typical)")
        }
        if value.metres < 15 {
            return .warning(
                .radiusSmall, "\(what) is \(value); under 15 m many good photos will land in review",
                fix: "use 15 m or more unless the place is open sky")
        }
        return nil
    }

    /// A latitude or longitude out of range; `swapped` is the point with its two numbers
    /// exchanged, when they were written as plain numbers (for "did you swap them?").
    static func outOfRange(_ problem: CoordinateText.Problem, _ what: String, swapped: Coordinate?) -> HuntFinding {
        if case .latitudeOutOfRange = problem {
            let fix = swapped.map { "did you swap them? latitude comes first: `\($0)`" } ?? "latitude is -90…90 and comes first"
            return .error(.coordinateOutOfRange, "\(what): \(problem)", fix: fix)
        }
        return .error(.coordinateOutOfRange, "\(what): \(problem)", fix: "longitude is -180…180")
    }

    /// A point in range, and not 0, 0.
    static func coordinate(_ point: Coordinate, _ what: String) -> HuntFinding? {
        if case .failure(let problem) = CoordinateText.check(latitude: point.latitude, longitude: point.longitude) {
            let swapped = try? CoordinateText.check(latitude: point.longitude, longitude: point.latitude).get()
            return outOfRange(problem, what, swapped: swapped)
        }
        return nullIsland(point, what)
    }

    static func nullIsland(_ point: Coordinate, _ what: String) -> HuntFinding? {
        guard point.latitude == 0, point.longitude == 0 else { return nil }
        return .warning(.nullIsland, "\(what) is 0, 0 (in the Gulf of Guinea); is a value missing?")
    }

    /// A window that ends after it starts.
    static func window(_ window: TimeWindow, _ what: String, zone: TimeZone) -> HuntFinding? {
        let (start, end) = (window.start, window.end)
        guard end <= start else { return nil }
        return .error(
            .windowEndBeforeStart,
            "\(what) ends (\(DateTimeText.format(end, timeZone: zone))) \(end == start ? "when" : "before") it starts (\(DateTimeText.format(start, timeZone: zone)))",
            fix: "make `end` later than `start`")
    }

    /// Bands that grow outwards; the finding names the first band that does not (`hot`, `warm`).
    static func bands(_ bands: Bands) -> (key: String, finding: HuntFinding)? {
        let order: [(String, Length)] = [("found", bands.found), ("hot", bands.hot), ("warm", bands.warm)]
        for i in 1..<order.count where order[i].1 < order[i - 1].1 {
            return (
                order[i].0,
                .error(
                    .bandsNotAscending, "band `\(order[i].0)` (\(order[i].1)) is smaller than `\(order[i - 1].0)` (\(order[i - 1].1))",
                    fix: "bands grow outwards: found ≤ hot ≤ warm")
            )
        }
        return nil
    }

    /// `choose: N`: at least 1.
    static func chooseCount(_ value: Int) -> HuntFinding? {
        value >= 1 ? nil : .error(.badNumber, "`choose` is \(value); it is how many must be done, at least 1", fix: "write `choose: 1` or more")
    }

    // MARK: A task's parts together

    static func noTarget(_ id: String) -> HuntFinding {
        .error(
            .noTarget, "task `\(id)` has no target: say where it is done",
            fix:
                "add `at: 52.09067, 5.12133` (a point and `radius`), `area: FILE` (a polygon) or `places: FILE` (any of many points); a task answered without a place has `answer:`, `number:` or `choices:`"
        )
    }

    static func targetNotRead(_ id: String, key: String, path: String) -> HuntFinding {
        .warning(
            .targetNotRead, "task `\(id)`'s `\(key): \(path)` has no geometry: the file was never read, so no photo can be placed in it",
            fix: "call `readTargetFiles()` on the hunt first, or build the area with its polygons (`AreaTarget(path:area:)`)")
    }

    static func dwellOnArea() -> HuntFinding {
        .error(
            .dwellWithoutPlace, "`dwell` needs a place to stay at, but this task's target is an area",
            fix: "use `at:` or `places:` for a dwell task, or remove `dwell`")
    }

    /// Code task `id`, which has no place for its poster.
    static func codeWithoutPlace(_ id: String) -> HuntFinding {
        .error(
            .codeWithoutPlace, "code task `\(id)` has no place: a marshal puts its poster up there, and players find it there",
            fix: "add where the poster goes, e.g. `at: 52.0907, 5.1214`")
    }

    /// `check_in: true` on task `id`, which has no place to be at.
    static func checkInWithoutPlace(_ id: String) -> HuntFinding {
        .error(
            .checkInWithoutPlace, "task `\(id)` says `check_in: true` but has no place (`at`, `places` or `area`) to check in at",
            fix: "give the task a place, e.g. `at: 52.0874, 5.1777` with `radius: 40 m`, or remove `check_in`")
    }

    /// `check_in: true` on task `id`, which also asks a question (`key`).
    static func checkInConflict(_ id: String, key: String) -> HuntFinding {
        .error(
            .checkInConflict, "task `\(id)` has both `check_in: true` and `\(key)`; a task is done by being there or by an answer, not both",
            fix: "keep one of them, or split the task in two")
    }

    static func dwellWithoutTarget() -> HuntFinding {
        .error(
            .dwellWithoutPlace, "`dwell` needs a place to stay at, and this task has none", fix: "add `at: LAT, LON` or `places: FILE` to the task")
    }

    static func perPlaceWithoutPlaces() -> HuntFinding {
        .error(
            .perPlaceWithoutPlaces, "`repeat: per-place` counts each place of a `places` file, but this task has no `places`",
            fix: "add `places: FILE`, or use `repeat: unlimited` or `per-day`")
    }

    static func chooseWithoutSet(_ id: String, count: Int) -> HuntFinding {
        .error(
            .chooseWithoutSet, "`choose` counts the places of a `places:` task or the tasks of a group, and task `\(id)` has neither",
            fix: "use `places: FILE` (any \(count) of its places), or make a group: `choose: \(count)` with `tasks: [a, b, c]` and no target")
    }

    /// `repeat` or `score` beside `choose`: the keys of `task` that cannot go with it.
    static func chooseConflicts(_ task: HuntTask) -> [(key: String, finding: HuntFinding)] {
        guard let choice = task.choose else { return [] }
        // `choose` counts distinct places once; another way of counting cannot be added to it.
        return [("repeat", task.repeatRule != .once), ("score", task.score == .closest)].filter(\.1).map { key, _ in
            (
                key,
                .error(
                    .chooseConflict, "`\(key)` cannot go with `choose`: the task counts once, when any \(choice.count) of its places are done",
                    fix: "remove `\(key)`, or `choose`")
            )
        }
    }
}
