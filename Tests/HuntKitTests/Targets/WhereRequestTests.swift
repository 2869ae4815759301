import Foundation
import Testing
@testable import HuntKit

@Suite struct WhereRequestTests {
    /// The `target` of each row of `hunt where --format json`.
    private func targets(_ json: String) throws -> [String] {
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        return rows?.compactMap { $0["target"] as? String } ?? []
    }

    @Test func aPointIsMeasuredAndTheUnreadableInputsAreDiagnosed() async throws {
        let point = try NamedTarget.chosen(by: "52.09067,5.12133", radius: .metres(75))
        let measured = await WhereRequest(inputs: ["52.0880,5.1190", "no-such-photo.jpg"], format: .json)
            .measure(against: point.targets, diagnostics: point.diagnostics)
        #expect(try targets(measured.text) == ["52.09067,5.12133 r=75 m"])
        #expect(measured.diagnostics.map(\.location.file) == ["no-such-photo.jpg"])
    }

    @Test func theTargetsDiagnosticsComeFirst() async throws {
        let warning = Diagnostic.warning("test-warning", "a warning of the hunt", at: SourceLocation(file: "test.yaml"))
        let measured = await WhereRequest(inputs: ["52.0907,5.1213", "no-such-photo.jpg"], format: .json)
            .measure(against: JudgingFixtures.hunt().namedTargets, diagnostics: [warning])
        #expect(try targets(measured.text) == ["tower", "bridge", "cafe"])
        #expect(measured.diagnostics.map(\.code) == ["test-warning", "bad-input"])
    }

    @Test func aToThatNamesNoTargetIsThrown() {
        #expect(throws: NamedTarget.ChoiceError.notAPositionOrFile) {
            try NamedTarget.chosen(by: "no-such-area.geojson", radius: nil)
        }
    }

    @Test func positionsComeInInputOrderThenTheFilesWithTheUnreadableDiagnosed() {
        let read = WhereRequest(inputs: ["52.0907,5.1213", "nowhere.jpg", "-33.8568,151.2153"]).positions()
        #expect(read.positions.map(\.label) == ["52.0907,5.1213", "-33.8568,151.2153"])
        #expect(read.diagnostics.map(\.location.file) == ["nowhere.jpg"])
    }
}
