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

    public static func parse(_ text: String, displayPath: String) throws(DiagnosticError) -> Manifest {
        var rows: [Row] = []
        var columns = (team: 0, task: 1, path: 2)
        var problems: [Diagnostic] = []
        for (index, fields) in ManifestCSV.records(text).enumerated() {
            let line = fields.line
            let values = fields.values.map { $0.trimmingCharacters(in: .whitespaces) }
            if values.allSatisfy(\.isEmpty) { continue }
            let lowered = values.map { $0.lowercased() }
            if index == 0, Set(lowered).isSuperset(of: ["team", "task", "path"]) {
                columns = (lowered.firstIndex(of: "team")!, lowered.firstIndex(of: "task")!, lowered.firstIndex(of: "path")!)
                continue
            }
            let location = SourceLocation(file: displayPath, line: line, column: 1)
            guard values.count > max(columns.team, columns.task, columns.path) else {
                problems.append(.error("manifest-row", "expected team,task,path; found \(values.count) field(s)", at: location,
                                       fix: "write one photo per line: team,task,path"))
                continue
            }
            let row = Row(team: values[columns.team], task: values[columns.task], path: values[columns.path], location: location)
            if row.team.isEmpty || row.path.isEmpty {
                problems.append(.error("manifest-row", "team and path must not be empty", at: location))
                continue
            }
            rows.append(row)
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return Manifest(rows: rows)
    }
}

/// RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF; `;` or tab as delimiter when the
/// first line has more of them than commas.
enum ManifestCSV {
    struct Record {
        var values: [String]
        var line: Int
    }

    static func records(_ text: String) -> [Record] {
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
        let candidates: [Character] = [",", ";", "\t"]
        let delimiter = candidates.max { a, b in firstLine.filter { $0 == a }.count < firstLine.filter { $0 == b }.count } ?? ","
        var records: [Record] = []
        var values: [String] = []
        var field = ""
        var quoted = false
        var line = 1, recordLine = 1
        var iterator = Array(text).makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let p = pending { pending = nil; return p }
            return iterator.next()
        }
        while let c = next() {
            if quoted {
                if c == "\"" {
                    if let n = next() {
                        if n == "\"" { field.append("\"") } else { quoted = false; pending = n }
                    } else { quoted = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.append(c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty: quoted = true
            case delimiter: values.append(field); field = ""
            case "\r", "\n", "\r\n":
                values.append(field); field = ""
                records.append(Record(values: values, line: recordLine))
                values = []
                line += 1
                recordLine = line
            default: field.append(c)
            }
        }
        if !field.isEmpty || !values.isEmpty {
            values.append(field)
            records.append(Record(values: values, line: recordLine))
        }
        return records
    }
}
