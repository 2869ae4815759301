import Foundation
import Testing
@testable import HuntKit
@testable import HuntSheets

/// Players' sheets show where a task is only when the hunt asks (`sheets.positions`, and a
/// task's own `sheets: { positions: … }`); the answer key always does, as people read positions.
@Suite struct SheetPositionsTests {
    /// A clue-style hunt in Buenos Aires: the clue is the puzzle, the position is the answer.
    static func buenosAires(sheets: String = "", taskSheets: String = "") throws -> Hunt {
        let yaml = """
            hunt: Buenos Aires
            timezone: America/Argentina/Buenos_Aires
            \(sheets)
            tasks:
              - id: obelisco
                title: The white needle
                clue: Where the widest avenue crosses Corrientes.
                at: -34.6037, -58.3816
              - id: halls
                title: Lecture halls
                clue: Lecture halls under a roof that curls like a wave.
                at: -34.6093, -58.3739
            \(taskSheets)
            """
        return try HuntLoader().load(Array(yaml.utf8), displayPath: "hunt.yaml", baseURL: URL(fileURLWithPath: "/nonexistent")).get()
    }

    static func pdf(_ hunt: Hunt, answerKey: Bool = false) throws -> [UInt8] {
        let document = try SheetDocument(hunt: hunt, options: SheetOptions(answerKey: answerKey))
        return try PDFSheetRenderer(layout: .standard).renderWithPageMap(document).bytes
    }

    @Test
    func byDefaultAPlayersCardGivesNothingAway() throws {
        try PDFTools.requireReadBack()
        let bytes = try Self.pdf(try Self.buenosAires())
        let text = try PDFTools.text(bytes)
        #expect(text.contains("Lecture halls under a roof that curls like a wave."))
        #expect(!text.contains("geo:"))
        #expect(!text.contains("34.6093") && !text.contains("58.3739"))
        #expect(try PDFTools.qrCodes(bytes).isEmpty)
    }

    @Test
    func positionsQRPrintsAQRCodeOfEachPoint() throws {
        try PDFTools.requireReadBack()
        let bytes = try Self.pdf(try Self.buenosAires(sheets: "sheets: { positions: qr }"))
        #expect(try PDFTools.qrCodes(bytes).sorted() == ["geo:-34.6037,-58.3816", "geo:-34.6093,-58.3739"])
        #expect(try PDFTools.text(bytes).contains("geo:-34.6093,-58.3739"))
    }

    @Test
    func positionsTextWritesThePositionAsPeopleReadIt() throws {
        try PDFTools.requireReadBack()
        let bytes = try Self.pdf(try Self.buenosAires(sheets: "sheets: { positions: text }"))
        let text = try PDFTools.text(bytes)
        #expect(text.contains("34.6093° S, 58.3739° W"))
        #expect(!text.contains("geo:"))
        #expect(try PDFTools.qrCodes(bytes).isEmpty)
    }

    @Test func aTasksOwnPositionsOverrideTheHunts() throws {
        let hunt = try Self.buenosAires(sheets: "sheets: { positions: text }", taskSheets: "    sheets: { positions: qr }")
        #expect(hunt.tasks.map(\.positions) == [nil, .qr])
        let cards = try SheetDocument(hunt: hunt, options: SheetOptions()).sections[0].cards
        #expect(cards[0].qr == nil && cards[0].details == ["At 34.6037° S, 58.3816° W"])
        #expect(cards[1].qr?.text == "geo:-34.6093,-58.3739" && cards[1].details.isEmpty)
        let quiet = try Self.buenosAires(sheets: "sheets: { positions: qr }", taskSheets: "    sheets: { positions: none }")
        let quietCards = try SheetDocument(hunt: quiet, options: SheetOptions()).sections[0].cards
        #expect(quietCards.map { $0.qr != nil } == [true, false])
    }

    @Test
    func theAnswerKeyKeepsPositionsAsPeopleReadThem() throws {
        try PDFTools.requireReadBack()
        let text = try PDFTools.text(try Self.pdf(try Self.buenosAires(), answerKey: true))
        #expect(text.contains("34.6093° S, 58.3739° W"))
        #expect(text.contains("34°36′33.5″S 58°22′26.0″W"))
        #expect(!text.contains("-34.6093"))
    }

    @Test func theOlderQRSwitchStillWorks() throws {
        #expect(try Self.buenosAires(sheets: "sheets: { qr: true }").sheets.positions == .qr)
        #expect(try Self.buenosAires(sheets: "sheets: { qr: false }").sheets.positions == SheetSettings.Positions.none)
        #expect(try Self.buenosAires().sheets.positions == SheetSettings.Positions.none)
    }

    @Test func wrongKeysAndValuesAreNamedWithTheirPlace() {
        func diagnostics(_ sheets: String, _ taskSheets: String = "") -> [Diagnostic] {
            let yaml = "hunt: H\ntasks:\n  - id: a\n    title: A\n    at: 1, 2\n\(taskSheets)\(sheets)"
            return HuntLoader().load(Array(yaml.utf8), displayPath: "hunt.yaml", baseURL: URL(fileURLWithPath: "/nonexistent")).diagnostics
        }
        let typo = diagnostics("sheets: { positons: qr }\n")
        #expect(typo.map(\.code) == ["unknown-key"] && typo[0].fix == "did you mean `positions`?" && typo[0].location.line == 6)
        let value = diagnostics("sheets: { positions: txt }\n")
        #expect(value.map(\.code) == ["bad-value"] && value[0].fix == "did you mean `text`?" && value[0].location.line == 6)
        let onTask = diagnostics("", "    sheets: { paper: a4 }\n")
        #expect(
            onTask.map(\.code) == ["unknown-key"] && onTask[0].location.line == 6
                && onTask[0].fix == "`paper` is for the whole hunt: put it in the top-level `sheets:`")
        let flat = diagnostics("", "    positions: text\n")
        #expect(flat.map(\.code) == ["unknown-key"] && flat[0].fix?.contains("sheets: { positions: text }") == true)
        let both = diagnostics("sheets: { positions: none, qr: true }\n")
        #expect(both.map(\.code) == ["duplicate-key"] && both[0].location.column == 28)
    }
}
