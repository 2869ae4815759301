import Foundation
@testable import HuntKit
import Testing

/// Issue 39, items 1 and 2: a hunt's language, the languages its page offers, and texts for
/// players written per language.
@Suite("A hunt's languages")
struct HuntLanguageTests {
    static let text = """
        hunt: { es: Centro de Buenos Aires, en: Buenos Aires centre }
        language: es
        languages: [es, en]
        timezone: America/Argentina/Buenos_Aires
        rules:
          es: [Fotos con ubicación., Volver a las 13:00.]
          en: Photos with location.
        tasks:
          - id: obelisco
            title: { es: El Obelisco, en: The Obelisk }
            clue: { es: Blanco y alto., en: White and tall. }
            hint: Mirá hacia arriba.
            at: -34.60373, -58.38157

        """

    @Test("a text by language: the hunt's language first, translations beside it, a plain one the hunt's language")
    func reads() throws {
        let result = DefinitionTestSupport.load(Self.text)
        let hunt = try #require(result.hunt, "\(result.diagnostics.map(\.message))")
        #expect(hunt.language == "es" && hunt.languages == ["es", "en"])
        #expect(hunt.title == "Centro de Buenos Aires" && hunt.titleText.text(in: "en") == "Buenos Aires centre")
        #expect(hunt.rules == "Fotos con ubicación.\nVolver a las 13:00." && hunt.rulesText?.text(in: "en") == "Photos with location.")
        let task = try #require(hunt.task("obelisco"))
        #expect(task.title == "El Obelisco" && task.titleText.text(in: "en") == "The Obelisk")
        #expect(task.clueText?.text(in: "en") == "White and tall.")
        // No English hint: English players read the Spanish one, never nothing.
        #expect(task.hintText?.text(in: "en") == "Mirá hacia arriba.")
    }

    @Test("validate warns for a text missing in an offered language, once, where it is written")
    func warnsMissing() throws {
        let result = DefinitionTestSupport.load(Self.text)
        let warnings = result.diagnostics.filter { $0.code == .missingTranslation }
        #expect(warnings.count == 1, "\(warnings.map(\.message))")
        #expect(warnings.first?.message.contains("`hint` has no `en` text") == true)
        #expect(warnings.first?.location.line == 12)
    }

    @Test("a mapping without the hunt's language is an error; a language it does not offer a warning")
    func mistakes() {
        let missing = DefinitionTestSupport.load(
            Self.text.replacingOccurrences(of: "title: { es: El Obelisco, en: The Obelisk }", with: "title: { en: The Obelisk }"))
        #expect(missing.diagnostics.contains { $0.severity == .error && $0.message.contains("has no `es` text, the hunt's language") })
        let stray = DefinitionTestSupport.load(
            Self.text.replacingOccurrences(of: "en: White and tall.", with: "en: White and tall., fr: Blanc et haut."))
        #expect(stray.diagnostics.contains { $0.code == .missingTranslation && $0.message.contains("does not offer `fr`") })
        let bad = DefinitionTestSupport.load(Self.text.replacingOccurrences(of: "language: es", with: "language: spanish"))
        #expect(bad.diagnostics.contains { $0.severity == .error && $0.message.contains("language code") })
    }

    @Test("a hunt without `language:` is English, offering English alone, and warns for nothing")
    func english() throws {
        let result = DefinitionTestSupport.load(DefinitionTestSupport.hunt())
        let hunt = try #require(result.hunt)
        #expect(hunt.language == "en" && hunt.languages == ["en"])
        #expect(!result.diagnostics.contains { $0.code == .missingTranslation || $0.code == .unknownLanguage })
    }

    @Test("units: imperial is read, written back, and anything else refused")
    func units() throws {
        let imperial = try #require(DefinitionTestSupport.load(DefinitionTestSupport.hunt(top: "units: imperial")).hunt)
        #expect(imperial.units == .imperial && imperial.yaml().contains("units: imperial"))
        #expect(try #require(DefinitionTestSupport.load(DefinitionTestSupport.hunt()).hunt).units == .metric)
        let bad = DefinitionTestSupport.load(DefinitionTestSupport.hunt(top: "units: furlongs"))
        #expect(bad.diagnostics.contains { $0.severity == .error && $0.message.contains("`metric` or `imperial`") })
    }

    @Test("the YAML writer keeps the languages and every translation (round trip)")
    func roundTrip() throws {
        let hunt = try #require(DefinitionTestSupport.load(Self.text).hunt)
        let written = hunt.yaml()
        #expect(written.contains("language: es") && written.contains("languages: [es, en]"))
        #expect(written.contains(#"title: { es: "El Obelisco", en: "The Obelisk" }"#), "\(written)")
        let again = try #require(DefinitionTestSupport.load(written).hunt)
        #expect(again.titleText == hunt.titleText && again.rulesText == hunt.rulesText && again.languages == hunt.languages && again.language == "es")
        #expect(
            again.tasks.map(\.titleText) == hunt.tasks.map(\.titleText) && again.tasks.map(\.clueText) == hunt.tasks.map(\.clueText)
                && again.tasks.map(\.hintText) == hunt.tasks.map(\.hintText))
    }
}
