import Foundation

/// The answers a typed-answer task accepts (`answer:` or `number:` with `within:`), and how a
/// team's typed answer is judged against them: forgiving the way players expect, strict where it
/// must be.
///
/// Both the accepted answers and the typed one are compared as `folded(_:)` text: case, accents,
/// width, spacing and punctuation ignored; a leading article dropped (English, Spanish, French,
/// German, Dutch, Portuguese); number words read as digits (`seven`, `Siete`, `sept` → `7`;
/// `twenty-one` → `21`); digit groups joined (`1,000` and `1 000` → `1000`); control characters
/// and bidirectional overrides removed. A `*` in an accepted answer stands for any run of
/// characters (`*tower` accepts "the Dom tower" and "tower"). A number answer accepts digits
/// or number words within `within` of it (`42.5`, `42,5`, `forty-two`).
///
/// A typed answer that is not accepted but one or two letters off a long accepted answer
/// (`closeness`) is `close`: a person decides. Everything else is settled at once.
public struct AnswerKey: Sendable, Equatable {
    /// One accepted answer.
    public enum Accepted: Sendable, Equatable {
        /// A text; `*` stands for any run of characters.
        case text(String)
        /// A number, and how far from it an answer may be.
        case number(Double, within: Double)
    }

    /// The accepted answers, in the order written.
    public var accepted: [Accepted]
    /// `answer:` written by language (`{ en: seven lions, es: siete leones }`): each language's
    /// texts, in the order written, for answer keys to label; empty when `answer:` is not by
    /// language. Judging reads only `accepted`, which holds them all.
    public var byLanguage: [String: [String]] = [:]

    /// The languages of `byLanguage`: those in `order` first (a hunt's `languages`), as it lists
    /// them, then the rest by code.
    public func languages(in order: [String]) -> [String] {
        var seen: Set<String> = []
        return (order.filter { byLanguage[$0] != nil } + byLanguage.keys.sorted()).filter { seen.insert($0).inserted }
    }

    /// An answer key of these accepted answers.
    public init(_ accepted: [Accepted]) { self.accepted = accepted }

    /// An answer key accepting these texts.
    public init(texts: [String]) { self.init(texts.map(Accepted.text)) }

    /// The longest typed answer judged, in UTF-8 bytes; a longer one is `tooLong`.
    public static let maximumTypedBytes = 1024

    /// How a typed answer compares with the key.
    public enum Match: Sendable, Equatable {
        /// Accepted: the accepted answer it matched, as written in the hunt.
        case accepted(String)
        /// Not accepted, but `distance` letters off `answer` (as written): a judge decides.
        case close(to: String, distance: Int)
        /// Not accepted.
        case wrong
        /// Nothing was typed (or only spaces and punctuation).
        case empty
        /// Longer than `maximumTypedBytes`.
        case tooLong
    }

    /// `typed` judged against every accepted answer: the first it matches, else the closest
    /// close one, else wrong.
    public func match(_ typed: String) -> Match {
        guard typed.utf8.count <= Self.maximumTypedBytes else { return .tooLong }
        let answer = Self.folded(typed)
        guard !answer.isEmpty else { return .empty }
        var closest: (text: String, distance: Int)?
        for accepted in accepted {
            switch accepted {
            case .text(let text):
                let pattern = Self.foldedPattern(text)
                if Self.matches(answer, pattern) { return .accepted(text) }
                guard pattern.count == 1, let allowed = Self.closeness(pattern[0].count) else { continue }
                let distance = Suggestions.editDistance(
                    Array(answer.unicodeScalars.map(\.value)),
                    Array(pattern[0].unicodeScalars.map(\.value)), limit: allowed)
                if distance <= allowed, distance < (closest?.distance ?? .max) { closest = (text, distance) }
            case .number(let number, let within):
                if let value = Self.number(in: answer, typed: typed), abs(value - number) <= within { return .accepted(Self.written(number)) }
            }
        }
        return closest.map { .close(to: $0.text, distance: $0.distance) } ?? .wrong
    }

    /// How many letters off an accepted answer of `length` folded characters is close: one for
    /// 5 to 7 characters, two from 8; nil (none) for shorter ones, where one letter is another word.
    static func closeness(_ length: Int) -> Int? {
        length >= 8 ? 2 : length >= 5 ? 1 : nil
    }

    /// Problems of the key itself, for `hunt validate`: an accepted answer that is empty once
    /// folded, a negative or non-finite `within`. Each as a sentence.
    public var problems: [String] {
        var problems: [String] = []
        if accepted.isEmpty { problems.append("no accepted answer") }
        for accepted in accepted {
            switch accepted {
            case .text(let text):
                if Self.foldedPattern(text).allSatisfy(\.isEmpty) {
                    problems.append(
                        "the answer `\(text)` is empty once case, accents, punctuation and articles are ignored, so nothing typed could match it")
                }
            case .number(let number, let within):
                if !number.isFinite { problems.append("`number` must be a finite number") }
                if !within.isFinite || within < 0 { problems.append("`within` must be 0 or more") }
            }
        }
        return problems
    }

    // MARK: Folding

    /// `text` as answers are compared: see the type's description.
    public static func folded(_ text: String) -> String {
        var words = words(of: text)
        words = joiningDigitGroups(words)
        words = numbersRead(words)
        if words.count > 1, articles.contains(words[0]) { words.removeFirst() }
        return words.joined(separator: " ")
    }

    /// An accepted answer with `*`s: its folded pieces between them (one piece when there is none).
    static func foldedPattern(_ text: String) -> [String] {
        let pieces = text.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return [folded(text)] }
        // Articles are dropped from the start of the whole answer only.
        return pieces.enumerated().map { index, piece in
            var words = numbersRead(joiningDigitGroups(words(of: piece)))
            if index == 0, words.count > 1 || pieces.count > 1, let first = words.first, articles.contains(first) { words.removeFirst() }
            return words.joined(separator: " ")
        }
    }

    /// Whether `answer` matches the pieces of a pattern, a run of any characters between each
    /// two (spaces around a `*` are optional: `*tower` accepts "dom tower").
    static func matches(_ answer: String, _ pattern: [String]) -> Bool {
        guard pattern.count > 1 else { return answer == pattern[0] }
        var rest = Substring(answer)
        let first = pattern[0], last = pattern[pattern.count - 1]
        guard rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        for piece in pattern.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(last)
    }

    /// Lowercased words without accents, punctuation, controls or direction marks.
    static func words(of text: String) -> [String] {
        let plain = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [String] = [], word = ""
        for scalar in plain.unicodeScalars {
            let keep = CharacterSet.alphanumerics.contains(scalar) && !CharacterSet.nonBaseCharacters.contains(scalar)
            if keep {
                word.unicodeScalars.append(scalar)
            } else if CharacterSet.nonBaseCharacters.contains(scalar) || directionMarks.contains(scalar.value) {
                continue  // a combining mark left over, or a direction override: not a word break
            } else if apostrophes.contains(scalar.value) && word.count != 1 {
                continue  // `Martin's` is `martins`; an elided `l'` or `d'` stays a word of its own
            } else if !word.isEmpty {
                words.append(word.lowercased())
                word = ""
            }
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words.map { $0.replacingOccurrences(of: "ß", with: "ss") }
    }

    /// The apostrophes: ' ’ ʼ ′.
    static let apostrophes: Set<UInt32> = [0x27, 0x2019, 0x02BC, 0x2032]

    /// Bidirectional controls and zero-width characters (U+200B–U+200F, U+202A–U+202E, U+2060–U+2069, U+FEFF).
    static let directionMarks: Set<UInt32> = Set(0x200B...0x200F).union(0x202A...0x202E).union(0x2060...0x2069).union([0xFEFF])

    /// `1 000` and `1,000` (split into words) → `1000`: a group of exactly three digits after digits.
    static func joiningDigitGroups(_ words: [String]) -> [String] {
        var out: [String] = []
        for word in words {
            if word.count == 3, word.allSatisfy(\.isASCIIDigit), let last = out.last, !last.isEmpty, last.allSatisfy(\.isASCIIDigit) {
                out[out.count - 1] = last + word
            } else {
                out.append(word)
            }
        }
        return out
    }

    /// Number words as digits: `seven` → `7`, `twenty one` → `21`, `vingt` → `20`.
    static func numbersRead(_ words: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < words.count {
            // `twenty one`, and French `dix sept` (17 to 19).
            if let tens = numberWords[words[index]], tens >= 20 && tens % 10 == 0 || tens == 10, index + 1 < words.count,
                let unit = numberWords[words[index + 1]], tens == 10 ? (7...9).contains(unit) : (1...9).contains(unit)
            {
                out.append(String(tens + unit))
                index += 2
            } else {
                out.append(numberWords[words[index]].map(String.init) ?? words[index])
                index += 1
            }
        }
        return out
    }

    /// The number a folded answer is: digits (a decimal point or comma), or number words; negative
    /// when the typed text starts with a minus sign (folding drops it) or says `minus`.
    static func number(in folded: String, typed: String) -> Double? {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        let sign: Double = trimmed.hasPrefix("-") || trimmed.hasPrefix("\u{2212}") ? -1 : 1
        let words = folded.split(separator: " ")
        if words.count == 1, words[0].allSatisfy(\.isASCIIDigit), let value = Double(words[0]) { return sign * value }
        // `42.5` and `42,5` were split at the point by folding.
        if words.count == 2, words.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), let value = Double(words[0] + "." + words[1]) {
            return sign * value
        }
        if words.count == 2, words[0] == "minus" || words[0] == "menos" || words[0] == "moins", let value = Double(words[1]) { return -value }
        return nil
    }

    private static func written(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// Leading articles dropped: English, Spanish, French (`l'` is `l` once folded), German,
    /// Dutch, Portuguese.
    static let articles: Set<String> = [
        "the", "a", "an",
        "el", "la", "los", "las", "un", "una", "unos", "unas",
        "le", "les", "l", "une", "des",
        "der", "die", "das", "ein", "eine",
        "de", "het", "een",
        "o", "os", "as", "um", "uma"
    ]

    /// Number words from 0 to 20 and the tens, in the six languages; a word that is a number in
    /// one and a word in another (`one`, `de`) is left out where it would misread.
    static let numberWords: [String: Int] = {
        let tables: [[String]] = [
            [
                "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
                "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"
            ],
            [
                "cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce", "trece",
                "catorce", "quince", "dieciseis", "diecisiete", "dieciocho", "diecinueve", "veinte"
            ],
            [
                "zero", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze", "treize",
                "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf", "vingt"
            ],
            [
                "null", "eins", "zwei", "drei", "vier", "funf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwolf", "dreizehn",
                "vierzehn", "funfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn", "zwanzig"
            ],
            [
                "nul", "een", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien", "elf", "twaalf", "dertien",
                "veertien", "vijftien", "zestien", "zeventien", "achttien", "negentien", "twintig"
            ],
            [
                "zero", "um", "dois", "tres", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze", "treze",
                "catorze", "quinze", "dezesseis", "dezessete", "dezoito", "dezenove", "vinte"
            ]
        ]
        var words: [String: Int] = [:]
        for table in tables {
            for (value, word) in table.enumerated() where !word.contains("-") { words[word] = value }
        }
        let tens: [(String, Int)] = [
            ("thirty", 30), ("forty", 40), ("fifty", 50), ("sixty", 60), ("seventy", 70), ("eighty", 80), ("ninety", 90),
            ("treinta", 30), ("cuarenta", 40), ("cincuenta", 50), ("sesenta", 60), ("setenta", 70), ("ochenta", 80), ("noventa", 90),
            ("trente", 30), ("quarante", 40), ("cinquante", 50), ("soixante", 60),
            ("dreissig", 30), ("vierzig", 40), ("funfzig", 50), ("sechzig", 60), ("siebzig", 70), ("achtzig", 80), ("neunzig", 90),
            ("dertig", 30), ("veertig", 40), ("vijftig", 50), ("zestig", 60), ("zeventig", 70), ("tachtig", 80), ("negentig", 90),
            ("trinta", 30), ("quarenta", 40), ("cinquenta", 50), ("sessenta", 60), ("oitenta", 80), ("noventa", 90),
            ("hundred", 100), ("cien", 100), ("cent", 100), ("hundert", 100), ("honderd", 100), ("cem", 100)
        ]
        for (word, value) in tens { words[word] = value }
        // Articles and words that are numbers in one language only where no other reading is common.
        for ambiguous in ["un", "een", "um", "o", "a"] { words[ambiguous] = nil }
        return words
    }()
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
