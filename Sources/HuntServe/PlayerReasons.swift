import Foundation
import HuntKit

/// Why a photo counted or not, in the players' words: each finding of the judge turned into one
/// sentence of `PlayerCatalog`, its values taken from the evidence and the hunt (the judge's own
/// message is for the judges, and is not shown).
package struct PlayerReasons: Sendable {
    /// The hunt the photos were judged for: task titles, windows and the timezone come from it.
    package var hunt: Hunt
    /// The texts, in the players' language.
    package var catalog: PlayerCatalog

    /// The titles of `hunt`'s tasks in `language` (else the hunt's), in `catalog`'s words.
    package var language: String?

    package init(hunt: Hunt, catalog: PlayerCatalog = .english, language: String? = nil) {
        self.hunt = hunt
        self.catalog = catalog
        self.language = language ?? catalog.language
    }

    /// The reasons in `language`, from its catalog (English's when HuntKit has none for it).
    package init(hunt: Hunt, language: String) {
        self.init(hunt: hunt, catalog: (try? PlayerCatalog.named(language)) ?? .english, language: language)
    }

    /// One sentence per finding the policy does not ignore, then the judges' decision first.
    package func sentences(for s: JudgeResults.SubmissionResult) -> [String] {
        var why = s.findings.filter { $0.action != .ignore }.map { sentence($0.code, s) }
        if let review = s.review {
            let key = "judges." + (review.decision == .accept ? "accepted" : "rejected")
            if let note = review.note, !note.isEmpty {
                why.insert(catalog.text(key + ".note", ["note": note]), at: 0)
            } else {
                why.insert(catalog.text(key), at: 0)
            }
        }
        return why
    }

    /// The sentence for finding `code` about `s`.
    package func sentence(_ code: ReasonCode, _ s: JudgeResults.SubmissionResult) -> String {
        let e = s.evidence
        let task = s.task.flatMap { hunt.task($0) }
        let taskTitle = task.map { quoted($0.titleText.text(in: language)) } ?? catalog.text("the-task")
        var values: [String: String] = ["task": taskTitle]
        var key = code.rawValue
        switch code {
        case .outsideTarget, .uncertainPosition:
            values["distance"] = distance((e.distance ?? e.edgeDistance)?.metres ?? 0)
            if let compass = e.compass { values["side"] = side(compass.rawValue) }
            values["target"] = e.place.map { quoted($0) } ?? taskTitle
            if let accuracy = e.accuracy { values["accuracy"] = distance(accuracy.metres) }
            if code == .outsideTarget, case .area = task?.target {
                key += ".area"; values["distance"] = distance(max(0, e.edgeDistance?.metres ?? 0))
            }
        case .imprecisePosition:
            if let accuracy = e.accuracy { values["accuracy"] = distance(accuracy.metres) }
        case .beforeWindow, .afterWindow:
            guard let taken = e.capturedAt?.date else { break }
            let before = code == .beforeWindow
            let huntMissed = hunt.window.map { before ? taken < $0.start : taken > $0.end } ?? false
            guard let window = huntMissed ? hunt.window : task?.window else { break }
            if !huntMissed { key += ".task" }
            let limit = before ? window.start : window.end
            values["when"] = when(taken, besides: limit)
            values["limit"] = when(limit, besides: taken)
            values["gap"] = duration(abs(taken.timeIntervalSince(limit)))
        case .clockSkew:
            values["gap"] = duration(abs(e.clockSkewS ?? 0))
        case .edited:
            if let software = e.software { values["software"] = software }
        case .tooFast:
            values["speed"] = catalog.measure(hunt.units).speed(kmh: e.speedKmh ?? 0)
        case .dwellShort:
            values["dwell"] = duration(task?.dwell?.seconds ?? 0)
        case .order:
            let titles = (task?.after ?? []).map { id in hunt.task(id).map { quoted($0.titleText.text(in: language)) } ?? id }
            values["tasks"] = list(titles)
            if let taken = e.capturedAt { values["when"] = when(taken.date, besides: nil) }
        case .wrongMedia:
            if e.media == .video { key += ".video" }
        case .wrongAnswer:
            if task?.question?.code != nil { key += ".code" }
        case .notLive:
            // Taken with the page's camera but sent late: the only not-live finding the judge words
            // as "sent …" (the evidence keeps no live flag).
            if let age = e.uploadAgeS, age > hunt.policy.liveMaxAge.seconds,
                s.findings.contains(where: { $0.code == .notLive && $0.message.hasPrefix("sent ") })
            {
                key += ".late"
                values["gap"] = duration(age)
                values["limit"] = duration(hunt.policy.liveMaxAge.seconds)
            }
        default: break
        }
        // An answer is sent, not taken: the order and window sentences have an answer's words.
        if e.answer != nil, catalog.has(code.rawValue + ".answer") { key = code.rawValue + ".answer" }
        // A check-in is where the team is now, not where a photo was taken.
        if e.positionSource == .checkIn, catalog.has(code.rawValue + ".check-in") { key = code.rawValue + ".check-in" }
        let text = catalog.text(catalog.has(key) ? key : code.rawValue, values)
        // A value the evidence lacks (no capture time, no side): the sentence without it.
        let plain = code.rawValue + ".plain"
        return text.contains("{") && catalog.has(plain) ? catalog.text(plain, values) : text
    }

    // MARK: Values

    /// A distance in the catalog's locale and the hunt's units (`LocalMeasure.distance`).
    package func distance(_ metres: Double) -> String { catalog.measure(hunt.units).distance(abs(metres)) }

    /// The largest sensible unit, in the catalog's words (`PlayerCatalog.duration`).
    package func duration(_ seconds: Double) -> String { catalog.duration(seconds) }

    /// "at 10:15", or "on 12 April 2021 at 06:47" when the day differs from `other`'s (or
    /// always, without `other`), in the hunt's timezone and the catalog's locale.
    func when(_ date: Date, besides other: Date?) -> String {
        let zone = hunt.timezone
        // Hour and minute in the locale's pattern ("06:47" in British English, "6:47" in Spanish);
        // `.shortened` drops the British leading zero on Linux.
        let time = date.formatted(Date.FormatStyle(locale: catalog.locale, timeZone: zone).hour().minute())
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        if let other, calendar.isDate(date, inSameDayAs: other) { return catalog.text("time.today", ["time": time]) }
        let day = date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: catalog.locale, timeZone: zone))
        return catalog.text("time.other-day", ["date": day, "time": time])
    }

    /// Where the photo was, seen from the target, as a side and never a way to go: `SW` → "south-west of".
    func side(_ compass: String) -> String {
        // 16-point names fold to the 8 a player reads: `NNE` and `ENE` lean to their first letter.
        catalog.text("side." + (compass.count == 3 ? String(compass.prefix(1)) : compass))
    }

    /// A title in the language's quotation marks: “The Old Quad”, «El Obelisco».
    func quoted(_ title: String) -> String { catalog.text("quoted", ["title": title]) }

    func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return catalog.text("list.and", ["a": items.dropLast().joined(separator: catalog.text("list.comma")), "b": items.last!])
    }
}
