import Foundation
@testable import HuntKit
@testable import HuntServe
import Testing

/// The queue's WHERE map (`radar` in every item): for each kind of target the photo is drawn
/// where the judge's own distance and bearing put it, from the point the judge measured to.
@Suite struct ServeRadarTests {
    static let tower = Coordinate(latitude: 52.0907, longitude: 5.1213)
    static let cafes = [("Anker", Coordinate(latitude: 52.0930, longitude: 5.1250)), ("Bolk", Coordinate(latitude: 52.0934, longitude: 5.1258)),
                        ("Kade", Coordinate(latitude: 52.0925, longitude: 5.1240))]
    /// A 200 m square park (south, west, north, east).
    static let park = (52.0850, 5.1150, 52.0868, 5.1180)

    /// Photos at known places: 40 m NE of the tower, 28 m E of a 25 m café, one 10,017 km away,
    /// one inside the park and one outside it.
    static let photos: [(path: String, at: Coordinate)] = [
        ("foxes/tower/near.jpg", Geodesic.direct(from: tower, azimuthDegrees: 45, distanceMetres: 40).coordinate),
        ("foxes/cafe/east.jpg", Geodesic.direct(from: cafes[0].1, azimuthDegrees: 90, distanceMetres: 28).coordinate),
        ("foxes/cafe/far.jpg", Geodesic.direct(from: cafes[0].1, azimuthDegrees: 180, distanceMetres: 10_017_000).coordinate),
        ("foxes/park/inside.jpg", Coordinate(latitude: 52.0855, longitude: 5.1160)),
        ("foxes/park/outside.jpg", Coordinate(latitude: 52.0875, longitude: 5.1165)),
    ]

    static func session() async throws -> (ServeSession, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hunt-radar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (s, w, n, e) = park
        try """
        hunt: Map check
        timezone: Europe/Amsterdam
        window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }
        teams: [foxes]
        tasks:
          - { id: tower, title: The tower, at: "\(tower.latitude), \(tower.longitude)", radius: 30 m }
          - { id: cafe, title: A café, places: cafes.geojson, radius: 25 m }
          - { id: park, title: The park, area: park.geojson }
        """.write(to: folder.appendingPathComponent("hunt.yaml"), atomically: true, encoding: .utf8)
        let features = cafes.map { name, c in
            #"{"type":"Feature","properties":{"name":"\#(name)"},"geometry":{"type":"Point","coordinates":[\#(c.longitude),\#(c.latitude)]}}"#
        }
        try #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
            .write(to: folder.appendingPathComponent("cafes.geojson"), atomically: true, encoding: .utf8)
        try #"{"type":"Polygon","coordinates":[[[\#(w),\#(s)],[\#(e),\#(s)],[\#(e),\#(n)],[\#(w),\#(n)],[\#(w),\#(s)]]]}"#
            .write(to: folder.appendingPathComponent("park.geojson"), atomically: true, encoding: .utf8)
        for (i, photo) in photos.enumerated() {
            let url = folder.appendingPathComponent("submissions/" + photo.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let tags = PhotoTags(position: photo.at, horizontalAccuracyMetres: 5,
                                 capturedAt: LocalDateTime(year: 2026, month: 5, day: 2, hour: 11, minute: i, second: 0), offsetSeconds: 7200)
            try JPEGWriter.write(tags: tags, image: SyntheticImage(identity: UInt64(i + 1), hue: 0.2), to: url)
        }
        let session = try ServeSession(configuration: ServeConfiguration(huntPath: folder.appendingPathComponent("hunt.yaml").path,
                                                                         submissionsPath: folder.appendingPathComponent("submissions").path))
        await session.judge()
        return (session, folder)
    }

    /// The drawn photo's distance from the measured point and the bearing from it back to that point.
    static func drawn(_ map: PlacementMap) -> (distance: Double, bearing: Double) {
        let (east, north) = (map.photo.eastM, map.photo.northM)
        return ((east * east + north * north).squareRoot(), Geodesic.bearing(atan2(-east, -north) * 180 / .pi))
    }

    static func angle(_ a: Double, _ b: Double) -> Double { abs((a - b + 540).truncatingRemainder(dividingBy: 360) - 180) }

    @Test func everyKindOfTargetDrawsThePhotoAtTheJudgesDistanceAndBearing() async throws {
        let (session, folder) = try await Self.session()
        defer { try? FileManager.default.removeItem(at: folder) }
        var kinds: Set<String> = []
        for photo in Self.photos {
            let item = try await session.item(path: photo.path, id: nil)
            let map = try #require(item.radar, "\(photo.path) has a map")
            let e = item.evidence
            // The judge's distance to what it measured: a centre, the nearest place, or the area's edge.
            let measured = map.kind == "area" ? abs(try #require(e.edgeDistanceM)) : try #require(e.distanceM)
            let drawn = Self.drawn(map)
            #expect(abs(drawn.distance - measured) < 0.01, "\(photo.path): drawn \(drawn.distance) m, judged \(measured) m")
            #expect(Self.angle(drawn.bearing, try #require(e.bearingDeg)) < 0.01, "\(photo.path): drawn \(drawn.bearing)°, judged \(e.bearingDeg!)°")
            #expect(map.photo.accuracyM == 5)
            kinds.insert(map.kind)
        }
        #expect(kinds == ["circle", "area", "places"])
    }

    @Test func aPhotoBesideAPlaceIsDrawnBesideItWithTheOtherPlacesInView() async throws {
        let (session, folder) = try await Self.session()
        defer { try? FileManager.default.removeItem(at: folder) }
        let map = try #require(try await session.item(path: "foxes/cafe/east.jpg", id: nil).radar)
        // 28 m east of Anker, not at its centre.
        #expect(abs(map.photo.eastM - 28) < 0.05 && abs(map.photo.northM) < 0.05, "\(map.photo)")
        #expect(!map.photo.offScale)
        let judged = try #require(map.circles.first { $0.judged })
        #expect(judged.name == "Anker" && judged.eastM == 0 && judged.northM == 0 && judged.radiusM == 25)
        // The other cafés are their own circles, where they are from Anker.
        for (name, place) in Self.cafes.dropFirst() {
            let circle = try #require(map.circles.first { $0.name == name }, "\(name) is drawn")
            let inverse = Geodesic.inverse(from: Self.cafes[0].1, to: place)
            let east = inverse.distanceMetres * sin(inverse.initialAzimuthDegrees * .pi / 180)
            let north = inverse.distanceMetres * cos(inverse.initialAzimuthDegrees * .pi / 180)
            #expect(abs(circle.eastM - east) < 0.5 && abs(circle.northM - north) < 0.5, "\(name): \(circle)")
            #expect(!circle.judged)
        }
        // The photo and its accuracy fit the view.
        #expect(map.reachM >= 28 + 5)
    }

    @Test func aFarPhotoIsAnOffScaleMarkerInItsDirection() async throws {
        let (session, folder) = try await Self.session()
        defer { try? FileManager.default.removeItem(at: folder) }
        let item = try await session.item(path: "foxes/cafe/far.jpg", id: nil)
        let map = try #require(item.radar)
        #expect(map.photo.offScale)
        // (Kade, 55 m south of Anker, is the nearest place from there.)
        #expect(abs(map.photo.distanceM - 10_017_000) < 100 && map.circles.first { $0.judged }?.name == item.evidence.place, "\(item.evidence)")
        // The view stays around the place; the marker is on its edge, due south, where the photo is.
        #expect(map.reachM < 100)
        let marker = try #require(map.photo.marker)
        let length = (marker.eastM * marker.eastM + marker.northM * marker.northM).squareRoot()
        #expect(length < map.reachM && length > map.reachM * 0.8)
        #expect(Self.angle(Geodesic.bearing(atan2(marker.eastM, marker.northM) * 180 / .pi), 180) < 1)
    }

    @Test func anAreaIsDrawnAroundTheNearestPointOfItsEdge() async throws {
        let (session, folder) = try await Self.session()
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
