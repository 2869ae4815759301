import HuntKit
import Testing

@Suite struct JudgeOutputFormatsTests {
    @Test func defaultIsTheTextSummaryAndNoReports() {
        let formats = JudgeOutputFormats()
        #expect(formats.stdout == .text)
        #expect(formats.reports.isEmpty)
        #expect(formats.list == "text")
    }

    @Test func readsStdoutAndReportsInTheOrderNamed() throws {
        let formats = try #require(JudgeOutputFormats(list: " JSON , md,html,,csv,md"))
        #expect(formats.stdout == .json)
        #expect(formats.reports == [.md, .html, .csv])
        #expect(formats.list == "json,md,html,csv")
    }

    @Test func reportsAloneKeepTextOnStdoutAndMarkdownIsMd() throws {
        let formats = try #require(JudgeOutputFormats(list: "markdown"))
        #expect(formats.stdout == .text)
        #expect(formats.reports == [.md])
    }

    @Test(arguments: ["", ",", "text,json", "pdf", "html,json,csv,xml"])
    func refusesListsThatSayNothingOrContradict(list: String) {
        #expect(JudgeOutputFormats(list: list) == nil)
    }

    @Test func aRepeatedStdoutWordIsAccepted() {
        #expect(JudgeOutputFormats(list: "json,json")?.stdout == .json)
    }

    @Test func wordsListStdoutFirst() {
        #expect(JudgeOutputFormats.words == ["text", "json", "html", "csv", "md"])
    }

    /// `hunt judge` and `hunt serve` read their lists with one reader: the same words, repeats
    /// dropped by both.
    @Test func judgeAndServeListsAreReadAlike() throws {
        #expect(try JudgeOutputFormats.read(" HTML,csv,,markdown,md, html,json") == [.report(.html), .report(.csv), .report(.md), .stdout(.json)])
        #expect(try ReportFormat.list(besideResults: "html,csv,markdown,md,html") == [.html, .csv, .md])
        #expect(JudgeOutputFormats(list: "html,csv,markdown,md,html")?.reports == [.html, .csv, .md])
        #expect(throws: ReportFormat.UnknownWord.self) { try ReportFormat.list(besideResults: "html,text") }
    }
}
