import Foundation
import HuntKit

/// The marshals' answer key, in the sheets' language: every fixed word from its catalog
/// (`sheet.key.…`), numbers, distances and times written its way; ids, file names, codes,
/// policy values and `hunt` commands as the hunt file and the terminal write them.
extension SheetDocument {
    /// The key's head: its window, its number of tasks and its teams, as label and value rows.
    static func answerKeyFacts(
        _ hunt: Hunt, window: String?, entries: Int, teams: [(id: String, name: String)], words: PlayerCatalog
    ) -> [(label: String, value: String)] {
        var facts: [(label: String, value: String)] = []
        if let window {
            facts.append((words.text("sheet.when"), words.text("sheet.key.when", ["window": window, "zone": isolated(hunt.timezoneName, words)])))
        }
        facts.append((words.text("sheet.tasks-label"), entries.formatted(.number.locale(words.locale))))
        if !teams.isEmpty { facts.append((words.text("sheet.key.label.teams"), teamList(teams, words))) }
        return facts
    }

    /// "Los Zorros (zorros), Los Teros (teros)": each team's name and id.
    static func teamList(_ teams: [(id: String, name: String)], _ words: PlayerCatalog) -> String {
        list(teams.map { words.text("sheet.key.team", ["name": isolated($0.name, words, name: true), "id": isolated($0.id, words)]) }, words)
    }

    static func answerEntries(_ hunt: Hunt, qr withQR: Bool, language: String, words: PlayerCatalog) throws(DiagnosticError) -> [AnswerEntry] {
        let groupByTask = hunt.groupByTask
        let comma = words.text("list.comma")
        // In a right-to-left key, what the hunt or the terminal writes keeps its own order.
        let title = { (id: String) in isolated(hunt.task(id).map { $0.titleText.text(in: language) } ?? id, words, name: true) }
        let leftToRight = { (text: String) in isolated(text, words) }
        var entries: [AnswerEntry] = []
        for (index, task) in hunt.tasks.enumerated() {
            var facts: [(label: String, value: String)] = []
            func fact(_ key: String, _ value: String) { facts.append((words.text("sheet.key.label." + key), commandsIsolated(value, words))) }
            var places: [String] = []
            var geoURI: String?
            var qr: QRCode?
            switch task.target {
            case .circle(let centre, let radius):
                fact("position", leftToRight("\(CoordinateText.readable(centre))  (\(CoordinateText.sexagesimal(centre)))"))
                fact("radius", Self.radius(radius, hunt, words: words))
                geoURI = GeoURI.string(for: centre)
                if withQR { qr = try encode(geoURI!, at: task.location) }
            case .area(let target):
                fact("area", leftToRight(target.path))
                if let area = target.area {
                    let box = area.boundingBox
                    let counts = [
                        "polygons": words.text("sheet.key.polygons", count: area.polygons.count),
                        "vertices": words.text("sheet.key.vertices", count: area.vertexCount)
                    ]
                    let named = area.name.map { name in counts.merging(["name": isolated(name, words, name: true)]) { a, _ in a } }
                    fact("shape", named.map { words.text("sheet.key.shape-named", $0) } ?? words.text("sheet.key.shape", counts))
                    fact(
                        "bounds",
                        words.text(
                            "sheet.key.bounds",
                            [
                                "south": leftToRight(CoordinateText.readable(latitude: box.south)),
                                "north": leftToRight(CoordinateText.readable(latitude: box.north)),
                                "west": leftToRight(CoordinateText.readable(longitude: box.west)),
                                "east": leftToRight(CoordinateText.readable(longitude: box.east))
                            ]))
                } else {
                    fact("shape", words.text("sheet.key.shape-unread"))
                }
            case .places(let target):
                fact("places", words.text("sheet.key.places", count: target.places.count, ["file": leftToRight(target.path)]))
                fact("radius", Self.radius(target.radius, hunt, words: words))
                places = target.places.map { "\(isolated($0.name, words, name: true)) — \(leftToRight(CoordinateText.readable($0.coordinate)))" }
            case nil where task.isGroup:
                let choice = task.choose!
                fact(
                    "group",
                    words.text(
                        "sheet.key.group-tasks",
                        ["count": String(choice.count), "of": String(choice.tasks.count), "tasks": choice.tasks.map(title).joined(separator: comma)]))
            case nil where task.question == nil:
                fact("target", words.text("sheet.key.anywhere"))
            case nil:
                break  // what it accepts is in its rows below, judged at once
            }
            if !task.isGroup, let choice = task.choose, case .places(let target) = task.target {
                fact("choose", words.text("sheet.key.choose-places", ["count": String(choice.count), "of": String(target.places.count)]))
            }
            if let group = groupByTask[task.id] {
                fact("group", words.text("sheet.key.group-member", ["group": title(group.id), "id": leftToRight(group.id)]))
            }
            if let code = task.question?.code {
                fact("code", code.value.map { words.text("sheet.key.code", ["code": leftToRight($0)]) } ?? words.text("sheet.key.code-unknown"))
            }
            facts += questionFacts(task, hunt, language: language, words: words)
            fact("scoring", describeScoring(task, words: words))
            if task.live {
                let action = leftToRight(hunt.policy.notLive.rawValue)
                fact("live", words.text("sheet.key.live", ["limit": span(hunt.policy.liveMaxAge, words), "action": action]))
            }
            if !task.after.isEmpty { fact("after", list(task.after.map(title), words)) }
            // A check-in's stay is said in its check-in row.
            if let dwell = task.dwell, !task.checkIn { fact("dwell", span(dwell, words)) }
            if let window = task.window { fact("window", describe(window, in: hunt.timezone, words: words)) }
            if let bands = task.bands {
                fact(
                    "bands",
                    words.text(
                        "sheet.key.bands",
                        [
                            "found": leftToRight(Self.radius(bands.found, hunt, words: words)),
                            "hot": leftToRight(Self.radius(bands.hot, hunt, words: words)),
                            "warm": leftToRight(Self.radius(bands.warm, hunt, words: words))
                        ]))
            }
            if !task.tags.isEmpty { fact("tags", list(task.tags.map(leftToRight), words)) }
            entries.append(
                AnswerEntry(
                    number: index + 1, id: task.id, title: task.titleText.text(in: language), points: task.points,
                    pointsLabel: words.text("sheet.points", count: task.points), facts: facts, places: places,
                    hint: keyHints(task, language: language, words: words), reveal: task.revealText?.text(in: language).nilIfBlank,
                    geoURI: geoURI, qr: qr))
        }
        return entries
    }

    /// "30 points, once, when any 3 of its tasks are done": what a task scores and how often.
    private static func describeScoring(_ task: HuntTask, words: PlayerCatalog) -> String {
        var parts = [words.text("page.points", count: task.points)]
        if task.score == .closest { parts.append(words.text("sheet.key.closest")) }
        if let choice = task.choose {
            parts.append(words.text(task.isGroup ? "sheet.key.once-tasks" : "sheet.key.once-places", ["count": String(choice.count)]))
        } else {
            switch task.repeatRule {
            case .once: parts.append(words.text("sheet.key.once"))
            case .perPlace: parts.append(words.text("sheet.key.per-place"))
            case .unlimited: parts.append(words.text("sheet.key.unlimited"))
            case .perDay: parts.append(words.text("sheet.key.per-day"))
            }
        }
        return parts.joined(separator: words.text("list.comma"))
    }

    /// A time span in the words' language, exactly as long as the hunt file says: in hours and
    /// minutes or days (`words.duration`) when that loses nothing, else in seconds.
    static func span(_ span: TimeSpan, _ words: PlayerCatalog) -> String {
        let seconds = span.seconds
        let wholeMinutes = seconds >= 60 && seconds < 86_400 && seconds.truncatingRemainder(dividingBy: 60) == 0
        let wholeDays = seconds >= 86_400 && seconds < 365 * 86_400 && seconds.truncatingRemainder(dividingBy: 86_400) == 0
        if seconds.isFinite, wholeMinutes || wholeDays { return words.duration(seconds) }
        return words.text("duration.seconds", ["s": words.measure().number(seconds, places: seconds.rounded() == seconds ? 0 : 1)])
    }

    /// In a right-to-left language, `text` set apart from the sentence around it with Unicode's
    /// isolates, so its parts are not read backwards: a position, id, code or distance left to
    /// right (U+2066 … U+2069), a `name` from the hunt in its own direction (U+2068 … U+2069).
    static func isolated(_ text: String, _ words: PlayerCatalog, name: Bool = false) -> String {
        guard words.isRightToLeft else { return text }
        return (name ? "\u{2068}" : "\u{2066}") + text + "\u{2069}"
    }

    /// `items` joined with the language's comma; in a right-to-left language led by a
    /// right-to-left mark (U+200F), so the list is laid out as the key's language reads it, its
    /// first item at the right, rather than in the direction of its first (isolated) item.
    static func list(_ items: [String], _ words: PlayerCatalog) -> String {
        (words.isRightToLeft ? "\u{200F}" : "") + items.joined(separator: words.text("list.comma"))
    }

    /// In a right-to-left language, each `command` in backticks of a catalog's text isolated
    /// left to right.
    static func commandsIsolated(_ text: String, _ words: PlayerCatalog) -> String {
        guard words.isRightToLeft, text.contains("`") else { return text }
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count % 2 == 1 else { return text }
        return parts.enumerated().map { index, part in
            index % 2 == 1 ? isolated("`" + part + "`", words) : String(part)
        }.joined()
    }
}
