import Foundation
import Synchronization

/// The language a report is written in (`hunt report --language fr`): its fixed words (the
/// `report.…` keys of the language's `PlayerCatalog`), the hunt's task texts in it, and dates,
/// times, numbers and distances in its locale and the hunt's `units:`.
///
/// English in metres keeps the forms reports have always printed ("2026-05-02 11:03", "1.2 km",
/// "240 m SW of the target's centre"), which scripts and saved reports read; any other language,
/// or feet and miles, is written through Foundation's formatting in the catalog's locale. The
/// reasons' messages stay the judge's (as results.json has them), and results.json is not changed.
public struct ReportLanguage: Sendable, Hashable {
    /// A task's texts in the report's language (else the hunt's).
    public struct TaskTexts: Sendable, Hashable {
        /// The title.
        public var title: String
        /// The clue, when the task has one.
        public var clue: String?
        /// The reveal text, when the task has one.
        public var reveal: String?

        /// A task's texts.
        public init(title: String, clue: String? = nil, reveal: String? = nil) {
            self.title = title
            self.clue = clue
            self.reveal = reveal
        }
    }

    /// The words, and the locale dates and numbers are written in.
    public var catalog: PlayerCatalog { didSet { clocks = ClockMemo() } }
    /// How distances are written (`units:` of the hunt).
    public var units: UnitSystem { didSet { clocks = ClockMemo() } }
    /// The hunt's title in the language; nil to keep the results' title.
    public var huntTitle: String?
    /// Task texts by task id; a task not listed keeps the results' texts.
    public var tasks: [String: TaskTexts]
    /// Rewards in the language, by their text in the hunt's language (as results.json has them);
    /// a reward not listed keeps the results' text.
    public var rewards: [String: String] = [:]
    /// Times already written, by their ISO minute: a report of 20,000 photos asks Foundation once
    /// per minute of the hunt rather than once per photo. Made anew when the catalog or the
    /// units change, which write times otherwise.
    private var clocks = ClockMemo()

    /// A report in `catalog`'s language.
    public init(catalog: PlayerCatalog, units: UnitSystem = .metric, huntTitle: String? = nil, tasks: [String: TaskTexts] = [:]) {
        self.catalog = catalog
        self.units = units
        self.huntTitle = huntTitle
        self.tasks = tasks
    }

    /// English in metres, without the hunt's texts: the report as results.json alone makes it.
    public static var english: ReportLanguage { ReportLanguage(catalog: .english) }

    /// The report of `hunt` in `language` (a code HuntKit has a catalog for): its task texts in
    /// that language (else the hunt's), its units. Nil when there is no catalog for `language`.
    public init?(hunt: Hunt, language: String) {
        guard let catalog = try? PlayerCatalog.named(language) else { return nil }
        var tasks: [String: TaskTexts] = [:]
        for task in hunt.tasks {
            tasks[task.id] = TaskTexts(
                title: task.titleText.text(in: language), clue: task.clueText?.text(in: language), reveal: task.revealText?.text(in: language))
        }
        self.init(catalog: catalog, units: hunt.units, huntTitle: hunt.titleText.text(in: language), tasks: tasks)
        for reward in hunt.rewards { rewards[reward.reward] = reward.rewardText.text(in: language) }
    }

    /// A reward as results.json has it (in the hunt's language), in the report's language.
    public func reward(_ text: String) -> String { rewards[text] ?? text }

    /// The language's code (`es`).
    public var code: String { catalog.language }

    /// English in metres: the judge's own forms of dates and distances.
    var keepsJudgeForms: Bool { catalog.language == "en" && units == .metric }

    public static func == (a: ReportLanguage, b: ReportLanguage) -> Bool {
        (a.catalog.language, a.units, a.huntTitle, a.tasks, a.rewards) == (b.catalog.language, b.units, b.huntTitle, b.tasks, b.rewards)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(catalog.language)
        hasher.combine(units)
        hasher.combine(huntTitle)
        hasher.combine(tasks)
        hasher.combine(rewards)
    }

    /// The report word `key` (`report.` + key in the catalog).
    func word(_ key: String, _ values: [String: String] = [:]) -> String { catalog.text("report." + key, values) }

    /// `n` with the word of `report.counted.<key>` in the form its number takes ("1 aceptada",
    /// "3 aceptadas"); in English and metres the number as the judge writes it ("20000 photos").
    func counted(_ key: String, _ n: Int) -> String {
        catalog.text("report.counted." + key, count: n, keepsJudgeForms ? ["n": String(n)] : [:])
    }

    /// "10 pts", "10 ptos".
    func points(_ n: Int) -> String { catalog.text("sheet.points", count: n) }

    /// A grid cell's tooltip: "lions: accepted, 2 photos, 10 pts".
    func cell(_ cell: Report.Cell) -> String {
        let state = cell.state == .none ? word("no-photo") : word("verdict." + cell.state.rawValue)
        return word("cell", ["task": cell.task, "state": state, "sent": counted("photos", cell.photos), "points": points(cell.points)])
    }

    /// "12 photos", or "12 photos and 20 answers" when there are answers.
    func sent(photos: Int, answers: Int) -> String {
        let photos = counted("photos", photos)
        return answers == 0 ? photos : catalog.text("list.and", ["a": photos, "b": counted("answers", answers)])
    }

    /// Every `report.` word, by its key without `report.` and with `_` for `-` (`tasks_done`):
    /// the templates' `{{words.tasks_done}}`.
    var words: [String: String] {
        var words: [String: String] = [:]
        for (key, entry) in catalog.entries(prefix: "report.") {
            guard case .text(let text) = entry, !text.contains("{") else { continue }
            words[String(key.dropFirst(7)).replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: ".", with: "_")] = text
        }
        return words
    }

    // MARK: Distances, times

    /// A distance in the locale and units ("1.2 km", "1,2 km", "0.7 mi").
    func distance(_ metres: Double) -> String {
        keepsJudgeForms ? MeasureText.distance(metres) : catalog.measure(units).distance(metres)
    }

    /// A time the judge wrote, as `ReportText.time` does it ("11:03" on the hunt's day, else with
    /// its date), in the locale: "11:03", "2 may 2026, 11:03".
    func time(_ iso: String?, huntDay: String?) -> String? {
        guard !keepsJudgeForms, let iso, iso.utf8.count >= 16 else { return ReportText.time(iso, huntDay: huntDay) }
        let sameDay = iso.prefix(10) == huntDay?.prefix(10)
        let key = String(iso.prefix(16)) + (sameDay ? "" : "d") + iso.suffix(6)
        if let known = clocks.memo.withLock({ $0[key] }) { return known }
        guard let stamp = Timestamp(iso) else { return ReportText.time(iso, huntDay: huntDay) }
        let zone = TimeZone(secondsFromGMT: stamp.offsetSeconds) ?? .gmt
        let style = Date.FormatStyle(locale: catalog.locale, timeZone: zone)
        let text = stamp.date.formatted(sameDay ? style.hour().minute() : style.day().month(.abbreviated).year().hour().minute())
        clocks.memo.withLock { $0[key] = text }
        return text
    }

    /// The hunt's window ("sábado, 2 de mayo de 2026, 10:00 – 16:00").
    func window(_ window: JudgeResults.Window?) -> String? {
        guard !keepsJudgeForms, let window else { return ReportText.window(window) }
        let zone = TimeZone(secondsFromGMT: window.start.offsetSeconds) ?? .gmt
        return catalog.window(from: window.start.date, to: window.end.date, in: zone)
    }

    /// "240 m al suroeste del centro del objetivo — templado", "adentro": `ReportText.miss` in the language.
    func miss(_ evidence: JudgeResults.Evidence, targetKind: Target.Kind?) -> String? {
        if keepsJudgeForms { return ReportText.miss(evidence, targetKind: targetKind) }
        if let edge = evidence.edgeDistance, edge.metres <= 0, evidence.distance != nil { return word("inside") }
        let from = evidence.bearingDeg.map { Compass(bearing: $0 + 180) } ?? evidence.compass
        let metres: Double, target: String
        if targetKind == .area {
            guard let edge = evidence.edgeDistance ?? evidence.distance else { return nil }
            if edge.metres <= 0 { return word("inside-area", ["distance": distance(-edge.metres)]) }
            (metres, target) = (edge.metres, word("the-area"))
        } else {
            guard let d = evidence.distance else { return nil }
            let place = evidence.place ?? (targetKind == .places ? word("nearest-place") : nil)
            (metres, target) = (d.metres, place ?? word("target-centre"))
            if place == nil, let from {
                // "al oeste del centro del objetivo": the centre as one phrase per side, for the
                // languages that contract "de el" or agree the side with the noun.
                let rounded = distance(metres.isFinite ? (metres * 100).rounded() / 100 : metres)
                return withBand(word("placement-centre", ["distance": rounded, "side": word("centre." + Self.eightPoint(from))]), evidence)
            }
        }
        let rounded = distance(metres.isFinite ? (metres * 100).rounded() / 100 : metres)
        let text =
            from.map { word("placement", ["distance": rounded, "side": side($0), "target": target]) }
            ?? word("placement-plain", ["distance": rounded, "target": target])
        return withBand(text, evidence)
    }

    /// The text, then " — warm" in the language when the hunt has bands.
    private func withBand(_ text: String, _ evidence: JudgeResults.Evidence) -> String {
        var text = text
        if let band = evidence.band { text += " — " + word("band." + band.rawValue) }
        return text
    }

    /// `side.SW` → "al suroeste de" (16-point names fold to the 8 a reader knows).
    func side(_ compass: Compass) -> String { catalog.text("side." + Self.eightPoint(compass)) }

    /// `NNE` and `ENE` lean to their first letter: the 8 points a reader knows.
    static func eightPoint(_ compass: Compass) -> String {
        let name = compass.rawValue
        return name.count == 3 ? String(name.prefix(1)) : name
    }

    /// What a task asks, as `ReportText.target(of:titles:)` says it, in the language.
    func target(of task: JudgeResults.TaskResult, titles: [String: String]) -> String {
        if keepsJudgeForms { return ReportText.target(of: task, titles: titles) }
        guard let count = task.choose else { return target(task.target) }
        if let members = task.tasks {
            let names = members.map { tasks[$0]?.title ?? titles[$0] ?? $0 }.joined(separator: catalog.text("list.comma"))
            return word("choose", ["count": String(count), "of": String(members.count)]) + ": " + names
        }
        return word("choose", ["count": String(count), "of": String(task.target?.places ?? 0)]) + place(task.target)
    }

    /// A position as "52.09067, 5.12133"; in a right-to-left language isolated as left to right
    /// (U+2066 … U+2069), so the pair is not read backwards inside the sentence.
    func coordinate(_ p: JudgeResults.Position) -> String {
        catalog.isRightToLeft ? "\u{2066}" + ReportText.coordinate(p) + "\u{2069}" : ReportText.coordinate(p)
    }

    func target(_ target: JudgeResults.TargetInfo?) -> String {
        guard let target else { return word("no-target") }
        switch target.kind {
        case .circle:
            return word(
                "target.circle",
                ["radius": target.radiusM.map(distance) ?? "?", "position": target.center.map(coordinate) ?? "?"])
        case .area:
            return word("target.area", ["file": target.file ?? ""]).trimmingCharacters(in: .whitespaces)
        case .places:
            return catalog.text("report.target.places", count: target.places ?? 0) + place(target)
        }
    }

    /// " (25 m) de cafes.geojson": a places target's radius and file.
    private func place(_ target: JudgeResults.TargetInfo?) -> String {
        (target?.radiusM.map { " (\(distance($0)))" } ?? "") + (target?.file.map { " " + word("from-file", ["file": $0]) } ?? "")
    }

    /// `2 de 3 hechas`: a team's progress through a `choose` task.
    func progress(done: Int, of count: Int) -> String {
        if keepsJudgeForms { return Choice.progress(done: done, of: count) }
        let values = ["done": String(done), "needed": String(count)]
        return done < count ? catalog.text("group.progress", values) : word(done == count ? "complete" : "complete-more", values)
    }

    /// "video 0:03" in the language.
    func video(_ e: JudgeResults.Evidence) -> String? {
        guard let text = ReportText.video(e) else { return nil }
        return keepsJudgeForms ? text : word("video") + text.dropFirst(5)
    }

    /// One line of evidence, as `ReportText.evidence` writes it, in the language.
    func evidence(_ e: JudgeResults.Evidence, targetKind: Target.Kind?, reasons: Set<ReasonCode>, huntDay: String?) -> String {
        if keepsJudgeForms { return ReportText.evidence(e, targetKind: targetKind, reasons: reasons, huntDay: huntDay) }
        var parts: [String] = []
        if let video = video(e) { parts.append(video) }
        if let motion = e.motion { parts.append(word("live-photo", ["motion": motion])) }
        if let miss = miss(e, targetKind: targetKind) {
            parts.append(miss == word("inside") ? e.place.map { word("inside-of", ["place": $0]) } ?? miss : miss)
        } else if e.position == nil, e.error == nil {
            parts.append(word("no-position"))
        }
        if let a = e.accuracy { parts.append("±\(distance(a.metres))\(e.accuracySource.map { " (\(word("accuracy." + $0.rawValue)))" } ?? "")") }
        if let t = time(e.capturedAt?.text, huntDay: huntDay) { parts.append(t) }
        if let skew = e.clockSkewS, reasons.contains(.clockSkew) || abs(skew) >= 60 {
            parts.append(word(skew < 0 ? "clock-behind" : "clock-ahead", ["gap": catalog.duration(skew)]))
        }
        if let speed = e.speedKmh, reasons.contains(.tooFast) {
            parts.append(word("speed", ["speed": catalog.measure(units).speed(kmh: speed)]))
        }
        let device = [e.make, e.model].compactMap { $0 }.joined(separator: " ")
        if !device.isEmpty { parts.append(device) }
        if let software = e.software, reasons.contains(.edited) { parts.append(word("edited-with", ["software": software])) }
        if let error = e.error { parts.append(error) }
        return parts.joined(separator: " · ")
    }

    /// "reviewed: accept by Sam — blurry but fine", in the language.
    func reviewText(_ review: JudgeResults.ReviewInfo?) -> String? {
        guard let review else { return nil }
        let decision = word("decision." + review.decision.rawValue)
        return word("reviewed", ["decision": decision]) + (review.by.map { " " + word("by", ["name": $0]) } ?? "")
            + (review.note.map { " — \($0)" } ?? "")
    }

    /// A verdict as the report's badges say it ("accepted", "aceptada").
    func verdict(_ verdict: Verdict) -> String { word("verdict." + verdict.rawValue) }
}

/// `ReportLanguage`'s memo of times written: shared by the copies of one language, filled from
/// every core as the entries are made.
private final class ClockMemo: Sendable {
    let memo = Mutex<[String: String]>([:])
}
