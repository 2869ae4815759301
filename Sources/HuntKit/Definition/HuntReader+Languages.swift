/// The hunt's languages (`language:`, `languages:`) and its texts for players, each a plain
/// string in the hunt's language or a mapping by language: `title: { es: "El Obelisco", en: "The Obelisk" }`.
extension HuntReader {
    /// Reads `language:` (the hunt's, default `en`) and `languages:` (what the team page
    /// offers; the hunt's own is always among them, first).
    mutating func readLanguages(_ fields: Fields, into hunt: inout Hunt) {
        if let n = fields.present("language"), let code = languageCode(n, "`language`") { hunt.language = code }
        var offered = [hunt.language]
        if let n = fields.present("languages"), let list = context.textList(n, "`languages`") {
            for (item, text) in zip(n.sequence ?? [n], list) {
                guard let code = languageCode(item, "an item of `languages`", text: text), !offered.contains(code) else { continue }
                offered.append(code)
            }
        }
        hunt.languages = offered
        if let n = fields.present("units"), let text = context.text(n, "`units`") {
            if let units = UnitSystem(rawValue: text.trimmedWhitespace.lowercased()) {
                hunt.units = units
            } else {
                context.error(
                    .badValue, "`units` is `metric` or `imperial`, not `\(text)`", at: n.location, fix: "write `units: imperial` for feet and miles")
            }
        }
        for code in offered where PlayerCatalog.url(of: code) == nil {
            let at = fields.keyLocation(code == hunt.language ? "language" : "languages") ?? fields.node.location
            context.warning(
                .unknownLanguage, "HuntKit has no catalog for `\(code)`: the page's and sheets' own words will be English",
                at: at,
                fix: "use one of \(PlayerCatalog.languages.map { "`\($0)`" }.joined(separator: ", ")), or add Templates/languages/\(code).yaml")
        }
    }

    static func looksLikeLanguage(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// A language code as BCP 47 writes its language (`es`, `pt`, `pt-BR`), lower-cased.
    mutating func languageCode(_ node: YAMLNode, _ what: String, text: String? = nil) -> String? {
        guard let text = text ?? context.text(node, what) else { return nil }
        let code = text.trimmedWhitespace
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard Self.looksLikeLanguage(code), let first = parts.first else {
            context.error(.badValue, "\(what) should be a language code such as `es` or `pt-BR`, but this is `\(code)`", at: node.location)
            return nil
        }
        return String(first).lowercased() + parts.dropFirst().map { "-" + $0 }.joined()
    }

    /// A text for players: a plain string (the hunt's language) or a mapping by language that
    /// gives at least the hunt's language. Warns for each language `hunt` offers that it lacks.
    mutating func localizedText(_ node: YAMLNode?, _ what: String, hunt: Hunt, required: Bool = false, example: String = "") -> LocalizedText? {
        guard let node, !node.isNull else { return nil }
        let text: LocalizedText
        // A mapping whose keys are not all language codes is text written without quotes (`clue: { a: b }`).
        if let pairs = node.mapping, pairs.allSatisfy({ $0.key.text.map(Self.looksLikeLanguage) ?? false }) {
            var byLanguage: [String: String] = [:]
            for pair in pairs {
                guard let code = languageCode(pair.key, "a language of \(what)"),
                    let value = context.text(pair.value, "\(what) in `\(code)`")
                else { continue }
                if !hunt.languages.contains(code) {
                    context.warning(
                        .missingTranslation, "\(what) has a `\(code)` text, but the hunt does not offer `\(code)` (`languages:`)",
                        at: pair.key.location, fix: "add `\(code)` to `languages:`, or remove this text")
                }
                byLanguage[code] = value.trimmedNewlines
            }
            guard let own = byLanguage.removeValue(forKey: hunt.language), !own.trimmedWhitespace.isEmpty else {
                context.error(
                    .missingKey, "\(what) has no `\(hunt.language)` text, the hunt's language (`language:`)", at: node.location,
                    fix: "add `\(hunt.language): …`; the hunt's language is what players read when their own is missing")
                return nil
            }
            text = LocalizedText(own, translations: byLanguage)
        } else {
            guard let plain = required ? context.nonEmptyText(node, what, example: example) : context.optionalText(node, what) else { return nil }
            text = LocalizedText(plain)
        }
        let missing = hunt.languages.filter { !text.has($0, hunt: hunt.language) }
        if !missing.isEmpty {
            context.warning(
                .missingTranslation,
                "\(what) has no \(missing.map { "`\($0)`" }.joined(separator: ", ")) text; players who read \(missing.count == 1 ? "it" : "them") get `\(hunt.language)`",
                at: node.location, fix: "write it as `{ \(hunt.language): …, \(missing[0]): … }`")
        }
        return text
    }

    /// `rules:`: a text, a list of lines, or either of those by language.
    mutating func rules(_ node: YAMLNode, hunt: Hunt) -> LocalizedText? {
        if node.sequence != nil { return context.textList(node, "`rules`").map { LocalizedText($0.joined(separator: "\n")) } }
        guard let pairs = node.mapping, pairs.contains(where: { $0.value.sequence != nil }) else { return localizedText(node, "`rules`", hunt: hunt) }
        // By language, some as lists of lines: each joined first, then read as one text.
        var joined: [YAMLPair] = []
        for pair in pairs {
            var value = pair.value
            if value.sequence != nil, let lines = context.textList(value, "`rules`") {
                value = YAMLNode(.scalar(.init(text: lines.joined(separator: "\n"), isPlain: false)), tag: nil, location: value.location, weight: 1)
            }
            joined.append(YAMLPair(key: pair.key, value: value))
        }
        return localizedText(YAMLNode(.mapping(joined), tag: nil, location: node.location, weight: 1), "`rules`", hunt: hunt)
    }
}
