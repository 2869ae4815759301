import Foundation

/// Places from CSV with a header row: latitude (`latitude`/`lat`), longitude
/// (`longitude`/`lon`/`lng`/`long`), and optionally `name`/`title`, `radius`, `description`/`clue`,
/// `hint`, `type`/`category`, `difficulty`, `terrain`, in any order and any case. The delimiter
/// (comma, semicolon, tab or bar) is the one the header uses most; fields may be quoted as in
/// RFC 4180. A file without a header whose rows are `lat,lon[,name]` is read too. With a delimiter
/// other than a comma, coordinates may have a decimal comma (`-33,8568;151,2153`, as Excel writes
/// them in many locales).
enum CSVPlacesReader {
    static let latitudeNames: Set = ["latitude", "lat", "y"]
    static let longitudeNames: Set = ["longitude", "lon", "lng", "long", "x"]

    static func read(_ data: Data, path: String) -> GeoFeatures {
        var result = GeoFeatures()
        guard var rows = CSVRows(bytes: data) else {
            result.diagnostics.append(
                .error(
                    "not-utf8", "\(path) is not UTF-8 text", at: SourceLocation(file: path),
                    fix: "save the CSV as UTF-8"))
            return result
        }
        let delimiter = rows.delimiterCharacter
        guard let header = rows.next() else {
            result.diagnostics.append(.error("empty-file", "\(path) is empty", at: SourceLocation(file: path)))
            return result
        }
        let names = header.fields.map { GeoText.trim($0.value).lowercased() }
        func column(_ set: Set<String>) -> Int? { names.firstIndex { set.contains($0) } }
        var lat = column(latitudeNames), lon = column(longitudeNames)
        var name = column(["name", "title"])
        var pendingFirst: CSVRows.Row?
        if lat == nil || lon == nil {
            // No header: rows of lat,lon[,name].
            if header.fields.count >= 2, degrees(GeoText.trim(header.fields[0].value), delimiter: delimiter) != nil,
                degrees(GeoText.trim(header.fields[1].value), delimiter: delimiter) != nil
            {
                lat = 0; lon = 1; name = header.fields.count > 2 ? 2 : nil
                pendingFirst = header
            } else {
                // Not recognised as a places CSV: say so without quoting the file (it may be any
                // file, e.g. one holding secrets), and without a line the renderer would print.
                result.diagnostics.append(
                    .error(
                        "csv-missing-columns",
                        "\(path) is not a places CSV: its first line names no latitude and longitude columns",
                        at: SourceLocation(file: path),
                        fix: "name the columns `latitude` (or `lat`) and `longitude` (or `lon`, `lng`)"))
                return result
            }
        }
        let radius = pendingFirst == nil ? column(["radius", "radius_m"]) : nil
        let description = pendingFirst == nil ? column(["description", "desc", "clue", "notes"]) : nil
        let hint = pendingFirst == nil ? column(["hint", "hints"]) : nil
        let kind = pendingFirst == nil ? column(["type", "category", "kind"]) : nil
        let difficulty = pendingFirst == nil ? column(["difficulty"]) : nil
        let terrain = pendingFirst == nil ? column(["terrain"]) : nil
        var row = pendingFirst ?? rows.next()
        while let current = row {
            defer { row = rows.next() }
            if rows.error != nil { break }  // an unclosed quote swallowed the rest; reported below
            if current.fields.allSatisfy({ GeoText.trim($0.value).isEmpty }) { continue }
            func field(_ i: Int?) -> String? {
                guard let i, i < current.fields.count else { return nil }
                return GeoText.clean(current.fields[i].value)
            }
            func at(_ i: Int?) -> SourceLocation {
                guard let i, i < current.fields.count else { return SourceLocation(file: path, line: current.line, column: 1) }
                return SourceLocation(file: path, line: current.line, column: current.fields[i].column)
            }
            guard let latText = field(lat), let latValue = degrees(latText, delimiter: delimiter),
                let lonText = field(lon), let lonValue = degrees(lonText, delimiter: delimiter)
            else {
                let bad = field(lat).flatMap { degrees($0, delimiter: delimiter) } == nil ? lat : lon
                result.diagnostics.append(
                    .error(
                        "bad-coordinate",
                        "\(path):\(current.line): latitude and longitude must be decimal degrees (got \(field(lat).map { "`\($0)`" } ?? "nothing"), \(field(lon).map { "`\($0)`" } ?? "nothing"))",
                        at: at(bad), fix: "write them like 52.0907 and 5.1213"))
                continue
            }
            guard let coordinate = GeoText.coordinate(latitude: latValue, longitude: lonValue) else {
                result.diagnostics.append(
                    .error(
                        "coordinate-out-of-range", "latitude \(latText), longitude \(lonText) is not on the Earth",
                        at: at(lat), fix: "latitude must be within ±90 and longitude within ±180; are the columns swapped?"))
                continue
            }
            var place = Place(
                name: field(name) ?? "place \(result.places.count + 1)", coordinate: coordinate,
                description: field(description), hint: field(hint), kind: field(kind),
                difficulty: field(difficulty).flatMap(Double.init), terrain: field(terrain).flatMap(Double.init),
                location: SourceLocation(file: path, line: current.line, column: 1))
            if let text = field(radius) {
                if let length = Length.parse(text), length.metres > 0, length.metres <= 20_000_000 {
                    place.radius = length
                } else {
                    result.diagnostics.append(
                        .warning(
                            "bad-radius", "radius `\(text)` is not a radius (a positive length up to 20,000 km); the task's radius is used",
                            at: at(radius), fix: "write it like `30 m` or `30`"))
                }
            }
            result.places.append(place)
        }
        if let error = rows.error {
            result.diagnostics.append(
                .error(
                    "csv-syntax", error.message, at: SourceLocation(file: path, line: error.line, column: error.column),
                    fix: "close the quoted field with \""))
        }
        return result
    }

    /// A number of degrees. Spreadsheets in most of Europe and South America export CSV with `;`
    /// between fields and a decimal comma (`-33,8568`); when the delimiter is not a comma, one
    /// comma in a number without a point is read as its decimal point.
    static func degrees(_ text: String, delimiter: Character) -> Double? {
        if let value = Double(text) { return value }
        guard delimiter != "," else { return nil }
        // Over UTF-8 bytes: position files can have 100,000 rows.
        var bytes = Array(text.utf8)
        guard let comma = bytes.firstIndex(of: UInt8(ascii: ",")), bytes.lastIndex(of: UInt8(ascii: ",")) == comma,
            !bytes.contains(UInt8(ascii: "."))
        else { return nil }
        bytes[comma] = UInt8(ascii: ".")
        return Double(String(decoding: bytes, as: UTF8.self))
    }
}
