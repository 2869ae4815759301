import Foundation

/// What a judge run is asked to produce, as `hunt judge --format` spells it: a comma-separated
/// list where `text` or `json` chooses standard output and `html`, `csv`, `md` (or `markdown`)
/// name reports written beside results.json, e.g. `html,csv` or `json,md`.
///
/// The list is read here, not in the command line tool, so every front end (the CLI, the server)
/// accepts the same words with the same answers.
public struct JudgeOutputFormats: Sendable, Hashable {
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

    /// Reads a comma-separated list (case and spaces around words ignored, empty words skipped);
    /// nil when a word is unknown, `text` and `json` are both named, or the list names nothing.
    public init?(list: String) {
        var stdout: Stdout?
        var reports: [ReportFormat] = []
        for word in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !word.isEmpty {
            if let chosen = Stdout(rawValue: word) {
                guard stdout == nil || stdout == chosen else { return nil }
                stdout = chosen
            } else if let report = ReportFormat(besideResults: word) {
                if !reports.contains(report) { reports.append(report) }
            } else {
                return nil
            }
        }
        guard stdout != nil || !reports.isEmpty else { return nil }
        self.init(stdout: stdout ?? .text, reports: reports)
    }

    /// Every word a list may hold, standard output's first (for help text).
    public static var words: [String] { Stdout.allCases.map(\.rawValue) + ["html", "csv", "md"] }

    /// The list that reads back as these formats, e.g. `text,html,csv`.
    public var list: String { ([stdout.rawValue] + reports.map(\.rawValue)).joined(separator: ",") }
}
