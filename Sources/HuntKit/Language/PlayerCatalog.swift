import Foundation
internal import HuntKitTemplates
import Synchronization

/// Every sentence and word a player reads, in one language: the team page's fixed words
/// (`page.…`), the reasons a photo counted or not (keyed by `ReasonCode`, a variant adding
/// `.variant`), groups, live tasks and durations. One YAML file per language in
/// `Templates/languages/` (`es.yaml`), plain for a translator: placeholders are named (`{task}`),
/// and a counted text gives one form per CLDR plural category of its language (`PluralRule`).
///
/// The judges keep the judge's own messages (console, reports); results.json keeps its codes.
public struct PlayerCatalog: Sendable {
    /// A text, or the forms of a counted text by plural category.
    public enum Entry: Sendable, Equatable, Encodable {
        /// One text, whatever the count.
        case text(String)
        /// A text per plural category (`one: "{n} day"`, `other: "{n} days"`).
        case counted([PluralCategory: String])

        /// Every form's text (one for a plain text).
        public var forms: [String] {
            switch self {
            case .text(let text): [text]
            case .counted(let forms): [PluralCategory.zero, .one, .two, .few, .many, .other].compactMap { forms[$0] }
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .counted(let forms): try container.encode(Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) }))
            }
        }
    }

    /// The language's code, as the file is named and `language:` in a hunt says it (`es`, `pt`).
    public var language: String
    /// The language's own name, for the page's switch ("Español").
    public var name: String
    /// Written right to left (Arabic, Hebrew): the page and the sheets lay out mirrored.
    public var isRightToLeft: Bool
    /// The locale dates and numbers are written in (`en_GB` for the English catalog: "5 December").
    public var locale: Locale
    /// How the language chooses a counted text's form.
    public var plural: PluralRule
    /// Key → text.
    public var entries: [String: Entry]

    /// A catalog of `entries`; `plural` follows `language`.
    public init(language: String, name: String, isRightToLeft: Bool = false, locale: Locale, entries: [String: Entry]) {
        self.language = language
        self.name = name
        self.isRightToLeft = isRightToLeft
        self.locale = locale
        self.plural = PluralRule(language: language)
        self.entries = entries
    }

    /// The zone named by the IANA `identifier` as this language says it, from the Unicode CLDR
    /// through Foundation ("Central European Time", "hora estándar de Argentina"); the
    /// identifier itself when the zone is unknown or has no name.
    public func zoneName(_ identifier: String) -> String {
        TimeZone(identifier: identifier)?.localizedName(for: .generic, locale: locale) ?? identifier
    }

    /// The template for `key`, its placeholders replaced by `values`; a placeholder without a
    /// value stays as written, so a missing value shows in a test instead of vanishing. A counted
    /// text takes its `other` form here; `text(_:count:_:)` chooses.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        switch entries[key] {
        case .text(let text): Self.fill(text, values)
        case .counted(let forms): Self.fill(forms[.other] ?? "", values)
        case nil: key
        }
    }

    /// The counted text `key` in the form its language uses for `count`, with `{n}` the count
    /// written in the catalog's locale unless `values` gives it.
    public func text(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
        var values = values
        if values["n"] == nil { values["n"] = count.formatted(.number.locale(locale)) }
        guard case .counted(let forms) = entries[key] else { return text(key, values) }
        return Self.fill(forms[plural.category(count)] ?? forms[.other] ?? key, values)
    }

    /// Whether the catalog has `key`.
    public func has(_ key: String) -> Bool { entries[key] != nil }

    /// The entries whose key starts with `prefix` (the page's words: `page.`).
    public func entries(prefix: String) -> [String: Entry] { entries.filter { $0.key.hasPrefix(prefix) } }

    /// `template` with each `{name}` that `values` has replaced by its value, in one pass (a
    /// value is not searched again; a placeholder `values` lacks stays as written).
    static func fill(_ template: String, _ values: [String: String]) -> String {
        let (open, close) = (UInt8(ascii: "{"), UInt8(ascii: "}"))
        guard !values.isEmpty, template.utf8.contains(open) else { return template }
        var text = ""
        var rest = Substring(template)
        while let start = rest.utf8.firstIndex(of: open) {
            text += rest[..<start]
            let after = rest[rest.utf8.index(after: start)...]
            if let end = after.utf8.firstIndex(of: close), let value = values[String(after[..<end])] {
                text += value
                rest = after[after.utf8.index(after: end)...]
            } else {
                text += "{"
                rest = after
            }
        }
        return text + rest
    }

    /// The names of the `{placeholders}` in `text`.
    public static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: "}") else { break }
            let name = rest[..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) { names.insert(String(name)) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

// MARK: Loading

extension PlayerCatalog {
    /// The catalogs read so far, by language: a catalog is read once per process.
    private static let cache = Mutex<[String: PlayerCatalog]>([:])

    /// The English catalog, the one every other is checked against; a catalog of no texts (each
    /// key shown as itself) when the templates are not found.
    public static var english: PlayerCatalog {
        (try? named("en")) ?? PlayerCatalog(language: "en", name: "English", locale: Locale(identifier: "en_GB"), entries: [:])
    }

    /// The languages there are catalogs for, sorted by code.
    public static var languages: [String] {
        let names = folders.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0.path)) ?? [] }
        return Set(names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }).sorted()
    }

    /// The catalog of `language` (`es`), a key it lacks taken from English; nil when there is no
    /// such catalog. Read once, then kept.
    public static func named(_ language: String) throws(DiagnosticError) -> PlayerCatalog? {
        if let known = cache.withLock({ $0[language] }) { return known }
        guard let file = url(of: language) else { return nil }
        var catalog = try read(contentsOf: file)
        if language != "en", let english = try named("en") {
            for (key, entry) in english.entries where catalog.entries[key] == nil { catalog.entries[key] = entry }
        }
        return cache.withLock { cache in
            cache[language] = catalog
            return catalog
        }
    }

    /// The file of `language`'s catalog, as written (without the English that `named(_:)` adds);
    /// nil when there is none, or the code is no language code.
    public static func url(of language: String) -> URL? {
        guard !language.isEmpty, language.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else { return nil }
        return folders.map { $0.appendingPathComponent(language + ".yaml") }.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Where catalogs are looked for: the templates found first (an organizer's copy may add a
    /// language), then the ones shipped with HuntKit.
    static var folders: [URL] {
        var folders: [URL] = []
        if let url = TemplateLibrary.url("languages") { folders.append(url) }
        if let bundled = TemplatesBundle.folder?.appendingPathComponent("languages"), !folders.contains(bundled) { folders.append(bundled) }
        return folders
    }

    /// Reads a catalog file.
    public static func read(contentsOf url: URL) throws(DiagnosticError) -> PlayerCatalog {
        let path = url.path
        guard let root = try YAMLParser().parse(contentsOf: url, displayPath: path, what: "language file") else {
            throw DiagnosticError(Diagnostic(.error, "language-file", "the language file is empty", at: SourceLocation(file: path)))
        }
        func fail(_ message: String, _ node: YAMLNode) -> DiagnosticError {
            DiagnosticError(Diagnostic(.error, "language-file", message, at: node.location))
        }
        let code = root["language"]?.text ?? url.deletingPathExtension().lastPathComponent
        guard let texts = root["texts"]?.mapping else { throw fail("a language file needs `texts:`, a mapping of key to text", root) }
        var entries: [String: Entry] = [:]
        for pair in texts {
            guard let key = pair.key.text else { throw fail("a key is a word", pair.key) }
            if let text = pair.value.text {
                entries[key] = .text(text)
            } else if let forms = pair.value.mapping {
                var counted: [PluralCategory: String] = [:]
                for form in forms {
                    guard let name = form.key.text, let category = PluralCategory(rawValue: name), let text = form.value.text else {
                        throw fail("`\(key)`: a counted text's forms are zero, one, two, few, many or other, each a text", form.key)
                    }
                    counted[category] = text
                }
                entries[key] = .counted(counted)
            } else {
                throw fail("`\(key)`: a text, or its forms by count", pair.value)
            }
        }
        return PlayerCatalog(
            language: code, name: root["name"]?.text ?? code, isRightToLeft: root["direction"]?.text == "rtl",
            locale: Locale(identifier: root["locale"]?.text ?? code), entries: entries)
    }
}

// MARK: Checking

extension PlayerCatalog {
    /// What this catalog gets wrong against `reference` (English): a key it lacks or has beside
    /// the reference's, a placeholder that differs, a counted text without the forms its language
    /// uses (or one that is counted in one catalog and plain in the other). Empty when complete.
    public func problems(against reference: PlayerCatalog) -> [String] {
        var problems: [String] = []
        for key in reference.entries.keys.sorted() where entries[key] == nil { problems.append("\(language): `\(key)` is missing") }
        for key in entries.keys.sorted() where reference.entries[key] == nil { problems.append("\(language): `\(key)` is not a key of English") }
        for key in reference.entries.keys.sorted() {
            guard let mine = entries[key], let theirs = reference.entries[key] else { continue }
            let wanted = theirs.forms.reduce(into: Set<String>()) { $0.formUnion(Self.placeholders(in: $1)) }
            switch (mine, theirs) {
            case (.text(let text), .text):
                let have = Self.placeholders(in: text)
                if have != wanted { problems.append("\(language): `\(key)` has placeholders \(have.sorted()), English \(wanted.sorted())") }
            case (.counted(let forms), .counted):
                let missing = plural.categories.filter { forms[$0] == nil }.map(\.rawValue)
                let extra = forms.keys.filter { !plural.categories.contains($0) }.map(\.rawValue).sorted()
                if !missing.isEmpty { problems.append("\(language): `\(key)` lacks the forms \(missing)") }
                if !extra.isEmpty { problems.append("\(language): `\(key)` has forms \(extra) its language does not use") }
                // `one` may say "1 year" or "a year" without `{n}`; every form uses only English's
                // placeholders, and `other` all of them.
                for (category, text) in forms {
                    let have = Self.placeholders(in: text)
                    if !have.isSubset(of: wanted) || (category == .other && have != wanted) {
                        problems.append("\(language): `\(key)` (\(category.rawValue)) has placeholders \(have.sorted()), English \(wanted.sorted())")
                    }
                }
            default:
                problems.append("\(language): `\(key)` is \(mine.forms.count == 1 ? "plain" : "counted") here and not in English")
            }
        }
        return problems
    }
}
