import Foundation

/// Turns places and areas read from a file into the `tasks:` section of a hunt.
///
/// Every place becomes a circle task (`at:` + `radius:`), every polygon feature an area task.
/// Ids are slugs of the names (ASCII, diacritics folded: `Café Zuid` → `cafe-zuid`), made unique
/// with `-2`, `-3`…; names that have no ASCII letters get `place-N`. Titles keep the names intact.
/// Strings are always written double-quoted with YAML escapes, so any name, clue or hint reads
/// back exactly as it was.
package struct PlacesImport: Sendable {
    /// Keep only places within `withinMetres` of `near` (areas: whose edge is that close, or that contain it).
    public var near: Coordinate?
    /// The distance from `near` to keep, metres (geodesic); with `near` nil, or this nil, nothing is filtered out.
    public var withinMetres: Double?
    /// The radius for every circle task; a radius given per place in the file wins.
    public var radius: Length?
    /// Where polygon features are written as GeoJSON files (`DIR/<id>.geojson`), as the `area:` path will name them.
    public var areasDirectory: String?
    /// How messages name `areasDirectory` to the person who gave it: the parameter's name, or a
    /// tool's own (`hunt import` says `--areas-dir`).
    public var areasDirectoryName = "`areasDirectory`"
    /// The file's path as the user gave it; an area task may name it directly.
    public var sourcePath: String
    /// The format the features were read as; an area task may name the source file directly only when that is GeoJSON or KML holding one polygon.
    public var sourceFormat: GeoFileFormat
    /// The folder of the hunt file the tasks go into (`hunt import --into`), as a path: `area:`
    /// paths are then written relative to it, and an area file outside it is written beside the
    /// hunt file as `<id>.geojson` instead, since the hunt may only name files in its folder.
    public var huntFolder: String?
    /// Ids already taken (the hunt's own tasks): imported ids are made unique against them too.
    public var takenIDs: Set<String> = []

    /// An import from the file at `sourcePath`; the filter, radius and areas folder are optional.
    public init(
        sourcePath: String, sourceFormat: GeoFileFormat, near: Coordinate? = nil, withinMetres: Double? = nil,
        radius: Length? = nil, areasDirectory: String? = nil
    ) {
        self.sourcePath = sourcePath
        self.sourceFormat = sourceFormat
        self.near = near
        self.withinMetres = withinMetres
        self.radius = radius
        self.areasDirectory = areasDirectory
    }

    /// The imported tasks as YAML to paste or merge into a hunt file, with the files and problems that go with them.
    public struct Output: Sendable {
        /// The list's items, one `  - id: …` block per task (empty when there are none).
        public var items: String
        /// The YAML fragment, starting with `tasks:`.
        public var yaml: String { items.isEmpty ? "tasks: []\n" : "tasks:\n" + items }
        /// GeoJSON files to write for area tasks: path (as the task names it) and content.
        public var areaFiles: [(path: String, contents: String)]
        /// Problems found while importing (a polygon left out for want of an areas folder, a folder the hunt may not name).
        public var diagnostics: [Diagnostic]
        /// How many tasks `items` holds.
        public var taskCount: Int
        /// Ids that had to change because `takenIDs` held them: (wanted, written).
        public var renamed: [(wanted: String, written: String)] = []
    }

    /// The tasks for `features`: each place a circle task, each polygon an area task, filtered by `near` and `withinMetres`.
    public func tasks(from features: GeoFeatures) -> Output {
        var diagnostics: [Diagnostic] = []
        var ids = takenIDs
        var yaml = ""
        var count = 0
        var areaFiles: [(path: String, contents: String)] = []
        var renamed: [(wanted: String, written: String)] = []
        func uniqueID(_ name: String, fallbackNumber: Int) -> String {
            var base = Self.slug(name)
            if base.isEmpty { base = "place-\(fallbackNumber)" }
            var id = base, n = 2
            while ids.contains(id) { id = "\(base)-\(n)"; n += 1 }
            if id != base, takenIDs.contains(base) { renamed.append((base, id)) }
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
            var path: String
            var id = ""
            let ownFile = { (written: String) in
                areaFiles.append((written, GeoJSONText.areaFile(name: name, description: named.description, polygons: named.polygons)))
            }
            if let dir = areasDirectory {
                id = uniqueID(name, fallbackNumber: count + 1)
                path = dir.hasSuffix("/") ? dir + id + ".geojson" : dir + "/" + id + ".geojson"
                if let huntFolder, Self.path(path, inside: huntFolder) == nil {
                    diagnostics.append(
                        .error(
                            "file-outside-folder", "\(areasDirectoryName) \(dir) is outside the hunt file's folder, which a hunt may not name",
                            at: SourceLocation(file: dir),
                            fix:
                                "give a folder inside \(huntFolder.isEmpty ? "." : huntFolder), e.g. \(areasDirectoryName) \((huntFolder as NSString).appendingPathComponent("areas"))"
                        ))
                    continue
                }
                ownFile(path)
            } else if areaCount == 1 && (sourceFormat == .geojson || sourceFormat == .kml) {
                path = sourcePath
                if let huntFolder, Self.path(path, inside: huntFolder) == nil {
                    // The hunt may only name files in its folder: the polygon goes beside it.
                    id = uniqueID(name, fallbackNumber: count + 1)
                    path = (huntFolder as NSString).appendingPathComponent(id + ".geojson")
                    ownFile(path)
                }
            } else {
                diagnostics.append(
                    .warning(
                        "area-needs-dir", "polygon \(name.debugDescription) was not imported: an area task needs a file of its own",
                        at: named.location, fix: "add \(areasDirectoryName) DIR to write each polygon to DIR/<id>.geojson"))
                continue
            }
            if id.isEmpty { id = uniqueID(name, fallbackNumber: count + 1) }
            count += 1
            yaml += "  - id: \(YAMLText.scalar(id))\n"
            yaml += "    title: \(YAMLText.quoted(name))\n"
            let written = huntFolder.flatMap { Self.path(path, inside: $0) } ?? path
            yaml += "    area: \(YAMLText.quoted(written))\n"
            if let clue = named.description { yaml += "    clue: \(YAMLText.quoted(clue))\n" }
        }
        return Output(items: yaml, areaFiles: areaFiles, diagnostics: diagnostics, taskCount: count, renamed: renamed)
    }

    /// `path` relative to `folder` (both as given, relative to the working folder or absolute),
    /// or nil when it lies outside it.
    static func path(_ path: String, inside folder: String) -> String? {
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        var base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.path
        if !base.hasSuffix("/") { base += "/" }
        return file.hasPrefix(base) ? String(file.dropFirst(base.count)) : nil
    }

    static func lengthText(_ l: Length) -> String {
        l.metres.rounded() == l.metres && abs(l.metres) < 1e15 ? "\(Int(l.metres)) m" : "\(DecimalText.fixed(l.metres, places: 2)) m"
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
