/// What an answer, multiple-choice or code task asks, and how an attempt at it is judged: `answer:`
/// (or `number:` with `within:`) judged by an `AnswerKey`, `choices:` with the `correct:` ones, or
/// `code:` (`TaskCode`, which needs a place for its poster).
/// Such a task is done by what the team sends, not where: it needs no target.
///
/// `attempts:` limits the tries a team has; without it a choice task has one try (with more,
/// every wrong try rules a choice out until the right one is left) and an answer task
/// `defaultAnswerAttempts` (room for a typo and a second spelling, too few to count up to a
/// number); a code task `TaskCode.defaultAttempts`.
public struct TaskQuestion: Sendable, Equatable {
    /// What the task asks.
    public enum Kind: Sendable, Equatable {
        /// A typed answer, judged by the key.
        case answer(AnswerKey)
        /// One of these choices, in the order written; `correct` holds the indices of those that
        /// are accepted (any one of them is).
        case choices([LocalizedText], correct: Set<Int>)
        /// A code posted at the task's place (`TaskCode`), right or wrong.
        case code(TaskCode)
    }

    /// What the task asks.
    public var kind: Kind
    /// `attempts:` as written: how many tries a team has; nil when the file does not say (see `attemptLimit`).
    public var attempts: Int?

    /// A question of `kind` with `attempts` tries (nil: the default for its kind).
    public init(_ kind: Kind, attempts: Int? = nil) {
        self.kind = kind
        self.attempts = attempts
    }

    /// The tries an answer task has when `attempts:` does not say.
    public static let defaultAnswerAttempts = 5
    /// The tries a choice task has when `attempts:` does not say.
    public static let defaultChoiceAttempts = 1
    /// The most `attempts:` may be: more is no limit at all, so write none and get the default.
    public static let maximumAttempts = 100

    /// How many tries a team has: `attempts`, else the default for the kind.
    public var attemptLimit: Int {
        if let attempts { return attempts }
        switch kind {
        case .answer: return Self.defaultAnswerAttempts
        case .choices: return Self.defaultChoiceAttempts
        case .code: return TaskCode.defaultAttempts
        }
    }

    /// `typed` judged: for an answer, by the key; for choices, the choice it names (its text in
    /// any of the hunt's languages, folded as answers are, else its number from 1) accepted when
    /// it is a correct one, and anything that names no choice is wrong. `.accepted` holds the
    /// answer or choice matched, as written in the hunt's language.
    public func match(_ typed: String) -> AnswerKey.Match {
        switch kind {
        case .answer(let key):
            return key.match(typed)
        case .choices(let choices, let correct):
            guard typed.utf8.count <= AnswerKey.maximumTypedBytes else { return .tooLong }
            let folded = AnswerKey.folded(typed)
            guard !folded.isEmpty else { return .empty }
            guard let index = Self.choice(folded, in: choices) else { return .wrong }
            return correct.contains(index) ? .accepted(choices[index].text) : .wrong
        case .code(let code):
            // A derived code whose secret was not read: the rules send the attempt to review first.
            return code.match(typed) ?? .wrong
        }
    }

    /// The choice a folded answer names: the first whose text (in any language) folds to it,
    /// else the n-th for a whole number n.
    static func choice(_ folded: String, in choices: [LocalizedText]) -> Int? {
        if let index = choices.firstIndex(where: { Self.texts(of: $0).contains { AnswerKey.folded($0) == folded } }) { return index }
        if let number = Int(folded), (1...choices.count).contains(number) { return number - 1 }
        return nil
    }

    /// A text in the hunt's language and every translation.
    static func texts(of text: LocalizedText) -> [String] { [text.text] + text.translations.keys.sorted().compactMap { text.translations[$0] } }

    /// The accepted answers as people read them, for judges and answer keys: `7 (±0.5)`, `the Dom tower`.
    public var expected: [String] {
        switch kind {
        case .answer(let key):
            return key.accepted.map {
                switch $0 {
                case .text(let text): text
                case .number(let number, let within):
                    within > 0
                        ? "\(DecimalText.trimmed(number, places: 6)) (±\(DecimalText.trimmed(within, places: 6)))"
                        : DecimalText.trimmed(number, places: 6)
                }
            }
        case .choices(let choices, let correct):
            return correct.sorted().map { choices[$0].text }
        case .code(let code):
            return code.value.map { [$0] } ?? []
        }
    }

    /// What is wrong with the question itself, for `hunt validate` of a hunt built in code (a
    /// hunt file's are reported where they are written): an answer key's problems, choices
    /// without a correct one or with a `correct` index outside them, `attempts` outside 1…100.
    var problems: [(code: HuntDiagnosticCode, message: String, fix: String)] {
        var problems: [(code: HuntDiagnosticCode, message: String, fix: String)] = []
        switch kind {
        case .answer(let key):
            for problem in key.problems { problems.append((.emptyAnswer, problem, "write an answer with letters or digits")) }
        case .choices(let choices, let correct):
            if correct.isEmpty { problems.append((.noCorrectChoice, "no choice is correct", "name the right choice in `correct`")) }
            if correct.contains(where: { !choices.indices.contains($0) }) {
                problems.append((.correctNotAChoice, "a `correct` index is not one of the \(choices.count) choices", "count the choices from 0"))
            }
        case .code(let code):
            if let problem = code.problem {
                problems.append((.emptyCode, problem, "write a code of letters and digits, e.g. `code: FOX-42`, or `code: true`"))
            }
        }
        if let attempts, !(1...Self.maximumAttempts).contains(attempts) {
            problems.append((.badAttempts, "`attempts` is \(attempts); it is from 1 to \(Self.maximumAttempts)", "write `attempts: 3`"))
        }
        return problems
    }

    /// The choices in the order team `team` sees them: shuffled by a generator seeded from the
    /// team's id, so each team has its own order, the same on every visit (a screenshot shared
    /// between teams shows another order). Indices into the written list.
    public static func choiceOrder(count: Int, team: String) -> [Int] {
        // FNV-1a of the id seeds the generator: Swift's own hashing is seeded anew in each process.
        var seed: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in team.utf8 { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var generator = SplitMix64(seed: seed)
        return Array(0..<count).shuffled(using: &generator)
    }
}
