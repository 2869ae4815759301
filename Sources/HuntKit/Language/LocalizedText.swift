/// A text players read, in the hunt's language and in any others the hunt file gives it:
/// `title: { es: "El Obelisco", en: "The Obelisk" }`. A plain string is the hunt's language alone.
/// Asked for a language it lacks, it answers in the hunt's language: never an empty string.
public struct LocalizedText: Sendable, Hashable {
    /// The text in the hunt's language (`language:`).
    public var text: String
    /// The same text in other languages, by code (`en`, `pt`).
    public var translations: [String: String]

    public init(_ text: String, translations: [String: String] = [:]) {
        self.text = text
        self.translations = translations
    }

    /// The text in `language`, else in the hunt's language.
    public func text(in language: String?) -> String {
        guard let language, let translated = translations[language], !translated.isEmpty else { return text }
        return translated
    }

    /// Whether the text is given in `language` (`hunt` is the hunt's own language).
    public func has(_ language: String, hunt: String) -> Bool { language == hunt || translations[language] != nil }
}
