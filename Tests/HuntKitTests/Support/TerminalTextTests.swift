import Foundation
import Testing
@testable import HuntKit

@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain text, café ✓", "plain text, café ✓"),
        ("\u{1B}[2Jgone", "␛[2Jgone"),
        ("\u{1B}]0;pwned\u{07}title", "␛]0;pwned␇title"),
        ("a\rb\nc\td", "a␍b␊c␉d"),
        ("del\u{7F}", "del␡"),
        ("c1\u{9B}31m", "c1\u{FFFD}31m"),
        ("bidi\u{202E}txt.exe", "bidi\u{FFFD}txt.exe"),
        ("line\u{2028}sep", "line\u{FFFD}sep")
    ])
    func controlsBecomeVisibleOneForOne(raw: String, shown: String) {
        let visible = TerminalText.visible(raw)
        #expect(visible == shown)
        #expect(visible.unicodeScalars.count == raw.unicodeScalars.count)
    }

    @Test func lineBreaksAndTabsAreKeptOnlyWhenAsked() {
        #expect(TerminalText.visible("a\nb\u{1B}", keepingLineBreaks: true) == "a\nb␛")
        #expect(TerminalText.visible("a\tb\r", keepingTabs: true) == "a\tb␍")
    }

    @Test func diagnosticsShowWhatTheFileHoldsWithoutObeyingIt() {
        let d = Diagnostic.error(
            "unknown-key", "unknown key `\u{1B}]0;x\u{07}`", at: SourceLocation(file: "e\u{1B}[2J.yaml", line: 0, column: 0),
            fix: "did you mean `\r`?")
        let text = TextDiagnosticRenderer(colour: true).render([d], sources: SourceLines())
        // The renderer's own colours are the only escapes left.
        let uncoloured = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(!uncoloured.contains("\u{1B}"))
        let plain = TextDiagnosticRenderer(colour: false).render([d], sources: SourceLines())
        #expect(!plain.contains("\u{1B}") && !plain.contains("\r") && !plain.contains("\u{07}"))
        #expect(plain.contains("e␛[2J.yaml") && plain.contains("`␛]0;x␇`") && plain.contains("`␍`"))
    }

    @Test func photoTableRowsStayOneLineEach() {
        var metadata = PhotoMetadata(path: "x.jpg")
        metadata.make = "Evil\u{1B}[2J"
        metadata.model = "Cam\nNEXT ROW"
        metadata.software = "\u{1B}]0;title\u{07}"
        let row = PhotoTableRenderer().row(PhotoInput(path: "/x", displayPath: "team/\r.jpg"), .success(metadata))
        // The photo's line and its detail line (capture time, camera, note): hostile text adds none.
        #expect(row.filter { $0 == "\n" }.count == 2 && row.hasSuffix("\n"))
        #expect(!row.contains("\u{1B}") && !row.contains("\r"))
        #expect(row.contains("Evil␛[2J Cam␊NEXT ROW"))
    }

    @Test func judgeSummaryShowsHostileTeamNamesInOneLine() throws {
        var results = JudgingFixtures.judge([])
        results.hunt.title = "Hunt\u{1B}[2J"
        results.teams[0].name = "Foxes\r\nrank 1 fake"
        let text = ResultsSummary(results: results).text(resultsPath: "out/\u{1B}.json", reviewsPath: nil)
        #expect(!text.contains("\u{1B}") && !text.contains("\r"))
        #expect(text.contains("Foxes␍␊rank 1 fake"))
        #expect(text.contains("Hunt␛[2J") && text.contains("out/␛.json"))
    }
}
