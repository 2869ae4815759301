import Foundation
import Testing
@testable import HuntKit

/// Codes posted at a place (`code: true` or `code: "FOX-42"`): the derived code's alphabet and
/// shape, matching what players type, the hunt file's mistakes, the default attempts, and the
/// judging of a code beside answers.
@Suite("Code tasks")
struct TaskCodeTests {
    typealias F = JudgingFixtures

    func load(_ tasks: String) -> HuntLoadResult {
        DefinitionTestSupport.load(DefinitionTestSupport.hunt(tasks: tasks))
    }

    /// A digest of 32 bytes that starts with `seed`'s 8 bytes.
    static func digest(_ seed: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: seed >> (56 - 8 * UInt64($0))) } + [UInt8](repeating: 0xAB, count: 24)
    }

    @Test("a derived code is 3 + 3 characters of the alphabet, with no look-alike, and the same digest gives the same code")
    func shape() {
        let forbidden = Set("0O1IL5S2Z8B")
        #expect(TaskCode.alphabet.count == 25 && Set(TaskCode.alphabet).count == 25)
        #expect(Set(TaskCode.alphabet).isDisjoint(with: forbidden))
        var seen = Set<String>()
        for seed in [UInt64(0), 1, 24, 25, 0xFFFF_FFFF_FFFF_FFFF, 0x0123_4567_89AB_CDEF, 1 << 40] {
            let code = TaskCode.derived(digest: Self.digest(seed))
            #expect(code.count == 7 && Array(code)[3] == "-", "\(code)")
            #expect(code.filter { $0 != "-" }.allSatisfy { TaskCode.alphabet.contains($0) }, "\(code)")
            #expect(code == TaskCode.derived(digest: Self.digest(seed)))
            seen.insert(code)
        }
        #expect(seen.count == 7, "different digests, different codes: \(seen)")
        #expect(TaskCode.derived(digest: Self.digest(0)) == "AAA-AAA")
        #expect(TaskCode.derived(digest: Self.digest(1)) == "CAA-AAA", "the lowest digit comes first")
        #expect(TaskCode.derivationMessage(task: "sundial") == Array("code:sundial".utf8))
    }

    struct Typed: Sendable, CustomStringConvertible {
        var code: String
        var typed: String
        var right: Bool
        var description: String { "\(code) ← \(typed)" }
    }

    static let typed: [Typed] = [
        Typed(code: "FXK-7PA", typed: "FXK-7PA", right: true),
        Typed(code: "FXK-7PA", typed: "fxk7pa", right: true),
        Typed(code: "FXK-7PA", typed: " f x k – 7 p a ", right: true),
        Typed(code: "FXK-7PA", typed: "ＦＸＫ７ＰＡ", right: true),
        Typed(code: "FXK-7PA", typed: "FXK-7PB", right: false),
        Typed(code: "FXK-7PA", typed: "FXK-7P", right: false),
        Typed(code: "FXK-7PA", typed: "XFK-7PA", right: false),
        Typed(code: "FOX-42", typed: "f0x 42", right: true),
        Typed(code: "FOX-42", typed: "FOX-4Z", right: true),
        Typed(code: "FOX-42", typed: "fox42", right: true),
        Typed(code: "FOX-42", typed: "FOX-24", right: false),
        Typed(code: "BIL-5", typed: "81l-s", right: true)
    ]

    @Test("case, spaces, dashes and look-alike letters do not count; anything else does", arguments: typed)
    func matching(_ t: Typed) {
        let match = TaskCode.written(t.code).match(t.typed)
        #expect(match == (t.right ? .accepted(t.code) : .wrong), "\(String(describing: match))")
    }

    @Test("a code is right or wrong, never close; empty, too long, and unknown are told apart")
    func edges() {
        let code = TaskCode.written("TREASURE-HUNT")
        #expect(code.match("TREASURE-HUNX") == .wrong, "one letter off a long code is still wrong")
        #expect(code.match("- -") == .empty)
        #expect(code.match(String(repeating: "A", count: 1_000_000)) == .tooLong)
        #expect(code.match("A\u{0}B\u{7}C\u{202E}") == .wrong)
        #expect(TaskCode.derived().match("FXK-7PA") == nil, "no secret read: nobody can tell")
        #expect(TaskQuestion(.code(.derived())).match("FXK-7PA") == .wrong)
    }

    @Test("code tasks read from the file, with their place; 10 tries unless `attempts:` says")
    func reads() throws {
        let result = load(
            """
              - { id: sundial, title: Sundial, at: "52.0887, 5.1696", code: true }
              - { id: shed, title: Shed, at: "52.0861, 5.1764", code: REED-42, attempts: 3 }
              - { id: quoted, title: Quoted, at: "52.0861, 5.1764", code: "yes" }
              - { id: digits, title: Digits, at: "52.0861, 5.1764", code: 4711 }

            """)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let hunt = try #require(result.hunt)
        let sundial = try #require(hunt.task("sundial")?.question)
        #expect(sundial.code == .derived())
        #expect(sundial.attemptLimit == TaskCode.defaultAttempts && TaskCode.defaultAttempts == 10)
        #expect(hunt.task("sundial")?.target != nil)
        #expect(hunt.task("shed")?.question?.code == .written("REED-42"))
        #expect(hunt.task("shed")?.question?.attemptLimit == 3)
        #expect(hunt.task("quoted")?.question?.code == .written("yes"), "a quoted word is a code")
        #expect(hunt.task("digits")?.question?.code == .written("4711"))
        #expect(hunt.hasDerivedCodes)
        let derived = hunt.derivingCodes { "K\($0.count)-7PA" }
        #expect(derived.task("sundial")?.question?.code == .derived("K7-7PA"))
        #expect(derived.task("shed")?.question?.code == .written("REED-42"), "a written code stays")
    }

    /// Each bad task follows one good one; the header and `tasks:` take lines 1 to 4, the good task line 5.
    static let bad: [TaskQuestionReaderTests.Bad] = [
        .init(task: "  - id: c\n    title: C\n    code: true\n", code: "code-without-place", line: 8),
        .init(task: "  - id: c\n    title: C\n    at: 52.09, 5.12\n    code: \"--\"\n", code: "empty-code", line: 9),
        .init(task: "  - id: c\n    title: C\n    at: 52.09, 5.12\n    code: \"\"\n", code: "empty-code", line: 9),
        .init(task: "  - id: c\n    title: C\n    at: 52.09, 5.12\n    code: false\n", code: "empty-code", line: 9),
        .init(task: "  - id: c\n    title: C\n    at: 52.09, 5.12\n    code: ABCDEFGHIJKLMNOPQRSTUVWXYZ\n", code: "bad-value", line: 9),
        .init(task: "  - id: c\n    title: C\n    at: 52.09, 5.12\n    answer: x\n    code: true\n", code: "question-conflict", line: 9)
    ]

    @Test("mistakes are errors at their line, with a fix", arguments: bad)
    func mistakes(_ bad: TaskQuestionReaderTests.Bad) throws {
        let result = load("  - { id: ok, title: OK, number: 1 }\n" + bad.task)
        let found = result.diagnostics.filter { $0.code.rawValue == bad.code }
        #expect(!found.isEmpty, "\(result.diagnostics)")
        #expect(found.first?.location.line == bad.line, "\(result.diagnostics)")
        #expect(found.first?.fix?.isEmpty == false)
        #expect(result.hasErrors)
    }

    @Test("a hunt built in code: a code task without a place, or an empty code, is an error")
    func validator() {
        var hunt = F.hunt()
        hunt.tasks.append(HuntTask(id: "c", title: "C", question: TaskQuestion(.code(.derived())), location: .builtInCode))
        hunt.tasks.append(
            HuntTask(
                id: "e", title: "E", target: .circle(center: F.tower, radius: .metres(30)), question: TaskQuestion(.code(.written("--"))),
                location: .builtInCode))
        let codes = hunt.validate().map(\.code.rawValue)
        #expect(codes.contains("code-without-place"))
        #expect(codes.contains("empty-code"))
    }

    @Test("the hunt writer writes `code: true` (never the derived code) and a written code back")
    func writer() throws {
        let result = load(
            """
              - { id: sundial, title: Sundial, at: "52.0887, 5.1696", code: true }
              - { id: shed, title: Shed, at: "52.0861, 5.1764", code: REED-42, attempts: 4 }

            """)
        let hunt = try #require(result.hunt).derivingCodes { _ in "KQX-7PA" }
        let yaml = hunt.yaml()
        #expect(yaml.contains("code: true") && !yaml.contains("KQX"), "\(yaml)")
        #expect(yaml.contains("code: \"REED-42\"") || yaml.contains("code: REED-42"), "\(yaml)")
        let again = try #require(DefinitionTestSupport.load(yaml).hunt)
        #expect(again.task("sundial")?.question?.code == .derived())
        #expect(again.task("shed")?.question == TaskQuestion(.code(.written("REED-42")), attempts: 4))
    }

    static let shed = HuntTask(
        id: "shed", title: "Shed", points: 5, target: .circle(center: F.tower, radius: .metres(30)),
        question: TaskQuestion(.code(.written("REED-42"))), location: F.here)
    static let sundial = HuntTask(
        id: "sundial", title: "Sundial", points: 5, target: .circle(center: F.tower, radius: .metres(30)),
        question: TaskQuestion(.code(.derived())), location: F.here)

    @Test("judged as answers: right, wrong, refused after the limit; the code is not repeated in the evidence")
    func judged() throws {
        let hunt = F.hunt(extraTasks: [Self.shed, Self.sundial])
        var inputs = [AnswerJudgingTests.answer("r", "foxes", "shed", "reed42", at: F.at(10, 5))]
        for n in 0..<12 { inputs.append(AnswerJudgingTests.answer("w\(n)", "owls", "shed", "REED-\(n)", at: F.at(11, n))) }
        let results = F.judge(inputs, hunt: hunt)
        let right = try #require(results.submissions.first { $0.path == "answers.jsonl#r" })
        #expect(right.verdict == .accepted && right.points == 5)
        #expect(right.evidence.answer == "reed42" && right.evidence.answerMatched == nil && right.evidence.attemptsAllowed == 10)
        let wrong = try #require(results.submissions.first { $0.path == "answers.jsonl#w0" })
        #expect(wrong.verdict == .rejected && wrong.reasons == [.wrongAnswer])
        #expect(!wrong.findings.contains { $0.message.contains("REED-42") }, "the message does not give the code away")
        let eleventh = try #require(results.submissions.first { $0.path == "answers.jsonl#w10" })
        #expect(eleventh.reasons.contains(.noAttemptsLeft))
    }

    @Test("10,000 attempts from one team: the first ten judged, the rest refused, the right one after them too")
    func bruteForce() throws {
        let hunt = F.hunt(extraTasks: [Self.shed])
        var inputs: [JudgeInput] = []
        for n in 0..<10_000 {
            let time = F.at(10, 0).addingTimeInterval(Double(n))
            inputs.append(AnswerJudgingTests.answer("g\(n)", "owls", "shed", n == 9_999 ? "REED-42" : "GUESS-\(n)", at: time))
        }
        let results = F.judge(inputs, hunt: hunt)
        #expect(results.submissions.count == 10_000)
        #expect(results.submissions.filter { $0.reasons.contains(.noAttemptsLeft) }.count == 9_990)
        #expect(results.submissions.first { $0.path == "answers.jsonl#g9999" }?.verdict == .rejected)
        #expect(results.team("owls")?.points == 0)
    }

    @Test("a photo is never a code: sent for a code task it is the wrong kind, and no photo is matched to one by its place")
    func photos() throws {
        let hunt = F.hunt(extraTasks: [Self.shed])
        let sent = F.input("foxes/shed/IMG_1.jpg", task: "shed", F.photo("IMG_1.jpg", near: F.tower, time: F.at(11, 0)))
        let placed = F.input("owls/IMG_2.jpg", task: nil, F.photo("IMG_2.jpg", near: F.tower, time: F.at(11, 0)))
        let results = F.judge([sent, placed], hunt: hunt)
        #expect(results.submissions.first { $0.path.hasSuffix("IMG_1.jpg") }?.reasons == [.wrongKind])
        #expect(results.submissions.first { $0.path.hasSuffix("IMG_2.jpg") }?.task == "tower", "matched to the photo task at the same place")
    }

    @Test("a derived code without the secret goes to review (code-unknown); with it, it is judged")
    func unknown() throws {
        let hunt = F.hunt(extraTasks: [Self.shed, Self.sundial])
        let input = [AnswerJudgingTests.answer("s", "foxes", "sundial", "KQX-7PA", at: F.at(10, 5))]
        let before = try #require(F.judge(input, hunt: hunt).submissions.first)
        #expect(before.verdict == .review && before.reasons == [.codeUnknown])
        let after = try #require(F.judge(input, hunt: hunt.derivingCodes { _ in "KQX-7PA" }).submissions.first)
        #expect(after.verdict == .accepted)
    }
}
