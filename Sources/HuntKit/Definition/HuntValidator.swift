import Foundation

extension Hunt {
    /// Checks the hunt as `HuntLoader` checks a hunt file: the same rules, codes, messages and
    /// fixes, for a hunt built or changed in code.
    ///
    /// Each diagnostic is placed at the task, team or reward it is about (their `location`, which
    /// is `SourceLocation.builtInCode` unless the value came from a file); the hunt's own values at
    /// `source`. Nothing is read: the files `area:` and `places:` name are checked when
    /// `readTargetFiles()` reads them. Returns warnings too; `hasErrors` says whether the judge
    /// should be trusted with the hunt.
    public func validate() -> [Diagnostic] {
        var validator = HuntValidator(hunt: self)
        validator.run()
        return HuntLoader.sorted(validator.diagnostics, file: source.file)
    }

    /// Throws the errors `validate()` finds (warnings left out), if any. The judge, the
    /// simulator and the sheets call it before they use a hunt, so a hunt they would reject (a
    /// duplicate task id, a negative radius) is refused with its diagnostics instead of being
    /// judged wrong or stopping the program. `placing` (the judge, the simulator): an `area:` or
    /// `places:` target without its geometry (`target-not-read`, a warning of `validate()`) is an
    /// error too, since no photo could be placed in it.
    public func requireNoErrors(placing: Bool = true) throws(DiagnosticError) {
        let errors = validate().compactMap { diagnostic -> Diagnostic? in
            if diagnostic.severity == .error { return diagnostic }
            guard placing, diagnostic.code == .targetNotRead else { return nil }
            var error = diagnostic
            error.severity = .error
            return error
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
    }
}

/// Walks a hunt's model with `HuntRules` and `HuntChecks`: `Hunt.validate()`.
struct HuntValidator {
    let hunt: Hunt
    var diagnostics: [Diagnostic] = []

    init(hunt: Hunt) { self.hunt = hunt }

    mutating func report(_ finding: HuntFinding?, at location: SourceLocation) {
        if let finding { diagnostics.append(finding.at(location)) }
    }

    mutating func run() {
        let at = hunt.source
        if hunt.title.trimmedWhitespace.isEmpty {
            report(HuntRules.empty("the hunt's title", example: "hunt: Utrecht Campus Photo Hunt"), at: at)
        }
        report(HuntRules.textLength(hunt.title, "the hunt's title"), at: at)
        report(HuntRules.identifier(hunt.id, "the hunt's `id`"), at: at)
        if let window = hunt.window { report(HuntRules.window(window, "the hunt's `window`", zone: hunt.timezone), at: at) }
        radius(hunt.defaults.radius, "the default `radius`", at: at)
        report(HuntRules.points(hunt.defaults.points, "the default `points`"), at: at)
        policy(at: at)
        report(HuntRules.bands(hunt.bands)?.finding, at: at)
        if let rules = hunt.rules { report(HuntRules.textLength(rules, "`rules`"), at: at) }
        if let retention = hunt.retention { report(HuntRules.retention(retention), at: at) }
        if let freeze = hunt.leaderboardFreeze { report(HuntRules.freeze(freeze, window: hunt.window), at: at) }
        for team in hunt.teams { self.team(team) }
        if hunt.tasks.isEmpty {
            report(
                .warning(
                    .noTasks, "`tasks` is empty; players have nothing to do",
                    fix: "add tasks, e.g. `- { id: first, title: The first task, at: 52.09067, 5.12133 }`"), at: at)
        }
        for task in hunt.tasks { self.task(task) }
        for announcement in hunt.announcements {
            let at = Self.place(announcement.source, "an announcement")
            report(HuntRules.announcementText(announcement.text), at: at)
            report(HuntRules.announcementTime(announcement.at, window: hunt.window, zone: hunt.timezone), at: at)
            for team in announcement.teams { report(HuntRules.announcementTeam(team, teams: hunt.teams), at: at) }
        }
        for reward in hunt.rewards {
            let at = Self.place(reward.location, "a reward of \(reward.points) points")
            report(HuntRules.points(reward.points, "a reward's `points`"), at: at)
            text(reward.reward, "`reward`", example: "reward: A free drink", at: at)
        }
        let checks = HuntChecks(hunt: hunt)
        var context = LoadContext(file: hunt.source.file, baseURL: hunt.fileURL?.deletingLastPathComponent() ?? URL(fileURLWithPath: "."))
        checks.run(into: &context)
        diagnostics += context.diagnostics
        diagnostics += CoordinateOrder(hunt: hunt, extras: checks.extras).warnings()
    }

    mutating func policy(at location: SourceLocation) {
        let policy = hunt.policy
        report(HuntRules.positive(policy.assumedAccuracy, "`accuracy`", written: policy.assumedAccuracy.description), at: location)
        report(HuntRules.notNegative(policy.clockSkew, "`clock-skew`", written: policy.clockSkew.description), at: location)
        report(HuntRules.positive(policy.maximumSpeed, "`max-speed`", written: policy.maximumSpeed.description), at: location)
    }

    /// Text that must say something, and not too much.
    mutating func text(_ text: String, _ what: String, example: String, at location: SourceLocation) {
        if text.trimmedWhitespace.isEmpty { report(HuntRules.empty(what, example: example), at: location) }
        report(HuntRules.textLength(text, what), at: location)
    }

    mutating func id(_ id: String, _ what: String, section: String, example: String, at location: SourceLocation) {
        if id.isEmpty {
            report(.error(.missingKey, "\(section) needs `id`", fix: "add `\(example)`"), at: location)
        } else {
            report(HuntRules.identifier(id, what), at: location)
        }
    }

    mutating func team(_ team: Team) {
        let at = Self.place(team.location, "team `\(team.id)`")
        id(team.id, "a team id", section: "a team", example: "id: foxes", at: at)
        text(team.name, "a team's `name`", example: "name: Red Foxes", at: at)
        for member in team.members { report(HuntRules.textLength(member, "an item of `members`"), at: at) }
    }

    mutating func task(_ task: HuntTask) {
        let at = Self.place(task.location, "task `\(task.id)`")
        id(task.id, "a task id", section: "a task", example: "id: \(Hunt.slug(task.title))", at: at)
        text(task.title, "a task's `title`", example: "title: A short name players will see", at: at)
        for (value, key) in [(task.clue, "clue"), (task.hint, "hint"), (task.reveal, "reveal")] {
            if let value { report(HuntRules.textLength(value, "`\(key)`"), at: at) }
        }
        for tag in task.tags { report(HuntRules.textLength(tag, "an item of `tags`"), at: at) }
        for (finding, place) in HuntRules.hints(of: task, in: hunt) { report(finding, at: place == .builtInCode ? at : place) }
        report(HuntRules.points(task.points, "`points`"), at: at)
        if let choice = task.choose { report(HuntRules.chooseCount(choice.count), at: choice.location) }
        if let guide = task.guide, task.target == nil { report(HuntRules.guideWithoutTarget(task.id, guide), at: at) }
        if task.isGroup {
            if let key = Self.key(of: task.target) {
                report(
                    .error(
                        .chooseConflict, "`\(key)` means nothing on the group `\(task.id)`: a group is done through its tasks",
                        fix: "put `\(key)` on each of the group's tasks, or remove it"), at: at)
            }
            return
        }
        if let question = task.question { self.question(question, task: task.id, at: at) }
        if task.question?.code != nil, task.target == nil { report(HuntRules.codeWithoutPlace(task.id), at: at) }
        if task.checkIn {
            if let question = task.question {
                report(HuntRules.checkInConflict(task.id, key: Self.key(of: question)), at: at)
            } else if task.target == nil {
                report(HuntRules.checkInWithoutPlace(task.id), at: at)
            }
        }
        switch task.target {
        case nil:
            if task.question == nil { report(HuntRules.noTarget(task.id), at: at) }
        case .circle(let center, let radius)?:
            report(HuntRules.coordinate(center, "`at`"), at: at)
            self.radius(radius, "`radius`", at: at)
        case .places(let places)?:
            self.radius(places.radius, "`radius`", at: at)
            if places.places.isEmpty { report(HuntRules.targetNotRead(task.id, key: "places", path: places.path), at: at) }
        case .area(let area)?:
            if area.area == nil { report(HuntRules.targetNotRead(task.id, key: "area", path: area.path), at: at) }
        }
        if let choice = task.choose, Self.key(of: task.target) != "places" {
            report(HuntRules.chooseWithoutSet(task.id, count: choice.count), at: choice.location)
        }
        if let dwell = task.dwell {
            report(HuntRules.notNegative(dwell, "`dwell`", written: dwell.description), at: at)
            switch task.target {
            case .area?: report(HuntRules.dwellOnArea(), at: at)
            case nil: report(HuntRules.dwellWithoutTarget(), at: at)
            case .circle?, .places?: break
            }
        }
        if task.repeatRule == .perPlace, Self.key(of: task.target) != "places" { report(HuntRules.perPlaceWithoutPlaces(), at: at) }
        for (_, finding) in HuntRules.chooseConflicts(task) { report(finding, at: task.choose?.location ?? at) }
        if let window = task.window { report(HuntRules.window(window, "the task's `window`", zone: hunt.timezone), at: at) }
        if let bands = task.bands { report(HuntRules.bands(bands)?.finding, at: at) }
    }

    /// An answer key's own problems, a choice task's `correct`, `attempts`: what the reader checks, for a hunt built in code.
    mutating func question(_ question: TaskQuestion, task id: String, at location: SourceLocation) {
        for problem in question.problems {
            report(.error(problem.code, "task `\(id)`: \(problem.message)", fix: problem.fix), at: location)
        }
    }

    /// A distance more than 0 first, as the reader reads it; then the radius rule.
    mutating func radius(_ radius: Length, _ what: String, at location: SourceLocation) {
        let positive = HuntRules.positive(radius, what, written: radius.description)
        report(positive, at: location)
        if positive == nil { report(HuntRules.radius(radius, what), at: location) }
    }

    /// Where a finding about a value is said to be: its place in the file, or, for a value built
    /// in code, which one (`built in code: task `dom``), since the location alone names none.
    static func place(_ location: SourceLocation, _ what: String) -> SourceLocation {
        location == .builtInCode ? SourceLocation(file: SourceLocation.builtInCode.file + ": " + what) : location
    }

    /// The key a question is written with: `answer`, `number` (when every accepted answer is one), `choices` or `code`.
    static func key(of question: TaskQuestion) -> String {
        switch question.kind {
        case .answer(let key):
            key.accepted.allSatisfy {
                if case .number = $0 { true } else { false }
            } ? "number" : "answer"
        case .choices: "choices"
        case .code: "code"
        }
    }

    /// The key a target is written with in a hunt file.
    static func key(of target: Target?) -> String? {
        switch target {
        case .circle?: "at"
        case .area?: "area"
        case .places?: "places"
        case nil: nil
        }
    }
}
