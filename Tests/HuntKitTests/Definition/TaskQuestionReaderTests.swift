import Foundation
import Testing
@testable import HuntKit

/// `answer:`, `number:`/`within:`, `choices:`/`correct:` and `attempts:` read from a hunt file,
/// and each mistake named at its line.
@Suite("Answer and choice tasks in the hunt file")
struct TaskQuestionReaderTests {
    func load(_ tasks: String, top: String = "") -> HuntLoadResult {
        DefinitionTestSupport.load(DefinitionTestSupport.hunt(tasks: tasks, top: top))
    }

    @Test("an answer, a number and a choice need no target; defaults for attempts")
    func reads() throws {
        let result = load(
            """
              - { id: lions, title: Lions, number: 7 }
              - { id: tower, title: Tower, number: 102, within: 5, attempts: 3 }
              - { id: name, title: Name, answer: [Minnaert, "Marcel Minnaert"] }
              - { id: glass, title: Glass, choices: [Tulips, Reeds, Bicycles], correct: reeds }
              - { id: photo, title: Photo too, answer: seven, at: "52.09067, 5.12133" }

            """)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let hunt = try #require(result.hunt)
        let lions = try #require(hunt.task("lions")?.question)
        #expect(lions.kind == .answer(AnswerKey([.number(7, within: 0)])))
        #expect(lions.attemptLimit == TaskQuestion.defaultAnswerAttempts)
        #expect(hunt.task("lions")?.target == nil)
        #expect(hunt.task("tower")?.question?.attemptLimit == 3)
        #expect(hunt.task("tower")?.question?.match("one hundred") == .wrong)
        #expect(hunt.task("tower")?.question?.match("106") == .accepted("102"))
        #expect(hunt.task("name")?.question?.match("marcel minnaert") == .accepted("Marcel Minnaert"))
        let glass = try #require(hunt.task("glass")?.question)
        #expect(glass.attemptLimit == TaskQuestion.defaultChoiceAttempts)
        #expect(glass.match("REEDS") == .accepted("Reeds"))
        #expect(glass.match("2") == .accepted("Reeds"), "a choice by its number in the list")
        #expect(glass.match("Tulips") == .wrong)
        #expect(glass.match("Daisies") == .wrong)
        #expect(hunt.task("photo")?.target != nil && hunt.task("photo")?.question != nil)
    }

    @Test("an answer by language accepts every language's text; choices by language match in any")
    func languages() throws {
        let result = load(
            """
              - { id: lions, title: { en: Lions, es: Leones }, answer: { en: [seven lions], es: siete leones } }
              - id: colour
                title: { en: Colour, es: Color }
                choices: [{ en: Red, es: Rojo }, { en: Blue, es: Azul }]
                correct: Blue

            """, top: "language: en\nlanguages: [en, es]")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let hunt = try #require(result.hunt)
        #expect(hunt.task("lions")?.question?.match("Siete Leones") == .accepted("siete leones"))
        #expect(hunt.task("lions")?.question?.match("7 lions") == .accepted("seven lions"))
        #expect(hunt.task("colour")?.question?.match("azul") == .accepted("Blue"))
        // Each language's answers are kept for answer keys, and the writer writes them back by language.
        guard case .answer(let key)? = hunt.task("lions")?.question?.kind else { Issue.record("not an answer"); return }
        #expect(key.byLanguage == ["en": ["seven lions"], "es": ["siete leones"]])
        let yaml = hunt.yaml()
        #expect(yaml.contains("answer: { en: [\"seven lions\"], es: [\"siete leones\"] }"), "\(yaml)")
        #expect(try #require(DefinitionTestSupport.load(yaml).hunt).task("lions")?.question == hunt.task("lions")?.question)
    }

    struct Bad: Sendable, CustomStringConvertible {
        var task: String
        var code: String
        var line: Int
        var description: String { code + ": " + task }
    }

    /// Each bad task follows one good one; the header and `tasks:` take lines 1 to 4, the good task line 5.
    static let bad: [Bad] = [
        Bad(task: "  - id: c\n    title: C\n    choices: [A, B]\n", code: "no-correct-choice", line: 8),
        Bad(task: "  - id: c\n    title: C\n    choices: [A, B]\n    correct: Z\n", code: "correct-not-a-choice", line: 9),
        Bad(task: "  - id: c\n    title: C\n    answer: \"!?\"\n", code: "empty-answer", line: 8),
        Bad(task: "  - id: c\n    title: C\n    answer: x\n    within: 2\n", code: "question-conflict", line: 9),
        Bad(task: "  - id: c\n    title: C\n    number: 5\n    attempts: 0\n", code: "bad-attempts", line: 9),
        Bad(task: "  - id: c\n    title: C\n    answer: x\n    choices: [A, B]\n    correct: A\n", code: "question-conflict", line: 8),
        Bad(task: "  - id: c\n    title: C\n    at: 52.09, 5.12\n    attempts: 3\n", code: "question-conflict", line: 9),
        Bad(task: "  - id: c\n    title: C\n    number: many\n", code: "bad-number", line: 8),
        Bad(task: "  - id: c\n    title: C\n    number: 5\n    tries: 3\n", code: "unknown-key", line: 9),
        // Check-ins (`check_in: true`): a place to be at, and no question beside it.
        Bad(task: "  - id: c\n    title: C\n    check_in: true\n", code: "check-in-without-place", line: 8),
        Bad(task: "  - id: c\n    title: C\n    check_in: true\n    answer: seven\n", code: "check-in-conflict", line: 9),
        Bad(
            task: "  - id: c\n    title: C\n    at: 52.09, 5.12\n    check_in: true\n    choices: [A, B]\n    correct: A\n",
            code: "check-in-conflict", line: 10),
        Bad(task: "  - id: c\n    title: C\n    check_in: true\n    dwell: 10 min\n", code: "dwell-without-place", line: 9),
        Bad(task: "  - id: c\n    title: C\n    at: 52.09, 5.12\n    check_in: maybe\n", code: "bad-value", line: 9),
        Bad(task: "  - id: c\n    title: C\n    at: 52.09, 5.12\n    checkin: true\n", code: "unknown-key", line: 9)
    ]

    @Test("mistakes are errors at their line", arguments: bad)
    func mistakes(_ bad: Bad) throws {
        let result = load("  - { id: ok, title: OK, number: 1 }\n" + bad.task)
        let found = result.diagnostics.filter { $0.code.rawValue == bad.code }
        #expect(!found.isEmpty, "\(result.diagnostics)")
        #expect(found.first?.location.line == bad.line, "\(result.diagnostics)")
        #expect(result.hasErrors)
    }

    @Test("the wrong key's hint names the right one")
    func hints() {
        let result = load("  - { id: c, title: C, number: 5, tries: 3 }\n")
        #expect(result.diagnostics.contains { $0.code == "unknown-key" && ($0.fix ?? "").contains("attempts") }, "\(result.diagnostics)")
    }

    @Test("a hunt built in code: the validator finds what the reader would")
    func validator() {
        var hunt = JudgingFixtures.hunt()
        hunt.tasks.append(
            HuntTask(
                id: "q", title: "Q", question: TaskQuestion(.choices([LocalizedText("A"), LocalizedText("B")], correct: [])), location: .builtInCode))
        hunt.tasks.append(HuntTask(id: "n", title: "N", question: TaskQuestion(.answer(AnswerKey(texts: ["seven"])), attempts: 0)))
        let codes = hunt.validate().map(\.code.rawValue)
        #expect(codes.contains("no-correct-choice"))
        #expect(codes.contains("bad-attempts"))
        #expect(!codes.contains("no-target"))
    }

    @Test("each team's choice order is its own and fixed")
    func choiceOrder() {
        let foxes = TaskQuestion.choiceOrder(count: 6, team: "foxes")
        #expect(foxes == TaskQuestion.choiceOrder(count: 6, team: "foxes"))
        #expect(foxes.sorted() == Array(0..<6))
        let teams = (0..<20).map { TaskQuestion.choiceOrder(count: 6, team: "team-\($0)") }
        #expect(Set(teams).count > 10, "orders differ between teams")
    }
}
