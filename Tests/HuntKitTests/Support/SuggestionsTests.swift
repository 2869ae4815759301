import Foundation
import Testing
@testable import HuntKit

@Suite struct SuggestionsTests {
    @Test(
        arguments: [
            ("clock_skew", ["accuracy", "clock-skew", "duplicates"], "clock-skew"),
            ("Radius", ["radius", "points"], "radius"),
            ("dom-towr", ["bridge", "dom-tower", "cafe"], "dom-tower"),
            ("tower", ["towers", "tower"], "tower"),  // an exact match wins over an earlier near one
            ("ab", ["xy", "zz"], nil),
            ("", ["a"], nil)
        ] as [(String, [String], String?)])
    func findsTheClosestCandidate(typed: String, candidates: [String], expected: String?) {
        #expect(Suggestions.closest(to: typed, in: candidates) == expected)
        #expect(Suggestions(candidates).closest(to: typed) == expected)
    }

    @Test func tiesGoToTheEarlierCandidateWhateverItsLength() {
        // "cafe1" (one insertion) and "caf" (one deletion) are both 1 from "cafe".
        #expect(Suggestions(["cafe1", "caf"]).closest(to: "cafe") == "cafe1")
        #expect(Suggestions(["caf", "cafe1"]).closest(to: "cafe") == "caf")
    }

    @Test func suggestStopsAfterEnoughFindings() {
        var suggestions = Suggestions(["dom-tower"])
        let answers = (0..<(Suggestions.maximumSuggestions + 5)).map { _ in suggestions.suggest(for: "dom-towr") }
        #expect(answers.prefix(Suggestions.maximumSuggestions).allSatisfy { $0 == "dom-tower" })
        #expect(answers.dropFirst(Suggestions.maximumSuggestions).allSatisfy { $0 == nil })
    }

    /// Defect: 5,000 tasks whose `after:` names a misspelt id took 39 s to validate (1,000: 1.5 s release, far more in debug);
    /// `.ci/check/hostile/11-did-you-mean-5000.sh` times the release build on 5,000.
    @Test(.timeLimit(.minutes(1))) func aThousandMisspeltAfterLinksValidateQuickly() {
        var yaml = "hunt: Many\ntimezone: UTC\ntasks:\n"
        for i in 0..<1000 {
            yaml += "  - { id: task-\(i), title: T, at: \"52.\(i), 5.1\", after: [tsak-\(i)x] }\n"
        }
        let start = Date()
        let result = DefinitionTestSupport.load(yaml)
        let seconds = Date().timeIntervalSince(start)
        let unknown = result.diagnostics.filter { $0.code == "unknown-task" }
        #expect(unknown.count == 1000)
        #expect(unknown.first?.fix == "did you mean `task-0`?")
        #expect(unknown.filter { $0.fix?.hasPrefix("did you mean") == true }.count == Suggestions.maximumSuggestions)
        #expect(seconds < 5, "took \(seconds) s")
    }
}
