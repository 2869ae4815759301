import Testing
@testable import HuntKit

/// Positions as people read them: hemisphere letters, not signs.
@Suite struct ReadableCoordinateTests {
    @Test(arguments: [
        (52.09067, 5.12133, "52.09067° N, 5.12133° E", "52°05′26.4″N 5°07′16.8″E"),
        (-34.6093, -58.3739, "34.6093° S, 58.3739° W", "34°36′33.5″S 58°22′26.0″W"),
        (-33.8568, 151.2153, "33.8568° S, 151.2153° E", "33°51′24.5″S 151°12′55.1″E"),
        (40.6892, -74.0445, "40.6892° N, 74.0445° W", "40°41′21.1″N 74°02′40.2″W"),
        (0.0, 0.0, "0° N, 0° E", "0°00′00.0″N 0°00′00.0″E"),
        (-0.0000001, 179.9999999, "0° N, 180° E", "0°00′00.0″N 180°00′00.0″E"),
        (-90.0, -180.0, "90° S, 180° W", "90°00′00.0″S 180°00′00.0″W")
    ])
    func allFourHemispheres(_ latitude: Double, _ longitude: Double, _ readable: String, _ sexagesimal: String) {
        let point = Coordinate(latitude: latitude, longitude: longitude)
        #expect(CoordinateText.readable(point) == readable)
        #expect(CoordinateText.sexagesimal(point) == sexagesimal)
    }

    @Test func everyReadablePositionReadsBackWithinItsSixDecimals() throws {
        var rng = SplitMix64(seed: 22)
        for _ in 0..<5_000 {
            let point = Coordinate(latitude: rng.uniform(-90, 90), longitude: rng.uniform(-180, 180))
            let back = try CoordinateText.parse(CoordinateText.readable(point)).get()
            #expect(
                abs(back.latitude - point.latitude) <= 5e-7 && abs(back.longitude - point.longitude) <= 5e-7,
                "\(point) → \(CoordinateText.readable(point)) → \(back)")
        }
    }

    @Test func whatIsReadableReadsBackAsTheSamePoint() throws {
        for point in [Coordinate(latitude: -34.6093, longitude: -58.3739), Coordinate(latitude: 52.09067, longitude: -5.12133)] {
            #expect(try CoordinateText.parse(CoordinateText.readable(point)).get() == point)
        }
    }
}
