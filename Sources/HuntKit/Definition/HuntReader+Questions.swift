/// A task's question (`TaskQuestion`): `answer:` (a text, a list, or either by language),
/// `number:` with `within:`, `choices:` with `correct:`, or `code:` (`true` or the code), and `attempts:`.
extension HuntReader {
    /// The keys that make a task one that is answered rather than photographed.
    static let questionKinds = ["answer", "number", "choices", "code"]

    /// Whether the task's fields ask a question (then it needs no target).
    static func asksQuestion(_ fields: Fields) -> Bool { questionKinds.contains { fields.present($0) != nil } }

    /// The task's question; nil for a photo task, or when what is written is wrong (reported).
    mutating func question(_ fields: Fields, task id: String, hunt: Hunt) -> TaskQuestion? {
        let written = Self.questionKinds.filter { fields.present($0) != nil }
        misplacedQuestionKeys(fields, written: written)
        guard !written.isEmpty else { return nil }
        if written.contains("choices"), let other = written.first(where: { $0 != "choices" }), let at = fields.keyLocation(other) {
            context.error(
                .questionConflict, "task `\(id)` has both `\(other)` and `choices`; a task asks for a typed answer or a choice, not both", at: at,
                fix: "keep one of them, or split the task in two")
            return nil
        }
        if written.contains("code"), let other = written.first(where: { $0 != "code" }), let at = fields.keyLocation(other) {
            context.error(
                .questionConflict, "task `\(id)` has both `\(other)` and `code`; a code task is done by typing the code posted at its place",
                at: at, fix: "keep one of them, or split the task in two")
            return nil
        }
        var attempts: Int?
        if let n = fields.present("attempts"), let value = context.integer(n, "`attempts`") {
            if (1...TaskQuestion.maximumAttempts).contains(value) {
                attempts = value
            } else {
                // Reported, and the rest of the question is still read so one run names every mistake.
                context.error(
                    .badAttempts, "`attempts` is how many tries a team has, from 1 to \(TaskQuestion.maximumAttempts), not \(value)",
                    at: n.location,
                    fix:
                        "write `attempts: 3`, or leave it out for the default (\(TaskQuestion.defaultAnswerAttempts) for an answer, \(TaskQuestion.defaultChoiceAttempts) for a choice, \(TaskCode.defaultAttempts) for a code)"
                )
            }
        }
        if let n = fields.present("code") {
            return code(n, fields: fields, task: id).map { TaskQuestion(.code($0), attempts: attempts) }
        }
        if let n = fields.present("choices") {
            return choices(n, fields: fields, task: id, hunt: hunt).map { TaskQuestion($0, attempts: attempts) }
        }
        var accepted: [AnswerKey.Accepted] = []
        var byLanguage: [String: [String]] = [:]
        if let n = fields.present("answer") {
            guard let (texts, languages) = answerTexts(n) else { return nil }
            byLanguage = languages
            for text in texts {
                let key = AnswerKey(texts: [text])
                if let problem = key.problems.first {
                    context.error(
                        .emptyAnswer, "task `\(id)`: \(problem)", at: n.location, fix: "write an answer with letters or digits, e.g. `answer: seven`")
                    return nil
                }
                accepted.append(.text(text))
            }
        }
        if let n = fields.present("number") {
            guard let number = decimal(n, "`number`") else { return nil }
            var within = 0.0
            if let w = fields.present("within") {
                guard let value = decimal(w, "`within`") else { return nil }
                guard value >= 0 else {
                    context.error(
                        .badNumber, "`within` must be 0 or more, not \(value)", at: w.location, fix: "write how far off an answer may be: `within: 2`"
                    )
                    return nil
                }
                within = value
            }
            accepted.append(.number(number, within: within))
        }
        var key = AnswerKey(accepted)
        key.byLanguage = byLanguage
        return TaskQuestion(.answer(key), attempts: attempts)
    }

    /// `within` without `number`, `correct` without `choices`, `attempts` on a task that asks nothing.
    private mutating func misplacedQuestionKeys(_ fields: Fields, written: [String]) {
        let needs: [(key: String, needs: String, fix: String)] = [
            ("within", "number", "`within` is how far from `number:` an answer may be: add `number: 42`, or remove `within`"),
            ("correct", "choices", "`correct` names the right one of `choices:`: add the choices, or remove `correct`")
        ]
        for (key, needed, fix) in needs where fields.present(key) != nil && !written.contains(needed) {
            context.error(.questionConflict, "`\(key)` without `\(needed)`", at: fields.keyLocation(key) ?? fields.node.location, fix: fix)
        }
        if written.isEmpty, fields.present("attempts") != nil {
            context.error(
                .questionConflict, "`attempts` limits the tries on an answer, choice or code task, and this task asks for a photo",
                at: fields.keyLocation("attempts") ?? fields.node.location,
                fix: "add `answer:`, `number:`, `choices:` or `code:`, or remove `attempts`")
        }
    }

    /// The longest written code, in letters and digits: it is printed very large on a poster.
    static let maximumCodeCharacters = 20

    /// `code:` — `true` (derived from the players' secret) or the code itself; and the place its
    /// poster goes (`at`, `area` or `places`), without which a marshal would not know where.
    private mutating func code(_ node: YAMLNode, fields: Fields, task id: String) -> TaskCode? {
        if !["at", "area", "places"].contains(where: { fields.present($0) != nil }) {
            context.check(HuntRules.codeWithoutPlace(id), at: fields.keyLocation("code") ?? node.location)
        }
        guard let text = context.text(node, "`code`") else { return nil }
        let word = text.trimmedWhitespace
        if node.scalar?.isPlain == true {
            switch word.lowercased() {
            case "true", "yes", "on", "y": return .derived()
            case "false", "no", "off", "n":
                context.error(
                    .emptyCode, "`code: \(word)` gives the task no code", at: node.location,
                    fix: "write `code: true` for a code made from the players' secret, or the code itself (`code: FOX-42`); or remove `code`")
                return nil
            default: break
            }
        }
        let folded = TaskCode.folded(word)
        guard !folded.isEmpty else {
            context.error(
                .emptyCode,
                "task `\(id)`: the code `\(word)` has no letter A–Z or digit 0–9 (what codes are compared by), so nothing typed could match it",
                at: node.location,
                fix: "write a code of letters A–Z and digits, e.g. `code: FOX-42`, or `code: true` for one made from the players' secret")
            return nil
        }
        guard folded.count <= Self.maximumCodeCharacters else {
            context.error(
                .badValue, "the code of `\(id)` has \(folded.count) letters and digits; a code is at most \(Self.maximumCodeCharacters)",
                at: node.location, fix: "write a short code players can type, e.g. `code: FOX-42`")
            return nil
        }
        return .written(word)
    }

    /// `answer:` — a text, a list, or a mapping by language of either: every text is accepted;
    /// with a mapping, each language's texts too.
    private mutating func answerTexts(_ node: YAMLNode) -> (texts: [String], byLanguage: [String: [String]])? {
        var texts: [String] = []
        var byLanguage: [String: [String]] = [:]
        if let pairs = node.mapping, pairs.allSatisfy({ $0.key.text.map(Self.looksLikeLanguage) ?? false }) {
            for pair in pairs {
                guard let code = languageCode(pair.key, "a language of `answer`"), let list = context.textList(pair.value, "`answer` in `\(code)`")
                else {
                    return nil
                }
                texts += list
                byLanguage[code, default: []] += list.map(\.trimmedWhitespace)
            }
        } else {
            guard let list = context.textList(node, "`answer`") else { return nil }
            texts = list
        }
        texts = texts.map(\.trimmedWhitespace)
        guard !texts.isEmpty else {
            context.error(
                .emptyAnswer, "`answer` lists no answer", at: node.location, fix: "write the accepted answer: `answer: seven` or `answer: [seven, 7]`"
            )
            return nil
        }
        return (texts, byLanguage)
    }

    /// `choices:` (a list of texts, each maybe by language) and `correct:` (one or several, by text).
    private mutating func choices(_ node: YAMLNode, fields: Fields, task id: String, hunt: Hunt) -> TaskQuestion.Kind? {
        guard let items = context.list(node, "`choices`", example: "Red") else { return nil }
        var choices: [LocalizedText] = []
        for item in items {
            guard let text = localizedText(item, "a choice", hunt: hunt, required: true, example: "choices: [Red, Green, Blue]") else { return nil }
            choices.append(text)
        }
        guard choices.count >= 2 else {
            context.error(
                .badValue, "`choices` lists \(choices.count) choice(s); a choice needs at least two", at: node.location,
                fix: "add the wrong choices too")
            return nil
        }
        guard let n = fields.present("correct") else {
            context.error(
                .noCorrectChoice, "task `\(id)` has `choices` but no `correct`, so no choice could be accepted",
                at: fields.keyLocation("choices") ?? node.location, fix: "add `correct: \(choices[0].text)` (the right choice's text, as in the list)"
            )
            return nil
        }
        guard let names = context.textList(n, "`correct`") else { return nil }
        var correct = Set<Int>()
        for (item, name) in zip(n.sequence ?? [n], names) {
            let folded = AnswerKey.folded(name)
            guard let index = choices.firstIndex(where: { AnswerKey.folded($0.text) == folded }) else {
                context.error(
                    .correctNotAChoice,
                    "`correct: \(name)` is not one of the choices (" + choices.map { "`\($0.text)`" }.joined(separator: ", ") + ")",
                    at: item.location, fix: "write the right choice's text as the list has it (case and accents do not matter)")
                return nil
            }
            correct.insert(index)
        }
        guard !correct.isEmpty else {
            context.error(.noCorrectChoice, "`correct` names no choice", at: n.location, fix: "write `correct: \(choices[0].text)`")
            return nil
        }
        return .choices(choices, correct: correct)
    }

    /// A finite number (`42`, `2.5`).
    private mutating func decimal(_ node: YAMLNode, _ what: String) -> Double? {
        guard let text = context.text(node, what) else { return nil }
        if let value = Double(text.trimmedWhitespace), value.isFinite { return value }
        context.error(
            .badNumber, "\(what) should be a number, found `\(text)`", at: node.location,
            fix: "write digits, e.g. `\(what == "`within`" ? "within: 2" : "number: 42")`")
        return nil
    }
}
