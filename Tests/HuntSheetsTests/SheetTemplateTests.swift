import Foundation
import Testing
@testable import HuntKit
@testable import HuntSheets

@Suite struct SheetLayoutTests {
    static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("sheets")

    @Test func theDefaultTemplateSpellsOutTheBuiltInLayout() throws {
        let url = try #require(TemplateLibrary.url("sheets/default/layout.yaml"))
        let layout = try SheetLayout.load(contentsOf: url, displayPath: "layout.yaml")
        // Colours in the file are rounded to bytes; compare them as CSS.
        #expect(layout.textColour.description == SheetLayout.standard.textColour.description)
        #expect(layout.accentColour.description == SheetLayout.standard.accentColour.description)
        var rounded = layout
        rounded.textColour = SheetLayout.standard.textColour
        rounded.accentColour = SheetLayout.standard.accentColour
        rounded.mutedColour = SheetLayout.standard.mutedColour
        rounded.ruleColour = SheetLayout.standard.ruleColour
        rounded.tintColour = SheetLayout.standard.tintColour
        #expect(rounded == SheetLayout.standard)
    }

    func parse(_ yaml: String) throws -> (SheetLayout, [Diagnostic]) {
        var layout = SheetLayout.standard
        let root = try #require(try YAMLParser().parse(Array(yaml.utf8), displayPath: "layout.yaml"))
        let diagnostics = layout.apply(root)
        return (layout, diagnostics)
    }

    @Test(arguments: [("20 mm", 56.69), ("2 cm", 56.69), ("0.5 in", 36.0), ("12 pt", 12.0), ("30", 30.0)])
    func lengthsInPrintUnits(_ text: String, _ points: Double) throws {
        let (layout, diagnostics) = try parse("page:\n  margins: \(text)\n  margin-left: 1 in\n")
        #expect(diagnostics.isEmpty)
        #expect(abs(layout.marginTopPoints - points) < 0.01)
        #expect(layout.marginLeftPoints == 72)
    }

    @Test func aMisspeltKeyIsAnErrorWithASuggestionAndItsPosition() throws {
        let (_, diagnostics) = try parse("colours:\n  acent: \"#ff0000\"\nshow:\n  qr-captions: false\n")
        #expect(diagnostics.map(\.code) == ["unknown-key", "unknown-key"])
        #expect(diagnostics[0].location == SourceLocation(file: "layout.yaml", line: 2, column: 3))
        #expect(diagnostics[0].fix == "did you mean `accent`?")
        #expect(diagnostics[1].fix == "did you mean `qr-caption`?")
    }

    @Test(arguments: ["colours:\n  text: #333\n", "sizes:\n  body: huge\n", "cards:\n  cut-lines: maybe\n", "page:\n  margins: 3 parsecs\n", "[1, 2]"]
    )
    func badValuesAreErrors(_ yaml: String) throws {
        let (_, diagnostics) = try parse(yaml)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .error)
    }

    @Test func aCopiedTemplateWithMistakesFailsWithEveryProblem() {
        #expect {
            try SheetTemplate.load(Self.fixtures.appendingPathComponent("layout-with-typo").path, relativeTo: URL(fileURLWithPath: "/"))
        } throws: { error in
            guard let error = error as? DiagnosticError else { return false }
            return error.diagnostics.map(\.code) == ["unknown-key", "bad-colour"]
                && error.diagnostics.allSatisfy { $0.location.file.hasSuffix("layout-with-typo/layout.yaml") }
        }
    }

    @Test func templatesAreFoundByNameOrPathAndMissingOnesNamed() throws {
        let byName = try SheetTemplate.load("default", relativeTo: URL(fileURLWithPath: "/nonexistent"))
        #expect(byName.html?.contains("{{#cards}}") == true)
        #expect(SheetTemplate.installed.contains("default"))
        #expect {
            try SheetTemplate.load(
                "no-such-template", relativeTo: URL(fileURLWithPath: "/tmp"),
                at: SourceLocation(file: "hunt.yaml", line: 9, column: 11))
        } throws: { error in
            let d = (error as? DiagnosticError)?.diagnostics.first
            return d?.code == "template-not-found" && d?.location.line == 9 && d?.fix?.contains("default") == true
        }
    }
}

@Suite struct HTMLSheetTests {
    func html(_ hunt: Hunt, _ options: SheetOptions = SheetOptions()) throws -> String {
        String(decoding: try HuntSheets.make(hunt, options: options, format: .html), as: UTF8.self)
    }

    @Test func everyUserStringIsEscaped() throws {
        var hunt = SheetSamples.utrecht(teams: 1)
        hunt.title = "<script>alert('x')</script> & \"co\""
        hunt.tasks[0].clue = "<img src=x onerror=alert(1)>"
        hunt.teams[0].name = "</style><b>team</b>"
        let page = try html(hunt)
        #expect(!page.contains("<script>"))
        #expect(!page.contains("<img"))
        #expect(!page.contains("<b>team"))
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;co&quot;"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test func qrCodesAreInlineSVGAndNothingIsFetched() throws {
        let hunt = SheetSamples.utrecht(teams: 2)
        let page = try html(hunt)
        #expect(page.components(separatedBy: "<svg ").count - 1 == 2 * 8)
        #expect(page.contains("aria-label=\"QR code: geo:52.09067,5.12133\""))
        #expect(!page.contains("src=\"http"))
        #expect(!page.contains("<link"))
        for title in SheetSamples.accentedTitles { #expect(page.contains(title.replacingOccurrences(of: "'", with: "&#39;"))) }
        #expect(page.contains("@page { size: A4;"))
    }

    @Test func theAnswerKeyPage() throws {
        let page = try html(SheetSamples.utrecht(), SheetOptions(answerKey: true, paper: .letter))
        #expect(page.contains("FOR MARSHALS ONLY — DO NOT HAND OUT"))
        #expect(page.contains("Café de Zaak"))
        #expect(page.contains("@page { size: letter;"))
        #expect(!page.contains("class=\"card\""))
    }

    /// The one rule the key's values had (commit c739567) covers every text a hunt writes on the
    /// players' sheets: an English rule on an Arabic page keeps its full stop at its end.
    @Test func huntTextsOnAnArabicSheetTakeTheirOwnDirection() throws {
        var hunt = SheetSamples.utrecht(teams: 1)
        hunt.rules = "Walk together."
        let page = try html(hunt, SheetOptions(language: "ar"))
        #expect(page.contains("<html lang=\"ar\" dir=\"rtl\">") && page.contains("<p class=\"clue\">Walk together.</p>"))
        let rule = try #require(page.split(separator: "\n").first { $0.contains("[dir=\"rtl\"] :is(") })
        for selector in [".cover h1", ".team", ".clue", ".head h3", ".hint", ".hint-list dd", "table.facts td", ".places li"] {
            #expect(rule.contains(selector), "\(selector) is not laid out in its own direction")
        }
    }

    @Test func aBrokenTemplateNamesItsLine() {
        let renderer = HTMLSheetRenderer(template: "<p>\n{{#cards}}\n{{title}}\n", templatePath: "mine.mustache")
        #expect {
            try renderer.render(try SheetDocument(hunt: SheetSamples.utrecht(), options: SheetOptions()))
        } throws: { error in
            "\(error)".hasPrefix("mine.mustache:")
        }
    }
}

@Suite struct CompactTemplateTests {
    @Test func theCompactTemplateNeedsFewerPages() throws {
        let hunt = SheetSamples.many(60)
        let compact = try SheetTemplate.load("compact", relativeTo: URL(fileURLWithPath: "/nonexistent"))
        #expect(compact.layout.showCover == false)
        #expect(compact.html != nil, "the HTML page comes from the default template")
        let document = try SheetDocument(hunt: hunt, options: SheetOptions(), layout: compact.layout)
        let small = try PDFSheetRenderer(layout: compact.layout).renderWithPageMap(document).pages
        let standard = try PDFSheetRenderer().renderWithPageMap(try SheetDocument(hunt: hunt, options: SheetOptions())).pages
        #expect(small.count < standard.count)
        #expect(!small.flatMap { $0 }.contains { $0.hasPrefix("cover:") })
        #expect(small.flatMap { $0 }.filter { $0.hasPrefix("card:") }.count == 60)
    }
}

@Suite struct HuntLayoutSettingTests {
    @Test func sheetsLayoutIsFoundBesideTheHuntFile() throws {
        var hunt = SheetSamples.utrecht(teams: 1)
        hunt.fileURL = SheetLayoutTests.fixtures.appendingPathComponent("accented-hunt.yaml")
        hunt.sheets.layout = "layout-with-typo"
        hunt.sheets.layoutLocation = SourceLocation(file: "accented-hunt.yaml", line: 30, column: 11)
        #expect {
            try HuntSheets.make(hunt, options: SheetOptions(), format: .pdf)
        } throws: { error in
            (error as? DiagnosticError)?.diagnostics.first?.location.file.hasSuffix("layout-with-typo/layout.yaml") == true
        }
        hunt.sheets.layout = "no-such-layout"
        #expect {
            try HuntSheets.make(hunt, options: SheetOptions(), format: .pdf)
        } throws: { error in
            (error as? DiagnosticError)?.diagnostics.first?.location == SourceLocation(file: "accented-hunt.yaml", line: 30, column: 11)
        }
        hunt.sheets.layout = "compact"
        let bytes = try HuntSheets.make(hunt, options: SheetOptions(), format: .pdf)
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
    }
}
