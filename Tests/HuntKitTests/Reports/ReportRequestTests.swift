import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

@Suite struct ReportRequestTests {
    @Test(arguments: [
        (ReportRequest(results: "r.json", format: .csv, template: "t.mustache"), "applies to html and md reports"),
        (ReportRequest(results: "r.json", format: .md, table: .leaderboard), "--table chooses the csv table"),
        (ReportRequest(results: "r.json", options: ReportOptions(thumbnailLimit: -1)), "--thumbnails takes a count"),
        (ReportRequest(results: "r.json", out: ""), "--out needs a file or folder")
    ])
    func combinationsThatCannotBeMadeAreNamed(request: ReportRequest, problem: String) {
        #expect(request.problem?.contains(problem) == true, "\(request.problem ?? "no problem")")
    }

    @Test func theFormatComesFromOutsExtensionAndFitsTogether() {
        let request = ReportRequest(results: "r.json", out: "board.md")
        #expect(request.chosenFormat == .md)
        #expect(request.problem == nil)
        #expect(ReportRequest(results: "r.json", format: .csv, out: "tables/").problem == nil)
        #expect(ReportRequest(results: "r.json", out: "board.csv", table: .leaderboard).problem == nil)
    }

    @Test func standardOutputGetsTheChosenCSVTable() async throws {
        let file = Scratch.root.appendingPathComponent("report-request-\(UUID().uuidString).json")
        try ReportFixtures.results("photo-scavenger-hunt").jsonData().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let made = try await ReportRequest(results: file.path, format: .csv, table: .leaderboard).make()
        #expect(made.documents.map(\.name) == ["submissions.csv", "leaderboard.csv"])
        #expect(made.standardOutput == made.documents[1].bytes)
        #expect(made.notes.isEmpty)
    }

    @Test func anUnknownTeamFailsWithTheTeamsToChooseFrom() async throws {
        let file = Scratch.root.appendingPathComponent("report-request-\(UUID().uuidString).json")
        try ReportFixtures.results("photo-scavenger-hunt").jsonData().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        await #expect(throws: ReportRequest.RequestError.self) {
            try await ReportRequest(results: file.path, options: ReportOptions(teamID: "nobody")).make()
        }
    }

    @Test func reportListsBesideResultsNameTheFirstUnknownWord() throws {
        #expect(try ReportFormat.list(besideResults: "html, CSV,markdown") == [.html, .csv, .md])
        #expect(try ReportFormat.list(besideResults: "") == [])
        #expect(throws: ReportFormat.UnknownWord.self) { try ReportFormat.list(besideResults: "html,json") }
    }
}
