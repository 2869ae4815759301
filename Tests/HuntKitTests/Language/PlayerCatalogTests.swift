import Foundation
@testable import HuntKit
import Testing

/// Issue 39, item 3: one catalog per language, each complete against English — no key missing,
/// none stray, the same placeholders, and a counted text with every form its language uses.
@Suite("The players' catalogs")
struct PlayerCatalogTests {
    static let shipped = ["ar", "de", "en", "es", "fr", "nl", "pt"]

    @Test("the shipped languages are there")
    func shippedLanguages() {
        #expect(Set(Self.shipped).isSubset(of: Set(PlayerCatalog.languages)), "\(PlayerCatalog.languages)")
    }

    @Test(
        "every catalog has English's keys, no other, the same placeholders and its plural forms",
        arguments: shipped)
    func complete(_ language: String) throws {
        // Read as written, without the English `named(_:)` fills gaps with.
        let catalog = try PlayerCatalog.read(contentsOf: try #require(PlayerCatalog.url(of: language)))
        let english = try PlayerCatalog.read(contentsOf: try #require(PlayerCatalog.url(of: "en")))
        let problems = catalog.problems(against: english)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(catalog.language == language)
        #expect(catalog.isRightToLeft == (language == "ar"))
    }

    @Test("the check finds a missing key, a stray one, a changed placeholder and a missing plural form")
    func checkFindsMistakes() throws {
        let english = PlayerCatalog(
            language: "en", name: "English", locale: Locale(identifier: "en_GB"),
            entries: [
                "a": .text("Hello {name}"), "b": .text("Bye"), "c": .counted([.one: "{n} day", .other: "{n} days"])
            ])
        let spanish = PlayerCatalog(
            language: "es", name: "Español", locale: Locale(identifier: "es"),
            entries: [
                "a": .text("Hola {nombre}"), "x": .text("stray"), "c": .counted([.one: "{n} día", .other: "{n} días"])
            ])
        let problems = spanish.problems(against: english)
        #expect(problems.contains { $0.contains("`b` is missing") })
        #expect(problems.contains { $0.contains("`x` is not a key of English") })
        #expect(problems.contains { $0.contains("`a` has placeholders [\"nombre\"]") })
        #expect(problems.contains { $0.contains("`c` lacks the forms [\"many\"]") })
    }

    static let pluralCases: [(String, Int, PluralCategory)] = [
        ("en", 1, .one), ("en", 0, .other), ("en", 2, .other), ("de", 1, .one), ("nl", 5, .other),
        ("fr", 0, .one), ("fr", 1, .one), ("fr", 2, .other), ("fr", 1_000_000, .many),
        ("es", 0, .other), ("es", 1, .one), ("es", 2_000_000, .many), ("pt", 0, .one), ("pt", 2, .other),
        ("ar", 0, .zero), ("ar", 1, .one), ("ar", 2, .two), ("ar", 3, .few), ("ar", 100, .other), ("ar", 110, .few), ("ar", 111, .many),
        ("ar", 1003, .few)
    ]

    @Test("CLDR plural categories for whole numbers", arguments: pluralCases)
    func plurals(_ language: String, _ n: Int, _ category: PluralCategory) {
        #expect(PluralRule(language: language).category(n) == category)
    }

    @Test("a counted text takes its language's form and writes the count its way")
    func counted() throws {
        let spanish = try #require(try PlayerCatalog.named("es"))
        #expect(spanish.text("duration.years", count: 1) == "1 año")
        #expect(spanish.text("duration.years", count: 5) == "5 años")
        let arabic = try #require(try PlayerCatalog.named("ar"))
        #expect(arabic.text("duration.years", count: 2) == "سنتين")
        #expect(arabic.text("duration.years", count: 5) == "5 سنوات")
        let german = try #require(try PlayerCatalog.named("de"))
        #expect(german.text("page.points", count: 1234) == "1.234 Punkte")
    }

    @Test("placeholders are filled in one pass: a value is not searched again, an unknown one stays")
    func fillsInOnePass() {
        #expect(PlayerCatalog.fill("{a} and {b}", ["a": "{b}", "b": "B"]) == "{b} and B")
        #expect(PlayerCatalog.fill("{a}{a} {missing} {", ["a": "é"]) == "éé {missing} {")
        #expect(PlayerCatalog.fill("لديكم {n} محاولات", ["n": "٣"]) == "لديكم ٣ محاولات")
        #expect(PlayerCatalog.fill("no braces", ["n": "1"]) == "no braces")
        #expect(PlayerCatalog.fill("{n} {", [:]) == "{n} {")
    }
}
