import Foundation
import Hummingbird
import HuntKit

/// What the page is told of a hint it bought: its text, in the team's language.
struct HintReply: Encodable, Sendable {
    var task: String
    var hint: Int
    var text: String
    /// The points this request cost: 0 when the hint was open or bought already.
    var cost: Int
}

extension HintReply: ResponseEncodable {}

/// `POST /t/<token>/hint`'s body: the task's id and the hint's index in it.
struct HintRequest: Decodable {
    var task: String
    var hint: Int
}

extension TeamView {
    /// One of a task's hints on the team's page: its text once open (free, its time come, or
    /// bought), else what opens it. A hint's text is never sent before.
    package struct HintRow: Sendable, Encodable, Equatable {
        /// The hint's index in the task's hints (what `/hint` takes).
        package var index: Int
        /// "Hint", in the team's language.
        package var label: String
        /// The text, once the team may read it.
        package var text: String?
        /// A hint for sale: "Hint (costs 5 points)", the button.
        package var buyText: String?
        /// What the page asks before it buys: "Use this hint? It costs 5 points."
        package var confirmText: String?
        /// A hint that opens by time: "A hint opens at 11:30."
        package var lockedText: String?

        enum CodingKeys: String, CodingKey {
            case index, label, text
            case buyText = "buy_text"
            case confirmText = "confirm_text"
            case lockedText = "locked_text"
        }
    }

    /// The hints of `task` for a team: `open` holds those open to it by time or purchase
    /// (`ServeSession.openHints`); once the team has done the task (`done`) only the open ones,
    /// since a hint would help with nothing. Nil when there is none to show.
    static func hintRows(
        _ task: HuntTask, open: Set<Int>, opening: [Int: Date], done: Bool, reasons: PlayerReasons, language: String
    ) -> [HintRow]? {
        let catalog = reasons.catalog
        let rows = task.allHints.enumerated().compactMap { index, hint -> HintRow? in
            var row = HintRow(index: index, label: catalog.text("hint.label"))
            if hint.isFree || open.contains(index) {
                row.text = hint.text.text(in: language)
                return row
            }
            if done { return nil }
            if let cost = hint.cost {
                row.buyText = catalog.text("hint.buy", count: cost)
                row.confirmText = catalog.text("hint.confirm", count: cost)
            }
            if let when = opening[index], when != .distantPast {
                row.lockedText = catalog.text("hint.opens", ["when": reasons.when(when, besides: reasons.hunt.window?.start)])
            }
            return row
        }
        return rows.isEmpty ? nil : rows
    }
}

extension ServeSession {
    /// When team `standing` did the last of `task`'s `unlocked_by:` tasks; nil while one is not done.
    static func unlockedAt(_ task: HuntTask, standing: JudgeResults.TeamResult?) -> Date? {
        guard !task.unlockedBy.isEmpty, let standing else { return nil }
        var latest = Date.distantPast
        for id in task.unlockedBy {
            guard let done = standing.completions.filter({ $0.task == id }).compactMap({ $0.at?.date }).min() else { return nil }
            latest = max(latest, done)
        }
        return latest
    }

    /// The hints of `task` open to a team at `now` beside the free ones: those bought (`bought`,
    /// indices) and those whose time has come; with when each timed one opens.
    static func openHints(
        _ task: HuntTask, hunt: Hunt, standing: JudgeResults.TeamResult?, bought: Set<Int>, at now: Date
    ) -> (open: Set<Int>, opening: [Int: Date]) {
        var open = bought, opening: [Int: Date] = [:]
        let unlockedAt = task.unlockedBy.isEmpty ? nil : Self.unlockedAt(task, standing: standing)
        for (index, hint) in task.allHints.enumerated() where hint.after != nil {
            guard let when = task.hintOpening(hint, in: hunt, unlockedAt: unlockedAt) else { continue }
            opening[index] = when
            if when <= now { open.insert(index) }
        }
        return (open, opening)
    }

    /// Team `team`'s bought hints, by task: indices.
    func hintsBought(by team: String) -> [String: Set<Int>] {
        var bought: [String: Set<Int>] = [:]
        for purchase in hintsBought where purchase.team == team { bought[purchase.task, default: []].insert(purchase.hint) }
        return bought
    }

    /// Team `team`'s hints open at `now` by purchase or by time, as `task#index` (`TeamView.Inputs.hintsOpen`).
    func hintsOpen(ofTeam team: String, standing: JudgeResults.TeamResult?, at now: Date) -> Set<String> {
        let bought = hintsBought(by: team)
        var open = Set<String>()
        for task in hunt.tasks where !task.hints.isEmpty {
            for index in Self.openHints(task, hunt: hunt, standing: standing, bought: bought[task.id] ?? [], at: now).open {
                open.insert(task.id + "#" + String(index))
            }
        }
        return open
    }

    /// Every team's timed hints that are open at `now`, as `team/task#index`: when this changes,
    /// the team pages are made again (a hint opens within a poll of its time).
    func timedHintsOpen(at now: Date) -> Set<String> {
        let timed = hunt.tasks.filter { $0.allHints.contains { $0.after != nil } }
        guard !timed.isEmpty else { return [] }
        var open = Set<String>()
        let standings = Dictionary((results?.teams ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for team in hunt.teams {
            let standing = standings[team.id]
            for task in timed {
                for index in Self.openHints(task, hunt: hunt, standing: standing, bought: [], at: now).open {
                    open.insert(team.id + "/" + task.id + "#" + String(index))
                }
            }
        }
        return open
    }

    /// The hints bought so far, as SUBMISSIONS/hints.jsonl holds them (none when it cannot be read).
    func readHintsBought() -> [HintPurchase] {
        HintLog.read(in: URL(fileURLWithPath: configuration.submissionsPath), displayPath: configuration.submissionsPath, hunt: hunt).purchases
    }

    /// Team `team` asks for hint `index` of `taskID`: its text in `language`. A hint for sale
    /// that is not open yet is bought — appended to SUBMISSIONS/hints.jsonl with its cost, and
    /// judged at once so the points show it; asked again, it costs nothing more. A hint of a
    /// task the page does not show yet, or one that opens only by time, is refused (409).
    func buyHint(team: String, task taskID: String, hint index: Int, language: String?) async throws(ServeError) -> HintReply {
        guard let task = hunt.task(taskID), !task.isGroup, index >= 0, index < task.allHints.count else {
            throw ServeError("no such hint in this hunt: reload the page", status: 404)
        }
        let hint = task.allHints[index]
        let language = language ?? hunt.language
        let now = Date()
        let standing = results?.teams.first { $0.id == team }
        let reasons = PlayerReasons(hunt: hunt, language: language)
        let done = Set(standing?.completions.map(\.task) ?? [])
        if TeamView.locked(task, opened: hunt.openedTasks(at: now), done: done, reasons: reasons, language: language) != nil {
            throw ServeError("this task is not open yet, nor are its hints", status: 409)
        }
        let bought = hintsBought(by: team)[task.id] ?? []
        if done.contains(task.id), !hint.isFree, !bought.contains(index) {
            throw ServeError("your team has done this task already: its hints would help with nothing", status: 409)
        }
        let reply = HintReply(task: task.id, hint: index, text: hint.text.text(in: language), cost: 0)
        if hint.isFree || Self.openHints(task, hunt: hunt, standing: standing, bought: bought, at: now).open.contains(index) { return reply }
        guard let cost = hint.cost else { throw ServeError("this hint opens by itself at its time", status: 409) }
        let purchase = HintPurchase(
            team: team, task: task.id, hint: index, cost: cost, sentAt: HuntClock(timezone: hunt.timezone, around: hunt.window).timestamp(now))
        let logURL = URL(fileURLWithPath: configuration.submissionsPath).appendingPathComponent(HintLog.fileName)
        do { try HintLog.append(purchase, to: logURL) } catch {
            throw ServeError("the organizers' server could not keep your hint (\(error.message)): tell them", status: 500)
        }
        // Kept before the judgement awaits: a second request meanwhile finds it bought. Before
        // the first judgement there is nothing to judge again: that one reads hints.jsonl.
        hintsBought.append(purchase)
        if results != nil { await judgeDecisions(reason: "hint bought") }
        return HintReply(task: task.id, hint: index, text: reply.text, cost: cost)
    }
}
