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
    /// with an offset, or a date and time without one read in the hunt's timezone (`2026-05-02
    /// 10:15`, `02/05/2026 10:15:03`, `5/2/2026 10:15:03 AM`: see `timestamp(_:clock:window:)`).
    /// `latitude`, `longitude` and `accuracy` columns, when there, make a row with a position a
    /// check-in (`csvPositionColumnNames`; the answer column may then be left out). Each attempt's
    /// id is the row's `id`, else `L<line>`, so its
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
        return try parseCSV(rows, displayPath: displayPath, clock: HuntClock(timezone: hunt.timezone, around: hunt.window), window: hunt.window)
    }

    /// The attempts of an export's text (as `readCSV` decodes a file's bytes).
    public static func parseCSV(
        _ text: String, displayPath: String, hunt: Hunt
    ) throws(DiagnosticError) -> (attempts: [AnswerAttempt], problems: [Diagnostic]) {
        try parseCSV(
            CSVRows(bytes: Array(text.utf8))!, displayPath: displayPath, clock: HuntClock(timezone: hunt.timezone, around: hunt.window),
            window: hunt.window)
    }

    static func parseCSV(
        _ rowsOfFile: CSVRows, displayPath: String, clock: HuntClock, window: TimeWindow?
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
            guard let sentAt = timestamp(timeText, clock: clock, window: window) else {
                problems.append(
                    .warning(
                        "answer-row",
                        (timeText.isEmpty
                            ? "the time is empty"
                            : "`\(timeText)` is not a time, or its day and month cannot be told apart on the hunt's days")
                            + "; the row is skipped", at: location,
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

    /// A time as a form tool exports it: ISO 8601 with an offset; else a date and a time
    /// (`10:15`, `10:15:03`, with `AM`/`PM` if the export has them) read in the hunt's timezone,
    /// the date year first (`2026-05-02`, `2026/05/02`) or year last as the export's locale writes
    /// it, day first or month first (`02/05/2026`, `5/2/2026`, `02.05.2026`). A year-last date that
    /// reads both ways takes the reading on a day of the hunt's `window` (a day either side
    /// allowed); nil when neither or both are, or when the text is no time.
    static func timestamp(_ text: String, clock: HuntClock, window: TimeWindow?) -> Timestamp? {
        if let stamp = Timestamp(text) { return stamp }
        var parts = text.split(whereSeparator: { $0 == " " || $0 == "T" || $0 == "," }).map { $0.uppercased() }
        var afternoon: Bool?
        if let last = parts.last, last == "AM" || last == "PM" {
            afternoon = last == "PM"
            parts.removeLast()
        }
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." }).map { Int($0) }
        var time = parts[1].split(separator: ":").map { Int($0) }
        guard date.count == 3, (2...3).contains(time.count), !date.contains(nil), !time.contains(nil) else { return nil }
        if let afternoon {
            guard (1...12).contains(time[0]!) else { return nil }
            time[0] = time[0]! % 12 + (afternoon ? 12 : 0)
        }
        func instant(_ year: Int, _ month: Int, _ day: Int) -> Date? {
            guard (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day), (0...23).contains(time[0]!),
                (0...59).contains(time[1]!),
                (0...60).contains(time.count == 3 ? time[2]! : 0)
            else { return nil }
            let local = LocalDateTime(year: year, month: month, day: day, hour: time[0]!, minute: time[1]!, second: time.count == 3 ? time[2]! : 0)
            return clock.instant(of: local, offsetSeconds: nil)
        }
        let (a, b, c) = (date[0]!, date[1]!, date[2]!)
        if a > 999 { return instant(a, b, c).map(clock.timestamp) }
        guard c > 999 else { return nil }
        // Year last: day first (most of the world) or month first (the US), told apart by which is a date on the hunt's days.
        let readings = Set([instant(c, b, a), instant(c, a, b)].compactMap { $0 })
        if readings.count == 1 { return readings.first.map(clock.timestamp) }
        guard let window else { return nil }
        let days = TimeWindow(start: window.start.addingTimeInterval(-86_400), end: window.end.addingTimeInterval(86_400))
        let onTheDay = readings.filter(days.contains)
        return onTheDay.count == 1 ? onTheDay.first.map(clock.timestamp) : nil
    }
}
