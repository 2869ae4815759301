import Foundation
import HuntTestSupport
import Testing

@testable import HuntKit
@testable import HuntSheets

/// Issue 39, "answer keys' fixed words come from the catalog": the marshals' key is in the
/// sheets' language like the players' sheets — its labels, its sentences, numbers and distances
/// written the language's way — and an Arabic key lays out right to left.
@Suite("The answer key in the hunt's language")
struct SheetAnswerKeyLanguageTests {
    static func buenosAires() throws -> Hunt { try SheetSamples.example("buenos-aires") }

    static func key(_ hunt: Hunt, language: String? = nil) throws -> [UInt8] {
        try PDFSheetRenderer().render(try SheetDocument(hunt: hunt, options: SheetOptions(answerKey: true, language: language)))
    }

    /// The Utrecht sample with France read, so the key has every kind of row.
    static func utrecht() -> Hunt {
        var hunt = SheetSamples.utrecht()
        if case .area(var area) = hunt.tasks[1].target {
            let corners = [(42.0, -5.0), (51, -5), (51, 8), (42, 8), (42, -5)].map { Coordinate(latitude: $0.0, longitude: $0.1) }
            area.area = Area(name: "France", polygons: [AreaPolygon(outer: corners)])
            hunt.tasks[1].target = .area(area)
        }
        return hunt
    }

    static func facts(_ hunt: Hunt, language: String) throws -> [[String: String]] {
        let key = try #require(try SheetDocument(hunt: hunt, options: SheetOptions(answerKey: true, language: language)).answerKey)
        return key.entries.map { Dictionary($0.facts.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a }) }
    }

    @Test("a Spanish hunt's key reads Spanish, not English")
    func spanish() throws {
        try PDFTools.requireReadBack()
        let text = try PDFTools.text(try Self.key(try Self.buenosAires())).replacingOccurrences(of: "\n", with: " ")
        for words in [
            "SOLO PARA LOS ORGANIZADORES — NO REPARTIR", "Solucionario", "CUÁNDO", "sábado, 5 de diciembre de 2026, 10:00 – 17:00",
            "EQUIPOS", "Los Zorros (zorros), Los Teros (teros)", "El Obelisco", "Posición", "34.60373° S, 58.38157° W", "Radio", "40 m",
            "Puntuación", "10 puntos, una vez", "Después de", "El Cabildo", "Pista", "Se ve desde toda la avenida."
        ] {
            #expect(text.contains(words), "missing “\(words)”")
        }
        for english in ["FOR MARSHALS ONLY", "Answer key", "Scoring", "Position", "Radius", "points", "WHEN", "TEAMS", "once"] {
            #expect(!text.contains(english), "English “\(english)” in the Spanish key")
        }
    }

    @Test("every kind of row in Spanish: labels, counts, bounds and distances its way")
    func everyRowInSpanish() throws {
        var hunt = Self.utrecht()
        if case .places(var places) = hunt.tasks[2].target {
            places.radius = .metres(1500)
            hunt.tasks[2].target = .places(places)
        }
        let facts = try Self.facts(hunt, language: "es")
        #expect(facts[0]["Posición"] == "52.09067° N, 5.12133° E  (52°05′26.4″N 5°07′16.8″E)")
        #expect(facts[0]["Radio"] == "75 m")
        #expect(facts[0]["Puntuación"] == "20 puntos, una vez")
        #expect(facts[1]["Zona"] == "france.geojson")
        #expect(facts[1]["Forma"] == "«France», 1 polígono, 4 vértices")
        #expect(facts[1]["Límites"] == "de 42° N a 51° N, de 5° W a 8° E")
        #expect(facts[1]["Puntuación"] == "10 puntos, por acercamiento, el mejor de cada día, una vez")
        #expect(facts[2]["Lugares"] == "cafes.geojson: 2 lugares")
        #expect(facts[2]["Radio"] == "1,5 km")
        #expect(facts[2]["Permanencia"] == "10 min")
        #expect(facts[2]["Etiquetas"] == "food, social")
        #expect(facts[3]["Después de"] == "De Domtoren")
        // The same hunt in English reads as the key always has.
        let english = try Self.facts(hunt, language: "en")
        #expect(english[1]["Shape"] == "“France”, 1 polygon, 4 vertices")
        #expect(english[1]["Bounds"] == "42° N to 51° N, 5° W to 8° E")
        #expect(english[2]["Radius"] == "1.5 km")
        #expect(english[2]["Scoring"] == "1 point, once per place")
    }

    static let spanCases: [(Double, String, String)] = [
        (90, "en", "90 s"), (600, "en", "10 min"), (5400, "en", "1 h 30 min"), (2 * 86_400, "es", "2 días"), (600, "de", "10 Min."),
        (90_000, "en", "90,000 s")
    ]

    @Test("times are as long as the hunt file says, in the language's words", arguments: spanCases)
    func spans(_ seconds: Double, _ language: String, _ expected: String) throws {
        let words = try #require(try PlayerCatalog.named(language))
        #expect(SheetDocument.span(TimeSpan(seconds: seconds), words) == expected)
    }

    @Test("an English hunt's key still reads as it did")
    func english() throws {
        try PDFTools.requireReadBack()
        let text = try PDFTools.text(try Self.key(Self.utrecht())).replacingOccurrences(of: "\n", with: " ")
        for words in [
            "FOR MARSHALS ONLY — DO NOT HAND OUT", "Answer key", "WHEN", "(Europe/Amsterdam)", "TASKS", "TEAMS",
            "Red Foxes (foxes), Night Owls (owls)", "Position", "Radius", "75 m", "Scoring", "20 points, once",
            "closest approach, best per day", "“France”, 1 polygon, 4 vertices", "cafes.geojson: 2 places", "once per place",
            "Dwell", "10 min", "After", "Hint", "Look up.", "Reveal", "20 pts"
        ] {
            #expect(text.contains(words), "missing “\(words)”")
        }
    }

    @Test("an Arabic key is laid out right to left, its positions kept left to right")
    func arabic() throws {
        let hunt = try Self.buenosAires()
        let facts = try Self.facts(hunt, language: "ar")
        #expect(facts[0]["الموقع"]?.hasPrefix("\u{2066}34.60373° S") == true)
        #expect(facts[0]["نصف القطر"] == "40 m")
        try PDFTools.requireReadBack()
        let bytes = try Self.key(hunt, language: "ar")
        let text = try PDFTools.text(bytes)
        // pdftotext splits lam-alef (لا) into two letters: the words checked have none.
        for words in ["للمنظّمين فقط", "نصف القطر", "مرة واحدة", "El Obelisco"] { #expect(text.contains(words), "missing “\(words)”") }
        #expect(!text.contains("Answer key") && !text.contains("Scoring"))
        // Mirrored: an entry's title sits on the right half (pdftotext -layout indents it past
        // the middle), where the Spanish key has it at the left margin.
        func indent(_ bytes: [UInt8]) throws -> Int {
            let line = try PDFTools.layoutText(bytes, page: 1).split(separator: "\n").first { $0.contains("El Obelisco") } ?? ""
            return line.distance(from: line.startIndex, to: line.range(of: "El Obelisco")?.lowerBound ?? line.startIndex)
        }
        #expect(try indent(bytes) > 40)
        #expect(try indent(try Self.key(hunt)) < 5)
    }

    @Test("the HTML key takes the same words and the language's direction")
    func html() throws {
        let hunt = try Self.buenosAires()
        let spanish = String(decoding: try HuntSheets.make(hunt, options: SheetOptions(answerKey: true), format: .html), as: UTF8.self)
        for words in ["<html lang=\"es\" dir=\"ltr\">", "SOLO PARA LOS ORGANIZADORES", "<h1>Solucionario</h1>", "<th>Posición</th>", "<th>Pista</th>"]
        {
            #expect(spanish.contains(words), "missing “\(words)”")
        }
        #expect(!spanish.contains("Answer key") && !spanish.contains("<th>Hint</th>"))
        let arabic = String(
            decoding: try HuntSheets.make(hunt, options: SheetOptions(answerKey: true, language: "ar"), format: .html), as: UTF8.self)
        #expect(arabic.contains("<html lang=\"ar\" dir=\"rtl\">") && arabic.contains("<h1>ورقة الإجابات</h1>"))
    }
}
