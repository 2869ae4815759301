import Foundation

/// What a judge run is asked to produce, as `hunt judge --format` spells it: a comma-separated
/// list where `text` or `json` chooses standard output and `html`, `csv`, `md` (or `markdown`)
/// name reports written beside results.json, e.g. `html,csv` or `json,md`.
///
/// The list is read here, not in the command line tool, so every front end (the CLI, the server)
/// accepts the same words with the same answers.
package struct JudgeOutputFormats: Sendable, Hashable {
    /// What standard output gets: the text summary or results.json's content.
    public enum Stdout: String, Sendable, Hashable, CaseIterable {
        case text, json
    }

    /// Standard output's format; `text` when the list names none.
    public var stdout: Stdout
    /// Reports to write beside results.json, in the order first named, without repeats; never `json`
    /// (results.json is that already).
    public var reports: [ReportFormat]

    /// Formats chosen directly; the default is the text summary and no reports.
    public init(stdout: Stdout = .text, reports: [ReportFormat] = []) {
        self.stdout = stdout
        self.reports = reports
    }

    /// Reads a comma-separated list (`read(_:)`); nil when a word is unknown, `text` and `json`
    /// are both named, or the list names nothing.
    public init?(list: String) {
        guard let words = try? Self.read(list) else { return nil }
        var stdout: Stdout?
        var reports: [ReportFormat] = []
        for word in words {
            switch word {
            case .stdout(let chosen):
                guard stdout == nil else { return nil }
                stdout = chosen
            case .report(let report):
                reports.append(report)
            }
        }
        guard stdout != nil || !reports.isEmpty else { return nil }
        self.init(stdout: stdout ?? .text, reports: reports)
    }

    /// One word of a `--format` list.
    public enum Word: Sendable, Hashable {
        case stdout(Stdout)
        /// A report kept beside results.json (`markdown` reads as `md`).
        case report(ReportFormat)

        /// The word as the list spells it.
        public var text: String {
            switch self {
            case .stdout(let stdout): stdout.rawValue
            case .report(let report): report.rawValue
            }
        }
    }

    /// The one reader of `--format` lists (`hunt judge`, `hunt serve`): the words of a
    /// comma-separated list in the order first named, repeats dropped, case and spaces around
    /// words ignored, empty words skipped; the first word that names nothing is thrown.
    public static func read(_ list: String) throws(ReportFormat.UnknownWord) -> [Word] {
        var words: [Word] = []
        for part in list.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            if name.isEmpty { continue }
            let word: Word
            if let stdout = Stdout(rawValue: name) {
                word = .stdout(stdout)
            } else if let report = ReportFormat(besideResults: name) {
                word = .report(report)
            } else {
                throw ReportFormat.UnknownWord(word: name)
            }
            if !words.contains(word) { words.append(word) }
        }
        return words
    }

    /// Every word a list may hold, standard output's first (for help text).
    public static var words: [String] {
        Stdout.allCases.map(\.rawValue) + ReportFormat.allCases.filter { ReportFormat(besideResults: $0.rawValue) != nil }.map(\.rawValue)
    }

    /// The list that reads back as these formats, e.g. `text,html,csv`.
    public var list: String { ([stdout.rawValue] + reports.map(\.rawValue)).joined(separator: ",") }
}
