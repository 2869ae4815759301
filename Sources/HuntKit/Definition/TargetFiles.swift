import Foundation

extension Hunt {
    /// Reads the files that `area:` and `places:` targets name, attaching their geometry.
    /// Returns diagnostics that name the file (and the feature) for anything wrong in them.
    ///
    /// An `area:` file must hold at least one Polygon or MultiPolygon; all of its polygons make
    /// the one area (a country's mainland and islands). A `places:` file must hold at least one
    /// point; polygons in it are ignored with a warning. A file named by several tasks is read once.
    public mutating func readTargetFiles() -> [Diagnostic] {
        var cache: [URL: GeoFeatures] = [:]
        var diagnostics: [Diagnostic] = []
        var reported: Set<URL> = []
        let huntFolder = (source.file as NSString).deletingLastPathComponent
        // Opened inside the hunt file's folder, never following a link out of it, as
        // `LoadContext.referencedFile` checked (the file may have changed since).
        func read(_ url: URL, written: String) -> GeoFeatures {
            if let cached = cache[url] { return cached }
            let display = written.hasPrefix("/") || huntFolder.isEmpty ? written : (huntFolder as NSString).appendingPathComponent(written)
            let depth = written.split(separator: "/").filter { $0 != "." }.count
            let base = (0..<depth).reduce(url) { folder, _ in folder.deletingLastPathComponent() }
            let features: GeoFeatures
            do {
                features = GeoFileReader.read(written, inside: try InputFolder(path: base.path, displayPath: huntFolder), displayPath: display)
            } catch {
                features = GeoFeatures(diagnostics: [error.diagnostic])
            }
            cache[url] = features
            return features
        }
        for i in tasks.indices {
            switch tasks[i].target {
            case .area(var target)?:
                let features = read(target.url, written: target.path)
                if reported.insert(target.url).inserted { diagnostics += features.diagnostics }
                let polygons = features.areas.flatMap(\.polygons)
                if polygons.isEmpty {
                    if !features.diagnostics.hasErrors {
                        diagnostics.append(
                            .error(
                                "area-without-polygon",
                                "\(features.displayPath(target.path, huntFolder)) has no Polygon or MultiPolygon for task `\(tasks[i].id)`",
                                at: tasks[i].location, fix: "an area file needs a polygon; for points use `places:` instead"))
                    }
                } else {
                    target.area = Area(name: features.areas.first?.name, polygons: polygons)
                    tasks[i].target = .area(target)
                }
            case .places(var target)?:
                let features = read(target.url, written: target.path)
                if reported.insert(target.url).inserted {
                    diagnostics += features.diagnostics
                    if !features.areas.isEmpty {
                        diagnostics.append(
                            .warning(
                                "places-polygons-ignored",
                                "\(features.displayPath(target.path, huntFolder)) has \(features.areas.count) polygon(s); a places target uses only its points",
                                at: features.areas[0].location, fix: "put polygons in an `area:` task"))
                    }
                }
                if features.places.isEmpty {
                    if !features.diagnostics.hasErrors {
                        diagnostics.append(
                            .error(
                                "places-empty", "\(features.displayPath(target.path, huntFolder)) has no points for task `\(tasks[i].id)`",
                                at: tasks[i].location, fix: "add points (GPX waypoints, KML or GeoJSON points, CSV rows with latitude and longitude)")
                        )
                    }
                } else {
                    target.places = features.places
                    tasks[i].target = .places(target)
                    if let choice = tasks[i].choose, choice.count > target.places.count {
                        diagnostics.append(
                            .error(
                                DiagnosticCode(.chooseTooMany),
                                "`choose: \(choice.count)`, but \(features.displayPath(target.path, huntFolder)) has \(target.places.count) place\(target.places.count == 1 ? "" : "s") for task `\(tasks[i].id)`",
                                at: choice.location, fix: "choose at most \(target.places.count), or add places to the file"))
                    }
                }
            default: break
            }
        }
        return diagnostics
    }
}

extension GeoFeatures {
    fileprivate func displayPath(_ written: String, _ folder: String) -> String {
        written.hasPrefix("/") || folder.isEmpty ? written : (folder as NSString).appendingPathComponent(written)
    }
}
