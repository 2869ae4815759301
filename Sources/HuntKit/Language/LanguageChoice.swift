import Foundation

/// Which of a hunt's languages a player reads: the one they chose on the page, else the best
/// their phone asks for (`Accept-Language`), else the hunt's own.
public enum LanguageChoice {
    /// `chosen` when the hunt offers it; else the first of `acceptLanguage`'s ranges (by `q`,
    /// then as written) that an offered language matches — exactly, or by its primary language
    /// (`es-AR` asks for `es`; `pt` takes `pt-BR`); else `offered`'s first, the hunt's language.
    public static func language(chosen: String?, acceptLanguage: String?, offered: [String]) -> String {
        let offered = offered.isEmpty ? ["en"] : offered
        if let chosen = chosen?.lowercased(), let match = offered.first(where: { $0.lowercased() == chosen }) { return match }
        for range in ranges(acceptLanguage ?? "") {
            if let exact = offered.first(where: { $0.lowercased() == range }) { return exact }
            let primary = primaryLanguage(range)
            if let near = offered.first(where: { primaryLanguage($0.lowercased()) == primary }) { return near }
        }
        return offered[0]
    }

    /// The language ranges of an `Accept-Language` header, lower-cased, best first; `*` and
    /// those with `q=0` left out. At most 20 are read: a header is the phone's, not a list to search.
    static func ranges(_ header: String) -> [String] {
        var ranges: [(range: String, q: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").prefix(20).enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = parts.first?.lowercased(), !range.isEmpty, range != "*", range.count <= 35 else { continue }
            var q = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") { q = Double(parameter.dropFirst(2)) ?? 0 }
            if q > 0 { ranges.append((range.replacingOccurrences(of: "_", with: "-"), q, order)) }
        }
        return ranges.sorted { ($0.q, -$0.order) > ($1.q, -$1.order) }.map(\.range)
    }

    static func primaryLanguage(_ code: String) -> Substring { code.prefix { $0 != "-" } }
}
