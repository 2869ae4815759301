import HuntKit
import Testing

/// Issue 39, item 1: the team page picks among the hunt's languages by the phone's
/// `Accept-Language`; a language the player chose on the page wins.
@Suite("Choosing the players' language")
struct LanguageChoiceTests {
    static let cases: [(chosen: String?, accept: String?, offered: [String], expected: String)] = [
        (nil, "es-AR,es;q=0.9,en;q=0.8", ["es", "en"], "es"),
        (nil, "en-US,en;q=0.9", ["es", "en"], "en"),
        (nil, "fr-FR,fr;q=0.9", ["es", "en"], "es"),
        (nil, "de;q=0.5, en;q=0.9", ["es", "en", "de"], "en"),
        (nil, "en;q=0, es", ["en", "es"], "es"),
        (nil, "pt", ["es", "pt-BR"], "pt-BR"),
        (nil, nil, ["nl", "en"], "nl"),
        (nil, "*", ["nl", "en"], "nl"),
        ("en", "es-AR,es", ["es", "en"], "en"),
        ("fr", "en", ["es", "en"], "en")
    ]

    @Test("the page's choice, else the phone's best offered language, else the hunt's", arguments: cases)
    func choose(_ c: (chosen: String?, accept: String?, offered: [String], expected: String)) {
        #expect(LanguageChoice.language(chosen: c.chosen, acceptLanguage: c.accept, offered: c.offered) == c.expected)
    }
}
