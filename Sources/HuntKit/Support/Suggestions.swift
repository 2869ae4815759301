/// "Did you mean …?" for a word typed among a known set of words.
///
/// Distance: optimal string alignment (Damerau–Levenshtein with adjacent transpositions, as in
/// Damerau 1964 / Wagner & Fischer 1974), on lowercased text with `-`, `_` and spaces dropped, so
/// `clock_skew`, `clockSkew` and `Clock-Skew` all find `clock-skew`.
public enum Suggestions {
    /// The closest candidate within a small distance, or nil. Ties go to the earlier candidate.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let typed = normalized(word)
        guard !typed.isEmpty else { return nil }
        let limit = max(1, min(3, typed.count / 3))
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(typed, normalized(candidate), limit: limit)
            if distance <= limit, best == nil || distance < best!.1 {
                best = (candidate, distance)
                if distance == 0 { break }
            }
        }
        return best?.0
    }

    static func normalized(_ word: String) -> [Character] {
        Array(word.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }

    /// Optimal string alignment distance; returns `limit + 1` as soon as it must exceed `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
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
