import Foundation

/// A `--manifest` CSV: `team,task,path` rows (a header row with those names is optional, and
/// the columns may then come in any order). Paths are relative to the submissions folder.
public struct Manifest: Sendable {
    public struct Row: Sendable, Hashable {
        public var team: String
        public var task: String
        public var path: String
        public var location: SourceLocation
    }

    public var rows: [Row]

    /// Larger manifests are refused before reading (a million rows fit in far less).
    public static let maximumBytes = 64 << 20

    /// Reads a manifest (a regular file, at most `maximumBytes`); errors name the file and line.
    public static func read(contentsOf url: URL, displayPath: String) throws(DiagnosticError) -> Manifest {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path: url.path, shown: displayPath, limitBytes: maximumBytes, what: "manifest")
        } catch {
            throw DiagnosticError(error.diagnostic)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DiagnosticError(.error("not-utf8", "the manifest is not UTF-8 text", at: SourceLocation(file: displayPath),
                                         fix: "save it as UTF-8 CSV"))
        }
        return try parse(text, displayPath: displayPath)
    }

    /// The most photo rows a manifest may hold: far more than any hunt's photos, and a bound on
    /// what a runaway export can cost.
    public static let maximumRows = 1_000_000
    /// The longest team, task or path, in UTF-8 bytes (a path's limit on Linux).
    public static let maximumFieldBytes = 4096
    /// After this many bad rows the rest of the file is not read: the fix is the same.
    static let maximumProblems = 100

    public static func parse(_ text: String, displayPath: String) throws(DiagnosticError) -> Manifest {
        var rows: [Row] = []
        var columns = (team: 0, task: 1, path: 2)
        var problems: [Diagnostic] = []
        let firstLine = text.utf8.prefix { $0 != 0x0A && $0 != 0x0D }
        var reader = CSVRows(text: text, delimiter: CSVRows.delimiter(forHeader: String(decoding: firstLine, as: UTF8.self)))
        var index = 0
        while let record = reader.next() {
            defer { index += 1 }
            if reader.error != nil { break }  // an unclosed quote swallowed the rest; reported below
            let location = SourceLocation(file: displayPath, line: record.line, column: 1)
            if problems.count >= maximumProblems {
                problems.append(.error("manifest-row", "stopped reading after \(maximumProblems) bad rows", at: location,
                                       fix: "check that the file is a team,task,path CSV"))
                break
            }
            let values = record.fields.map(\.value.trimmedWhitespace)
            if values.allSatisfy(\.isEmpty) { continue }
            if index == 0 {
                let lowered = values.map { $0.lowercased() }
                if Set(lowered).isSuperset(of: ["team", "task", "path"]) {
                    columns = (lowered.firstIndex(of: "team")!, lowered.firstIndex(of: "task")!, lowered.firstIndex(of: "path")!)
                    continue
                }
            }
            guard values.count > max(columns.team, columns.task, columns.path) else {
                problems.append(.error("manifest-row", "expected team,task,path; found \(values.count) field(s)", at: location,
                                       fix: "write one photo per line: team,task,path"))
                continue
            }
            if let long = values.first(where: { $0.utf8.count > maximumFieldBytes }) {
                problems.append(.error("manifest-row", "a field of \(long.utf8.count) bytes; a team, task or path is at most \(maximumFieldBytes)",
                                       at: location, fix: "check the row: a missing closing quote joins lines into one field"))
                continue
            }
            guard rows.count < maximumRows else {
                problems.append(.error("manifest-too-large", "more than \(maximumRows) photo rows", at: location,
                                       fix: "split the photos into several runs of `hunt judge`, or remove repeated rows"))
                break
            }
            let row = Row(team: values[columns.team], task: values[columns.task], path: values[columns.path], location: location)
            if row.team.isEmpty || row.path.isEmpty {
                problems.append(.error("manifest-row", "team and path must not be empty", at: location))
                continue
            }
            rows.append(row)
        }
        if let error = reader.error {
            problems.append(.error("csv-syntax", error.message, at: SourceLocation(file: displayPath, line: error.line, column: error.column),
                                   fix: "close the quoted field with \""))
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return Manifest(rows: rows)
    }
}
