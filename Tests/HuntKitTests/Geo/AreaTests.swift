import Foundation
import Testing
@testable import HuntKit

@Suite struct AreaTests {
    static let square = [
        Coordinate(latitude: 52.0, longitude: 5.0), Coordinate(latitude: 52.0, longitude: 5.1),
        Coordinate(latitude: 52.1, longitude: 5.1), Coordinate(latitude: 52.1, longitude: 5.0)
    ]
    static let hole = [
        Coordinate(latitude: 52.04, longitude: 5.04), Coordinate(latitude: 52.06, longitude: 5.04),
        Coordinate(latitude: 52.06, longitude: 5.06), Coordinate(latitude: 52.04, longitude: 5.06)
    ]

    @Test(arguments: [false, true])
    func containmentIgnoresWindingAndRespectsHoles(reversed: Bool) {
        let outer = reversed ? Self.square.reversed() : Self.square
        let area = Area(polygons: [AreaPolygon(outer: Array(outer), holes: [reversed ? Self.hole : Self.hole.reversed()])])
        #expect(area.contains(Coordinate(latitude: 52.02, longitude: 5.02)))
        #expect(!area.contains(Coordinate(latitude: 52.05, longitude: 5.05)))  // in the hole
        #expect(!area.contains(Coordinate(latitude: 52.2, longitude: 5.05)))
        #expect(!area.contains(Coordinate(latitude: 52.05, longitude: 4.99)))
    }

    @Test func antimeridianRingIsTwoDegreesWideNotThreeHundredFiftyEight() throws {
        let features = GeoFileReader.read(GeoFixtures.url("fiji-across-antimeridian.geojson"))
        #expect(features.diagnostics.isEmpty)
        let area = Area(polygons: try #require(features.areas.first).polygons)
        #expect(area.contains(Coordinate(latitude: -17.5, longitude: 179.5)))
        #expect(area.contains(Coordinate(latitude: -17.5, longitude: -179.5)))
        #expect(!area.contains(Coordinate(latitude: -18.0, longitude: 180.0)))  // the hole straddles the line too
        #expect(!area.contains(Coordinate(latitude: -18.0, longitude: 0)))
        #expect(!area.contains(Coordinate(latitude: -18.0, longitude: 178.5)))
        let box = area.boundingBox
        #expect(box.crossesAntimeridian && box.west == 179 && box.east == -179)
        // From Suva (178.44° E) the nearest edge is the western one at 179° E, due east.
        let edge = area.edge(from: Coordinate(latitude: -18, longitude: 178.4419))
        let expected = Geodesic.distanceMetres(from: Coordinate(latitude: -18, longitude: 178.4419), to: Coordinate(latitude: -18, longitude: 179))
        #expect(abs(edge.signedDistanceMetres - expected) < 0.5)
        #expect(Compass.name(ofBearing: Geodesic.bearing(edge.azimuthDegrees)) == "E")
    }

    /// The edge distance against brute force: 20,000 geodesic measurements along every edge.
    @Test(arguments: [
        Coordinate(latitude: 52.05, longitude: 5.15), Coordinate(latitude: 52.02, longitude: 5.03),
        Coordinate(latitude: 52.05, longitude: 5.045), Coordinate(latitude: 51.9, longitude: 4.9),
        Coordinate(latitude: 48.85, longitude: 2.35)
    ])
    func edgeDistanceMatchesBruteForce(position: Coordinate) {
        let polygon = AreaPolygon(outer: Self.square, holes: [Self.hole])
        let area = Area(polygons: [polygon])
        var brute = Double.infinity
        for ring in [polygon.outer] + polygon.holes {
            for i in ring.indices {
                let a = ring[i], b = ring[(i + 1) % ring.count]
                for k in 0...5000 {
                    let t = Double(k) / 5000
                    let p = Coordinate(latitude: a.latitude + t * (b.latitude - a.latitude), longitude: a.longitude + t * (b.longitude - a.longitude))
                    brute = min(brute, Geodesic.distanceMetres(from: position, to: p))
                }
            }
        }
        let edge = area.edge(from: position)
        #expect(abs(abs(edge.signedDistanceMetres) - brute) < 0.01 + brute * 1e-7)
        #expect(edge.signedDistanceMetres <= brute + 1e-6)  // never longer than a real edge point
        #expect((edge.signedDistanceMetres < 0) == area.contains(position))
    }

    @Test func placementsOfEachKindOfTarget() throws {
        let bands = Bands(found: .metres(100), hot: .metres(300), warm: .metres(500))
        let dom = Coordinate(latitude: 52.09067, longitude: 5.12133)
        let circle = try #require(
            Target.circle(center: dom, radius: .metres(75)).placement(of: Coordinate(latitude: 52.0880, longitude: 5.1190), bands: bands))
        #expect(!circle.inside && circle.band == .warm && circle.compass == .ssw)  // the position is SSW of the tower
        #expect(abs(circle.edgeDistance.metres - (circle.centreDistance!.metres - 75)) < 1e-9)

        var places = PlacesTarget(path: "p.csv", url: URL(fileURLWithPath: "p.csv"), radius: .metres(25))
        places.places = [
            Place(name: "far", coordinate: Coordinate(latitude: 52.2, longitude: 5.2), location: SourceLocation(file: "p.csv")),
            Place(name: "near", coordinate: dom, location: SourceLocation(file: "p.csv"))
        ]
        let atPlace = try #require(Target.places(places).placement(of: Coordinate(latitude: 52.0907, longitude: 5.1214), bands: bands))
        #expect(atPlace.inside && atPlace.placeIndex == 1 && atPlace.placeName == "near" && atPlace.band == .found)

        var areaTarget = AreaTarget(path: "a.geojson", url: URL(fileURLWithPath: "a.geojson"))
        #expect(Target.area(areaTarget).placement(of: dom, bands: bands) == nil)  // geometry not read yet
        areaTarget.area = Area(polygons: [AreaPolygon(outer: Self.square)])
        let inside = try #require(Target.area(areaTarget).placement(of: Coordinate(latitude: 52.05, longitude: 5.05), bands: bands))
        #expect(inside.inside && inside.band == .found && inside.edgeDistance.metres < -3000)
        let west = try #require(Target.area(areaTarget).placement(of: Coordinate(latitude: 52.05, longitude: 4.99), bands: bands))
        #expect(!west.inside && west.compass == .w && west.band == .cold && abs(west.edgeDistance.metres - 686) < 2)
    }

    /// A 720-vertex ring seen from near its centre: every edge is about as far as every other,
    /// the hard case for candidate pruning. The answer must still be the brute-force nearest.
    @Test(arguments: [
        Coordinate(latitude: 52.09, longitude: 5.12), Coordinate(latitude: 52.0912, longitude: 5.1187),
        Coordinate(latitude: 52.0855, longitude: 5.1290)
    ])
    func manyEquidistantEdges(position: Coordinate) {
        let centre = Coordinate(latitude: 52.09, longitude: 5.12)
        let ring = (0..<720).map { i -> Coordinate in
            let jitter = 1 + 0.01 * sin(Double(i) * 7.3)
            return Geodesic.direct(from: centre, azimuthDegrees: Double(i) / 2, distanceMetres: 600 * jitter).coordinate
        }
        let area = Area(polygons: [AreaPolygon(outer: ring)])
        var brute = Double.infinity
        for i in ring.indices {
            let a = ring[i], b = ring[(i + 1) % ring.count]
            for k in 0...40 {
                let t = Double(k) / 40
                brute = min(
                    brute,
                    Geodesic.distanceMetres(
                        from: position,
                        to: Coordinate(
                            latitude: a.latitude + t * (b.latitude - a.latitude),
                            longitude: a.longitude + t * (b.longitude - a.longitude))))
            }
        }
        let edge = area.edge(from: position)
        #expect(abs(edge.signedDistanceMetres) <= brute + 1e-6)
        #expect(abs(edge.signedDistanceMetres) > brute - 0.01)
        #expect((edge.signedDistanceMetres < 0) == area.contains(position))
        #expect(area.contains(position) == (Geodesic.distanceMetres(from: centre, to: position) < 590))
    }
}
