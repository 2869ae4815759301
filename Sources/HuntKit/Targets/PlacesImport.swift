import Foundation

/// Turns places and areas read from a file into the `tasks:` section of a hunt.
///
/// Every place becomes a circle task (`at:` + `radius:`), every polygon feature an area task.
/// Ids are slugs of the names (ASCII, diacritics folded: `Café Zuid` → `cafe-zuid`), made unique
/// with `-2`, `-3`…; names that have no ASCII letters get `place-N`. Titles keep the names intact.
/// Strings are always written double-quoted with YAML escapes, so any name, clue or hint reads
/// back exactly as it was.
public struct PlacesImport: Sendable {
    /// Keep only places within `withinMetres` of `near` (areas: whose edge is that close, or that contain it).
    public var near: Coordinate?
    public var withinMetres: Double?
    /// The radius for every circle task; a radius given per place in the file wins.
    public var radius: Length?
    /// Where polygon features are written as GeoJSON files (`DIR/<id>.geojson`), as the `area:` path will name them.
    public var areasDirectory: String?
    /// The file's path as the user gave it; an area task may name it directly.
    public var sourcePath: String
    public var sourceFormat: GeoFileFormat

    public init(sourcePath: String, sourceFormat: GeoFileFormat, near: Coordinate? = nil, withinMetres: Double? = nil,
                radius: Length? = nil, areasDirectory: String? = nil) {
        self.sourcePath = sourcePath
        self.sourceFormat = sourceFormat
        self.near = near
        self.withinMetres = withinMetres
        self.radius = radius
        self.areasDirectory = areasDirectory
    }

    public struct Output: Sendable {
        /// The YAML fragment, starting with `tasks:`.
        public var yaml: String
        /// GeoJSON files to write for area tasks: path (as the task names it) and content.
        public var areaFiles: [(path: String, contents: String)]
        public var diagnostics: [Diagnostic]
        public var taskCount: Int
    }

    public func tasks(from features: GeoFeatures) -> Output {
        var diagnostics: [Diagnostic] = []
        var ids = Set<String>()
        var yaml = "tasks:\n"
        var count = 0
        var areaFiles: [(path: String, contents: String)] = []
        func uniqueID(_ name: String, fallbackNumber: Int) -> String {
            var base = Self.slug(name)
            if base.isEmpty { base = "place-\(fallbackNumber)" }
            var id = base, n = 2
            while ids.contains(id) { id = "\(base)-\(n)"; n += 1 }
            ids.insert(id)
            return id
        }
        for place in features.places {
            if let near, let withinMetres, Geodesic.distanceMetres(from: near, to: place.coordinate) > withinMetres { continue }
            count += 1
            let id = uniqueID(place.name, fallbackNumber: count)
            yaml += "  - id: \(YAMLText.scalar(id))\n"
            yaml += "    title: \(YAMLText.quoted(place.name))\n"
            yaml += "    at: \(Coordinate.format(place.coordinate.latitude)), \(Coordinate.format(place.coordinate.longitude))\n"
            if let r = place.radius ?? radius { yaml += "    radius: \(Self.lengthText(r))\n" }
            if let clue = place.description { yaml += "    clue: \(YAMLText.quoted(clue))\n" }
            if let hint = place.hint { yaml += "    hint: \(YAMLText.quoted(hint))\n" }
            var tags: [String] = []
            if let kind = place.kind { tags.append(kind) }
            if let d = place.difficulty { tags.append("difficulty \(Length.trim(d))") }
            if let t = place.terrain { tags.append("terrain \(Length.trim(t))") }
            if !tags.isEmpty { yaml += "    tags: [\(tags.map(YAMLText.quoted).joined(separator: ", "))]\n" }
        }
        let areaCount = features.areas.count
        for (i, named) in features.areas.enumerated() {
            if let near, let withinMetres {
                let area = Area(polygons: named.polygons)
                if area.edge(from: near).signedDistanceMetres > withinMetres { continue }
            }
            let name = named.name ?? "area \(i + 1)"
            let path: String
            var id = ""
            if let dir = areasDirectory {
                id = uniqueID(name, fallbackNumber: count + 1)
                path = dir.hasSuffix("/") ? dir + id + ".geojson" : dir + "/" + id + ".geojson"
                areaFiles.append((path, GeoJSONText.areaFile(name: name, description: named.description, polygons: named.polygons)))
            } else if areaCount == 1 && (sourceFormat == .geojson || sourceFormat == .kml) {
                path = sourcePath
            } else {
                diagnostics.append(.warning("area-needs-dir", "polygon \(name.debugDescription) was not imported: an area task needs a file of its own",
                                            at: named.location, fix: "add --areas-dir DIR to write each polygon to DIR/<id>.geojson"))
                continue
            }
            if id.isEmpty { id = uniqueID(name, fallbackNumber: count + 1) }
            count += 1
            yaml += "  - id: \(YAMLText.scalar(id))\n"
            yaml += "    title: \(YAMLText.quoted(name))\n"
            yaml += "    area: \(YAMLText.quoted(path))\n"
            if let clue = named.description { yaml += "    clue: \(YAMLText.quoted(clue))\n" }
        }
        if count == 0 { yaml = "tasks: []\n" }
        return Output(yaml: yaml, areaFiles: areaFiles, diagnostics: diagnostics, taskCount: count)
    }

    static func lengthText(_ l: Length) -> String {
        l.metres.rounded() == l.metres && abs(l.metres) < 1e15 ? "\(Int(l.metres)) m" : "\(Fixed.string(l.metres, 2)) m"
    }

    /// ASCII slug of a name; empty when nothing in it folds to ASCII letters or digits.
    public static func slug(_ name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).lowercased()
        var slug = ""
        var pendingDash = false
        for c in folded.unicodeScalars {
            if c.isASCII, c.properties.isAlphabetic || ("0"..."9").contains(c) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(c)
                if slug.count >= 48 { break }
            } else {
                pendingDash = true
            }
        }
        return slug
    }
}
