import Foundation
import Testing
@testable import HuntKit
@testable import HuntSheets

@Suite struct HuntSheetsSummaryTests {
    @Test func theSummarySaysWhatWasMade() {
        let hunt = SheetSamples.utrecht(teams: 2)
        let tasks = "\(hunt.tasks.count) task\(hunt.tasks.count == 1 ? "" : "s")"
        #expect(HuntSheets.summary(hunt, options: SheetOptions()) == "sheets for 2 teams, \(tasks)")
        #expect(HuntSheets.summary(hunt, options: SheetOptions(teamID: "foxes")) == "sheets for team foxes, \(tasks)")
        #expect(HuntSheets.summary(hunt, options: SheetOptions(answerKey: true)) == "answer key, \(tasks)")
        #expect(HuntSheets.summary(SheetSamples.utrecht(teams: 1), options: SheetOptions()) == "sheets for 1 team, \(tasks)")
    }

    @Test func noReferenceMeansTheHuntsOwnTemplate() throws {
        let hunt = SheetSamples.utrecht()
        #expect(try HuntSheets.template(for: hunt, reference: nil).files == HuntSheets.template(for: hunt).files)
    }

    @Test func anUnknownReferenceIsAnError() {
        #expect(throws: DiagnosticError.self) { try HuntSheets.template(for: SheetSamples.utrecht(), reference: "no-such-template-\(UUID())") }
    }

    @Test func requestsThatCannotBeMadeAreNamed() {
        #expect(
            HuntSheets.problem(output: nil, format: nil, options: SheetOptions(teamID: "foxes", answerKey: true), huntPath: "h.yaml")?
                .contains("--answer-key is the same for every team") == true)
        #expect(HuntSheets.problem(output: "", format: nil, options: SheetOptions(), huntPath: "h.yaml")?.contains("-o needs a file name") == true)
        #expect(HuntSheets.problem(output: "-", format: nil, options: SheetOptions(), huntPath: "h.yaml")?.contains("say which format") == true)
        #expect(HuntSheets.problem(output: "-", format: .html, options: SheetOptions(teamID: "foxes"), huntPath: "h.yaml") == nil)
    }
}
