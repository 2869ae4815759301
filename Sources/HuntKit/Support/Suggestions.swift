/// "Did you mean …?" for a word typed among a known set of words: the one suggester of the
/// project (hunt file keys and ids, reviews, submission folders, report options).
///
/// Distance: optimal string alignment (Damerau–Levenshtein with adjacent transpositions, as in
/// Damerau 1964 / Wagner & Fischer 1974), on lowercased text with `-`, `_` and spaces dropped, so
/// `clock_skew`, `clockSkew` and `Clock-Skew` all find `clock-skew`.
///
/// Build one value for many questions: the candidates are normalised once and grouped by
/// length, so a question compares only with candidates whose length is within the allowed
/// distance, each comparison giving up as soon as it must exceed it. Loops that report one
/// finding per typo use `suggest(for:)`, which stops suggesting after `maximumSuggestions`
/// questions: a hunt with 5,000 misspelt ids needs a few hints, not 25 million comparisons.
package struct Suggestions: Sendable {
    /// How many questions `suggest(for:)` answers; later ones get nil.
    public static let maximumSuggestions = 100

    private let candidates: [String]
    /// Candidate indices (in the order given) by normalised length.
    private let byLength: [Int: [Int]]
    private let normalisedCandidates: [[UInt32]]
    private var asked = 0

    /// Suggestions from these words.
    public init(_ candidates: some Sequence<String>) {
        self.candidates = Array(candidates)
        normalisedCandidates = self.candidates.map(Self.normalised)
        var byLength: [Int: [Int]] = [:]
        for (index, word) in normalisedCandidates.enumerated() { byLength[word.count, default: []].append(index) }
        self.byLength = byLength
    }

    /// The closest candidate within a small distance, or nil. Ties go to the earlier candidate.
    public func closest(to word: String) -> String? {
        let typed = Self.normalised(word)
        guard !typed.isEmpty else { return nil }
        let limit = max(1, min(3, typed.count / 3))
        var best: (index: Int, distance: Int)?
        for length in max(0, typed.count - limit)...(typed.count + limit) {
            for index in byLength[length] ?? [] {
                let distance = Self.editDistance(typed, normalisedCandidates[index], limit: limit)
                guard distance <= limit else { continue }
                if distance == 0 { return candidates[index] }  // only in its own length, where it is the first
                if best == nil || distance < best!.distance || (distance == best!.distance && index < best!.index) {
                    best = (index, distance)
                }
            }
        }
        return best.map { candidates[$0.index] }
    }

    /// `closest(to:)` for the first `maximumSuggestions` questions, then nil.
    public mutating func suggest(for word: String) -> String? {
        guard asked < Self.maximumSuggestions else { return nil }
        asked += 1
        return closest(to: word)
    }

    /// The closest of `candidates` to `word`; for one question (many questions: build a value).
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        Suggestions(candidates).closest(to: word)
    }

    static func normalised(_ word: String) -> [UInt32] {
        var result: [UInt32] = []
        for scalar in word.lowercased().unicodeScalars where scalar != "-" && scalar != "_" && scalar != " " {
            result.append(scalar.value)
        }
        return result
    }

    /// Optimal string alignment distance; returns `limit + 1` as soon as it must exceed `limit`.
    static func editDistance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
