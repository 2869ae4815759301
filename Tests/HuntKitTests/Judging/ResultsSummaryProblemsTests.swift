import Foundation
import Testing
@testable import HuntKit

@Suite struct ResultsSummaryProblemsTests {
    @Test func aTeamFolderNotInTheRosterIsPrintedWithItsFixAndFailsTheRun() throws {
        var results = try ReportFixtures.results("photo-scavenger-hunt")
        results.problems = []
        results.summary.unreadable = 0
        #expect(ResultsSummary(results: results).problemsText(submissionsPath: "photos") == "")
        #expect(!ResultsSummary(results: results).inputsFailed)
        results.problems = [.init(severity: .warning, code: "unknown-team", message: "`owls` is not a team", location: "photos/owls", fix: "add it")]
        let summary = ResultsSummary(results: results)
        #expect(summary.problemsText(submissionsPath: "photos") == "photos/owls: warning: `owls` is not a team\n  fix: add it\n")
        #expect(summary.inputsFailed)
    }
}
