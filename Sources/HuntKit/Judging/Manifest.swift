import Foundation

/// A `--manifest` CSV: `team,task,path` rows. A header row is optional; with one, columns are
/// found by name in any order (`team`, `task`, `path` — also `file` or `photo` — in any case,
/// `Team ID` too, or in Spanish, French or Dutch: `equipo;tarea;ruta`), and `task` may be left out. Read by the one CSV reader (`CSVRows`), so a file
/// saved by Excel as "CSV UTF-8" (byte-order mark, `;` between fields, CRLF, quoted cells) reads
/// as written. Paths are relative to the submissions folder.
public struct Manifest: Sendable {
    /// One `team,task,path` line of the manifest.
    public struct Row: Sendable, Hashable {
        /// The team as written in the manifest (a team id or name, matched by `NameKey`).
        public var team: String
        /// The task as written (a task id, matched by `NameKey`); empty when the manifest has no task column or cell, so the judge matches by position.
        public var task: String
        /// The photo's path relative to the submissions folder, as written.
        public var path: String
        /// The row's line in the manifest file, for diagnostics.
        public var location: SourceLocation
    }

    /// The rows in file order, header left out.
    public var rows: [Row]

    /// Larger manifests are refused before reading (a million rows fit in far less).
    public static let maximumBytes = 64 << 20

    /// Reads a manifest (a regular file, at most `maximumBytes`); errors name the file and line.
    public static func read(contentsOf url: URL, displayPath: String) throws(DiagnosticError) -> Manifest {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path: url.path, displayPath: displayPath, limitBytes: maximumBytes, what: "manifest")
        } catch {
            throw DiagnosticError(error.diagnostic)
        }
        guard let reader = CSVRows(bytes: bytes) else {
            throw DiagnosticError(
                .error(
                    "not-utf8", "the manifest is not UTF-8 text", at: SourceLocation(file: displayPath),
                    fix: "save it as UTF-8 CSV (in Excel: Save As, \"CSV UTF-8\")"))
        }
        return try parse(reader, displayPath: displayPath)
    }

    /// The column names a header row may use, by `NameKey` (so `Team ID`, `Équipe` and `Tâche`
    /// are `teamid`, `equipe` and `tache`): English, and the Spanish, French and Dutch a
    /// spreadsheet's owner may have typed.
    static let columnNames: (team: Set<String>, task: Set<String>, path: Set<String>) = (
        ["team", "teamid", "equipo", "equipe", "ploeg"],
        ["task", "taskid", "tarea", "tache", "taak", "opdracht"],
        ["path", "file", "filename", "filepath", "photo", "ruta", "archivo", "foto", "chemin", "fichier", "pad", "bestand"]
    )

    /// The most photo rows a manifest may hold: far more than any hunt's photos, and a bound on
    /// what a runaway export can cost.
    public static let maximumRows = 1_000_000
    /// The longest team, task or path, in UTF-8 bytes (a path's limit on Linux).
    public static let maximumFieldBytes = 4096
    /// After this many bad rows the rest of the file is not read: the fix is the same.
    static let maximumProblems = 100

    /// The manifest in `text` (as `read` decodes a file's bytes).
    public static func parse(_ text: String, displayPath: String) throws(DiagnosticError) -> Manifest {
        try parse(CSVRows(bytes: Array(text.utf8))!, displayPath: displayPath)
    }

    static func parse(_ rowsOfFile: CSVRows, displayPath: String) throws(DiagnosticError) -> Manifest {
        var reader = rowsOfFile
        var rows: [Row] = []
        var columns: (team: Int, task: Int?, path: Int) = (0, 1, 2)
        var problems: [Diagnostic] = []
        var seenFirst = false
        while let record = reader.next() {
            if reader.error != nil { break }  // an unclosed quote swallowed the rest; reported below
            let location = SourceLocation(file: displayPath, line: record.line, column: 1)
            if problems.count >= maximumProblems {
                problems.append(
                    .error(
                        "manifest-row", "stopped reading after \(maximumProblems) bad rows", at: location,
                        fix: "check that the file is a team,task,path CSV"))
                break
            }
            let values = record.fields.map(\.value.trimmedWhitespace)
            if values.allSatisfy(\.isEmpty) { continue }
            if !seenFirst {
                seenFirst = true
                let keys = values.map { NameKey($0).text }
                func column(_ names: Set<String>) -> Int? { keys.firstIndex { names.contains($0) } }
                let (team, task, path) = (column(columnNames.team), column(columnNames.task), column(columnNames.path))
                if team != nil || task != nil || path != nil {
                    guard let team, let path else {
                        throw DiagnosticError(
                            .error(
                                "manifest-header",
                                "the header row names no `\(team == nil ? "team" : "path")` column (it has "
                                    + values.map { "`\($0)`" }.joined(separator: ", ") + ")", at: location,
                                fix: "name the columns team, task and path (task may be left out)"))
                    }
                    columns = (team, task, path)
                    continue
                }
            }
            guard values.count > max(columns.team, columns.task ?? 0, columns.path) else {
                problems.append(
                    .error(
                        "manifest-row", "expected team,task,path; found \(values.count) field(s)", at: location,
                        fix: "write one photo per line: team,task,path"))
                continue
            }
            if let long = values.first(where: { $0.utf8.count > maximumFieldBytes }) {
                problems.append(
                    .error(
                        "manifest-row", "a field of \(long.utf8.count) bytes; a team, task or path is at most \(maximumFieldBytes)",
                        at: location, fix: "check the row: a missing closing quote joins lines into one field"))
                continue
            }
            guard rows.count < maximumRows else {
                problems.append(
                    .error(
                        "manifest-too-large", "more than \(maximumRows) photo rows", at: location,
                        fix: "split the photos into several runs of `hunt judge`, or remove repeated rows"))
                break
            }
            let row = Row(team: values[columns.team], task: columns.task.map { values[$0] } ?? "", path: values[columns.path], location: location)
            if row.team.isEmpty || row.path.isEmpty {
                problems.append(.error("manifest-row", "team and path must not be empty", at: location))
                continue
            }
            rows.append(row)
        }
        if let error = reader.error {
            problems.append(
                .error(
                    "csv-syntax", error.message, at: SourceLocation(file: displayPath, line: error.line, column: error.column),
                    fix: "close the quoted field with \""))
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return Manifest(rows: rows)
    }
}
