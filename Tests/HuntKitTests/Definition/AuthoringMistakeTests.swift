import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// Mistakes authors make that are valid YAML and valid numbers: latitude and longitude swapped
/// (by hand, or a GeoJSON ring written [lat, lon]), and a window written as one text.
@Suite struct AuthoringMistakeTests {
    func swapped(_ result: HuntLoadResult) -> [Diagnostic] { result.diagnostics.filter { $0.code == "coordinates-swapped" } }

    @Test(arguments: [
        // Southern and western hemisphere: Buenos Aires.
        ("America/Argentina/Buenos_Aires", "-58.3816, -34.6037", "-34.6037, -58.3816", "Buenos Aires"),
        // Southern and eastern: Johannesburg. (Sydney swapped has a latitude of 151: an error of its own.)
        ("Africa/Johannesburg", "28.0473, -26.2041", "-26.2041, 28.0473", "Johannesburg"),
        // Northern and western: New York.
        ("America/New_York", "-73.9857, 40.7484", "40.7484, -73.9857", "New York"),
        // Northern and eastern: Utrecht in Amsterdam's zone.
        ("Europe/Amsterdam", "5.12133, 52.09067", "52.09067, 5.12133", "Amsterdam")
    ])
    func farFromTheTimezonesCityButNotSwapped(zone: String, written: String, fixed: String, city: String) throws {
        let text = "hunt: H\ntimezone: \(zone)\ntasks:\n  - id: one\n    title: One\n    at: \(written)\n"
        let warning = try #require(swapped(DefinitionTestSupport.load(text)).first)
        #expect(warning.severity == .warning)
        #expect(warning.location.line == 6 && warning.location.column == 9)
        #expect(warning.message.contains("from \(city), the city of the hunt's timezone"), "\(warning.message)")
        #expect(warning.fix == "latitude comes first: `at: \(fixed)`")
        let right = "hunt: H\ntimezone: \(zone)\ntasks:\n  - id: one\n    title: One\n    at: \(fixed)\n"
        #expect(swapped(DefinitionTestSupport.load(right)).isEmpty)
    }

    /// The great-circle bound that spares most geodesics never says "not further" of two points
    /// whose geodesic is longer than the limit: near, far, across the poles and the antimeridian.
    @Test func theSphereBoundNeverHidesAFarPoint() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let a = Coordinate(latitude: .random(in: -90...90, using: &random), longitude: .random(in: -180...180, using: &random))
            let spread = [0.001, 0.1, 10, 180].randomElement(using: &random)!
            let b = Coordinate(
                latitude: max(-90, min(90, a.latitude + .random(in: -spread...spread, using: &random))),
                longitude: a.longitude + .random(in: -spread...spread, using: &random))
            let geodesic = Geodesic.distanceMetres(from: a, to: b)
            guard geodesic > 0 else { continue }
            #expect(CoordinateOrder.mayBeFurther(a, b, than: geodesic * 0.999_999), "\(a) \(b) \(geodesic)")
        }
    }

    @Test func farFromTheOtherTargetsWithoutATimezone() throws {
        // Yerevan: swapped, 600 km off — too near for the timezone rule, far from the others.
        let text = """
            hunt: H
            tasks:
              - { id: a, title: A, at: "40.18, 44.51" }
              - { id: b, title: B, at: "40.19, 44.52" }
              - { id: c, title: C, at: "44.50, 40.17" }
              - { id: d, title: D, at: "40.17, 44.50" }

            """
        let warnings = swapped(DefinitionTestSupport.load(text))
        try #require(warnings.count == 1)
        #expect(warnings[0].location.line == 5 && warnings[0].location.column == 28)
        #expect(warnings[0].message.contains("from the hunt's other targets; swapped, it would be among them"))
    }

    @Test func aHuntAcrossTheWorldAndWrittenHemispheresAreLeftAlone() {
        let world = """
            hunt: H
            timezone: UTC
            tasks:
              - { id: a, title: A, at: "52.09, 5.12" }
              - { id: b, title: B, at: "-33.86, 151.21" }
              - { id: c, title: C, at: "40.75, -73.99" }
              - { id: d, title: D, at: "-34.60, -58.38" }

            """
        #expect(swapped(DefinitionTestSupport.load(world)).isEmpty)
        // N/S/E/W say which number is which: never "swapped".
        let lettered = "hunt: H\ntimezone: Europe/Amsterdam\ntasks:\n  - { id: a, title: A, at: 5°07'N 52°05'E }\n"
        #expect(swapped(DefinitionTestSupport.load(lettered)).isEmpty)
    }

    @Test func aGeoJSONRingInLatLonOrder() throws {
        let folder = Scratch.root.appendingPathComponent("swapped-ring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ring =
            #"{"type":"Feature","properties":{"name":"Park"},"geometry":{"type":"Polygon","coordinates":[[[52.09,5.12],[52.09,5.13],[52.10,5.13],[52.09,5.12]]]}}"#
        try Data(ring.utf8).write(to: folder.appendingPathComponent("park.geojson"))
        let text = "hunt: H\ntimezone: Europe/Amsterdam\ntasks:\n  - id: park\n    title: Park\n    area: park.geojson\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("hunt.yaml"))
        let result = HuntLoader().load(contentsOf: folder.appendingPathComponent("hunt.yaml"), displayPath: "hunt.yaml")
        let warning = try #require(swapped(result).first)
        #expect(warning.location.line == 4 && warning.location.column == 5)
        #expect(warning.message.contains("the area in park.geojson"))
        #expect(warning.fix?.contains("GeoJSON writes each position [longitude, latitude]") == true)
    }

    @Test(arguments: [
        ("2026-12-05 10:00 - 17:00", "`window: { start: 2026-12-05 10:00, end: 17:00 }`"),
        ("2026-12-05 10:00–17:00", "`window: { start: 2026-12-05 10:00, end: 17:00 }`"),
        ("2026-12-05 10:00 to 2026-12-06 02:00", "`window: { start: 2026-12-05 10:00, end: 2026-12-06 02:00 }`"),
        ("all day", "`window: { start: 2026-05-02 10:00, end: 16:00 }`")
    ])
    func aWindowWrittenAsOneText(window: String, fix: String) throws {
        let text = "hunt: H\ntimezone: America/Argentina/Buenos_Aires\nwindow: \(window)\ntasks: []\n"
        let error = try #require(DefinitionTestSupport.load(text).diagnostics.first { $0.severity == .error })
        #expect(error.code == "wrong-type")
        #expect(error.location.line == 3 && error.location.column == 9)
        #expect(error.message.contains("is one text"))
        #expect(error.fix == "write \(fix)")
    }
}
