import Testing
@testable import HuntKit

@Suite struct DiagnosticPrintableTests {
    @Test func controlCharactersInTheSourceLineAreNotSentToTheTerminal() {
        let sources = SourceLines()
        sources.add(file: "evil.yaml", text: "title: \u{1B}[2Jgone\u{07}\nnext: 1\n")
        let d = Diagnostic.error("yaml-syntax", "bad", at: SourceLocation(file: "evil.yaml", line: 1, column: 12))
        let text = TextDiagnosticRenderer(colour: false).render([d], sources: sources)
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{07}"))
        #expect(text.contains("title: ␛[2Jgone␇"))
        // The caret still sits under column 12: four spaces of indent, then 11 spaces.
        #expect(text.contains("\n    " + String(repeating: " ", count: 11) + "^\n"))
    }
}
