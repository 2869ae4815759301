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
}
