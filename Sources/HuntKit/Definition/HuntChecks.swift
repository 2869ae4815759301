import Foundation

/// Checks across the whole hunt, once every part is read: ids, `after` links, rewards, windows.
///
/// Run by the loader with the positions it read, and by `HuntValidator` on a hunt built in code
/// (`init(hunt:)`: every value is placed at the task, team or reward it belongs to).
struct HuntChecks {
    let hunt: Hunt
    let afterLocations: [[(id: String, location: SourceLocation)]]
    let extras: [HuntReader.TaskExtras]
    /// Each task id's first task, for `groups` and `afterLinks`.
    let indexOf: [String: Int]

    init(hunt: Hunt, afterLocations: [[(id: String, location: SourceLocation)]], extras: [HuntReader.TaskExtras]) {
        self.hunt = hunt
        self.afterLocations = afterLocations
        self.extras = extras
        indexOf = Self.firstIndices(hunt.tasks)
    }

    /// The checks of a hunt that no file was read for: each value placed at its task.
    init(hunt: Hunt) {
        self.hunt = hunt
        afterLocations = hunt.tasks.map { task in task.after.map { ($0, task.location) } }
        extras = hunt.tasks.map { task in
            var extras = HuntReader.TaskExtras()
            // In a file only written points count against a group's task; here, any but 0.
            if task.points != 0 { extras.pointsLocation = task.location }
            if let choice = task.choose { extras.members = choice.tasks.map { ($0, choice.location) } }
            // Numbers in code are plain, so any point in range may have been swapped (`CoordinateOrder`).
            if case .circle(let center, _)? = task.target, center.isValid,
                case .success(let swapped) = CoordinateText.check(latitude: center.longitude, longitude: center.latitude)
            {
                extras.swappableAt = (task.location, swapped)
            }
            return extras
        }
        indexOf = Self.firstIndices(hunt.tasks)
    }

    static func firstIndices(_ tasks: [HuntTask]) -> [String: Int] {
        var indexOf: [String: Int] = [:]
        indexOf.reserveCapacity(tasks.count)
        for (index, task) in tasks.enumerated() where !task.id.isEmpty && indexOf[task.id] == nil { indexOf[task.id] = index }
        return indexOf
    }

    /// Did-you-mean over ids, prepared on the first unknown id: preparing 10,000 ids cost more
    /// than the checks themselves, and a hunt without a mistake never asks.
    struct LazySuggestions {
        let words: () -> [String]
        var made: Suggestions?
        init(_ words: @escaping () -> [String]) { self.words = words }
        mutating func suggest(for word: String) -> String? {
            if made == nil { made = Suggestions(words()) }
            return made!.suggest(for: word)
        }
    }

    /// `; the first is on line 12`, when there is a line to name.
    static func firstOn(_ location: SourceLocation) -> String { location.line > 0 ? "; the first is on line \(location.line)" : "" }

    func run(into context: inout LoadContext) {
        duplicateIDs(into: &context)
        alikeNames(into: &context)
        afterLinks(into: &context)
        rewards(into: &context)
        taskWindows(into: &context)
        groups(into: &context)
        livePositions(into: &context)
    }

    /// A live task's photos come from the players' page's camera, and browsers mostly strip GPS
    /// from them: with the browser's fix ignored, they would all be `no-position`.
    func livePositions(into context: inout LoadContext) {
        guard hunt.policy.browserPosition == .ignore else { return }
        for (index, task) in hunt.tasks.enumerated() where task.live {
            context.warning(
                .liveWithoutBrowserPosition,
                "task `\(task.id)` is live (taken with the players' page's camera), but `policy.browser-position` is ignore: such photos usually carry no GPS, so they will be `no-position`",
                at: extras[index].liveLocation ?? task.location,
                fix: "set `browser-position: review` (or `accept`) under `policy:`, or drop `live: true`")
        }
    }

    /// Each group's tasks exist, are ordinary tasks with a "done", are in no other group and carry
    /// no points of their own; `choose` asks for no more than the group lists; `after` names no group.
    func groups(into context: inout LoadContext) {
        var suggestions = LazySuggestions { [hunt] in hunt.tasks.filter { !$0.isGroup }.map(\.id).filter { !$0.isEmpty } }
        var groupOf: [String: String] = [:]
        for (index, group) in hunt.tasks.enumerated() where group.isGroup {
            var listed = Set<String>()
            for (id, location) in extras[index].members {
                guard listed.insert(id).inserted else {
                    context.error(.groupMember, "`\(id)` is listed twice in the group `\(group.id)`", at: location, fix: "list each task once")
                    continue
                }
                guard let memberIndex = indexOf[id] else {
                    context.error(
                        .unknownTask, "the group `\(group.id)` lists `\(id)`, but no task has that id", at: location,
                        fix: suggestions.suggest(for: id).map { "did you mean `\($0)`?" } ?? "list the `id`s of tasks of this hunt")
                    continue
                }
                let member = hunt.tasks[memberIndex]
                if id == group.id {
                    context.error(.groupMember, "the group `\(id)` lists itself", at: location, fix: "list the tasks it is made of")
                } else if member.isGroup {
                    context.error(
                        .groupMember, "groups do not nest: `\(id)` is a group itself", at: location,
                        fix: "list `\(id)`'s tasks here instead, or make one group of all of them")
                } else if let other = groupOf[id] {
                    context.error(
                        .groupMember, "`\(id)` is already in the group `\(other)`; a task counts in one group", at: location,
                        fix: "remove it from one of the groups, or make a second task for the same place")
                } else if member.score == .closest {
                    context.error(
                        .groupMember, "`\(id)` is ranked by closest approach, so it is never done and cannot count in a group",
                        at: location, fix: "remove it from the group, or make it `score: complete`")
                } else if let points = extras[memberIndex].pointsLocation {
                    context.error(
                        .groupMember, "`\(id)` has points of its own, but a group's tasks score only through the group `\(group.id)`",
                        at: points, fix: "move the points to the group: it scores its `points` once any \(group.choose!.count) of its tasks are done")
                }
                if groupOf[id] == nil { groupOf[id] = group.id }
            }
            let choice = group.choose!
            if choice.count > listed.count {
                context.error(
                    .chooseTooMany,
                    "`choose: \(choice.count)`, but the group `\(group.id)` lists \(listed.count) task\(listed.count == 1 ? "" : "s")",
                    at: choice.location, fix: "choose at most \(listed.count), or list more tasks")
            }
        }
        for (index, links) in afterLocations.enumerated() where index < hunt.tasks.count {
            for (id, location) in links where indexOf[id].map({ hunt.tasks[$0].isGroup }) == true {
                context.error(
                    .chooseConflict, "`after` names the group `\(id)`; a group has no photo of its own to come after", at: location,
                    fix: "name one of its tasks: \(hunt.task(id)!.choose!.tasks.prefix(3).joined(separator: ", "))")
            }
        }
    }

    func duplicateIDs(into context: inout LoadContext) {
        for (index, task) in hunt.tasks.enumerated() where !task.id.isEmpty {
            guard let firstIndex = indexOf[task.id], firstIndex != index else { continue }
            let first = extras[firstIndex].idLocation ?? hunt.tasks[firstIndex].location
            context.error(
                .duplicateId, "task id `\(task.id)` is used twice\(Self.firstOn(first))", at: extras[index].idLocation ?? task.location,
                fix: "give each task its own id, e.g. `\(task.id)-2`")
        }
        var firstTeam: [String: SourceLocation] = [:]
        var folded: [String: String] = [:]
        for team in hunt.teams {
            if let first = firstTeam[team.id] {
                context.error(
                    .duplicateId, "team id `\(team.id)` is used twice\(Self.firstOn(first))", at: team.location,
                    fix: "give each team its own id")
                continue
            }
            firstTeam[team.id] = team.location
            // Team ids name submission folders; on macOS and Windows `Foxes` and `foxes` are one folder.
            if let other = folded[team.id.lowercased()] {
                context.error(
                    .duplicateId, "team ids `\(other)` and `\(team.id)` differ only in case, so their folders clash on some systems",
                    at: team.location, fix: "make them differ in more than case")
            }
            folded[team.id.lowercased()] = team.id
        }
    }

    /// Folders and manifest cells name teams and tasks by `NameKey` (without regard to case,
    /// accents or separators): two that one typed name matches cannot be told apart that way.
    func alikeNames(into context: inout LoadContext) {
        func clash(_ kind: String, _ ids: [String], at location: SourceLocation, spelled: [String]) {
            let shown = ids.map { "`\($0)`" }.joined(separator: " and ")
            context.warning(
                .namesAlike,
                "\(kind) \(shown) share one name once case, accents and separators are ignored ("
                    + spelled.map { "`\($0)`" }.joined(separator: ", ") + "): a folder or manifest cell spelt like that names neither, "
                    + "unless it is exactly one's id",
                at: location, fix: "make their ids\(kind == "teams" ? " and names" : "") differ in a letter or digit")
        }
        for (key, teams) in hunt.teamLookup.alike {
            let ids = teams.map(\.id)
            // Ids that differ only in case are already an error (duplicate-id), and one id twice too.
            if Set(ids).count < ids.count || Set(ids.map { $0.lowercased() }).count < ids.count { continue }
            var spelled: [String] = []
            for name in teams.flatMap({ [$0.id, $0.name] }) where NameKey(name) == key && !spelled.contains(name) { spelled.append(name) }
            clash("teams", ids, at: teams[1].location, spelled: spelled)
        }
        for (_, tasks) in hunt.taskLookup.alike where Set(tasks.map(\.id)).count == tasks.count {
            clash("tasks", tasks.map(\.id), at: tasks[1].location, spelled: tasks.map(\.id))
        }
    }

    func afterLinks(into context: inout LoadContext) {
        var suggestions = LazySuggestions { [hunt] in hunt.tasks.map(\.id).filter { !$0.isEmpty } }
        var edges: [[(target: Int, location: SourceLocation)]] = Array(repeating: [], count: hunt.tasks.count)
        for (index, links) in afterLocations.enumerated() where index < hunt.tasks.count {
            for (id, location) in links {
                if let target = indexOf[id] {
                    edges[index].append((target, location))
                } else {
                    let near = suggestions.suggest(for: id)
                    context.error(
                        .unknownTask, "`after` names `\(id)`, but no task has that id", at: location,
                        fix: near.map { "did you mean `\($0)`?" } ?? "use the `id` of another task")
                }
            }
        }
        // Iterative depth-first search; a grey node met again closes a cycle.
        var colour = [UInt8](repeating: 0, count: hunt.tasks.count)  // 0 white, 1 grey, 2 black
        var reported = Set<[Int]>()
        for start in edges.indices where colour[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            colour[start] = 1
            while let top = stack.last {
                if top.next < edges[top.node].count {
                    stack[stack.count - 1].next += 1
                    let (target, location) = edges[top.node][top.next]
                    if colour[target] == 0 {
                        colour[target] = 1
                        stack.append((target, 0))
                    } else if colour[target] == 1 {
                        let path = stack.map(\.node)
                        guard let from = path.lastIndex(of: target) else { continue }
                        let cycle = Array(path[from...])
                        let key = Self.canonical(cycle)
                        if reported.insert(key).inserted {
                            let names = (cycle + [target]).map { hunt.tasks[$0].id }
                            let text = names.joined(separator: " → ")
                            // Name the keys the links were written with: `unlocked_by` links are `after` links too.
                            let unlocked = zip(names, names.dropFirst()).map { hunt.task($0.0)?.unlockedBy.contains($0.1) ?? false }
                            let keys =
                                unlocked.allSatisfy { $0 } ? "`unlocked_by`" : unlocked.contains(true) ? "`after` and `unlocked_by`" : "`after`"
                            context.error(
                                .afterCycle, "\(keys) \(keys.contains(" and ") ? "go" : "goes") round in a circle: \(text)", at: location,
                                fix: cycle.count == 1
                                    ? "a task cannot come after itself; remove `\(names[0])` from its `after`"
                                    : "each task must be done after the next one in the circle, so none can be first; remove one link")
                        }
                    }
                } else {
                    colour[top.node] = 2
                    stack.removeLast()
                }
            }
        }
    }

    /// The cycle rotated to start at its smallest index, so each cycle is reported once.
    static func canonical(_ cycle: [Int]) -> [Int] {
        guard let minimum = cycle.indices.min(by: { cycle[$0] < cycle[$1] }) else { return cycle }
        return Array(cycle[minimum...] + cycle[..<minimum])
    }

    func rewards(into context: inout LoadContext) {
        for i in hunt.rewards.indices.dropFirst() where hunt.rewards[i].points <= hunt.rewards[i - 1].points {
            let (previous, reward) = (hunt.rewards[i - 1], hunt.rewards[i])
            context.error(
                .rewardsNotAscending,
                "reward tiers go up in points, but \(reward.points) comes after \(previous.points)"
                    + (previous.location.line > 0 ? " (line \(previous.location.line))" : ""),
                at: reward.location, fix: "list the rewards from fewest to most points, each tier higher than the one before")
        }
        // Without repeatable tasks the most a team can score is the sum of the points.
        let repeatable = hunt.tasks.contains { $0.repeatRule != .once || $0.score == .closest }
        if !repeatable, !hunt.tasks.isEmpty {
            let total = hunt.tasks.clampedSum(\.points)
            for reward in hunt.rewards where reward.points > total {
                context.warning(
                    .rewardUnreachable, "no team can reach \(reward.points) points: all tasks together give \(total)",
                    at: reward.location, fix: "lower the tier, add tasks, or make a task repeatable (`repeat:`)")
            }
        }
    }

    func taskWindows(into context: inout LoadContext) {
        guard let outer = hunt.window else { return }
        for (index, task) in hunt.tasks.enumerated() {
            guard let window = task.window, window.start < outer.start || window.end > outer.end else { continue }
            let zone = hunt.timezone
            context.warning(
                .taskWindowOutside,
                "task `\(task.id)`'s window (\(DateTimeText.format(window.start, timeZone: zone))–\(DateTimeText.format(window.end, timeZone: zone))) reaches outside the hunt's (\(DateTimeText.format(outer.start, timeZone: zone))–\(DateTimeText.format(outer.end, timeZone: zone)))",
                at: extras[index].windowLocation ?? task.location,
                fix: "photos outside the hunt's window are judged `outside-window` anyway; keep the task's window inside it")
        }
    }
}
