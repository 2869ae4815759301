import Foundation

extension AnswerLog {
    /// The column names a form tool's export may use, by `NameKey` (`Time stamp`, `Équipe` and
    /// `Marca temporal` are `timestamp`, `equipe` and `marcatemporal`): English, and what Google
    /// Forms, Microsoft Forms and a spreadsheet's owner write in Spanish, French, German, Dutch
    /// and Portuguese. Team and task take the manifest's names too.
    static let csvColumnNames: (time: Set<String>, team: Set<String>, task: Set<String>, answer: Set<String>, id: Set<String>) = (
        [
            "time", "timestamp", "date", "datetime", "submitted", "submittedat", "completiontime", "starttime", "sentat", "marcatemporal",
            "fecha", "hora", "horodateur", "heure", "zeitstempel", "zeit", "datum", "tijdstempel", "tijd", "carimbodedatahora", "data"
        ],
        Manifest.columnNames.team.union(["teamname", "nombredelequipo", "nomdelequipe", "teamnaam", "equipa", "nomedaequipa"]),
        Manifest.columnNames.task.union(["question", "pregunta", "prueba", "epreuve", "aufgabe", "frage", "vraag", "tarefa", "pergunta"]),
        ["answer", "response", "respuesta", "reponse", "antwort", "antwoord", "resposta"],
        ["id", "attempt", "attemptid", "responseid"]
    )
    /// A check-in's optional columns: where the browser said the team was, and how accurately.
    static let csvPositionColumnNames: (latitude: Set<String>, longitude: Set<String>, accuracy: Set<String>) = (
        ["latitude", "lat", "latitud", "breitengrad", "breedtegraad"],
        ["longitude", "lon", "lng", "longitud", "langengrad", "lengtegraad"],
        ["accuracy", "accuracym", "precision", "precisao", "genauigkeit", "nauwkeurigheid"]
    )

    /// The attempts of a form tool's CSV export (a regular file, at most `maximumBytes`): a
    /// header row naming the time, team, task and answer columns in any order (`csvColumnNames`;
    /// an `id` column is optional, else a row is keyed by its line), read by the one CSV reader
    /// (`CSVRows`: a UTF-8 byte-order mark, `;` or `,`, CRLF, quoted cells). A time is ISO 8601
    /// with an offset, or a date and time without one (`2026-05-02 10:15`, `2026/05/02 10:15:03`,
    /// read in the hunt's timezone). `latitude`, `longitude` and `accuracy` columns, when there,
    /// make a row with a position a check-in (`csvPositionColumnNames`; the answer column may
    /// then be left out). Each attempt's id is the row's `id`, else `L<line>`, so its
    /// key is `answers.csv#L12`. A row that cannot be read is a diagnostic naming its line and is
    /// skipped; a file without the columns, or not UTF-8, throws.
    public static func readCSV(
        contentsOf url: URL, displayPath: String, hunt: Hunt
    ) throws(DiagnosticError) -> (
        attempts: [AnswerAttempt], problems: [Diagnostic]
    ) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path: url.path, displayPath: displayPath, limitBytes: maximumBytes, what: "answers file")
        } catch {
            throw DiagnosticError(error.diagnostic)
        }
        guard let rows = CSVRows(bytes: bytes) else {
            throw DiagnosticError(
                .error(
                    "not-utf8", "the answers file is not UTF-8 text", at: SourceLocation(file: displayPath),
                    fix: "export it as UTF-8 CSV (in Excel: Save As, \"CSV UTF-8\")"))
        }
        return try parseCSV(rows, displayPath: displayPath, clock: HuntClock(timezone: hunt.timezone, around: hunt.window))
    }

    /// The attempts of an export's text (as `readCSV` decodes a file's bytes).
    public static func parseCSV(
        _ text: String, displayPath: String, hunt: Hunt
    ) throws(DiagnosticError) -> (attempts: [AnswerAttempt], problems: [Diagnostic]) {
        try parseCSV(CSVRows(bytes: Array(text.utf8))!, displayPath: displayPath, clock: HuntClock(timezone: hunt.timezone, around: hunt.window))
    }

    static func parseCSV(
        _ rowsOfFile: CSVRows, displayPath: String, clock: HuntClock
    ) throws(DiagnosticError) -> (
        attempts: [AnswerAttempt], problems: [Diagnostic]
    ) {
        var reader = rowsOfFile
        var attempts: [AnswerAttempt] = [], problems: [Diagnostic] = []
        var columns: Columns?
        var seen = Set<String>()
        while let record = reader.next() {
            if reader.error != nil { break }
            let location = SourceLocation(file: displayPath, line: record.line, column: 1)
            let values = record.fields.map(\.value.trimmedWhitespace)
            if values.allSatisfy(\.isEmpty) { continue }
            guard let found = columns else {
                columns = try header(values, location: location)
                continue
            }
            if problems.count >= maximumProblems {
                problems.append(
                    .error(
                        "answer-row", "stopped reading after \(maximumProblems) bad rows", at: location,
                        fix: "check that the file is the form's export"))
                break
            }
            func cell(_ index: Int) -> String { index < values.count ? values[index] : "" }
            let timeText = cell(found.time)
            guard let sentAt = timestamp(timeText, clock: clock) else {
                problems.append(
                    .warning(
                        "answer-row", (timeText.isEmpty ? "the time is empty" : "`\(timeText)` is not a time") + "; the row is skipped", at: location,
                        fix: "write it as 2026-05-02 10:15 (the hunt's timezone) or 2026-05-02T10:15:00+02:00"))
                continue
            }
            let id = found.id.map(cell).flatMap { $0.isEmpty ? nil : $0 } ?? "L\(record.line)"
            var position: CheckInPosition?
            if let place = found.position, !cell(place.latitude).isEmpty || !cell(place.longitude).isEmpty {
                guard let latitude = Double(cell(place.latitude)), let longitude = Double(cell(place.longitude)) else {
                    problems.append(
                        .warning(
                            "answer-row", "the latitude and longitude are not both numbers; the row is skipped", at: location,
                            fix: "write decimal degrees with a point: 52.0874, 5.1777"))
                    continue
                }
                let accuracy = place.accuracy.map(cell).flatMap { $0.isEmpty ? nil : Double($0) ?? -1 }
                position = CheckInPosition(latitude: latitude, longitude: longitude, accuracyMetres: accuracy)
            }
            let attempt = AnswerAttempt(
                id: id, team: cell(found.team), task: cell(found.task),
                answer: found.answer.map { values.indices.contains($0) ? record.fields[$0].value : "" } ?? "", sentAt: sentAt,
                position: position)
            admit(attempt, into: &attempts, seen: &seen, problems: &problems, at: location, what: "row")
        }
        if let error = reader.error {
            problems.append(
                .error(
                    "csv-syntax", error.message, at: SourceLocation(file: displayPath, line: error.line, column: error.column),
                    fix: "close the quoted field with \""))
        }
        if columns == nil {
            throw DiagnosticError(
                .error(
                    "answers-header", "the answers file is empty", at: SourceLocation(file: displayPath),
                    fix: "export the form's answers with a header row"))
        }
        return (attempts, problems)
    }

    /// Where each column is: the answer's may be missing when the position's are there (check-ins only).
    typealias Columns = (time: Int, team: Int, task: Int, answer: Int?, id: Int?, position: (latitude: Int, longitude: Int, accuracy: Int?)?)

    /// The columns a header row names; throws naming the columns it lacks.
    private static func header(_ values: [String], location: SourceLocation) throws(DiagnosticError) -> Columns {
        let keys = values.map { NameKey($0).text }
        func column(_ names: Set<String>) -> Int? { keys.firstIndex { names.contains($0) } }
        let names = csvColumnNames, placed = csvPositionColumnNames
        var position: (latitude: Int, longitude: Int, accuracy: Int?)?
        if let latitude = column(placed.latitude), let longitude = column(placed.longitude) {
            position = (latitude, longitude, column(placed.accuracy))
        }
        let (time, team, task, answer) = (
            column(names.time), column(names.team), column(names.task), column(names.answer) ?? position.map { _ in -1 }
        )
        guard let time, let team, let task, let answer else {
            let missing = [("time", time), ("team", team), ("task", task), ("answer", answer)].filter { $0.1 == nil }.map { "`\($0.0)`" }
            throw DiagnosticError(
                .error(
                    "answers-header",
                    "the header row names no " + missing.joined(separator: ", ") + " column (it has "
                        + values.map { "`\($0)`" }.joined(separator: ", ") + ")",
                    at: location, fix: "name the columns time, team, task and answer (in any order; an id column is optional)"))
        }
        return (time, team, task, answer < 0 ? nil : answer, column(names.id), position)
    }

    /// ISO 8601 with an offset, else a local date and time in the hunt's timezone.
    static func timestamp(_ text: String, clock: HuntClock) -> Timestamp? {
        if let stamp = Timestamp(text) { return stamp }
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(whereSeparator: { $0 == "-" || $0 == "/" }).compactMap { Int($0) }
        let time = parts[1].split(separator: ":").compactMap { Int($0) }
        guard date.count == 3, date[0] > 999, (2...3).contains(time.count) else { return nil }
        let local = LocalDateTime(year: date[0], month: date[1], day: date[2], hour: time[0], minute: time[1], second: time.count == 3 ? time[2] : 0)
        guard (1...12).contains(date[1]), (1...31).contains(date[2]), (0...23).contains(time[0]), (0...59).contains(time[1]),
            let instant = clock.instant(of: local, offsetSeconds: nil)
        else { return nil }
        return clock.timestamp(instant)
    }
}
