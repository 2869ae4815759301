import Foundation
import Testing
@testable import HuntKit

@Suite struct WhereRequestTests {
    @Test(arguments: [
        ([], nil, nil, "t.kml", nil, "give at least one position or photo"),
        (["52,5"], nil, nil, nil, nil, "say what to measure against"),
        (["52,5"], nil, "h.yaml", "t.kml", nil, "use either --hunt or --to"),
        (["52,5"], nil, "h.yaml", nil, "30m", "--radius goes with --to"),
        ([], "p.csv", nil, "52,5", "thirty", "is not a length"),
    ] as [([String], String?, String?, String?, String?, String)])
    func requestsThatCannotBeMeasuredAreNamed(inputs: [String], file: String?, hunt: String?, to: String?, radius: String?,
                                              problem: String) {
        let request = WhereRequest(inputs: inputs, positionsFile: file, huntFile: hunt, to: to, radius: radius)
        #expect(request.problem?.contains(problem) == true)
        #expect(WhereRequest(inputs: ["52,5"], to: "52,5", radius: "30m").problem == nil)
    }

    /// The `target` of each row of `hunt where --format json`.
    private func targets(_ json: String) throws -> [String] {
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        return rows?.compactMap { $0["target"] as? String } ?? []
    }

    @Test func aPointIsMeasuredAndTheUnreadableInputsAreDiagnosed() async throws {
        let request = WhereRequest(inputs: ["52.0880,5.1190", "no-such-photo.jpg"], to: "52.09067,5.12133", radius: "75m", format: .json)
        let measured = try await request.measure(hunt: nil)
        #expect(try targets(measured.text) == ["52.09067,5.12133 r=75 m"])
        #expect(measured.diagnostics.map(\.location.file) == ["no-such-photo.jpg"])
    }

    @Test func theHuntsTasksAreTheTargetsAndItsWarningsComeFirst() async throws {
        let warning = Diagnostic.warning("test-warning", "a warning of the hunt", at: SourceLocation(file: "test.yaml"))
        let measured = try await WhereRequest(inputs: ["52.0907,5.1213", "no-such-photo.jpg"], huntFile: "test.yaml", format: .json)
            .measure(hunt: JudgingFixtures.hunt(), warnings: [warning])
        #expect(try targets(measured.text) == ["tower", "bridge", "cafe"])
        #expect(measured.diagnostics.map(\.code).first == "test-warning")
        #expect(measured.diagnostics.count == 2)
    }

    @Test func aToThatNamesNoTargetIsThrown() async {
        await #expect(throws: NamedTarget.ChoiceError.notAPositionOrFile) {
            try await WhereRequest(inputs: ["52,5"], to: "no-such-area.geojson").measure(hunt: nil)
        }
    }

    @Test func theContainmentBenchmarkOfAnAreaIsItsLineAlone() async throws {
        let area = GeoFixtures.url("park-with-pond-clockwise.kml").path
        let request = WhereRequest(inputs: ["52.0907,5.1213", "nowhere.jpg"], to: area, benchmarkContainment: true)
        let measured = try await request.measure(hunt: nil)
        #expect(measured.text.hasPrefix("containment: "))
        #expect(measured.diagnostics.isEmpty)
    }
}
