import Foundation

extension RuleEngine {
    // MARK: The file itself: editors named in its Software tag

    static func editor(in software: String) -> String? {
        let lowered = Array(software.lowercased().utf8)
        return editorBytes.first { Self.contains(lowered, $0.1) }?.0
    }

    static let editorBytes = Judge.editors.map { ($0, Array($0.lowercased().utf8)) }

    /// A byte search, much cheaper per photo than Foundation's `String.contains`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        let first = needle[0]
        for i in 0...(haystack.count - needle.count) where haystack[i] == first {
            var j = 1
            while j < needle.count && haystack[i + j] == needle[j] { j += 1 }
            if j == needle.count { return true }
        }
        return false
    }
}
