import Foundation

extension NamedTarget {
    /// Why `hunt where --to` gave nothing to measure against.
    public enum ChoiceError: Error, Sendable, Equatable {
        /// Neither `LAT,LON` nor an existing file.
        case notAPositionOrFile
        /// A radius was given for an area file, whose polygons are the target.
        case radiusOnArea
        /// The file holds no area and no place; its diagnostics say why.
        case nothingInFile([Diagnostic])

        /// The first two in words, for a usage error about `hunt where --to` (the third's
        /// diagnostics speak for it); the command's words, so package access.
        package func usage(to: String) -> String {
            switch self {
            case .notAPositionOrFile: "--to `\(to)` is neither a position (LAT,LON) nor an existing file"
            case .radiusOnArea: "--radius does not apply to an area; drop it"
            case .nothingInFile: "--to `\(to)` holds no area and no place"
            }
        }
    }

    /// The target `hunt where --to` names: a point `LAT,LON` (a circle of `radius`, default 30 m),
    /// an area file (one target of all its polygons) or a places file (each place a circle of
    /// `radius`). The file's warnings come with it.
    public static func chosen(by to: String, radius: Length?) throws(ChoiceError) -> (targets: [NamedTarget], diagnostics: [Diagnostic]) {
        let radiusLength = radius ?? .metres(30)
        if case .success(let centre) = CoordinateText.parse(to) {
            let name = "\(Coordinate.format(centre.latitude)),\(Coordinate.format(centre.longitude)) r=\(radiusLength)"
            return ([NamedTarget(name: name, target: .circle(center: centre, radius: radiusLength), bands: Bands())], [])
        }
        guard FileManager.default.fileExists(atPath: to) else { throw .notAPositionOrFile }
        let url = URL(fileURLWithPath: to)
        let features = GeoFileReader.read(url, displayPath: to)
        let polygons = features.areas.flatMap(\.polygons)
        if !polygons.isEmpty {
            if radius != nil { throw .radiusOnArea }
            var target = AreaTarget(path: to, url: url)
            target.area = Area(name: features.areas.first?.name, polygons: polygons)
            return ([NamedTarget(name: to, target: .area(target), bands: Bands())], features.diagnostics)
        }
        guard !features.places.isEmpty else { throw .nothingInFile(features.diagnostics) }
        var target = PlacesTarget(path: to, url: url, radius: radiusLength)
        target.places = features.places
        return ([NamedTarget(name: to, target: .places(target), bands: Bands())], features.diagnostics)
    }
}
