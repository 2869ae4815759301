import Foundation
@testable import HuntKit
import Testing

@Suite struct PlacementMapTests {
    /// A country-sized area and a photo 20 m outside its edge, measured as the judge does: the
    /// map is the few tens of metres around the measurement, the edge clipped to them and not
    /// thinned away, and the photo 20 m from the measured point against the judge's bearing.
    @Test func aLargeAreaIsDrawnAroundTheMeasurement() throws {
        // 1° × 1° south of the equator and west of Greenwich, with a vertex every 0.001° on the north side.
        let north = stride(from: -59.0, through: -58.0, by: 0.001).map { Coordinate(latitude: -34.0, longitude: $0) }
        let ring = [Coordinate(latitude: -35.0, longitude: -58.0), Coordinate(latitude: -35.0, longitude: -59.0)] + north
        var target = AreaTarget(path: "big.geojson", url: URL(fileURLWithPath: "big.geojson"))
        target.area = Area(polygons: [AreaPolygon(outer: ring)])
        let photo = Geodesic.direct(from: Coordinate(latitude: -34.0, longitude: -58.5), azimuthDegrees: 0, distanceMetres: 20).coordinate
        let placement = try #require(Target.area(target).placement(of: photo, bands: Bands()))
        let map = try #require(
            Target.area(target).map(
                of: photo, distanceMetres: max(0, placement.edgeDistance.metres),
                edgeDistanceMetres: placement.edgeDistance.metres, bearingDegrees: placement.bearingDegrees,
                accuracyMetres: 10))
        #expect(map.kind == "area" && !map.photo.offScale)
        #expect(map.reachM < 100, "\(map.reachM)")
        #expect(abs(map.photo.northM - 20) < 0.01 && abs(map.photo.eastM) < 0.01)
        let drawn = try #require(map.polygons.first?.first)
        // Only the edge near the view is sent, as a closed ring cut well outside it.
        #expect(drawn.count < 40, "\(drawn.count) points")
        for p in drawn {
            #expect(abs(p.eastM - map.centre.eastM) <= map.reachM * 1.5 + 0.01 && abs(p.northM - map.centre.northM) <= map.reachM * 1.5 + 0.01)
        }
        // The edge passes through the measured point: some drawn side runs along north = 0.
        #expect(drawn.contains { abs($0.northM) < 0.05 && $0.eastM < 0 } && drawn.contains { abs($0.northM) < 0.05 && $0.eastM > 0 })
    }

    @Test func theOffsetIsTheOtherWayFromTheBearing() {
        let east = Placement.offsetFromTarget(distanceMetres: 28, bearingDegrees: 270)
        #expect(abs(east.east - 28) < 1e-9 && abs(east.north) < 1e-9)
        let south = Placement.offsetFromTarget(distanceMetres: 10, bearingDegrees: 0)
        #expect(abs(south.north + 10) < 1e-9 && abs(south.east) < 1e-9)
    }
}
