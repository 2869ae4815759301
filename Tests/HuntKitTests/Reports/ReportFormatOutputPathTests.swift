import HuntKit
import Testing

@Suite struct ReportFormatOutputPathTests {
    @Test(arguments: [
        ("report.md", ReportFormat.md), ("R.MARKDOWN", .md), ("out/report.json", .json),
        ("t.CSV", .csv), ("report.html", .html), ("results/", .html), ("-", .html), ("noext", .html)
    ])
    func extensionChoosesTheFormat(path: String, format: ReportFormat) {
        #expect(ReportFormat(outputPath: path) == format)
    }

    @Test func standardOutputIsHTML() {
        #expect(ReportFormat(outputPath: nil) == .html)
    }

    @Test func reportWordsBesideResultsExcludeJSON() {
        #expect(ReportFormat(besideResults: "markdown") == .md)
        #expect(ReportFormat(besideResults: "csv") == .csv)
        #expect(ReportFormat(besideResults: "json") == nil)
        #expect(ReportFormat(besideResults: "pdf") == nil)
    }
}
