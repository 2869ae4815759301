import Foundation

extension Hunt {
    /// The hunt as a hunt file that `HuntLoader` reads back to the same hunt: for a script that
    /// generates a hunt an organizer then edits.
    ///
    /// Every task says all it has (points, radius) rather than leaning on `defaults`; the hunt's
    /// policy, bands and sheet settings only where they differ from the built-in ones. Texts are
    /// quoted, numbers written so that they read back to the same bits, times in the hunt's
    /// timezone (with their offset where the local time alone would be ambiguous). Paths
    /// (`area:`, `places:`, `reference:`) are written as they are held, relative to the folder the
    /// file is saved in.
    public func yaml() -> String {
        var writer = HuntYAMLWriter(hunt: self)
        writer.write()
        return writer.text
    }
}

/// Writes `Hunt.yaml()`: one line per value, in the order of `HuntSchema`.
struct HuntYAMLWriter {
    let hunt: Hunt
    var text = ""

    init(hunt: Hunt) { self.hunt = hunt }

    mutating func line(_ indent: Int, _ key: String, _ value: String) {
        text += String(repeating: "  ", count: indent) + key + ": " + value + "\n"
    }

    mutating func write() {
        line(0, "hunt", localized(hunt.titleText))
        if hunt.id != Hunt.slug(hunt.title) { line(0, "id", YAMLText.scalar(hunt.id)) }
        if hunt.language != "en" { line(0, "language", YAMLText.scalar(hunt.language)) }
        if hunt.languages != [hunt.language] { line(0, "languages", Self.list(hunt.languages.map(YAMLText.scalar))) }
        if hunt.units != .metric { line(0, "units", hunt.units.rawValue) }
        // IANA names (`America/Argentina/Buenos_Aires`, `Etc/GMT+3`) read back plain.
        let name = hunt.timezoneName
        let plain =
            name.first?.isLetter == true
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789/_+-".unicodeScalars.contains($0)) }
        line(
            0, "timezone",
            plain && !["yes", "no", "on", "off", "y", "n", "true", "false", "null"].contains(name.lowercased()) ? name : YAMLText.quoted(name))
        if let window = hunt.window { self.window(window, indent: 0) }
        if hunt.defaults != TaskDefaults() {
            line(0, "defaults", "{ radius: \(Self.length(hunt.defaults.radius)), points: \(hunt.defaults.points) }")
        }
        policy()
        if hunt.bands != Bands() { line(0, "bands", Self.bands(hunt.bands)) }
        if let rules = hunt.rulesText { line(0, "rules", localized(rules)) }
        sheets()
        if let retention = hunt.retention {
            line(0, "retention", TimeSpan.parse(retention.inDays) == retention ? retention.inDays : Self.timeSpan(retention))
        }
        if let freeze = hunt.leaderboardFreeze { line(0, "leaderboard", "{ freeze: \(Self.timeSpan(freeze)) }") }
        if !hunt.teams.isEmpty {
            text += "teams:\n"
            for team in hunt.teams {
                var fields = "id: \(YAMLText.scalar(team.id)), name: \(YAMLText.quoted(team.name))"
                if !team.members.isEmpty { fields += ", members: " + Self.list(team.members.map(YAMLText.quoted)) }
                text += "  - { \(fields) }\n"
            }
        }
        text += "tasks:" + (hunt.tasks.isEmpty ? " []\n" : "\n")
        let groups = hunt.groupByTask
        for task in hunt.tasks { self.task(task, inGroup: groups[task.id] != nil) }
        if !hunt.rewards.isEmpty {
            text += "rewards:\n"
            for reward in hunt.rewards { text += "  - { points: \(reward.points), reward: \(localized(reward.rewardText)) }\n" }
        }
        if !hunt.announcements.isEmpty {
            text += "announcements:\n"
            for announcement in hunt.announcements {
                var fields = "at: \(time(announcement.at)), text: \(localized(announcement.text))"
                if !announcement.teams.isEmpty { fields += ", teams: " + Self.list(announcement.teams.map(YAMLText.scalar)) }
                text += "  - { \(fields) }\n"
            }
        }
    }

    /// A text for players: quoted, or `{ es: "…", en: "…" }` with its translations (the hunt's
    /// language first, then the others in the order `languages:` offers them).
    /// `number:` (with `within:`) for one number, else `answer:` with every accepted answer (by
    /// language when the file wrote it so, then the number); or
    /// `choices:` with the `correct:` ones by text; or `code:`; and `attempts:` when written.
    mutating func question(_ question: TaskQuestion) {
        switch question.kind {
        case .answer(let key):
            let numbers = key.accepted.compactMap { accepted -> (Double, within: Double)? in
                if case .number(let number, let within) = accepted { return (number, within) }
                return nil
            }
            if !key.byLanguage.isEmpty {
                // By language as written, so an answer key can label each language's answers.
                let fields = key.languages(in: hunt.languages).map {
                    "\(YAMLText.scalar($0)): \(Self.list(key.byLanguage[$0, default: []].map(YAMLText.quoted)))"
                }
                line(2, "answer", "{ " + fields.joined(separator: ", ") + " }")
            } else if key.accepted.count != 1 || numbers.isEmpty {
                let answers = key.accepted.map { accepted -> String in
                    switch accepted {
                    case .text(let text): YAMLText.quoted(text)
                    case .number(let number, _): YAMLText.quoted(DecimalText.trimmed(number, places: 12))
                    }
                }
                line(2, "answer", Self.list(answers))
            }
            if !key.byLanguage.isEmpty || key.accepted.count == 1, let number = numbers.first {
                line(2, "number", DecimalText.trimmed(number.0, places: 12))
                if number.within > 0 { line(2, "within", DecimalText.trimmed(number.within, places: 12)) }
            }
        case .choices(let choices, let correct):
            line(2, "choices", Self.list(choices.map(localized)))
            line(2, "correct", Self.list(correct.sorted().map { YAMLText.quoted(choices[$0].text) }))
        case .code(let code):
            // A derived code is written as `true`, never as its value: the file may be public.
            line(2, "code", code.source == .derived ? "true" : YAMLText.quoted(code.value ?? ""))
        }
        if let attempts = question.attempts { line(2, "attempts", String(attempts)) }
    }

    func localized(_ text: LocalizedText) -> String {
        guard !text.translations.isEmpty else { return YAMLText.quoted(text.text) }
        let order = hunt.languages + text.translations.keys.sorted()
        var seen: Set<String> = [hunt.language]
        var fields = ["\(YAMLText.scalar(hunt.language)): \(YAMLText.quoted(text.text))"]
        for code in order where !seen.contains(code) {
            seen.insert(code)
            if let translated = text.translations[code] { fields.append("\(YAMLText.scalar(code)): \(YAMLText.quoted(translated))") }
        }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    mutating func window(_ window: TimeWindow, indent: Int) {
        text += String(repeating: "  ", count: indent) + "window:\n"
        line(indent + 1, "start", time(window.start))
        line(indent + 1, "end", time(window.end))
    }

    mutating func policy() {
        let policy = hunt.policy, standard = Policy()
        var lines: [(String, String)] = []
        if policy.assumedAccuracy != standard.assumedAccuracy { lines.append(("accuracy", Self.length(policy.assumedAccuracy))) }
        if policy.clockSkew != standard.clockSkew { lines.append(("clock-skew", Self.timeSpan(policy.clockSkew))) }
        if policy.maximumSpeed != standard.maximumSpeed { lines.append(("max-speed", Self.speed(policy.maximumSpeed))) }
        if policy.browserMaxGap != standard.browserMaxGap { lines.append(("browser-max-gap", Self.timeSpan(policy.browserMaxGap))) }
        if policy.browserMaxAccuracy != standard.browserMaxAccuracy { lines.append(("browser-max-accuracy", Self.length(policy.browserMaxAccuracy))) }
        if policy.liveMaxAge != standard.liveMaxAge { lines.append(("live-max-age", Self.timeSpan(policy.liveMaxAge))) }
        if policy.browserPosition != standard.browserPosition { lines.append((PolicyReader.browserPositionKey, policy.browserPosition.rawValue)) }
        for (key, _, path) in PolicyReader.actionKeys where policy[keyPath: path] != standard[keyPath: path] {
            lines.append((key, policy[keyPath: path].rawValue))
        }
        guard !lines.isEmpty else { return }
        text += "policy:\n"
        for (key, value) in lines { line(1, key, value) }
    }

    mutating func sheets() {
        let sheets = hunt.sheets, standard = SheetSettings()
        var fields: [String] = []
        if sheets.paper != standard.paper { fields.append("paper: \(sheets.paper.rawValue)") }
        if sheets.positions != standard.positions { fields.append("positions: \(sheets.positions.rawValue)") }
        if sheets.hints != standard.hints { fields.append("hints: \(sheets.hints.rawValue)") }
        if let layout = sheets.layout { fields.append("layout: \(YAMLText.quoted(layout))") }
        if !fields.isEmpty { line(0, "sheets", "{ " + fields.joined(separator: ", ") + " }") }
    }

    /// A task; one in a group says no points (it scores only through the group).
    mutating func task(_ task: HuntTask, inGroup: Bool) {
        text += "  - id: \(YAMLText.scalar(task.id))\n"
        line(2, "title", localized(task.titleText))
        for (key, value) in [("clue", task.clueText), ("hint", task.hintText), ("reveal", task.revealText)] {
            if let value { line(2, key, localized(value)) }
        }
        switch task.target {
        case .circle(let center, let radius)?:
            line(2, "at", "\(Self.number(center.latitude)), \(Self.number(center.longitude))")
            line(2, "radius", Self.length(radius))
        case .area(let area)?:
            line(2, "area", YAMLText.quoted(area.path))
        case .places(let places)?:
            line(2, "places", YAMLText.quoted(places.path))
            line(2, "radius", Self.length(places.radius))
        case nil:
            break
        }
        if !inGroup { line(2, "points", String(task.points)) }
        if let choice = task.choose {
            line(2, "choose", String(choice.count))
            if !choice.tasks.isEmpty { line(2, "tasks", Self.list(choice.tasks.map(YAMLText.scalar))) }
        }
        let after = task.after.filter { !task.unlockedBy.contains($0) }
        if !after.isEmpty { line(2, "after", Self.list(after.map(YAMLText.scalar))) }
        if !task.unlockedBy.isEmpty { line(2, "unlocked_by", Self.list(task.unlockedBy.map(YAMLText.scalar))) }
        if let opens = task.opens { line(2, "opens", time(opens)) }
        if !task.hints.isEmpty {
            text += "    hints:\n"
            for hint in task.hints {
                var fields = ["text: " + localized(hint.text)]
                if let after = hint.after { fields.append("after: " + Self.timeSpan(after)) }
                if let cost = hint.cost { fields.append("cost: \(cost)") }
                text += "      - { " + fields.joined(separator: ", ") + " }\n"
            }
        }
        if let question = task.question { self.question(question) }
        if task.checkIn { line(2, "check_in", "true") }
        if let dwell = task.dwell { line(2, "dwell", Self.timeSpan(dwell)) }
        if task.repeatRule != .once { line(2, "repeat", task.repeatRule.rawValue) }
        if task.score != .complete { line(2, "score", task.score.rawValue) }
        if task.evidence != .any { line(2, "evidence", task.evidence.rawValue) }
        if task.live { line(2, "live", "true") }
        if let guide = task.guide { line(2, "live", guide.rawValue) }
        if let reference = task.reference { line(2, "reference", YAMLText.quoted(reference.path)) }
        if let positions = task.positions { line(2, "sheets", "{ positions: \(positions.rawValue) }") }
        if !task.tags.isEmpty { line(2, "tags", Self.list(task.tags.map(YAMLText.quoted))) }
        if let window = task.window { self.window(window, indent: 2) }
        if let bands = task.bands { line(2, "bands", Self.bands(bands)) }
    }

    // MARK: Values

    /// A time in the hunt's timezone; with its offset when the local time alone reads back to
    /// another instant (the repeated hour when the clocks go back).
    func time(_ date: Date) -> String {
        let zone = hunt.timezone
        let local = DateTimeText.format(date, timeZone: zone)
        if case .success(date) = DateTimeText.parse(local, timeZone: zone) { return local }
        let offset = zone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        return local + sign + ClockText.twoDigits(abs(offset) / 3600) + ":" + ClockText.twoDigits(abs(offset) % 3600 / 60)
    }

    static func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    static func bands(_ bands: Bands) -> String {
        "{ found: \(length(bands.found)), hot: \(length(bands.hot)), warm: \(length(bands.warm)) }"
    }

    /// The shortest decimal that reads back to the same `Double`, without an exponent.
    static func number(_ value: Double) -> String {
        let shortest = "\(value)"
        if !shortest.contains("e"), Double(shortest) == value {
            return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
        }
        for places in 0...40 {
            let text = String(format: "%.\(places)f", value)
            if Double(text) == value { return text }
        }
        return shortest
    }

    /// `30 m`, `1.5 km` when that reads back exactly, else the metres in full.
    static func length(_ value: Length) -> String {
        Length.parse(value.description) == value ? value.description : "\(number(value.metres)) m"
    }

    static func timeSpan(_ value: TimeSpan) -> String {
        TimeSpan.parse(value.description) == value ? value.description : "\(number(value.seconds)) s"
    }

    static func speed(_ value: Speed) -> String {
        Speed.parse(value.description) == value ? value.description : "\(number(value.metresPerSecond)) m/s"
    }
}

extension Hunt {
    /// Writes the hunt into `folder` as `hunt.yaml`, with each area that has its polygons beside
    /// it as the GeoJSON file its `path` names, so the folder loads back (`HuntLoader`) to the same
    /// hunt. An area's path that is absolute, leaves the folder or is not `.geojson` (a KML file
    /// read in) is written as `areas/<task id>.geojson` instead, and the hunt file names that.
    /// `places:` files are not written: their paths stay as they are. The files are written
    /// together and atomically, the folder made if missing. Returns the files written, hunt.yaml last.
    @discardableResult
    public func write(to folder: URL) throws(OutputError) -> [URL] {
        var hunt = self
        var areaFiles: [(url: URL, text: String)] = []
        for i in hunt.tasks.indices {
            guard case .area(var target)? = hunt.tasks[i].target, let area = target.area else { continue }
            let parts = target.path.split(separator: "/", omittingEmptySubsequences: false)
            if target.path.hasPrefix("/") || parts.contains("..") || parts.contains("") || !target.path.lowercased().hasSuffix(".geojson") {
                target.path = "areas/\(hunt.tasks[i].id).geojson"
            }
            target.url = folder.appendingPathComponent(target.path)
            hunt.tasks[i].target = .area(target)
            areaFiles.append((target.url, GeoJSONText.areaFile(name: area.name ?? hunt.tasks[i].title, description: nil, polygons: area.polygons)))
        }
        let huntFile = folder.appendingPathComponent("hunt.yaml")
        let batch = OutputBatch()
        try batch.makeFolder(folder, displayPath: folder.path)
        for file in areaFiles {
            try batch.makeParentFolder(of: file.url, displayPath: file.url.path)
            try batch.stage(Array(file.text.utf8), to: file.url, displayPath: file.url.path)
        }
        try batch.stage(Array(hunt.yaml().utf8), to: huntFile, displayPath: huntFile.path)
        try batch.commit()
        return areaFiles.map(\.url) + [huntFile]
    }
}
