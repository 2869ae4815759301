import Foundation

/// What a places or area file holds: points (places) and polygons (areas), with the diagnostics
/// found while reading it.
package struct GeoFeatures: Sendable {
    /// The points found (waypoints, placemarks, point features, CSV rows), in file order.
    public var places: [Place] = []
    /// The polygon features found, in file order.
    public var areas: [NamedArea] = []
    /// Problems found while reading (skipped features, bad coordinates), each pointing into the file.
    public var diagnostics: [Diagnostic] = []
    /// The format the file was read as; nil when it could not be read or told.
    public var format: GeoFileFormat?
    /// Features found in a file, or made in code.
    public init(places: [Place] = [], areas: [NamedArea] = [], diagnostics: [Diagnostic] = []) {
        self.places = places
        self.areas = areas
        self.diagnostics = diagnostics
    }
}

/// One polygon feature of a file (a GeoJSON feature, a KML placemark), before it becomes an `Area`.
package struct NamedArea: Sendable {
    /// The feature's name from the file (`name` property or placemark name), if any.
    public var name: String?
    public var description: String?
    /// The feature's polygons, WGS 84 degrees.
    public var polygons: [AreaPolygon]
    /// Where the feature is in the file, for diagnostics about it.
    public var location: SourceLocation
    /// A polygon feature; `location` says where it was read from.
    public init(name: String?, description: String? = nil, polygons: [AreaPolygon], location: SourceLocation) {
        self.name = name
        self.description = description
        self.polygons = polygons
        self.location = location
    }
}

/// The formats places and areas are read from and written to.
package enum GeoFileFormat: String, Sendable, CaseIterable {
    case gpx, kml, geojson, csv

    /// By extension (`.gpx`, `.kml`, `.geojson`/`.json`, `.csv`/`.tsv`/`.txt`), else by the first bytes.
    public static func detect(url: URL, data: Data) -> GeoFileFormat? {
        switch url.pathExtension.lowercased() {
        case "gpx": return .gpx
        case "kml": return .kml
        case "geojson", "json": return .geojson
        case "csv", "tsv", "txt": return .csv
        default: break
        }
        let head = String(decoding: data.prefix(2048), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if head.hasPrefix("{") { return .geojson }
        if head.hasPrefix("<") { return head.contains("<gpx") ? .gpx : head.contains("<kml") ? .kml : nil }
        return head.isEmpty ? nil : .csv
    }
}

/// Reads places and areas from GPX, KML, GeoJSON and CSV files.
package enum GeoFileReader {
    /// Larger files are refused before reading: 128 MiB is over a million places.
    public static let maximumBytes = 128 << 20

    /// Reads `url` (a path the user named); diagnostics name `displayPath`. Never throws: an
    /// unreadable file (missing, not a regular file, too large) is an error diagnostic.
    public static func read(_ url: URL, displayPath: String? = nil) -> GeoFeatures {
        let path = displayPath ?? url.path
        return read(name: url.lastPathComponent, path: path) { () throws(InputFileError) in try InputFile(path: url.path, displayPath: path) }
    }

    /// Reads `relativePath` inside `folder` (a hunt file's `area:`/`places:`), never leaving it
    /// (see `InputFile(_:inside:)`); diagnostics name `displayPath`.
    public static func read(_ relativePath: String, inside folder: InputFolder, displayPath: String) -> GeoFeatures {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        return read(name: name, path: displayPath) { () throws(InputFileError) in
            try InputFile(relativePath, inside: folder, displayPath: displayPath)
        }
    }

    /// Reads standard input (a pipe, or a file redirected to it) as `format`, at most `maximumBytes`.
    public static func readStandardInput(format: GeoFileFormat, path: String) -> GeoFeatures {
        do {
            return read(
                Data(try InputFile.readStandardInput(displayPath: path, limitBytes: maximumBytes, what: "places or area file")),
                format: format, path: path)
        } catch {
            return GeoFeatures(diagnostics: [error.diagnostic])
        }
    }

    private static func read(name: String, path: String, open: () throws(InputFileError) -> InputFile) -> GeoFeatures {
        let data: Data
        do {
            data = Data(try open().readAll(limitBytes: maximumBytes, what: "places or area file"))
        } catch {
            return GeoFeatures(diagnostics: [
                .error(
                    error.reason == .notFound ? "unreadable-file" : error.code, error.message,
                    at: SourceLocation(file: path), fix: error.fix)
            ])
        }
        guard let format = GeoFileFormat.detect(url: URL(fileURLWithPath: name), data: data) else {
            return GeoFeatures(diagnostics: [
                .error(
                    "unknown-format", "cannot tell the format of \(path)",
                    at: SourceLocation(file: path),
                    fix: "name it .gpx, .kml, .geojson or .csv")
            ])
        }
        var features = read(data, format: format, path: path)
        features.format = format
        return features
    }

    /// The features in `data`, read as `format`; `path` names the file in diagnostics. Never throws: problems become diagnostics.
    public static func read(_ data: Data, format: GeoFileFormat, path: String) -> GeoFeatures {
        switch format {
        case .csv: return CSVPlacesReader.read(data, path: path)
        case .geojson: return GeoJSONReader.read(data, path: path)
        case .gpx, .kml: return XMLGeoReader.read(data, format: format, path: path)
        }
    }
}

enum GeoText {
    /// Trims and collapses empty text to nil.
    static func clean(_ s: String?) -> String? {
        guard let s else { return nil }
        let t = trim(s)
        return t.isEmpty ? nil : t
    }

    /// Trims white space and line breaks; much faster than Foundation's `trimmingCharacters` on
    /// the common case of nothing to trim, which matters for 100,000-row CSV files.
    static func trim(_ s: String) -> String {
        let utf8 = s.utf8
        guard let first = utf8.first, let last = utf8.last else { return s }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C }
        if !isSpace(first) && !isSpace(last) && first < 0x80 && last < 0x80 { return s }
        return s.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Text from HTML descriptions (Groundspeak, KML balloons): tags dropped, common entities decoded, blank runs collapsed.
    static func plain(fromHTML html: String) -> String {
        // Block-level tags separate words; inline ones (b, i, span, a…) do not.
        let inline: Set = ["b", "i", "u", "em", "strong", "span", "a", "font", "small", "big", "sub", "sup", "code", "img"]
        var out = ""
        var tag: String?
        for c in html {
            if c == "<" && tag == nil { tag = ""; continue }
            if var t = tag {
                if c == ">" {
                    let name = t.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                    if !inline.contains(name) { out.append(" ") }
                    tag = nil
                } else {
                    t.append(c); tag = t
                }
                continue
            }
            out.append(c)
        }
        for (entity, char) in [("&nbsp;", " "), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")] {
            out = out.replacingOccurrences(of: entity, with: char)
        }
        return out.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    static func coordinate(latitude: Double, longitude: Double) -> Coordinate? {
        let c = Coordinate(latitude: latitude, longitude: longitude)
        return c.isValid ? c : nil
    }
}
