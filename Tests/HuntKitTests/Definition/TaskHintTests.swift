import Foundation
import Testing
@testable import HuntKit

/// `hints:` read from a hunt file: free, timed and sold hints, `hint:` as one free hint, each
/// mistake named at its line, and the hunt written back with its hints.
@Suite("Hints in the hunt file")
struct TaskHintTests {
    func load(_ tasks: String, top: String = "") -> HuntLoadResult {
        DefinitionTestSupport.load(DefinitionTestSupport.hunt(tasks: tasks, top: top))
    }

    @Test("a text, a timed hint and a sold one; `hint:` is one free hint")
    func reads() throws {
        let result = load(
            """
              - id: lions
                title: Lions
                number: 7
                hints:
                  - Look at the gate.
                  - { text: Count the paws and divide by four., after: 30 min }
                  - { text: { en: Seven is close., nl: Zeven is dichtbij. }, cost: 5, after: 2 h }
              - { id: old, title: Old, number: 1, hint: Look up. }

            """, top: "languages: [en, nl]")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let hunt = try #require(result.hunt)
        let hints = try #require(hunt.task("lions")?.allHints)
        #expect(hints.count == 3)
        #expect(hints[0].isFree && hints[0].text.text == "Look at the gate.")
        #expect(hints[1].after?.seconds == 1800 && hints[1].cost == nil)
        #expect(hints[2].cost == 5 && hints[2].text.text(in: "nl") == "Zeven is dichtbij.")
        #expect(hints[1].location.line == 11)
        let old = try #require(hunt.task("old"))
        #expect(old.hints.isEmpty && old.allHints.count == 1 && old.allHints[0].isFree && old.allHints[0].text.text == "Look up.")
        // 10:00 + 30 min, in Amsterdam's summer time.
        let opening = try #require(hunt.task("lions")?.hintOpening(hints[1], in: hunt, unlockedAt: nil))
        #expect(opening == hunt.window!.start.addingTimeInterval(1800))
        #expect(hunt.task("lions")?.hintOpening(hints[0], in: hunt, unlockedAt: nil) == nil, "a free hint opens by no time")
    }

    @Test("after counts from opens:, and from the unlocking for unlocked_by:")
    func clocks() throws {
        let result = load(
            """
              - { id: a, title: A, number: 1 }
              - { id: b, title: B, number: 2, opens: "12:00", hints: [{ text: Hm., after: 10 min }] }
              - { id: c, title: C, number: 3, unlocked_by: [a], hints: [{ text: Hm., after: 10 min }] }

            """)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let hunt = try #require(result.hunt)
        let b = try #require(hunt.task("b")), c = try #require(hunt.task("c"))
        #expect(b.hintOpening(b.hints[0], in: hunt, unlockedAt: nil) == b.opens!.addingTimeInterval(600))
        #expect(c.hintOpening(c.hints[0], in: hunt, unlockedAt: nil) == nil, "not unlocked yet: no time")
        let unlocked = Date(timeIntervalSince1970: 1_777_716_000)
        #expect(c.hintOpening(c.hints[0], in: hunt, unlockedAt: unlocked) == unlocked.addingTimeInterval(600))
    }

    struct Bad: Sendable, CustomStringConvertible {
        var task: String
        var code: String
        var line: Int
        var error: Bool
        var fix: String
        var description: String { code + ": " + task }
    }

    /// Each bad task follows one good one (line 5): its own lines start at 6.
    static let bad: [Bad] = [
        Bad(
            task: "  - id: c\n    title: C\n    number: 1\n    hint: A\n    hints: [B]\n", code: "bad-value", line: 9, error: true,
            fix: "remove `hint`"),
        Bad(
            task: "  - id: c\n    title: C\n    number: 1\n    hints: [{ text: \"\", cost: 2 }]\n", code: "missing-key", line: 9, error: true, fix: ""
        ),
        Bad(
            task: "  - id: c\n    title: C\n    number: 1\n    hints: [{ text: A, cost: 0 }]\n", code: "bad-number", line: 9, error: true,
            fix: "cost: 5"),
        Bad(
            task: "  - id: c\n    title: C\n    number: 1\n    hints: [{ text: A, cost: -3 }]\n", code: "bad-number", line: 9, error: true,
            fix: "cost: 5"),
        Bad(
            task: "  - id: c\n    title: C\n    number: 1\n    hints: [{ text: A, cost: 50 }]\n", code: "bad-number", line: 9, error: false,
            fix: "lower the cost"),
        Bad(
            task: "  - id: c\n    title: C\n    number: 1\n    hints: [{ text: A, after: 7 h }]\n", code: "bad-duration", line: 9, error: false,
            fix: "shorter"),
        Bad(
            task: "  - id: c\n    title: C\n    number: 1\n    hints: [{ text: A, costs: 2 }]\n", code: "unknown-key", line: 9, error: true,
            fix: "`cost`"),
        Bad(
            task: "  - id: c\n    title: C\n    number: 1\n    hints: [{ text: A, after: soon }]\n", code: "bad-duration", line: 9, error: true,
            fix: "")
    ]

    @Test("mistakes are named at their line, with a fix", arguments: bad)
    func mistakes(_ bad: Bad) throws {
        let result = load("  - { id: ok, title: OK, number: 1 }\n" + bad.task)
        let found = result.diagnostics.filter { $0.code.rawValue == bad.code }
        #expect(found.first?.location.line == bad.line, "\(result.diagnostics)")
        #expect(found.first?.severity == (bad.error ? .error : .warning), "\(result.diagnostics)")
        #expect((found.first?.fix ?? "").contains(bad.fix), "\(result.diagnostics)")
        #expect(result.hasErrors == bad.error, "\(result.diagnostics)")
    }

    @Test("a hunt built in code: the validator finds what the reader would")
    func validator() {
        var hunt = JudgingFixtures.hunt()
        var task = HuntTask(id: "q", title: "Q", points: 10, question: TaskQuestion(.answer(AnswerKey(texts: ["seven"]))))
        task.hints = [TaskHint(text: LocalizedText(" "), cost: 0), TaskHint(text: LocalizedText("B"), cost: 11)]
        hunt.tasks.append(task)
        let found = hunt.validate().filter { $0.message.contains("task `q`") }
        #expect(found.contains { $0.code == "missing-key" && $0.severity == .error }, "\(found)")
        #expect(found.contains { $0.code == "bad-number" && $0.severity == .error && $0.message.contains("costs 0") }, "\(found)")
        #expect(found.contains { $0.code == "bad-number" && $0.severity == .warning && $0.message.contains("more than the task's 10") }, "\(found)")
    }

    @Test("written back, a hunt keeps its hints")
    func writtenBack() throws {
        let result = load(
            """
              - id: lions
                title: Lions
                number: 7
                hints:
                  - Look at the gate.
                  - { text: "Count: paws / 4", after: 30 min, cost: 3 }

            """)
        let hunt = try #require(result.hunt)
        let back = try HuntLoader().load(Array(hunt.yaml().utf8), displayPath: "back.yaml", baseURL: DefinitionTestSupport.folder).get()
        #expect(back.task("lions")?.hints.map(\.text) == hunt.task("lions")?.hints.map(\.text))
        #expect(back.task("lions")?.hints.map(\.after) == [nil, TimeSpan(seconds: 1800)])
        #expect(back.task("lions")?.hints.map(\.cost) == [nil, 3])
    }
}
