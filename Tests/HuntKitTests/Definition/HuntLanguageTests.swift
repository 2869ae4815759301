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

    /// A hunt in two languages mutated 1,500 ways (a character deleted, a YAML character, a code
    /// or a direction override inserted, a line repeated or moved): reading never traps, and a
    /// mutant read without errors is written and read back with the same texts in every language.
    @Test("fuzz: a mutated two-language hunt is read or refused, and what is read round-trips")
    func mutatedHunts() throws {
        struct SplitMix: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
        var random = SplitMix(state: 39)
        let inserts = ["{", "}", "[", "]", ":", ",", "\"", "'", "\n", " ", "- ", "#", "é", "\u{202E}", "es", "en", "xx", "{ en: ", ": { es: x }"]
        var read = 0
        for round in 0..<1_500 {
            var lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let line = Int.random(in: 0..<lines.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where !lines[line].isEmpty:
                var chars = Array(lines[line])
                chars.remove(at: Int.random(in: 0..<chars.count, using: &random))
                lines[line] = String(chars)
            case 1:
                var chars = Array(lines[line])
                chars.insert(contentsOf: inserts.randomElement(using: &random)!, at: Int.random(in: 0...chars.count, using: &random))
                lines[line] = String(chars)
            case 2:
                lines.insert(lines[line], at: Int.random(in: 0...lines.count, using: &random))
            default:
                lines.swapAt(line, Int.random(in: 0..<lines.count, using: &random))
            }
            let mutant = lines.joined(separator: "\n")
            let result = DefinitionTestSupport.load(mutant)
            guard let hunt = result.hunt, !result.hasErrors else { continue }
            read += 1
            let again = DefinitionTestSupport.load(hunt.yaml())
            #expect(!again.hasErrors, "round \(round): \(again.diagnostics.map(\.message))\n\(mutant)")
            guard let back = again.hunt else { continue }
            #expect(back.titleText == hunt.titleText && back.rulesText == hunt.rulesText && back.languages == hunt.languages, "round \(round)")
            #expect(
                back.tasks.map(\.titleText) == hunt.tasks.map(\.titleText) && back.tasks.map(\.clueText) == hunt.tasks.map(\.clueText)
                    && back.tasks.map(\.hintText) == hunt.tasks.map(\.hintText), "round \(round)\n\(mutant)")
        }
        #expect(read > 100, "enough mutants are hunts to test the round trip: \(read)")
    }
}
