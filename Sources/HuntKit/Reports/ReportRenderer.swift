import Foundation

/// The formats a report is written in.
public enum ReportFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case html, csv, md, json

    /// The file (for csv: the files) a report of this format is written to inside a folder:
    /// report.html, submissions.csv + leaderboard.csv, report.md, report.json; one team's report
    /// gets the team's id in the name (report-foxes.html, submissions-foxes.csv).
    public func fileNames(team: String? = nil) -> [String] {
        let suffix = team.map { "-\(ReportFormat.safeFileComponent($0))" } ?? ""
        switch self {
        case .html: return ["report\(suffix).html"]
        case .md: return ["report\(suffix).md"]
        case .json: return ["report\(suffix).json"]
        case .csv: return ["submissions\(suffix).csv", "leaderboard\(suffix).csv"]
        }
    }

    /// A team id made safe for a file name (ids are slugs already; this is for hand-written ones).
    static func safeFileComponent(_ text: String) -> String {
        let allowed = text.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" ? Character($0) : "_" }
        return String(allowed).isEmpty ? "team" : String(allowed)
    }
}

/// One file a renderer makes: its name in the output folder, its bytes, and warnings about what
/// went into it (a photo refused a thumbnail), for the command to print.
public struct ReportDocument: Sendable, Hashable {
    /// The file's name in the output folder (`report.html`).
    public var name: String
    /// The file's content.
    public var bytes: [UInt8]
    /// Warnings about what went into it, for the command to print.
    public var diagnostics: [Diagnostic]

    /// A document named `name` holding `bytes`.
    public init(name: String, bytes: [UInt8], diagnostics: [Diagnostic] = []) {
        self.name = name
        self.bytes = bytes
        self.diagnostics = diagnostics
    }
}

/// Lays a `Report` out in one format. Renderers never re-judge and never read photos for
/// metadata (the HTML renderer reads thumbnails through its `thumbnails` provider).
public protocol ReportRenderer: Sendable {
    var format: ReportFormat { get }
    /// The files of this format, in `format.fileNames(team:)` order.
    func render(_ report: Report) throws(ReportError) -> [ReportDocument]
}

/// `--format json`: the report model itself (report schema 1).
public struct JSONReportRenderer: ReportRenderer {
    /// `json`.
    public var format: ReportFormat { .json }
    /// A JSON renderer.
    public init() {}

    /// The report model as JSON, one document.
    public func render(_ report: Report) throws(ReportError) -> [ReportDocument] {
        let data: Data
        do { data = try report.jsonData() } catch {
            throw .template(path: "report.json", reason: "could not encode the report: \(error)")
        }
        return [ReportDocument(name: format.fileNames(team: report.team?.id)[0], bytes: Array(data))]
    }
}
