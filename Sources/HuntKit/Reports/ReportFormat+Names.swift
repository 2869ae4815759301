import Foundation

extension ReportFormat {
    /// The format an output path asks for by its extension (`.md`/`.markdown`, `.json`, `.csv`),
    /// else html, the default report; nil (standard output) also gives html.
    public init(outputPath: String?) {
        switch outputPath.map({ ($0 as NSString).pathExtension.lowercased() }) {
        case "md", "markdown": self = .md
        case "json": self = .json
        case "csv": self = .csv
        default: self = .html
        }
    }

    /// A report written beside results.json, by its word in a `--format` list (`html`, `csv`, `md`,
    /// `markdown`; lowercase); nil for `json` (results.json is that report) and for unknown words.
    /// `hunt judge` and `hunt serve` read their lists through this, so they accept the same words.
    public init?(besideResults word: String) {
        guard let format = ReportFormat(rawValue: word == "markdown" ? "md" : word), format != .json else { return nil }
        self = format
    }

    /// A word of a `--format` list that names no report kept beside results.json.
    public struct UnknownWord: Error, Sendable { public var word: String }

    /// Reports kept beside results.json, from a comma-separated list such as `html,csv`, read by
    /// `JudgeOutputFormats.read(_:)` (in the order first named, without repeats); the first word
    /// that names no such report (`json` and `text` among them) is thrown.
    public static func list(besideResults text: String) throws(UnknownWord) -> [ReportFormat] {
        try JudgeOutputFormats.read(text).map { (word) throws(UnknownWord) -> ReportFormat in
            guard case .report(let report) = word else { throw UnknownWord(word: word.text) }
            return report
        }
    }
}
