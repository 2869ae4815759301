/// A CLDR plural category: which form of a counted word a language uses for a number.
public enum PluralCategory: String, Sendable, CaseIterable, Codable {
    /// Arabic's 0.
    case zero
    /// 1 (and 0 in French and Portuguese).
    case one
    /// Arabic's 2.
    case two
    /// Arabic's 3–10 (by the last two digits).
    case few
    /// Arabic's 11–99 (by the last two digits); millions in Spanish, French and Portuguese.
    case many
    /// Every other number.
    case other
}

/// CLDR's plural rules for whole numbers, for the languages HuntKit ships catalogs in, written
/// out by hand: Foundation on Linux exposes no plural rules (its `.stringsdict` and automatic
/// grammar agreement are Apple-only), and ICU's `uplrules` is not reachable through it. A count on
/// a player's page is a whole number (points, tasks, days), so the fraction operands are left out.
/// Source: CLDR 45 `plurals.xml`; a language not listed here counts as English does.
public struct PluralRule: Sendable, Hashable {
    /// The language's code (`es`, `ar`): its primary subtag decides.
    public var language: String

    /// The rule of `language` (`es`, `pt-BR`).
    public init(language: String) {
        self.language = String(language.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// The category of `n` (its absolute value).
    public func category(_ n: Int) -> PluralCategory {
        let i = n.magnitude
        switch language {
        case "ar":
            let r = i % 100
            return i == 0 ? .zero : i == 1 ? .one : i == 2 ? .two : (3...10).contains(r) ? .few : (11...99).contains(r) ? .many : .other
        case "fr", "pt":
            return i <= 1 ? .one : i % 1_000_000 == 0 ? .many : .other
        case "es", "it":
            return i == 1 ? .one : i != 0 && i % 1_000_000 == 0 ? .many : .other
        default:
            return i == 1 ? .one : .other
        }
    }

    /// The categories a catalog of this language must give for each counted text.
    public var categories: [PluralCategory] {
        switch language {
        case "ar": [.zero, .one, .two, .few, .many, .other]
        case "fr", "pt", "es", "it": [.one, .many, .other]
        default: [.one, .other]
        }
    }
}
