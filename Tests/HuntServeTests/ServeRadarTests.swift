import Foundation
import HuntTestSupport
@testable import HuntKit
@testable import HuntServe
import Testing

/// The queue's WHERE map (`radar` in every item): for each kind of target the photo is drawn
/// where the judge's own distance and bearing put it, from the point the judge measured to.
@Suite struct ServeRadarTests {
    /// A hunt laid out in metres around `origin`: a 30 m circle at it, three 25 m cafés to the
    /// NE (Anker, Bolk 70 m NE of it, Kade 88 m SW of it) and a 200 m square park to the SW, with
    /// photos 40 m NE of the circle, 28 m E of Anker, 10,017 km S of Anker, inside the park 55 m
    /// from its south side and 78 m north of it.
    struct Scene: Sendable, CustomTestStringConvertible {
        var name: String
        var origin: Coordinate
        var testDescription: String { name }

        /// The point `north` and `east` metres from the origin (longitude wrapped to ±180°).
        func at(north: Double, east: Double) -> Coordinate {
            let plane = LocalPlane(around: origin)
            var lon = origin.longitude + east / plane.metresPerDegreeLongitude
            if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
            return Coordinate(latitude: origin.latitude + north / plane.metresPerDegreeLatitude, longitude: lon)
        }

        var cafes: [(String, Coordinate)] {
            [("Anker", at(north: 255, east: 255)), ("Bolk", at(north: 300, east: 310)), ("Kade", at(north: 200, east: 186))]
        }
        /// The park's corners, as GeoJSON [lon, lat].
        var park: [Coordinate] {
            [at(north: -630, east: -430), at(north: -630, east: -225), at(north: -430, east: -225), at(north: -430, east: -430)]
        }
        var photos: [(path: String, at: Coordinate)] {
            [
                ("foxes/tower/near.jpg", Geodesic.direct(from: origin, azimuthDegrees: 45, distanceMetres: 40).coordinate),
                ("foxes/cafe/east.jpg", Geodesic.direct(from: cafes[0].1, azimuthDegrees: 90, distanceMetres: 28).coordinate),
                ("foxes/cafe/far.jpg", Geodesic.direct(from: cafes[0].1, azimuthDegrees: 180, distanceMetres: 10_017_000).coordinate),
                ("foxes/park/inside.jpg", at(north: -575, east: -360)), ("foxes/park/outside.jpg", at(north: -352, east: -327))
            ]
        }
    }

    /// Utrecht, Buenos Aires (south and west), Sydney (south and east), New York (north and
    /// west), and Taveuni, where the cafés are across the antimeridian from the circle.
    static let scenes = [
        Scene(name: "Utrecht", origin: Coordinate(latitude: 52.0907, longitude: 5.1213)),
        Scene(name: "Buenos Aires", origin: Coordinate(latitude: -34.6037, longitude: -58.3816)),
        Scene(name: "Sydney", origin: Coordinate(latitude: -33.8568, longitude: 151.2153)),
        Scene(name: "New York", origin: Coordinate(latitude: 40.7580, longitude: -73.9855)),
        Scene(name: "Taveuni", origin: Coordinate(latitude: -16.8, longitude: 179.998))
    ]

    static func session(_ scene: Scene) async throws -> (ServeSession, URL) {
        let folder = Scratch.root.appendingPathComponent("hunt-radar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        hunt: Map check
        timezone: UTC
        window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }
        teams: [foxes]
        tasks:
          - { id: tower, title: The tower, at: "\(scene.origin.latitude), \(scene.origin.longitude)", radius: 30 m }
          - { id: cafe, title: A café, places: cafes.geojson, radius: 25 m }
          - { id: park, title: The park, area: park.geojson }
        """.write(to: folder.appendingPathComponent("hunt.yaml"), atomically: true, encoding: .utf8)
        let features = scene.cafes.map { name, c in
            #"{"type":"Feature","properties":{"name":"\#(name)"},"geometry":{"type":"Point","coordinates":[\#(c.longitude),\#(c.latitude)]}}"#
        }
        try #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
            .write(to: folder.appendingPathComponent("cafes.geojson"), atomically: true, encoding: .utf8)
        let ring = (scene.park + [scene.park[0]]).map { "[\($0.longitude),\($0.latitude)]" }.joined(separator: ",")
        try #"{"type":"Polygon","coordinates":[[\#(ring)]]}"#.write(
            to: folder.appendingPathComponent("park.geojson"), atomically: true, encoding: .utf8)
        for (i, photo) in scene.photos.enumerated() {
            let url = folder.appendingPathComponent("submissions/" + photo.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let tags = PhotoTags(
                position: photo.at, horizontalAccuracyMetres: 5,
                capturedAt: LocalDateTime(year: 2026, month: 5, day: 2, hour: 11, minute: i, second: 0), offsetSeconds: 0)
            try JPEGWriter.write(tags: tags, image: SyntheticImage(identity: UInt64(i + 1), hue: 0.2), to: url)
        }
        let session = try ServeSession(
            configuration: ServeConfiguration(
                huntPath: folder.appendingPathComponent("hunt.yaml").path,
                submissionsPath: folder.appendingPathComponent("submissions").path))
        await session.judgeFolder()
        return (session, folder)
    }

    /// The drawn photo's distance from the measured point and the bearing from it back to that point.
    static func drawn(_ map: PlacementMap) -> (distance: Double, bearing: Double) {
        let (east, north) = (map.photo.eastM, map.photo.northM)
        return ((east * east + north * north).squareRoot(), Geodesic.bearing(atan2(-east, -north) * 180 / .pi))
    }

    static func angle(_ a: Double, _ b: Double) -> Double { abs((a - b + 540).truncatingRemainder(dividingBy: 360) - 180) }

    @Test(arguments: scenes) func everyKindOfTargetDrawsThePhotoAtTheJudgesDistanceAndBearing(_ scene: Scene) async throws {
        let (session, folder) = try await Self.session(scene)
        defer { try? FileManager.default.removeItem(at: folder) }
        var kinds: Set<String> = []
        for photo in scene.photos {
            let item = try await session.item(path: photo.path, id: nil)
            let map = try #require(item.radar, "\(photo.path) has a map")
            let e = item.evidence
            // The judge's distance to what it measured: a centre, the nearest place, or the area's edge.
            let measured = map.kind == "area" ? abs(try #require(e.edgeDistance?.metres)) : try #require(e.distance?.metres)
            let drawn = Self.drawn(map)
            #expect(abs(drawn.distance - measured) < 0.01, "\(photo.path): drawn \(drawn.distance) m, judged \(measured) m")
            #expect(Self.angle(drawn.bearing, try #require(e.bearingDeg)) < 0.01, "\(photo.path): drawn \(drawn.bearing)°, judged \(e.bearingDeg!)°")
            #expect(map.photo.accuracyM == 5)
            kinds.insert(map.kind)
        }
        #expect(kinds == ["circle", "area", "places"])
    }

    @Test(arguments: scenes) func aPhotoBesideAPlaceIsDrawnBesideItWithTheOtherPlacesInView(_ scene: Scene) async throws {
        let (session, folder) = try await Self.session(scene)
        defer { try? FileManager.default.removeItem(at: folder) }
        let map = try #require(try await session.item(path: "foxes/cafe/east.jpg", id: nil).radar)
        // 28 m east of Anker, not at its centre.
        #expect(abs(map.photo.eastM - 28) < 0.05 && abs(map.photo.northM) < 0.05, "\(map.photo)")
        #expect(!map.photo.offScale)
        let judged = try #require(map.circles.first { $0.judged })
        #expect(judged.name == "Anker" && judged.eastM == 0 && judged.northM == 0 && judged.radiusM == 25)
        // The other cafés are their own circles, where they are from Anker.
        for (name, place) in scene.cafes.dropFirst() {
            let circle = try #require(map.circles.first { $0.name == name }, "\(name) is drawn")
            let inverse = Geodesic.inverse(from: scene.cafes[0].1, to: place)
            let east = inverse.distanceMetres * sin(inverse.initialAzimuthDegrees * .pi / 180)
            let north = inverse.distanceMetres * cos(inverse.initialAzimuthDegrees * .pi / 180)
            #expect(abs(circle.eastM - east) < 0.5 && abs(circle.northM - north) < 0.5, "\(name): \(circle)")
            #expect(!circle.judged)
        }
        // The photo and its accuracy fit the view.
        #expect(map.reachM >= 28 + 5)
    }

    @Test(arguments: scenes) func aFarPhotoIsAnOffScaleMarkerInItsDirection(_ scene: Scene) async throws {
        let (session, folder) = try await Self.session(scene)
        defer { try? FileManager.default.removeItem(at: folder) }
        let item = try await session.item(path: "foxes/cafe/far.jpg", id: nil)
        let map = try #require(item.radar)
        #expect(map.photo.offScale)
        // (From there Kade, 88 m SW of Anker, may be nearer: the map draws the place the judge named.)
        #expect(abs(map.photo.distanceM - 10_017_000) < 200 && map.circles.first { $0.judged }?.name == item.evidence.place, "\(item.evidence)")
        // The view stays around the place; the marker is on its edge, the other way from the judge's bearing.
        #expect(map.reachM < 100)
        let marker = try #require(map.photo.marker)
        let length = (marker.eastM * marker.eastM + marker.northM * marker.northM).squareRoot()
        #expect(length < map.reachM && length > map.reachM * 0.8)
        #expect(Self.angle(Geodesic.bearing(atan2(marker.eastM, marker.northM) * 180 / .pi), try #require(item.evidence.bearingDeg) + 180) < 1)
    }

    @Test(arguments: scenes) func anAreaIsDrawnAroundTheNearestPointOfItsEdge(_ scene: Scene) async throws {
        let (session, folder) = try await Self.session(scene)
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["foxes/park/inside.jpg", "foxes/park/outside.jpg"] {
            let map = try #require(try await session.item(path: path, id: nil).radar)
            // The whole park is in view, as one ring of its four corners, and the measured point is on it.
            let ring = try #require(map.polygons.first?.first)
            #expect(ring.count == 4, "\(path): \(ring)")
            let xs = ring.map(\.eastM), ys = ring.map(\.northM)
            #expect(xs.min()! <= 0.01 && xs.max()! >= -0.01 && ys.min()! <= 0.01 && ys.max()! >= -0.01)
            let onEdge = ring.contains { abs($0.eastM) < 0.05 } || ring.contains { abs($0.northM) < 0.05 }
            #expect(onEdge, "\(path): the measured point lies on a side")
            for p in ring { #expect(abs(p.eastM - map.centre.eastM) <= map.reachM && abs(p.northM - map.centre.northM) <= map.reachM) }
        }
    }
}
