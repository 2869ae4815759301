import Foundation
import Testing
@testable import HuntKit

/// `choose: N` in the hunt file: a group over listed tasks, or a `places:` task's places.
@Suite struct ChooseDefinitionTests {
    typealias S = DefinitionTestSupport

    static let members = """
          - { id: a, title: A, at: [52.09, 5.12] }
          - { id: b, title: B, at: [52.091, 5.121] }
          - { id: c, title: C, at: [52.092, 5.122] }

        """

    static func group(_ lines: String) -> String { "  - id: trio\n    title: Any two\n" + lines }

    /// Codes, lines and fixes of what loading says.
    static func findings(_ tasks: String, readTargetFiles: Bool = false) -> [(code: String, line: Int, message: String, fix: String?)] {
        S.load(S.hunt(tasks: tasks), readTargetFiles: readTargetFiles).diagnostics
            .map { ($0.code.rawValue, $0.location.line, $0.message, $0.fix) }
    }

    @Test func aGroupIsReadWithItsTasksWhichScoreOnlyThroughIt() throws {
        let hunt = try S.load(S.hunt(tasks: Self.group("    choose: 2\n    tasks: [a, b, c]\n    points: 30\n") + Self.members)).get()
        let trio = try #require(hunt.task("trio"))
        #expect(trio.isGroup && trio.choose?.count == 2 && trio.choose?.tasks == ["a", "b", "c"] && trio.target == nil)
        #expect(trio.choose?.location.line == 7)
        #expect(trio.points == 30)
        #expect(["a", "b", "c"].map { hunt.task($0)?.points } == [0, 0, 0])
        #expect(hunt.group(of: "b")?.id == "trio" && hunt.group(of: "trio") == nil)
    }

    @Test func aPlacesTaskChoosesAmongItsPlaces() throws {
        let hunt = try S.load(
            S.hunt(tasks: "  - { id: cafes, title: Cafés, places: places.geojson, choose: 2, points: 15 }\n"),
            readTargetFiles: true
        ).get()
        #expect(hunt.task("cafes")?.choose?.count == 2 && hunt.task("cafes")?.isGroup == false)
    }

    @Test(arguments: [
        // (tasks, code, line, part of the message or fix)
        (group("    choose: 4\n    tasks: [a, b, c]\n") + members, "choose-too-many", 7, "lists 3 tasks"),
        (
            group("    choose: 2\n    tasks: [a, obelsico]\n") + members + "  - { id: obelisco, title: O, at: [52.1, 5.1] }\n",
            "unknown-task", 8, "did you mean `obelisco`?"
        ),
        (
            group("    choose: 1\n    tasks: [a, b]\n") + "  - { id: pair, title: P, choose: 1, tasks: [trio, c] }\n" + members,
            "group-member", 9, "groups do not nest"
        ),
        (
            group("    choose: 1\n    tasks: [a, b]\n") + "  - { id: pair, title: P, choose: 1, tasks: [b, c] }\n" + members,
            "group-member", 9, "already in the group `trio`"
        ),
        (group("    choose: 2\n    tasks: [a, a, b]\n") + members, "group-member", 8, "listed twice"),
        (
            group("    choose: 2\n    tasks: [a, b, c]\n")
                + members.replacingOccurrences(of: "{ id: a, title: A,", with: "{ id: a, title: A, points: 5,"),
            "group-member", 9, "has points of its own"
        ),
        (group("    choose: 2\n    tasks: [a, b]\n    at: 52.09, 5.12\n") + members, "choose-conflict", 9, "means nothing on the group"),
        (group("    tasks: [a, b]\n") + members, "choose-without-set", 7, "add `choose: N`"),
        (group("    choose: 0\n    tasks: [a, b]\n") + members, "bad-number", 7, "at least 1"),
        ("  - { id: x, title: X, at: [52.09, 5.12], choose: 2 }\n", "choose-without-set", 5, "has neither"),
        ("  - { id: x, title: X, places: places.geojson, choose: 2, repeat: per-place }\n", "choose-conflict", 5, "`repeat` cannot go with `choose`"),
        (
            group("    choose: 2\n    tasks: [a, b]\n") + members + "  - { id: d, title: D, at: [52.1, 5.1], after: [trio] }\n",
            "choose-conflict", 12, "`after` names the group `trio`"
        ),
        (group("    choose: 1\n    tasks:\n      - { id: z, title: Z, at: [52.1, 5.1] }\n      - a\n") + members, "wrong-type", 9, "written in place")
    ])
    func mistakesAreNamedAtTheirLine(_ tasks: String, _ code: String, _ line: Int, _ text: String) {
        let found = Self.findings(tasks)
        #expect(
            found.contains { $0.code == code && $0.line == line && ($0.message.contains(text) || $0.fix?.contains(text) == true) },
            "expected \(code) at line \(line) with “\(text)”, got \(found)")
        #expect(found.allSatisfy { $0.code == code }, "\(found)")
    }

    @Test func choosingMorePlacesThanTheFileHasIsAnErrorAtChoose() {
        let found = Self.findings("  - id: cafes\n    title: Cafés\n    places: places.geojson\n    choose: 3\n", readTargetFiles: true)
        #expect(found.map(\.code) == ["choose-too-many"] && found[0].line == 8 && found[0].message.contains("has 2 places"))
    }

    @Test func aClosestTaskCannotBeInAGroup() {
        let found = Self.findings(
            Self.group("    choose: 1\n    tasks: [a, far]\n") + Self.members
                + "  - { id: far, title: Far, area: area.geojson, score: closest }\n")
        #expect(found.map(\.code) == ["group-member"] && found[0].message.contains("closest"))
    }
}
