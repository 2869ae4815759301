import Foundation
import HuntTestSupport
@testable import HuntKit

/// Results files made by `hunt simulate` + `hunt judge` on two of the examples (3 teams, 4
/// photos each, half planned to fail), and golden reports made from them.
enum ReportFixtures {
    static let bundled = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("reports")
    /// The source folder, for re-recording goldens with HUNT_RECORD_GOLDEN=1.
    static let source = SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/reports")

    static let names = ["photo-scavenger-hunt", "where-is-france"]

    static func results(_ name: String) throws -> JudgeResults {
        try JudgeResults.decode(Data(contentsOf: bundled.appendingPathComponent("results-\(name).json")))
    }

    /// A results value whose every text field is hostile: markup, formulas, Markdown, line breaks.
    static func hostile() throws -> JudgeResults {
        var r = try results("photo-scavenger-hunt")
        r.hunt.title = "<b>Hunt</b> & \"friends\""
        r.teams[0].name = "<script>alert('team')</script>"
        r.teams[1].name = "=HYPERLINK(\"http://evil.example/x\",\"click\")"
        r.teams[2].name = "*bold* | pipe _under_ [link](http://evil.example) `code`\nsecond line"
        r.tasks[0].title = "\"><img src=x onerror=alert(1)>"
        r.tasks[0].reveal = "<iframe src=\"https://evil.example\"></iframe>"
        r.tasks[0].clue = "@SUM(1+1)*cmd|' /C calc'!A0"
        r.submissions[0].path = "-2+3+cmd|' /C calc'!A0.jpg"
        r.submissions[0].review = .init(decision: .accept, note: "+1 looks fine\r\n<script>x</script>", by: "\tjudge", task: nil)
        r.submissions[1].evidence.make = "@evil"
        r.submissions[1].evidence.model = "</td></tr></table><script>alert(2)</script>"
        if !r.submissions[2].findings.isEmpty { r.submissions[2].findings[0].message = "=1+1 <svg onload=alert(3)>" }
        return r
    }
}

extension ReportTemplate {
    static func standardForTests(_ format: ReportFormat) throws -> ReportTemplate {
        try ReportTemplate.standard(for: format)
    }
}
