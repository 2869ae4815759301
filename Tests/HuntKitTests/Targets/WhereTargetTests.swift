import Foundation
import Testing
@testable import HuntKit

@Suite struct WhereTargetTests {
    @Test func aPositionIsACircleOfTheRadius() throws {
        let chosen = try NamedTarget.chosen(by: "-33.8568,151.2153", radius: nil)
        #expect(chosen.targets.map(\.name) == ["-33.8568,151.2153 r=30 m"])
        guard case .circle(_, let radius) = chosen.targets[0].target else { Issue.record("not a circle"); return }
        #expect(radius.metres == 30)
    }

    @Test func anAreaFileIsOneTargetAndTakesNoRadius() throws {
        let path = GeoFixtures.url("park-with-pond-clockwise.kml").path
        let chosen = try NamedTarget.chosen(by: path, radius: nil)
        #expect(chosen.targets.count == 1)
        guard case .area(let area) = chosen.targets[0].target else { Issue.record("not an area"); return }
        #expect(area.area?.polygons.isEmpty == false)
        #expect(throws: NamedTarget.ChoiceError.radiusOnArea) { try NamedTarget.chosen(by: path, radius: .metres(10)) }
    }

    @Test func aPlacesFileIsItsPlacesWithTheRadius() throws {
        let chosen = try NamedTarget.chosen(by: GeoFixtures.url("places-semicolon-quoted.csv").path, radius: .metres(50))
        guard case .places(let places) = chosen.targets.first?.target else { Issue.record("not places"); return }
        #expect(!places.places.isEmpty)
        #expect(places.radius.metres == 50)
    }

    @Test func neitherPositionNorFileIsAnError() {
        #expect(throws: NamedTarget.ChoiceError.notAPositionOrFile) { try NamedTarget.chosen(by: "no-such-file.kml", radius: nil) }
    }

    @Test func theFirstTwoFailuresAreWordedForAUsageError() {
        #expect(NamedTarget.ChoiceError.radiusOnArea.usage(to: "a.kml") == "--radius does not apply to an area; drop it")
        #expect(
            NamedTarget.ChoiceError.notAPositionOrFile.usage(to: "nope")
                == "--to `nope` is neither a position (LAT,LON) nor an existing file")
    }
}
