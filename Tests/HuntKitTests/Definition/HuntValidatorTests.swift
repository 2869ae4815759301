import Foundation
import Testing
@testable import HuntKit

/// `Hunt.validate()` finds in a hunt built in code what the loader finds in the same hunt as YAML.
@Suite struct HuntValidatorTests {
    static let built = SourceLocation(file: "built in code")

    /// The same five mistakes, written as YAML.
    static let yaml = """
        hunt: Mistakes
        tasks:
          - { id: dom, title: The Dom Tower, at: [52.09067, 5.12133] }
          - { id: dom, title: The Dom again, at: [52.0907, 5.1214] }
          - { id: far, title: Latitude 999, at: [999, 5.1] }
          - { id: minus, title: Minus five, at: [52.09, 5.12], points: -5 }
          - { id: later, title: After nothing, at: [52.0880, 5.1190], after: [nope] }
          - { id: nowhere, title: No target }

        """

    /// The same five mistakes, built in code.
    static var hunt: Hunt {
        func task(_ id: String, _ title: String, at point: (Double, Double)?, points: Int = 10, after: [String] = []) -> HuntTask {
            HuntTask(
                id: id, title: title, points: points,
                target: point.map { .circle(center: Coordinate(latitude: $0.0, longitude: $0.1), radius: .metres(30)) },
                after: after, location: built)
        }
        return Hunt(
            id: "mistakes", title: "Mistakes",
            tasks: [
                task("dom", "The Dom Tower", at: (52.09067, 5.12133)),
                task("dom", "The Dom again", at: (52.0907, 5.1214)),
                task("far", "Latitude 999", at: (999, 5.1)),
                task("minus", "Minus five", at: (52.09, 5.12), points: -5),
                task("later", "After nothing", at: (52.0880, 5.1190), after: ["nope"]),
                task("nowhere", "No target", at: nil)
            ], source: built)
    }

    /// What a diagnostic says, without where.
    static func said(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.severity) \($0.code): \($0.fix ?? "-")" }.sorted()
    }

    @Test func codeFindsWhatYAMLFinds() throws {
        let loaded = DefinitionTestSupport.load(Self.yaml)
        let fromCode = Self.hunt.validate()
        #expect(Set(fromCode.map(\.code)) == ["duplicate-id", "coordinate-out-of-range", "negative-points", "unknown-task", "no-target"])
        #expect(Self.said(fromCode) == Self.said(loaded.diagnostics))
        // Messages too, but for the line the YAML names ("the first is on line 4").
        let messages = { (d: [Diagnostic]) in d.filter { $0.code != "duplicate-id" }.map(\.message).sorted() }
        #expect(messages(fromCode) == messages(loaded.diagnostics))
        // Placed at the value each is about, which a location built in code names.
        // (A duplicate id and an `after` naming no task are found across tasks, so placed at the hunt.)
        #expect(
            Set(fromCode.map(\.location.file)) == [
                "built in code", "built in code: task `far`", "built in code: task `minus`",
                "built in code: task `nowhere`"
            ])
    }

    @Test func aGoodHuntHasNothingToSay() throws {
        var hunt = Self.hunt
        hunt.tasks = [hunt.tasks[0], hunt.tasks[4]]
        hunt.tasks[1].after = ["dom"]
        #expect(hunt.validate().isEmpty)
        // A loaded hunt, validated again, finds what the loader found.
        let text = DefinitionTestSupport.hunt()
        let loaded = try DefinitionTestSupport.load(text).get()
        #expect(loaded.validate().isEmpty)
    }

    /// Each rule, in code and in YAML: (task fields in YAML, the change in code, the code both give).
    static let cases: [(yaml: String, change: @Sendable (inout HuntTask) -> Void, code: String)] = [
        ("radius: 5 m", { $0.target = .circle(center: Coordinate(latitude: 52.09, longitude: 5.12), radius: .metres(5)) }, "radius-too-small"),
        ("radius: 12 m", { $0.target = .circle(center: Coordinate(latitude: 52.09, longitude: 5.12), radius: .metres(12)) }, "radius-small"),
        ("points: 2000000", { $0.points = 2_000_000 }, "points-too-large"),
        ("repeat: per-place", { $0.repeatRule = .perPlace }, "per-place-without-places"),
        (
            "window: { start: 2026-05-02 12:00, end: 2026-05-02 11:00 }",
            { $0.window = TimeWindow(start: Date(timeIntervalSince1970: 1_777_716_000), end: Date(timeIntervalSince1970: 1_777_712_400)) },
            "window-end-before-start"
        ),
        ("bands: { found: 400 m }", { $0.bands = Bands(found: .metres(400)) }, "bands-not-ascending"),
        ("choose: 2", { $0.choose = Choice(count: 2, location: built) }, "choose-without-set"),
        (
            "check_in: true\n    number: 7",
            {
                $0.checkIn = true
                $0.question = TaskQuestion(.answer(AnswerKey([.number(7, within: 0)])))
            }, "check-in-conflict"
        ),
        (
            "check_in: true\n    choices: [Red, Blue]\n    correct: Red",
            {
                $0.checkIn = true
                $0.question = TaskQuestion(.choices([LocalizedText("Red"), LocalizedText("Blue")], correct: [0]))
            }, "check-in-conflict"
        )
    ]

    @Test(arguments: cases.indices) func eachRuleInBothWays(index: Int) throws {
        let (yaml, change, code) = Self.cases[index]
        let text = "hunt: Rules\ntimezone: UTC\ntasks:\n  - id: one\n    title: One\n    at: 52.09, 5.12\n    \(yaml)\n"
        let loaded = DefinitionTestSupport.load(text)
        var hunt = Hunt(
            id: "rules", title: "Rules",
            tasks: [
                HuntTask(
                    id: "one", title: "One",
                    target: .circle(center: Coordinate(latitude: 52.09, longitude: 5.12), radius: .metres(30)), location: Self.built)
            ],
            source: Self.built)
        change(&hunt.tasks[0])
        #expect(loaded.diagnostics.map(\.code.rawValue) == [code])
        #expect(hunt.validate().map(\.code.rawValue) == [code])
        #expect(hunt.validate().map(\.fix) == loaded.diagnostics.map(\.fix))
    }

    /// A check-in built in code without a place says so, as a hunt file's does.
    @Test func checkInWithoutPlace() {
        var task = HuntTask(id: "gate", title: "The gate", target: nil, location: Self.built)
        task.checkIn = true
        let hunt = Hunt(id: "rules", title: "Rules", tasks: [task], source: Self.built)
        let loaded = DefinitionTestSupport.load("hunt: Rules\ntimezone: UTC\ntasks:\n  - id: gate\n    title: The gate\n    check_in: true\n")
        #expect(hunt.validate().map(\.code.rawValue).sorted() == loaded.diagnostics.map(\.code.rawValue).sorted())
        #expect(hunt.validate().map(\.code.rawValue).contains("check-in-without-place"))
    }
}
