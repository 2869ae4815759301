import Foundation
import Testing
@testable import HuntKit

/// The same photo is described one way everywhere: where it is, seen from the target, rounded
/// once — in the judge's message, its evidence, the report's misses, the console's words and
/// `hunt where` — and a photo outside its target is never `found` (issue 22, item 6).
@Suite struct OneWayToSayWhereTests {
    typealias F = JudgingFixtures

    /// A photo 30 m east of Café Noir (a 25 m place; the `found` band reaches 100 m).
    func judged(metres: Double = 30, near point: Coordinate = F.cafes[0].coordinate, task: String = "cafe") -> JudgeResults {
        F.judge([F.input("foxes/\(task)/a.jpg", task: task, F.photo("a", near: point, metres: metres, time: F.at(10, 30), accuracy: 2))])
    }

    @Test func judgeMessageEvidenceMissAndWhereAgree() async throws {
        let results = judged()
        let s = try #require(results.submission(at: "foxes/cafe/a.jpg"))
        #expect(s.reasons == [.outsideTarget])
        #expect(s.findings[0].message.hasPrefix("30 m E of Café Noir (radius 25 m)"))
        #expect(s.evidence.compass == .e)
        #expect(s.evidence.band == .hot)  // 30 m is within `found: 100 m`, but outside the 25 m place
        #expect(s.evidence.placementText(targetKind: .places) == "30 m E of Café Noir")

        let report = try Report(results)
        let entry = try #require(report.verdicts.first)
        #expect(entry.missText == "30 m E of Café Noir — hot")
        #expect(entry.evidenceText.hasPrefix("30 m E of Café Noir — hot · "))
        #expect(report.tasks.first { $0.id == "cafe" }?.misses.map(\.text) == ["30 m E of Café Noir — hot"])

        let position = try #require(s.evidence.position)
        let target = try #require(F.hunt().task("cafe")?.target)
        let rows = await Whereabouts.measure(
            [(label: "p", position: Coordinate(latitude: position.lat, longitude: position.lon))],
            against: [NamedTarget(name: "cafe", target: target, bands: Bands())])
        #expect(rows.map(\.text) == ["30 m E of Café Noir"])
        #expect(rows.map(\.placement.band) == [.hot])
        #expect(WhereaboutsRenderer.render(rows, format: .table).contains("30 m E of Café Noir  no      hot"))
    }

    @Test func aCircleSaysTheSameInTheMessageAndTheReport() throws {
        // 108.4996 m: "108 m" from the exact figure, "109 m" from the 108.5 results.json keeps.
        let results = judged(metres: 108.4996, near: F.tower, task: "tower")
        let s = try #require(results.submission(at: "foxes/tower/a.jpg"))
        let entry = try #require(try Report(results).verdicts.first)
        #expect(s.findings[0].message.hasPrefix("109 m E of the target's centre (radius 75 m)"))
        #expect(entry.missText == "109 m E of the target's centre — hot")
    }

    @Test(arguments: [(10.0, true, Band.found), (60, false, .hot), (60, true, .found), (250, false, .hot), (400, false, .warm), (900, false, .cold)])
    func theBandAgreesWithThePlacement(metres: Double, inside: Bool, band: Band) {
        #expect(Bands().band(for: .metres(metres), inside: inside) == band)
    }

    /// The teams × tasks grid's column headers are task titles: shown whole, wrapped, never cut
    /// with an ellipsis (issue 22, item 12).
    @Test func gridHeadersAreNotCut() async throws {
        let title = "The little white bridge over the canal after the tower, the one with the swans"
        var results = judged()
        results.tasks[0].title = title
        let html = String(decoding: try await ReportWriter.render(try Report(results), format: .html, photosFolder: nil)[0].bytes, as: UTF8.self)
        #expect(html.contains("<div>\(title)</div>"))
        let rule = try #require(html.split(separator: "\n").first { $0.contains("th.col div") })
        #expect(!rule.contains("overflow: hidden") && !rule.contains("text-overflow") && !rule.contains("nowrap"), "\(rule)")
    }
}
