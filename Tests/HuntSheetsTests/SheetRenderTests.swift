import Foundation
import Testing
@testable import HuntKit
@testable import HuntSheets

/// The PDF as players and marshals get it: text, QR codes, pages.
@Suite struct SheetRenderTests {
    func render(_ hunt: Hunt, _ options: SheetOptions = SheetOptions(), layout: SheetLayout = .standard) throws -> (bytes: [UInt8], pages: [[String]])
    {
        let document = try SheetDocument(hunt: hunt, options: options, layout: layout)
        return try PDFSheetRenderer(layout: layout).renderWithPageMap(document)
    }

    @Test
    func everyTitleKeepsItsAccentsInTheExtractedText() throws {
        try PDFTools.requireReadBack()
        let hunt = SheetSamples.utrecht(teams: 3)
        let text = try PDFTools.text(try render(hunt).bytes)
        for task in hunt.tasks { #expect(text.contains(task.title), "missing “\(task.title)”") }
        for team in hunt.teams { #expect(text.contains(team.name), "missing team “\(team.name)”") }
        #expect(text.contains("Saturday, 2 May 2026, 10:00 – 16:00"))
    }

    @Test
    func everyQRCodeDecodesToItsPlace() throws {
        try PDFTools.requireReadBack()
        let hunt = SheetSamples.utrecht(teams: 1)
        let decoded = try PDFTools.qrCodes(try render(hunt).bytes).sorted()
        let expected = hunt.tasks.compactMap { task -> String? in
            guard case .circle(let centre, _) = task.target else { return nil }
            return GeoURI.string(for: centre)
        }.sorted()
        #expect(expected.count == 8)
        #expect(decoded == expected)
    }

    @Test
    func qrCodesCanBeTurnedOff() throws {
        try PDFTools.requireReadBack()
        let (bytes, _) = try render(SheetSamples.utrecht(positions: .none, teams: 1))
        #expect(try PDFTools.qrCodes(bytes).isEmpty)
        #expect(try !PDFTools.text(bytes).contains("geo:"))
    }

    @Test func twoHundredTasksPaginateWithoutSplittingACard() throws {
        let (bytes, pages) = try render(SheetSamples.many(200))
        let cards = pages.flatMap { $0 }.filter { $0.hasPrefix("card:") }
        #expect(cards == (1...200).map { "card:\($0)" }, "every card once, in order, none continued")
        #expect(pages[0] == ["cover:Red Foxes"], "the cover has a page of its own")
        #expect(pages.dropFirst().allSatisfy { !$0.isEmpty && $0.count <= 8 })
        do {
            try PDFTools.requireReadBack()
            #expect(try PDFTools.pageCount(bytes) == pages.count)
            let text = try PDFTools.text(bytes)
            for n in stride(from: 1, through: 200, by: 37) { #expect(text.contains("Úkol \(n):")) }
        }
    }

    @Test func aCardTallerThanAPageContinuesOnTheNext() throws {
        var hunt = SheetSamples.utrecht(teams: 1)
        // One word a line, under a hunt file's 8 KiB for a text.
        let words = (1...1200).map { "s\($0)" }.joined(separator: "\n")
        hunt.tasks[0].clue = words
        let (bytes, pages) = try render(hunt)
        let parts = pages.enumerated().flatMap { index, items in items.filter { $0 == "card:1" || $0 == "card:1:continued" }.map { (index, $0) } }
        #expect(parts.count >= 3)
        #expect(parts.first?.1 == "card:1")
        #expect(parts.dropFirst().allSatisfy { $0.1 == "card:1:continued" })
        #expect(Set(parts.map(\.0)).count == parts.count, "one part per page")
        #expect(pages.flatMap { $0 }.contains("card:2"))
        do {
            try PDFTools.requireReadBack()
            let text = try PDFTools.text(bytes)
            #expect(text.contains("CONTINUED"))
            // No word is lost where the clue breaks between pages.
            let flattened = text.split(whereSeparator: \.isWhitespace).map(String.init)
            for n in [1, 2, 499, 500, 501, 1000, 1199, 1200] { #expect(flattened.contains("s\(n)"), "s\(n)") }
        }
    }

    @Test func eachTeamHasItsOwnSectionStartingOnANewPage() throws {
        let hunt = SheetSamples.utrecht(teams: 3)
        let (_, pages) = try render(hunt)
        let covers = pages.enumerated().filter { $0.element.first?.hasPrefix("cover:") == true }
        #expect(covers.map { $0.element[0] } == ["cover:Red Foxes", "cover:Night Owls", "cover:Zelené žáby"])
        #expect(covers.allSatisfy { $0.element.count == 1 })
        let perTeam = pages.flatMap { $0 }.filter { $0.hasPrefix("card:") }.count
        #expect(perTeam == 3 * hunt.tasks.count)

        let (_, one) = try render(hunt, SheetOptions(teamID: "owls"))
        #expect(one.flatMap { $0 }.filter { $0.hasPrefix("cover:") } == ["cover:Night Owls"])
    }

    @Test func theAnswerKeyListsEveryTaskWithItsTarget() throws {
        let hunt = SheetSamples.utrecht()
        let (bytes, pages) = try render(hunt, SheetOptions(answerKey: true))
        let items = pages.flatMap { $0 }
        #expect(items.first == "key")
        #expect(items.filter { $0.hasPrefix("entry:") } == hunt.tasks.indices.map { "entry:\($0 + 1)" })
        #expect(!items.contains { $0.hasPrefix("card:") || $0.hasPrefix("cover:") })
        do {
            try PDFTools.requireReadBack()
            let text = try PDFTools.text(bytes)
            for expected in [
                "FOR MARSHALS ONLY", "52.09067° N, 5.12133° E", "75 m", "france.geojson", "cafes.geojson: 2 places",
                "Café de Zaak", "Stadskasteel Oudaen", "Built between 1321 and 1382", "Look up."
            ] {
                #expect(text.contains(expected), "missing “\(expected)”")
            }
            #expect(try PDFTools.qrCodes(bytes).isEmpty, "no QR codes unless answer-key-qr is on")
        }
    }

    @Test
    func theAnswerKeyCanCarryQRCodes() throws {
        try PDFTools.requireReadBack()
        var layout = SheetLayout.standard
        layout.answerKeyQR = true
        let hunt = SheetSamples.utrecht()
        let (bytes, _) = try render(hunt, SheetOptions(answerKey: true), layout: layout)
        let expected = hunt.tasks.compactMap { task -> String? in
            guard case .circle(let centre, _) = task.target else { return nil }
            return GeoURI.string(for: centre)
        }
        #expect(try PDFTools.qrCodes(bytes).sorted() == expected.sorted())
    }

    @Test(arguments: [SheetSettings.HintStyle.upsideDown, .separate, .hidden])
    func hintsPrintAsTheSettingsSay(_ style: SheetSettings.HintStyle) throws {
        let (bytes, pages) = try render(SheetSamples.utrecht(hints: style, teams: 1))
        #expect(pages.flatMap { $0 }.contains("hints") == (style == .separate))
        do {
            try PDFTools.requireReadBack()
            let text = try PDFTools.text(bytes)
            #expect(text.contains("It is older than the canal") == (style != .hidden))
            #expect(text.contains("Hint on the hint page") == (style == .separate))
        }
    }

    @Test(arguments: [(SheetSettings.Paper.a4, "595.275591 841.889764"), (.letter, "612 792")])
    func paperSizes(_ paper: SheetSettings.Paper, _ mediaBox: String) throws {
        let (bytes, _) = try render(SheetSamples.utrecht(teams: 1), SheetOptions(paper: paper))
        #expect(String(decoding: bytes, as: UTF8.self).contains("/MediaBox [ 0 0 \(mediaBox) ]"))
    }

    @Test func unusualTextStillLaysOut() throws {
        var hunt = SheetSamples.utrecht(teams: 1)
        hunt.tasks[0].title = String(repeating: "Nejdelšíslovobezmezer", count: 150)
        hunt.tasks[1].title = "مرحبا بالعالم — שלום 🦊🦉 e\u{301}\u{301}\u{301} \t tab \r\n line"
        hunt.tasks[2].clue = String(repeating: "\n", count: 400) + "end"
        hunt.teams[0].name = "\u{202E}🦊 "
        let (bytes, pages) = try render(hunt)
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
        #expect(pages.flatMap { $0 }.filter { $0.hasPrefix("card:") && !$0.hasSuffix("continued") }.count == hunt.tasks.count)
    }

    @Test func theSameHuntGivesTheSameBytes() throws {
        let hunt = SheetSamples.utrecht()
        #expect(try render(hunt).bytes == render(hunt).bytes)
    }

    /// cairo and pango are loaded on the first PDF, not linked: where they cannot be loaded, the
    /// sheets fail with an error that says what to install.
    @Test func missingPangoSaysWhatToInstall() throws {
        guard case .failure(let error) = PDFCanvas.load("libpangocairo-not-installed.so.0") else {
            Issue.record("a library that does not exist was loaded")
            return
        }
        #expect(
            error.description.hasPrefix(
                "could not draw the PDF: cairo and pango could not be loaded (libpangocairo-not-installed.so.0: cannot open shared object file"),
            "\(error)")
        #expect(error.description.hasSuffix("PDF sheets need them: install libpangocairo-1.0-0 and libcairo2"), "\(error)")
        guard case .success = PDFCanvas.load(PDFCanvas.libraryName) else {
            Issue.record("libpangocairo did not load")
            return
        }
    }
}
