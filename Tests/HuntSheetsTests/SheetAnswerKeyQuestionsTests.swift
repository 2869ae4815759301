import Foundation
import Testing

@testable import HuntKit
@testable import HuntSheets

/// The answer key says what a question task accepts — every accepted answer as written, a number
/// with its tolerance, the choices with the correct ones marked, the tries a team has, a
/// check-in's being there — in the sheets' language; the players' sheets say none of it.
@Suite("The answer key's rows for question tasks")
struct SheetAnswerKeyQuestionsTests {
    static func orientationDay() throws -> Hunt { try SheetSamples.example("orientation-day") }

    static func hunt(_ yaml: String) throws -> Hunt {
        try HuntLoader().load(Array(yaml.utf8), displayPath: "hunt.yaml", baseURL: URL(fileURLWithPath: "/nonexistent")).get()
    }

    /// Each task's key rows by id, as label and value pairs in order (a label may repeat).
    static func rows(_ hunt: Hunt, language: String? = nil) throws -> [String: [(label: String, value: String)]] {
        let key = try #require(try SheetDocument(hunt: hunt, options: SheetOptions(answerKey: true, language: language)).answerKey)
        return Dictionary(uniqueKeysWithValues: key.entries.map { ($0.id, $0.facts) })
    }

    static func values(_ rows: [(label: String, value: String)]?, _ label: String) -> [String] {
        (rows ?? []).filter { $0.label == label }.map(\.value)
    }

    @Test("orientation day's key in English: answers, numbers, choices, tries and check-ins")
    func english() throws {
        let rows = try Self.rows(try Self.orientationDay())
        let cases: [(task: String, label: String, value: String)] = [
            ("lions", "Answers", "7"), ("lions", "Tries", "5 tries (the default)"),
            ("tower", "Answers", "102 ± 5"),
            ("astronomer", "Answers", "“Minnaert”, “Marcel Minnaert”"),
            ("bells", "Answers", "“fourteen”"), ("bells", "Tries", "2 tries"),
            ("glass", "Choices", "“Tulips”, “Reeds” (correct), “Bicycles”, “Windmills”"), ("glass", "Tries", "1 try (the default)"),
            ("bike-shed", "Code", "REED-42  (on its poster: `hunt sheets --posters`)"), ("bike-shed", "Tries", "10 tries (the default)"),
            ("gate", "Check-in", "done by being there: the players' page sends the phone's position; no photo"),
            ("lawn", "Check-in", "done by staying there for 10 min: the players' page sends the phone's position; no photo")
        ]
        for (task, label, value) in cases { #expect(Self.values(rows[task], label) == [value], "\(task) \(label)") }
        #expect(Self.values(rows["lawn"], "Dwell").isEmpty, "a check-in's stay is in its check-in row")
        #expect(rows["library"]?.contains { ["Answers", "Choices", "Tries", "Check-in"].contains($0.label) } == false, "a photo task asks nothing")
    }

    @Test("the same key in Spanish: its words, its quotes and its plural forms")
    func spanish() throws {
        let rows = try Self.rows(try Self.orientationDay(), language: "es")
        let cases: [(task: String, label: String, value: String)] = [
            ("lions", "Intentos", "5 intentos (por defecto)"), ("tower", "Respuestas", "102 ± 5"),
            ("astronomer", "Respuestas", "«Minnaert», «Marcel Minnaert»"), ("bells", "Intentos", "2 intentos"),
            ("glass", "Opciones", "«Tulips», «Reeds» (correcta), «Bicycles», «Windmills»"), ("glass", "Intentos", "1 intento (por defecto)"),
            ("lawn", "Llegada", "se cumple permaneciendo allí 10 min: la página de los jugadores envía la ubicación del móvil; sin foto")
        ]
        for (task, label, value) in cases { #expect(Self.values(rows[task], label) == [value], "\(task) \(label)") }
    }

    static let numberCases: [(Double, Double, String, String)] = [
        (102, 5, "en", "102 ± 5"), (102.5, 0.5, "en", "102.5 ± 0.5"), (102.5, 0.5, "es", "102,5 ± 0,5"), (1500, 0, "de", "1.500"),
        (0.125, 0.01, "fr", "0,125 ± 0,01")
    ]

    @Test("a number answer in the language's format, with the decimals written", arguments: numberCases)
    func numbers(_ number: Double, _ within: Double, _ language: String, _ expected: String) throws {
        let words = try #require(try PlayerCatalog.named(language))
        #expect(SheetDocument.number(number, within: within, words) == expected)
    }

    static let byLanguage = """
        hunt: Lions
        language: en
        languages: [en, es]
        tasks:
          - { id: lions, title: { en: Lions, es: Leones }, answer: { en: [seven lions, 7 lions], es: siete leones }, attempts: 3 }
          - { id: tower, title: Tower, answer: "*tower", number: 102 }

        """

    @Test("answers by language are listed by language, the key's own first; wildcards as written")
    func languages() throws {
        let hunt = try Self.hunt(Self.byLanguage)
        let english = try Self.rows(hunt)
        #expect(Self.values(english["lions"], "Answers") == ["English: “seven lions”, “7 lions”", "Spanish: “siete leones”"])
        #expect(Self.values(english["lions"], "Tries") == ["3 tries"])
        #expect(Self.values(english["tower"], "Answers") == ["“*tower”, 102 (* stands for any text)"])
        let spanish = try Self.rows(hunt, language: "es")
        #expect(Self.values(spanish["lions"], "Respuestas") == ["Español: «siete leones»", "Inglés: «seven lions», «7 lions»"])
    }

    @Test("an Arabic key isolates answers and choices left to right, like ids and codes, and lists them right to left")
    func arabic() throws {
        let rows = try Self.rows(try Self.orientationDay(), language: "ar")
        // The mark first lays the list out as Arabic reads it, first answer at the right.
        #expect(Self.values(rows["astronomer"], "الإجابات") == ["\u{200F}«\u{2066}Minnaert\u{2069}»، «\u{2066}Marcel Minnaert\u{2069}»"])
        #expect(PDFCanvas.startsRightToLeft(Self.values(rows["astronomer"], "الإجابات")[0]))
        #expect(Self.values(rows["tower"], "الإجابات") == ["\u{200F}\u{2066}102 ± 5\u{2069}"])
        #expect(Self.values(rows["glass"], "الخيارات").first?.contains("«\u{2066}Reeds\u{2069}» (صحيح)") == true)
        #expect(Self.values(rows["bells"], "المحاولات") == ["محاولتان"])
    }

    /// What only the key may show: answers, choices, numbers and the written code (the clue names
    /// the Minnaert building, not its astronomer's full name).
    static let secrets = ["Marcel Minnaert", "fourteen", "Windmills", "Tulips", "102 ± 5", "REED-42"]

    @Test("the key prints every answer row; the players' sheets none", arguments: ["en", "es"])
    func printed(_ language: String) throws {
        try PDFTools.requireReadBack()
        let hunt = try Self.orientationDay()
        let key = try PDFTools.text(
            try PDFSheetRenderer().render(try SheetDocument(hunt: hunt, options: SheetOptions(answerKey: true, language: language))))
        let sheets = try PDFTools.text(try PDFSheetRenderer().render(try SheetDocument(hunt: hunt, options: SheetOptions(language: language))))
        let flat = key.replacingOccurrences(of: "\n", with: " ")
        let words =
            language == "es"
            ? ["Respuestas", "Opciones", "Intentos", "(correcta)", "Llegada"] : ["Answers", "Choices", "Tries", "(correct)", "Check-in"]
        for text in Self.secrets + words { #expect(flat.contains(text), "“\(text)” missing from the \(language) key") }
        #expect(sheets.contains(hunt.tasks[0].title), "the players' sheets read back")
        for secret in Self.secrets { #expect(!sheets.contains(secret), "“\(secret)” on the \(language) players' sheets") }
    }
}
