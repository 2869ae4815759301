import Foundation
import Testing
@testable import HuntKit

/// hints.jsonl read back (bad lines named, a hint bought twice counted once) and the hints
/// bought charged on the teams' points.
@Suite("Hints bought")
struct HintLogTests {
    typealias F = JudgingFixtures

    /// The fixtures' hunt with a sold hint on the tower (20 points) and two on the bridge (5 points).
    static func hunt() -> Hunt {
        var hunt = F.hunt()
        hunt.tasks[0].hints = [TaskHint(text: LocalizedText("Look up."), cost: 6)]
        hunt.tasks[1].hints = [TaskHint(text: LocalizedText("Cross it."), cost: 4), TaskHint(text: LocalizedText("West."), cost: 3)]
        return hunt
    }

    static func bought(_ team: String, _ task: String, _ hint: Int, cost: Int, at minute: Int) -> HintPurchase {
        HintPurchase(team: team, task: task, hint: hint, cost: cost, sentAt: F.clock.timestamp(F.at(10, minute)))
    }

    @Test("bad lines are named and skipped, the rest count; a hint bought twice counts once")
    func parse() {
        let text = """
            {"cost":6,"hint":0,"task":"tower","team":"foxes","time":"2026-05-02T10:05:00+02:00"}
            {"cost":6,"hint":0,"task":"tower","team":"foxes","time":"2026-05-02T10:06:00+02:00"}
            {"cost":6,"hint":0,"task":"tower"

            not json
            {"cost":4,"hint":-1,"task":"bridge","team":"owls","time":"2026-05-02T10:07:00+02:00"}
            {"cost":4,"hint":0,"task":"bridge","team":"owls","time":"yesterday"}
            {"cost":4,"hint":0,"task":"bridge","team":"owls","time":"2026-05-02T10:08:00+02:00"}\r

            """
        let (purchases, problems) = HintLog.parse(Array(text.utf8), displayPath: "subs/hints.jsonl")
        #expect(purchases.map { "\($0.team)/\($0.task)#\($0.hint)" } == ["foxes/tower#0", "owls/bridge#0"])
        #expect(purchases.first?.sentAt.text == "2026-05-02T10:05:00+02:00", "the first purchase is the one kept")
        #expect(
            problems.map(\.location.description) == ["subs/hints.jsonl:3:1", "subs/hints.jsonl:5:1", "subs/hints.jsonl:6:1", "subs/hints.jsonl:7:1"])
        #expect(problems.allSatisfy { $0.code == "hint-line" && $0.severity == .warning && $0.fix != nil })
        #expect(problems[2].message.contains("hints count from 0"))
    }

    @Test("with the hunt, a line naming a team, task or hint it lacks is named and skipped; a team's name is its id")
    func againstTheHunt() {
        let text = """
            {"cost":6,"hint":0,"task":"tower","team":"Red Foxes","time":"2026-05-02T10:05:00+02:00"}
            {"cost":6,"hint":0,"task":"tower","team":"wolves","time":"2026-05-02T10:05:00+02:00"}
            {"cost":6,"hint":0,"task":"moon","team":"owls","time":"2026-05-02T10:05:00+02:00"}
            {"cost":6,"hint":2,"task":"bridge","team":"owls","time":"2026-05-02T10:05:00+02:00"}
            """
        let (purchases, problems) = HintLog.parse(Array(text.utf8), displayPath: "hints.jsonl", hunt: Self.hunt())
        #expect(purchases.map(\.team) == ["foxes"])
        #expect(problems.map(\.location.line) == [2, 3, 4], "\(problems)")
        #expect(problems[0].message.contains("no team `wolves`") && problems[2].message.contains("no hint 2 on task `bridge`"))
    }

    @Test("a line written is a line read back")
    func roundTrip() {
        let purchase = Self.bought("foxes", "tower", 0, cost: 6, at: 5)
        let (read, problems) = HintLog.parse(Array(HintLog.line(purchase)), displayPath: "hints.jsonl")
        #expect(read == [purchase] && problems.isEmpty)
    }

    @Test("the costs come off the points, done or not, at most a task's points, never below zero; ranks follow")
    func charging() {
        let hunt = Self.hunt()
        let inputs = [
            F.input("foxes/tower/a.jpg", task: "tower", F.photo("a.jpg", near: F.tower, time: F.at(10, 30))),
            F.input("owls/tower/b.jpg", task: "tower", F.photo("b.jpg", near: F.tower, time: F.at(10, 40)))
        ]
        let judged = F.judge(inputs, hunt: hunt)
        #expect(judged.team("foxes")?.points == 20 && judged.team("foxes")?.rank == 1)
        let charged = judged.charging(
            [
                // foxes: the tower's hint (6), the bridge's both (4 + 3, capped at its 5), not done: 20 - 6 - 5 = 9.
                Self.bought("foxes", "tower", 0, cost: 6, at: 5),
                Self.bought("foxes", "bridge", 0, cost: 4, at: 6),
                Self.bought("foxes", "bridge", 1, cost: 3, at: 7),
                Self.bought("foxes", "bridge", 1, cost: 3, at: 8),
                // Not in the hunt: cost nothing.
                Self.bought("foxes", "nowhere", 0, cost: 9, at: 9),
                Self.bought("foxes", "tower", 4, cost: 9, at: 9),
                // owls: 20 - 6 = 14.
                Self.bought("owls", "tower", 0, cost: 6, at: 20)
            ], hunt: hunt)
        #expect(charged.team("foxes")?.points == 9)
        #expect(charged.team("owls")?.points == 14)
        #expect(charged.teams.map(\.id) == ["owls", "foxes"] && charged.team("owls")?.rank == 1 && charged.team("foxes")?.rank == 2)
        #expect(charged.team("foxes")?.hintsUsed?.map { "\($0.task)#\($0.hint)=\($0.cost)" } == ["tower#0=6", "bridge#0=4", "bridge#1=3"])
        #expect(charged.team("foxes")?.rewards.isEmpty == true, "below the reward's 20 points now")
        #expect(judged.team("foxes")?.rewards.count == 1)
        // A team with no points does not go below zero.
        let empty = F.judge([], hunt: hunt).charging([Self.bought("owls", "bridge", 0, cost: 4, at: 5)], hunt: hunt)
        #expect(empty.team("owls")?.points == 0 && empty.team("owls")?.hintsUsed?.count == 1)
        #expect(judged.charging([], hunt: hunt) == judged)
    }

    @Test("results.json lists the hints used under the team, and reads them back")
    func resultsJSON() throws {
        let hunt = Self.hunt()
        let charged = F.judge([], hunt: hunt).charging([Self.bought("owls", "tower", 0, cost: 6, at: 5)], hunt: hunt)
        let text = String(decoding: try charged.jsonData(), as: UTF8.self)
        #expect(text.contains("\"hints_used\": [") && text.contains("\"at\": \"2026-05-02T10:05:00+02:00\""), "\(text)")
        #expect(try JudgeResults.decode(charged.jsonData()) == charged)
        #expect(!String(decoding: try F.judge([], hunt: hunt).jsonData(), as: UTF8.self).contains("hints_used"))
    }
}
