import Foundation
import Testing
@testable import HuntKit

/// `hunt report --language`: the words, dates, numbers and distances of a report in a language,
/// feet and miles for `units: imperial`; English in metres keeps the forms it always had.
@Suite struct ReportLanguageTests {
    static func spanish(units: UnitSystem = .metric) throws -> ReportLanguage {
        ReportLanguage(catalog: try #require(try PlayerCatalog.named("es")), units: units)
    }

    @Test("a Spanish report writes Spanish dates, decimal commas and sides, and its headings in Spanish")
    func spanish() async throws {
        let results = try ReportFixtures.results("where-is-france")
        let report = try Report(results, options: ReportOptions(language: try Self.spanish()))
        #expect(report.hunt.windowText == "sábado, 1 de agosto de 2026, 0:00 – viernes, 7 de agosto de 2026, 23:59")
        let photo = try #require(report.verdicts.first { $0.path == "bikes/france/IMG_0001.jpg" })
        #expect(photo.whereText == "a 44 km al norte de la zona — caliente")
        #expect(photo.capturedText == "1 ago 2026, 0:35")
        let fast = try #require(report.verdicts.first { $0.path == "train/in-france-0002.jpg" })
        #expect(fast.evidenceText.contains("635.087 km/h desde la foto anterior"))
        #expect(report.tasks[0].targetText == "zona france.geojson")
        let markdown = String(decoding: try await ReportWriter.render(report, format: .md, photosFolder: nil)[0].bytes, as: UTF8.self)
        for words in ["## Clasificación", "| Puesto | Equipo | Puntos |", "## Todos los veredictos", "aceptadas"] {
            #expect(markdown.contains(words), "\(words)")
        }
        #expect(!markdown.contains("Leaderboard"))
        let html = String(decoding: try await ReportWriter.render(report, format: .html, photosFolder: nil)[0].bytes, as: UTF8.self)
        #expect(html.contains(#"<html lang="es" dir="ltr">"#) && html.contains("<h2>Clasificación</h2>"))
        // The judge's codes and results stay: the json keys and the reason codes are the same.
        #expect(photo.reasons.map(\.code) == results.submissions.first { $0.path == photo.path }?.reasons)
    }

    @Test("English in metres is the report as it always was; with units: imperial it says feet and miles")
    func imperial() throws {
        let results = try ReportFixtures.results("where-is-france")
        let plain = try Report(results)
        #expect(plain.verdicts.first { $0.path == "bikes/france/IMG_0001.jpg" }?.whereText == "44 km NNW of the area — hot")
        let imperial = try Report(results, options: ReportOptions(language: ReportLanguage(catalog: .english, units: .imperial)))
        let photo = try #require(imperial.verdicts.first { $0.path == "bikes/france/IMG_0001.jpg" })
        #expect(photo.whereText == "27 mi north of the area — hot")
        #expect(photo.evidenceText.contains("±46 ft (photo)"))
        // The metres behind the text are unchanged.
        #expect(photo.evidence.distance?.metres == plain.verdicts.first { $0.path == photo.path }?.evidence.distance?.metres)
    }

    @Test("the report of a hunt takes its task texts in the language, else the hunt's")
    func taskTexts() throws {
        var results = try ReportFixtures.results("photo-scavenger-hunt")
        let id = results.tasks[0].id
        results.tasks[0].reveal = "revealed"
        let language = ReportLanguage(
            catalog: try #require(try PlayerCatalog.named("fr")), huntTitle: "La chasse",
            tasks: [id: .init(title: "Le titre", clue: "L’indice", reveal: "Révélé")])
        let report = try Report(results, options: ReportOptions(language: language))
        #expect(report.hunt.title == "La chasse")
        #expect(report.columns[0].title == "Le titre" && report.tasks[0].title == "Le titre" && report.tasks[0].clue == "L’indice")
        #expect(report.tasks[1].title == results.tasks[1].title)
    }

    @Test("counts agree with their number, and in Arabic a coordinate pair stays left to right inside the sentence")
    func countsAndCoordinates() async throws {
        let results = try ReportFixtures.results("photo-scavenger-hunt")
        let spanish = try Report(results, options: ReportOptions(language: try Self.spanish()))
        let markdown = String(decoding: try await ReportWriter.render(spanish, format: .md, photosFolder: nil)[0].bytes, as: UTF8.self)
        let counts = spanish.tasks.map { ($0.accepted, $0.rejected) }
        for (accepted, rejected) in counts {
            let words =
                "\(accepted) \(accepted == 1 ? "aceptada" : "aceptadas"), 0 por revisar, \(rejected) \(rejected == 1 ? "rechazada" : "rechazadas")"
            if spanish.tasks.allSatisfy({ $0.review == 0 }) { #expect(markdown.contains(words), "\(words)") }
        }
        #expect(counts.contains { $0.0 == 1 || $0.1 == 1 }, "the fixture has a count of one to agree with")
        let arabic = ReportLanguage(catalog: try #require(try PlayerCatalog.named("ar")))
        let report = try Report(results, options: ReportOptions(language: arabic))
        let circle = try #require(report.tasks.first { $0.targetText.contains(",") })
        #expect(circle.targetText.contains("\u{2066}") && circle.targetText.contains("\u{2069}"), "\(circle.targetText)")
        #expect(try Report(results).tasks.allSatisfy { !$0.targetText.contains("\u{2066}") })
    }

    /// Words, counts and times are remembered once written; a language given another catalog
    /// or other units writes them anew rather than in the old ones.
    @Test func rememberedTextsFollowTheCatalogAndUnits() throws {
        var language = ReportLanguage(catalog: .english)
        #expect(language.verdict(.accepted) == "accepted" && language.points(2) == "2 pts")
        language.catalog = try #require(try PlayerCatalog.named("es"))
        #expect(language.verdict(.accepted) == "aceptada" && language.counted("photos", 1) == "1 foto")
        let copy = language
        #expect(copy.time("2026-05-02T11:03:00+02:00", huntDay: "2026-05-01") == "2 may 2026, 11:03")
        language.catalog = try #require(try PlayerCatalog.named("de"))
        #expect(language.verdict(.accepted) != "aceptada" && language.counted("photos", 1) != "1 foto")
        #expect(language.time("2026-05-02T11:03:00+02:00", huntDay: "2026-05-01") != "2 may 2026, 11:03")
        #expect(copy.verdict(.accepted) == "aceptada", "a copy keeps its own language")
    }

    @Test("an unknown --language is refused with the languages there are")
    func unknownLanguage() {
        let problem = ReportRequest(results: "results.json", language: "xx").problem
        #expect(problem?.contains("--language xx") == true && problem?.contains("es, fr") == true)
        #expect(ReportRequest(results: "results.json", language: "es").problem == nil)
    }
}

/// Numbers and distances as a language writes them, in metres or in feet and miles.
@Suite struct LocalMeasureTests {
    static let cases: [(String, UnitSystem, Double, String)] = [
        ("en_GB", .metric, 240, "240 m"), ("en_GB", .metric, 2_345, "2.3 km"), ("en_GB", .metric, 14_942_123, "14,942 km"),
        ("es", .metric, 2_345, "2,3 km"), ("de", .metric, 14_942_123, "14.942 km"), ("es", .metric, -40, "-40 m"),
        ("en_GB", .imperial, 120, "394 ft"), ("en_GB", .imperial, 160, "525 ft"), ("en_GB", .imperial, 161, "0.1 mi"),
        ("en_GB", .imperial, 2_300, "1.4 mi"), ("es", .imperial, 2_300, "1,4 mi"), ("en_GB", .imperial, 14_942_123, "9,285 mi"),
        ("en_GB", .metric, 0.2, "0 m"), ("en_GB", .metric, -0.2, "0 m")
    ]

    @Test(arguments: cases)
    func distance(_ locale: String, _ units: UnitSystem, _ metres: Double, _ text: String) {
        #expect(LocalMeasure(locale: Locale(identifier: locale), units: units).distance(metres) == text)
    }

    @Test func speed() {
        #expect(LocalMeasure(locale: Locale(identifier: "en_GB")).speed(kmh: 42.4) == "42 km/h")
        #expect(LocalMeasure(locale: Locale(identifier: "en_GB"), units: .imperial).speed(kmh: 400) == "249 mph")
    }

    @Test("the judges' console and the answer key: feet and miles for units: imperial, the judge's forms otherwise")
    func consoleForms() {
        #expect(PlacementText.phrase(metres: 404.49, compass: .w, reference: .centre, units: .imperial) == "0.3 mi W of the target's centre")
        #expect(PlacementText.phrase(metres: 404.49, compass: .w, reference: .centre) == "404 m W of the target's centre")
        #expect(MeasureText.distance(120, units: .imperial) == "394 ft" && MeasureText.distance(120, units: .metric) == "120 m")
    }

    @Test func infiniteDistanceIsPrintedNotTrapped() {
        #expect(LocalMeasure(locale: Locale(identifier: "en_GB")).distance(.infinity) == "inf m")
    }
}
