import Foundation
import Testing
@testable import HuntKit

@Suite("Reviews file")
struct ReviewsTests {
    func parse(_ text: String) throws(DiagnosticError) -> Reviews {
        guard let node = try YAMLParser().parse(Array(text.utf8), displayPath: "reviews.yaml") else { return Reviews() }
        return try Reviews.parse(node, displayPath: "reviews.yaml")
    }

    @Test("decisions with note, by and task; a bare decision is shorthand")
    func reads() throws {
        let reviews = try parse(
            """
            foxes/tower/IMG_1.jpg:
              decision: accept
              note: The tower is in the picture.
              by: Anna
            owls/IMG_2.jpg: { decision: reject, task: bridge }
            herons/./x.jpg: accept
            """)
        #expect(reviews.entries.count == 3)
        #expect(reviews.entries["foxes/tower/IMG_1.jpg"]?.note == "The tower is in the picture.")
        #expect(reviews.entries["foxes/tower/IMG_1.jpg"]?.by == "Anna")
        #expect(reviews.entries["owls/IMG_2.jpg"]?.decision == .reject)
        #expect(reviews.entries["owls/IMG_2.jpg"]?.task == "bridge")
        #expect(reviews.entries["herons/x.jpg"]?.decision == .accept)
    }

    struct Bad: Sendable, CustomStringConvertible {
        var text: String
        var code: String
        var line: Int
        var description: String { code }
    }

    static let bad: [Bad] = [
        Bad(text: "a.jpg:\n  decison: accept\n", code: "unknown-key", line: 2),
        Bad(text: "a.jpg:\n  decision: maybe\n", code: "bad-decision", line: 2),
        Bad(text: "a.jpg:\n  note: no decision\n", code: "missing-decision", line: 1),
        Bad(text: "a.jpg: accept\na.jpg: reject\n", code: "duplicate-key", line: 2),
        Bad(text: "- a.jpg\n", code: "wrong-type", line: 1)
    ]

    @Test("every problem is an error with its line", arguments: bad)
    func rejects(_ bad: Bad) {
        #expect {
            _ = try parse(bad.text)
        } throws: { error in
            guard let d = (error as? DiagnosticError)?.diagnostics.first else { return false }
            return d.code.rawValue == bad.code && d.location.line == bad.line && d.location.file == "reviews.yaml"
        }
    }

    @Test("broken YAML is an error with line and column")
    func brokenYAML() {
        #expect(throws: DiagnosticError.self) { _ = try parse("a.jpg: { decision: accept\nb.jpg: [\n") }
    }

    @Test("a path that is not a submission is a warning (the photo is gone; the decision is kept), an unknown task an error; both with a suggestion")
    func check() {
        let reviews = Reviews(
            entries: [
                "foxes/tower/IMG_1.jpeg": .init(decision: .accept),
                "foxes/tower/IMG_2.jpg": .init(decision: .accept, task: "towr")
            ],
            locations: [
                "foxes/tower/IMG_1.jpeg": SourceLocation(file: "reviews.yaml", line: 3, column: 1),
                "foxes/tower/IMG_2.jpg": SourceLocation(file: "reviews.yaml", line: 5, column: 1)
            ])
        let problems = reviews.check(paths: ["foxes/tower/IMG_1.jpg", "foxes/tower/IMG_2.jpg"], hunt: JudgingFixtures.hunt())
        #expect(problems.map(\.code) == ["decided-photo-gone", "unknown-task"])
        #expect(problems.map(\.severity) == [.warning, .error])
        #expect(problems[0].fix == "did you mean `foxes/tower/IMG_1.jpg`?")
        #expect(problems[1].fix == "did you mean `tower`?")
    }
}
