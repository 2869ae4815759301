import Foundation
import HuntKit

/// The answer key's rows for what a task accepts when teams answer rather than photograph: a
/// check-in's way of being done, a typed answer's accepted texts (by language when the hunt file
/// gives them so) and numbers, a choice task's choices with the correct ones marked, and the tries
/// a team has. What the hunt file writes stays as written, isolated left to right in a
/// right-to-left key like the key's ids and codes; the words around it come from the catalog.
extension SheetDocument {
    static func questionFacts(_ task: HuntTask, _ hunt: Hunt, language: String, words: PlayerCatalog) -> [(label: String, value: String)] {
        var facts: [(label: String, value: String)] = []
        func fact(_ key: String, _ value: String) { facts.append((words.text("sheet.key.label." + key), value)) }
        if task.checkIn {
            fact(
                "check-in", task.dwell.map { words.text("sheet.key.check-in-dwell", ["dwell": span($0, words)]) } ?? words.text("sheet.key.check-in"))
        }
        guard let question = task.question else { return facts }
        let quoted = { (text: String) in words.text("sheet.key.answer", ["answer": isolated(text, words)]) }
        switch question.kind {
        case .answer(let key):
            let languages = key.languages(in: [language] + hunt.languages)
            for code in languages {
                let answers = key.byLanguage[code, default: []].map(quoted).joined(separator: words.text("list.comma"))
                fact("answers", words.text("sheet.key.answers-in", ["language": languageName(code, words), "answers": answers]))
            }
            // Texts by language are listed above; a number is for every language.
            let unlabelled = key.accepted.compactMap { accepted -> String? in
                switch accepted {
                case .text(let text): languages.isEmpty ? quoted(text) : nil
                case .number(let number, let within): isolated(Self.number(number, within: within, words), words)
                }
            }
            if !unlabelled.isEmpty { fact("answers", list(unlabelled, words)) }
            if key.accepted.contains(where: { if case .text(let text) = $0 { text.contains("*") } else { false } }), !facts.isEmpty {
                facts[facts.count - 1].value += " " + words.text("sheet.key.wildcard")
            }
        case .choices(let choices, let correct):
            let listed = choices.enumerated().map { index, choice in
                correct.contains(index)
                    ? words.text("sheet.key.choice-correct", ["choice": quoted(choice.text(in: language))]) : quoted(choice.text(in: language))
            }
            fact("choices", list(listed, words))
        case .code:
            break  // the code has its own row
        }
        let attempts = question.attemptLimit
        fact("attempts", words.text(question.attempts == nil ? "sheet.key.attempts-default" : "sheet.key.attempts", count: attempts))
        return facts
    }

    /// "102 ± 5" ("102,5 ± 0,5" in Spanish): a number answer and how far off a typed one may be,
    /// with as many decimals as the hunt file wrote (up to six).
    static func number(_ number: Double, within: Double, _ words: PlayerCatalog) -> String {
        let measure = words.measure()
        func written(_ value: Double) -> String {
            let places =
                (0...6).first { places in
                    let scaled = value * pow(10, Double(places))
                    return abs(scaled.rounded() - scaled) < 1e-6
                } ?? 6
            return measure.number(value, places: places)
        }
        return within > 0 ? words.text("sheet.key.number-within", ["number": written(number), "within": written(within)]) : written(number)
    }

    /// The name of the language `code` in the words' language ("Spanish", "español" → "Español"),
    /// from the Unicode CLDR through Foundation; the code itself when it has none.
    static func languageName(_ code: String, _ words: PlayerCatalog) -> String {
        guard let name = words.locale.localizedString(forLanguageCode: code), !name.isEmpty else { return code }
        return name.prefix(1).uppercased(with: words.locale) + name.dropFirst()
    }
}
