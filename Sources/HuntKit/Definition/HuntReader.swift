import Foundation

extension RepeatRule: CaseIterable {
    /// Every repeat rule, in the order the hunt file's JSON Schema lists them.
    public static let allCases: [RepeatRule] = [.once, .perPlace, .unlimited, .perDay]
}

extension ScoreRule: CaseIterable {
    /// Every score rule, in the order the hunt file's JSON Schema lists them.
    public static let allCases: [ScoreRule] = [.complete, .closest]
}

/// Reads the YAML tree of a hunt file into a `Hunt`, reporting into `context`; then
/// `checks(of:)` are the checks across the whole hunt, which need the positions it kept but not the tree.
struct HuntReader: Sendable {
    var context: LoadContext

    /// Per task, the ids in its `after` with where each was written (for unknown-task and cycles).
    var afterLocations: [[(id: String, location: SourceLocation)]] = []
    /// Per task, where each kind of target key was written.
    var taskExtras: [TaskExtras] = []

    struct TaskExtras: Sendable {
        var idLocation: SourceLocation?
        var pointsLocation: SourceLocation?
        var windowLocation: SourceLocation?
        var liveLocation: SourceLocation?
        /// A group's `tasks:`, each id with where it was written.
        var members: [(id: String, location: SourceLocation)] = []
        /// An `at:` written as two plain numbers, and the point with them exchanged (for `CoordinateOrder`).
        var swappableAt: (location: SourceLocation, swapped: Coordinate)?
    }

    init(context: LoadContext) { self.context = context }

    mutating func read(_ root: YAMLNode) -> Hunt? {
        guard root.mapping != nil else {
            context.error(
                .wrongType, "a hunt file is a mapping with `hunt:`, `tasks:` and other keys, but this is \(root.kindName)",
                at: root.location, fix: "start with `hunt: My Hunt` and a `tasks:` list; `hunt init` writes a starter")
            return nil
        }
        guard let fields = context.mapping(root, section: "the hunt file", keys: HuntSchema.topLevel, hints: HuntSchema.topLevelHints)
        else { return nil }
        var hunt = Hunt(id: "", title: "", source: SourceLocation(file: context.file))
        // First: the hunt's languages say how its texts are read.
        readTaskBasis(fields, into: &hunt)

        if let n = context.require("hunt", in: fields, section: "the hunt file", example: "hunt: Utrecht Campus Photo Hunt"),
            let title = localizedText(n, "the hunt's title", hunt: hunt, required: true, example: "hunt: Utrecht Campus Photo Hunt")
        {
            hunt.titleText = title
        }
        hunt.id = Hunt.slug(hunt.title)
        if let n = fields.present("id"), let id = identifier(n, "the hunt's `id`") { hunt.id = id }

        if let n = fields.present("policy") { PolicyReader.read(n, into: &hunt.policy, context: &context) }
        if let n = fields.present("rules") { hunt.rulesText = rules(n, hunt: hunt) }
        if let n = fields.present("teams") { hunt.teams = teams(n) }
        if let n = context.require("tasks", in: fields, section: "the hunt file", example: "tasks: [ { id: first, title: …, at: 52.09, 5.12 } ]") {
            hunt.tasks = tasks(n, hunt: hunt)
            if n.sequence?.isEmpty == true {
                context.warning(
                    .noTasks, "`tasks` is empty; players have nothing to do", at: n.location,
                    fix: "add tasks, e.g. `- { id: first, title: The first task, at: 52.09067, 5.12133 }`")
            }
        }
        // A group's tasks score only through the group.
        let members = hunt.groupByTask
        if !members.isEmpty {
            for i in hunt.tasks.indices where members[hunt.tasks[i].id] != nil { hunt.tasks[i].points = 0 }
        }
        if let n = fields.present("rewards") { hunt.rewards = rewards(n, hunt: hunt) }
        if let n = fields.present("sheets") { SheetSettingsReader.read(n, into: &hunt.sheets, context: &context) }
        if let n = fields.present("announcements") { hunt.announcements = announcements(n, hunt: hunt) }
        if let n = fields.present("retention"), let span = context.timeSpan(n, "`retention`") {
            _ = context.check(HuntRules.retention(span), at: n.location)
            if span.seconds > 0 { hunt.retention = span }
        }
        if let n = fields.present("leaderboard") { readLeaderboard(n, into: &hunt) }

        if let location = context.firstLocalTime, !context.timeZoneWritten {
            context.warning(
                .noTimezone, "this time has no offset and the hunt has no `timezone`, so it is read as UTC", at: location,
                fix: "add `timezone: Europe/Amsterdam` (your IANA zone) at the top of the file")
        }
        return hunt
    }

    /// `leaderboard: { freeze: 15 min }`: checked against the window (`HuntRules.freeze`).
    private mutating func readLeaderboard(_ node: YAMLNode, into hunt: inout Hunt) {
        guard
            let fields = context.mapping(
                node, section: "leaderboard", keys: HuntSchema.leaderboard,
                hints: ["frozen": "did you mean `freeze`?", "freeze-for": "write `freeze`"])
        else { return }
        if let n = fields.present("freeze"), let span = context.timeSpan(n, "`leaderboard.freeze`") {
            _ = context.check(HuntRules.freeze(span, window: hunt.window), at: n.location)
            if span.seconds > 0 { hunt.leaderboardFreeze = span }
        }
    }

    /// The checks across the whole hunt read by `read(_:)`, with the positions it read.
    func checks(of hunt: Hunt) -> HuntChecks {
        HuntChecks(hunt: hunt, afterLocations: afterLocations, extras: taskExtras)
    }

    /// The top-level keys whose sections reading a task depends on (through the hunt and the context).
    static let taskBasisKeys = ["language", "languages", "timezone", "window", "defaults", "bands"]

    /// Reads the sections of `taskBasisKeys`, in this order.
    mutating func readTaskBasis(_ fields: Fields, into hunt: inout Hunt) {
        readLanguages(fields, into: &hunt)
        if let n = fields.present("timezone") { readTimezone(n, into: &hunt) }
        if let n = fields.present("window") { hunt.window = window(n, "the hunt's `window`", defaultDate: nil) }
        if let n = fields.present("defaults") { readDefaults(n, into: &hunt.defaults) }
        if let n = fields.present("bands"), let b = bands(n, "the hunt's `bands`", base: hunt.bands) { hunt.bands = b }
    }

    // MARK: Sections

    /// "did you mean `A`?", or for several "did you mean `A`, `B` or `C`? (the zone of the hunt's place)".
    static func didYouMean(_ zones: [String]) -> String? {
        guard let first = zones.first else { return nil }
        guard zones.count > 1 else { return "did you mean `\(first)`?" }
        let quoted = zones.map { "`\($0)`" }
        return "did you mean " + quoted.dropLast().joined(separator: ", ") + " or " + quoted.last! + "? (the zone of the hunt's place)"
    }

    mutating func readTimezone(_ node: YAMLNode, into hunt: inout Hunt) {
        guard let name = context.nonEmptyText(node, "`timezone`", example: "timezone: Europe/Amsterdam") else { return }
        if let zone = TimezoneNames.zone(named: name) {
            hunt.timezone = zone
            hunt.timezoneName = name
            context.timeZone = zone
            context.timeZoneWritten = true
        } else {
            context.error(
                .unknownTimezone, "unknown timezone `\(name)`", at: node.location,
                fix: Self.didYouMean(TimezoneNames.suggestions(for: name))
                    ?? "use an IANA name such as `Europe/Amsterdam` or `America/New_York`")
            // Times below are still read (as UTC) so that their own problems are found.
            context.timeZoneWritten = true
        }
    }

    mutating func window(_ node: YAMLNode, _ what: String, defaultDate: (year: Int, month: Int, day: Int)?) -> TimeWindow? {
        if let text = node.text, !node.isNull {
            // `window: 2026-12-05 10:00 - 17:00` reads naturally but is one text: say how to split it.
            let (start, end) = Self.range(text) ?? ("2026-05-02 10:00", "16:00")
            context.error(
                .wrongType, "\(what) is one text, `\(text)`; a window is a `start` and an `end`", at: node.location,
                fix: "write `window: { start: \(start), end: \(end) }`")
            return nil
        }
        guard
            let fields = context.mapping(
                node, section: what, keys: HuntSchema.window,
                hints: [
                    "from": "did you mean `start`?", "to": "did you mean `end`?",
                    "begin": "did you mean `start`?", "until": "did you mean `end`?"
                ])
        else { return nil }
        let startNode = context.require("start", in: fields, section: what, example: "start: 2026-05-02 10:00")
        let endNode = context.require("end", in: fields, section: what, example: "end: 2026-05-02 16:00")
        let start = startNode.flatMap { context.date($0, "\(what) start", defaultDate: defaultDate) }
        var endDefault = defaultDate
        if endDefault == nil, let start { endDefault = DateTimeText.localDate(start, timeZone: context.timeZone) }
        let end = endNode.flatMap { context.date($0, "\(what) end", defaultDate: endDefault) }
        guard let start, let end, let endNode else { return nil }
        let window = TimeWindow(start: start, end: end)
        guard context.check(HuntRules.window(window, what, zone: context.timeZone), at: endNode.location) else { return nil }
        return window
    }

    /// `2026-12-05 10:00 - 17:00` (or `–`, `to`, `until`) → its two ends; nil without one separator.
    static func range(_ text: String) -> (String, String)? {
        for separator in [" - ", " – ", " — ", "–", "—", " to ", " until "] {
            let parts = text.components(separatedBy: separator)
            guard parts.count == 2 else { continue }
            let (start, end) = (parts[0].trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces))
            if !start.isEmpty, !end.isEmpty { return (start, end) }
        }
        return nil
    }

    mutating func readDefaults(_ node: YAMLNode, into defaults: inout TaskDefaults) {
        guard let fields = context.mapping(node, section: "`defaults`", keys: HuntSchema.defaults) else { return }
        if let n = fields.present("radius"), let r = radius(n, "the default `radius`") { defaults.radius = r }
        if let n = fields.present("points"), let p = context.points(n, "the default `points`") { defaults.points = p }
    }

    mutating func bands(_ node: YAMLNode, _ what: String, base: Bands) -> Bands? {
        guard
            let fields = context.mapping(
                node, section: what, keys: HuntSchema.bands,
                hints: [
                    "cold": "anything beyond `warm` is cold; no key needed",
                    "close": "did you mean `hot`?"
                ])
        else { return nil }
        var result = base
        var locations: [String: SourceLocation] = [:]
        for key in HuntSchema.bands {
            guard let n = fields.present(key), let value = context.length(n, "`\(key)`") else { continue }
            locations[key] = n.location
            switch key {
            case "found": result.found = value
            case "hot": result.hot = value
            default: result.warm = value
            }
        }
        if let (key, finding) = HuntRules.bands(result) {
            let previous = HuntSchema.bands[HuntSchema.bands.firstIndex(of: key)! - 1]
            context.check(finding, at: locations[key] ?? locations[previous] ?? node.location)
            return nil
        }
        return result
    }

    mutating func teams(_ node: YAMLNode) -> [Team] {
        guard let items = context.list(node, "`teams`", example: "{ id: foxes, name: Red Foxes }") else { return [] }
        var result: [Team] = []
        for item in items {
            if item.scalar != nil {
                // `- foxes` is a team whose id and name are `foxes`.
                if let id = identifier(item, "a team id") { result.append(Team(id: id, name: id, location: item.location)) }
                continue
            }
            guard
                let fields = context.mapping(
                    item, section: "a team", keys: HuntSchema.team,
                    hints: ["players": "did you mean `members`?", "title": "did you mean `name`?"])
            else { continue }
            guard let idNode = context.require("id", in: fields, section: "a team", example: "id: foxes"),
                let id = identifier(idNode, "a team id")
            else { continue }
            var team = Team(id: id, name: id, location: idNode.location)
            if let n = fields.present("name"), let name = context.nonEmptyText(n, "a team's `name`", example: "name: Red Foxes") { team.name = name }
            if let n = fields.present("members"), let members = context.textList(n, "`members`") { team.members = members }
            result.append(team)
        }
        return result
    }

    mutating func rewards(_ node: YAMLNode, hunt: Hunt) -> [Reward] {
        guard let items = context.list(node, "`rewards`", example: "{ points: 10, reward: A free drink }") else { return [] }
        var result: [Reward] = []
        for item in items {
            guard
                let fields = context.mapping(
                    item, section: "a reward", keys: HuntSchema.reward,
                    hints: [
                        "prize": "did you mean `reward`?", "name": "did you mean `reward`?",
                        "title": "did you mean `reward`?"
                    ])
            else { continue }
            let pointsNode = context.require("points", in: fields, section: "a reward", example: "points: 10")
            let rewardNode = context.require("reward", in: fields, section: "a reward", example: "reward: A free drink")
            guard let pointsNode, let points = context.points(pointsNode, "a reward's `points`"),
                let rewardNode, let text = localizedText(rewardNode, "`reward`", hunt: hunt, required: true, example: "reward: A free drink")
            else { continue }
            result.append(Reward(points: points, rewardText: text, location: pointsNode.location))
        }
        return result
    }

    // MARK: Tasks

    mutating func tasks(_ node: YAMLNode, hunt: Hunt) -> [HuntTask] {
        guard let items = context.list(node, "`tasks`", example: "{ id: dom-tower, title: The Dom Tower, at: 52.09067, 5.12133 }") else { return [] }
        // Read in contiguous slices, each into its own reader, joined in order, so the result does
        // not depend on scheduling; a long generated list on all cores, any other in one slice.
        let chunks = items.count >= Self.parallelThreshold ? min(ProcessInfo.processInfo.activeProcessorCount, 8) : 1
        var base = context
        base.diagnostics = []
        base.firstLocalTime = nil
        let size = (items.count + chunks - 1) / chunks
        let sliceReader = HuntReader(context: base)
        let partials = [HuntReader](parallelCount: chunks) { chunk in
            var reader = sliceReader
            var tasks: [HuntTask] = []
            tasks.reserveCapacity(size)
            reader.afterLocations.reserveCapacity(size)
            reader.taskExtras.reserveCapacity(size)
            for item in items[(chunk * size)..<min(items.count, (chunk + 1) * size)] {
                if let task = reader.task(item, hunt: hunt) { tasks.append(task) }
            }
            reader.slicedTasks = tasks
            return reader
        }
        return join(partials, count: items.count)
    }

    /// The tasks read by readers of consecutive slices of the list, in order, with their diagnostics and positions.
    mutating func join(_ partials: [HuntReader], count: Int) -> [HuntTask] {
        var result: [HuntTask] = []
        result.reserveCapacity(count)
        afterLocations.reserveCapacity(count)
        taskExtras.reserveCapacity(count)
        for partial in partials {
            result += partial.slicedTasks
            context.diagnostics += partial.context.diagnostics
            if context.firstLocalTime == nil { context.firstLocalTime = partial.context.firstLocalTime }
            afterLocations += partial.afterLocations
            taskExtras += partial.taskExtras
        }
        return result
    }

    /// Lists of tasks at least this long are read in parallel.
    static let parallelThreshold = 2048
    /// The tasks a reader of one slice read.
    var slicedTasks: [HuntTask] = []

    mutating func task(_ node: YAMLNode, hunt: Hunt) -> HuntTask? {
        guard let fields = context.mapping(node, section: "a task", keys: HuntSchema.task, hints: HuntSchema.taskHints) else { return nil }
        var extras = TaskExtras()
        var id = ""
        if fields.present("id") == nil {
            // Only now is the slug worth computing: it is the example in the error.
            let suggestedID = fields.present("title")?.text.map(Hunt.slug) ?? "my-task"
            _ = context.require("id", in: fields, section: "a task", example: "id: \(suggestedID)")
        } else if let n = fields.present("id") {
            extras.idLocation = n.location
            id = identifier(n, "a task id") ?? ""
        }
        var task = HuntTask(id: id, title: id, points: hunt.defaults.points, location: node.location)
        if let n = context.require("title", in: fields, section: "a task", example: "title: A short name players will see"),
            let title = localizedText(n, "a task's `title`", hunt: hunt, required: true, example: "title: A short name players will see")
        {
            task.titleText = title
        }
        task.clueText = localizedText(fields["clue"], "`clue`", hunt: hunt)
        task.hintText = localizedText(fields["hint"], "`hint`", hunt: hunt)
        task.revealText = localizedText(fields["reveal"], "`reveal`", hunt: hunt)
        if let n = fields.present("points") {
            extras.pointsLocation = n.location
            if let p = context.points(n, "`points`") { task.points = p }
        }
        if let n = fields.present("tasks") {
            task.choose = group(n, fields: fields, id: id, extras: &extras)
            if let n = fields.present("tags"), let tags = context.textList(n, "`tags`") {
                task.tags = tags.compactMap {
                    let tag = $0.trimmedWhitespace; return tag.isEmpty ? nil : tag
                }
            }
            afterLocations.append([])
            taskExtras.append(extras)
            return task
        }
        task.question = question(fields, task: id, hunt: hunt)
        // A task answered by typing or choosing needs a place only when it names one.
        if !Self.asksQuestion(fields) || ["at", "area", "places"].contains(where: { fields.present($0) != nil }) {
            task.target = target(fields, task: id, hunt: hunt, extras: &extras)
        }
        if let n = fields.present("choose"), let count = chooseCount(n) {
            if case .places? = task.target {
                task.choose = Choice(count: count, location: n.location)
            } else if fields.present("places") == nil {
                context.check(HuntRules.chooseWithoutSet(id, count: count), at: fields.keyLocation("choose") ?? n.location)
            }
        }
        var after: [(String, SourceLocation)] = []
        if let n = fields.present("after") {
            let items = n.sequence ?? [n]
            for item in items {
                if let text = context.nonEmptyText(item, "an `after` task id", example: "after: [dom-tower]") { after.append((text, item.location)) }
            }
        }
        // `unlocked_by:` hides the task until these are done, and orders it after them as `after:` does.
        if let n = fields.present("unlocked_by") {
            for item in n.sequence ?? [n] {
                guard let text = context.nonEmptyText(item, "an `unlocked_by` task id", example: "unlocked_by: [old-quad]") else { continue }
                task.unlockedBy.append(text)
                if !after.contains(where: { $0.0 == text }) { after.append((text, item.location)) }
            }
        }
        task.after = after.map(\.0)
        if let n = fields.present("dwell"), let d = context.timeSpan(n, "`dwell`") {
            task.dwell = d
            if d.seconds == 0 { task.dwell = nil }
            switch task.target {
            case .circle?, .places?: break
            case .area?:
                context.check(HuntRules.dwellOnArea(), at: n.location)
            case nil:
                if fields.present("area") != nil {
                    context.check(HuntRules.dwellOnArea(), at: n.location)
                } else if fields.present("at") == nil && fields.present("places") == nil {
                    context.check(HuntRules.dwellWithoutTarget(), at: n.location)
                }
            }
        }
        if let n = fields.present("repeat"), let r = context.choice(n, "`repeat`", as: RepeatRule.self) {
            task.repeatRule = r
            if r == .perPlace, fields.present("places") == nil {
                context.check(HuntRules.perPlaceWithoutPlaces(), at: n.location)
            }
        }
        if let n = fields.present("score"), let s = context.choice(n, "`score`", as: ScoreRule.self) { task.score = s }
        for (key, finding) in HuntRules.chooseConflicts(task) {
            context.check(finding, at: fields.keyLocation(key) ?? task.location)
        }
        if let n = fields.present("evidence"), let e = context.choice(n, "`evidence`", as: EvidenceKind.self) { task.evidence = e }
        if let n = fields.present("live") {
            // `live: true` is the camera rule; `live: bands` and `live: direction` guide the walk.
            let word = n.text?.lowercased() ?? ""
            if let guide = TaskGuide(rawValue: word) {
                task.guide = guide
                if task.target == nil { context.check(HuntRules.guideWithoutTarget(task.id, guide), at: n.location) }
            } else if ["true", "yes", "on", "y", "false", "no", "off", "n"].contains(word) || n.scalar == nil {
                if let live = context.bool(n, "`live`") {
                    task.live = live
                    extras.liveLocation = n.location
                }
            } else {
                context.error(
                    .badValue, "`live` should be true, false, bands or direction, found `\(n.text ?? "")`", at: n.location,
                    fix: "`live: true` takes photos from the page's camera; `live: bands` says warmer or colder; `live: direction` shows the way")
            }
        }
        if let n = fields.present("check_in"), let checkIn = context.bool(n, "`check_in`"), checkIn {
            task.checkIn = checkIn
            if let key = Self.questionKinds.first(where: { fields.present($0) != nil }) {
                context.check(HuntRules.checkInConflict(task.id, key: key), at: fields.keyLocation(key) ?? n.location)
            } else if task.target == nil, !["at", "area", "places"].contains(where: { fields.present($0) != nil }) {
                context.check(HuntRules.checkInWithoutPlace(task.id), at: fields.keyLocation("check_in") ?? n.location)
            }
        }
        if let n = fields.present("reference"), let file = context.referencedFile(n, key: "reference") {
            if context.checkReferencePhoto(file, at: n.location) { task.reference = TaskReference(path: file.path, in: context.baseURL) }
        }
        if let n = fields.present("sheets") { task.positions = SheetSettingsReader.readTask(n, context: &context) }
        if let n = fields.present("tags"), let tags = context.textList(n, "`tags`") {
            task.tags = tags.compactMap {
                let tag = $0.trimmedWhitespace; return tag.isEmpty ? nil : tag
            }
        }
        if let n = fields.present("window") {
            extras.windowLocation = n.location
            let day = hunt.window.map { DateTimeText.localDate($0.start, timeZone: hunt.timezone) }
            task.window = window(n, "the task's `window`", defaultDate: day)
        }
        if let n = fields.present("bands") { task.bands = bands(n, "the task's `bands`", base: hunt.bands) }
        if let n = fields.present("opens") {
            let day = hunt.window.map { DateTimeText.localDate($0.start, timeZone: hunt.timezone) }
            task.opens = context.date(n, "`opens`", defaultDate: day)
        }
        if let n = fields.present("hints") { task.hints = hints(n, fields: fields, task: task, hunt: hunt) }
        afterLocations.append(after)
        taskExtras.append(extras)
        return task
    }

    /// A group: `choose: N` over the tasks it lists, with nothing of a target. The ids are
    /// checked against the hunt's tasks once all are read (`HuntChecks.groups`).
    mutating func group(_ node: YAMLNode, fields: Fields, id: String, extras: inout TaskExtras) -> Choice? {
        for key in HuntSchema.task where !HuntSchema.group.contains(key) {
            guard fields.present(key) != nil, let at = fields.keyLocation(key) else { continue }
            context.error(
                .chooseConflict, "`\(key)` means nothing on the group `\(id)`: a group is done through its tasks", at: at,
                fix: "put `\(key)` on each of the group's tasks, or remove it")
        }
        var members: [(id: String, location: SourceLocation)] = []
        for item in node.sequence ?? [node] {
            if item.mapping != nil {
                context.error(
                    .wrongType, "a group's `tasks` lists task ids, but this is a task written in place", at: item.location,
                    fix: "write the task in the hunt's `tasks:` list and its id here: `tasks: [\(item["id"]?.text ?? "its-id"), …]`")
            } else if let text = context.nonEmptyText(item, "a group's task id", example: "tasks: [rijks, van-gogh, stedelijk]") {
                members.append((text, item.location))
            }
        }
        extras.members = members
        guard let n = fields.present("choose") else {
            context.error(
                .chooseWithoutSet, "the group `\(id)` lists `tasks` but not how many of them count",
                at: fields.keyLocation("tasks") ?? node.location,
                fix: "add `choose: N`, e.g. `choose: \(max(1, members.count - 1))`: the group is done once any N of its tasks are")
            return nil
        }
        guard let count = chooseCount(n) else { return nil }
        return Choice(count: count, tasks: members.map(\.id), location: n.location)
    }

    /// `choose: N`: a whole number, at least 1.
    mutating func chooseCount(_ node: YAMLNode) -> Int? {
        guard let value = context.integer(node, "`choose`"), context.check(HuntRules.chooseCount(value), at: node.location) else { return nil }
        return value
    }

    /// `at` + `radius`, `area`, or `places` (+ `radius`): exactly one.
    mutating func target(_ fields: Fields, task id: String, hunt: Hunt, extras: inout TaskExtras) -> Target? {
        let written = ["at", "area", "places"].filter { fields.present($0) != nil }
        if written.isEmpty {
            context.check(HuntRules.noTarget(id), at: fields.node.location)
            if let n = fields.present("radius") { _ = radius(n, "`radius`") }
            return nil
        }
        if written.count > 1, let second = fields.keyLocation(written[1]) {
            context.error(
                .multipleTargets, "task `\(id)` has both `\(written[0])` and `\(written[1])`; a task has one target",
                at: second, fix: "keep one of them, or split the task in two")
        }
        var radiusValue = hunt.defaults.radius
        if let n = fields.present("radius") {
            if written.first == "area" {
                context.warning(
                    .radiusUnused, "`radius` means nothing for an `area` target (the polygon's edge is the limit)",
                    at: fields.keyLocation("radius") ?? n.location, fix: "remove `radius`")
            } else if let r = radius(n, "`radius`") {
                radiusValue = r
            }
        }
        switch written[0] {
        case "at":
            checkFiles(fields, besides: "at")
            guard let n = fields.present("at"), let (point, swapped) = coordinate(n, "`at`") else { return nil }
            if let swapped { extras.swappableAt = (n.location, swapped) }
            return .circle(center: point, radius: radiusValue)
        case "area":
            guard let n = fields.present("area"), let file = context.referencedFile(n, key: "area") else { return nil }
            checkFiles(fields, besides: "area")
            return .area(AreaTarget(path: file.path, url: file.url))
        default:
            guard let n = fields.present("places"), let file = context.referencedFile(n, key: "places") else { return nil }
            return .places(PlacesTarget(path: file.path, url: file.url, radius: radiusValue))
        }
    }

    /// The files of the targets that are not used (after a `multiple-targets` error) are still
    /// checked, so that one run reports every missing file.
    mutating func checkFiles(_ fields: Fields, besides used: String) {
        for key in ["area", "places"] where key != used {
            if let n = fields.present(key) { _ = context.referencedFile(n, key: key) }
        }
    }

    // MARK: Values

    /// A radius: a distance, at least 10 m (error), better at least 15 m (warning).
    mutating func radius(_ node: YAMLNode, _ what: String) -> Length? {
        guard let value = context.length(node, what) else { return nil }
        // Too small is an error, but the value is kept: the checks after it still see the task's target.
        context.check(HuntRules.radius(value, what), at: node.location)
        return value
    }

    /// An id: letters, digits, `-`, `_`, `.`; it names folders and starts file names.
    mutating func identifier(_ node: YAMLNode, _ what: String) -> String? {
        guard let text = context.nonEmptyText(node, what, example: "id: dom-tower") else { return nil }
        guard context.check(HuntRules.identifier(text, what), at: node.location) else { return nil }
        return text
    }

    /// A coordinate as text, `[lat, lon]` or `{lat, lon}` / `{latitude, longitude}`; with it, the
    /// point its two numbers give swapped, when they are plain numbers (for `CoordinateOrder`).
    mutating func coordinate(_ node: YAMLNode, _ what: String) -> (point: Coordinate, swapped: Coordinate?)? {
        let example = "write `52.09067, 5.12133`, `[52.09067, 5.12133]`, `{ lat: 52.09067, lon: 5.12133 }` or `52°05'26.4\"N 5°07'16.8\"E`"
        var result: Result<Coordinate, CoordinateText.Problem>
        var axes: Result<[CoordinateText.Axis], CoordinateText.Problem>?
        switch node.value {
        case .scalar(let s):
            axes = CoordinateText.parseAxes(s.text)
            result = axes!.flatMap(CoordinateText.coordinate(axes:))
        case .sequence(let items):
            guard items.count == 2, let a = items[0].text, let b = items[1].text else {
                context.error(
                    .badCoordinate, "\(what) as a list holds a latitude and a longitude, found \(items.count) item\(items.count == 1 ? "" : "s")",
                    at: node.location, fix: example)
                return nil
            }
            result = pair(a, b)
        case .mapping:
            guard let fields = context.mapping(node, section: what, keys: HuntSchema.coordinate, hints: Self.coordinateHints)
            else { return nil }
            let lat = fields.present("lat") ?? fields.present("latitude")
            let lon = fields.present("lon") ?? fields.present("longitude")
            guard let lat, let lon else {
                context.error(.missingKey, "\(what) needs both `lat` and `lon`", at: node.location, fix: example)
                return nil
            }
            guard let a = context.text(lat, "`lat`"), let b = context.text(lon, "`lon`") else { return nil }
            result = pair(a, b)
        }
        switch result {
        case .success(let point):
            context.check(HuntRules.nullIsland(point, what), at: node.location)
            return (point, try? swappedIfPlain(node, axes: axes).get())
        case .failure(let problem):
            switch problem {
            case .latitudeOutOfRange, .longitudeOutOfRange:
                context.check(HuntRules.outOfRange(problem, what, swapped: try? swappedIfPlain(node, axes: axes).get()), at: node.location)
            case .notTwoValues(1) where node.text != nil:
                // `{ id: a, at: -33.8568, 151.2153 }`: in a flow mapping the comma ends the value.
                context.error(
                    .badCoordinate, "\(what) is not a coordinate: \(problem)", at: node.location,
                    fix:
                        "give both, latitude first; inside `{ … }` a comma ends a value, so there write the pair in brackets or quotes: `[\(node.text ?? "LAT"), LON]`"
                )
            default:
                context.error(.badCoordinate, "\(what) is not a coordinate: \(problem)", at: node.location, fix: example)
            }
            return nil
        }
    }

    /// Fixes for keys of a coordinate written as a mapping that are not `lat`/`lon`.
    static let coordinateHints = ["lng": "did you mean `lon`?", "long": "did you mean `lon`?", "y": "use `lat`", "x": "use `lon`"]

    private func pair(_ a: String, _ b: String) -> Result<Coordinate, CoordinateText.Problem> {
        let lat: (degrees: Double, hemisphere: Character?)
        let lon: (degrees: Double, hemisphere: Character?)
        switch CoordinateText.parseAngle(a) {
        case .success(let v): lat = v;
        case .failure(let p): return .failure(p)
        }
        switch CoordinateText.parseAngle(b) {
        case .success(let v): lon = v;
        case .failure(let p): return .failure(p)
        }
        if lat.hemisphere == "E" || lat.hemisphere == "W" || lon.hemisphere == "N" || lon.hemisphere == "S" {
            return .failure(.badComponent("latitude (N/S) comes first, then longitude (E/W)"))
        }
        return CoordinateText.check(latitude: lat.degrees, longitude: lon.degrees)
    }

    /// For the "did you swap them?" hint: the coordinate with its two values exchanged.
    /// `axes`: the scalar's, when they are already read.
    private func swappedIfPlain(
        _ node: YAMLNode, axes read: Result<[CoordinateText.Axis], CoordinateText.Problem>? = nil
    )
        -> Result<Coordinate, CoordinateText.Problem>
    {
        let written: (lat: String?, lon: String?)
        switch node.value {
        case .scalar(let s):
            guard case .success(let axes) = read ?? CoordinateText.parseAxes(s.text), axes.count == 2,
                axes.allSatisfy({ $0.hemisphere == nil })
            else { return .failure(.empty) }
            return CoordinateText.check(latitude: axes[1].degrees, longitude: axes[0].degrees)
        case .sequence(let items):
            written = (items.first?.text, items.last?.text)
        case .mapping:
            written = (node["lat"]?.text ?? node["latitude"]?.text, node["lon"]?.text ?? node["longitude"]?.text)
        }
        guard let lat = written.lat.flatMap(Double.init), let lon = written.lon.flatMap(Double.init) else { return .failure(.empty) }
        return CoordinateText.check(latitude: lon, longitude: lat)
    }
}
