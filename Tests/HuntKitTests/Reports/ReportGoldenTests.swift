import Foundation
import Testing
@testable import HuntKit

/// Each format of each fixture against its golden file (re-record: HUNT_RECORD_GOLDEN=1).
@Suite struct ReportGoldenTests {
    static let cases: [(String, ReportFormat, String?)] = ReportFixtures.names.flatMap { name in
        ReportFormat.allCases.map { (name, $0, nil) } + [(name, .html, team(name)), (name, .md, team(name))]
    }

    static func team(_ fixture: String) -> String { fixture == "where-is-france" ? "van" : "herons" }

    @Test(arguments: cases)
    func matchesGolden(fixture: String, format: ReportFormat, team: String?) async throws {
        let results = try ReportFixtures.results(fixture)
        let report = try Report(results, options: ReportOptions(teamID: team))
        // No photos folder: thumbnails are placeholders, so goldens stay small and machine-independent.
        let documents = try await ReportWriter.render(report, format: format, photosFolder: nil)
        #expect(documents.map(\.name) == format.fileNames(team: team))
        for document in documents {
            let relative = "golden/\(fixture)/\(document.name)"
            if ProcessInfo.processInfo.environment["HUNT_RECORD_GOLDEN"] == "1" {
                let url = ReportFixtures.source.appendingPathComponent(relative)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(document.bytes).write(to: url)
                continue
            }
            let expected = try String(contentsOf: ReportFixtures.bundled.appendingPathComponent(relative), encoding: .utf8)
            let actual = String(decoding: document.bytes, as: UTF8.self)
            #expect(actual == expected, "\(relative) differs; if the change is wanted, re-record with HUNT_RECORD_GOLDEN=1")
        }
    }

    @Test func renderingTwiceGivesTheSameBytes() async throws {
        let results = try ReportFixtures.results("where-is-france")
        for format in ReportFormat.allCases {
            let a = try await ReportWriter.render(try Report(results), format: format, photosFolder: nil)
            let b = try await ReportWriter.render(try Report(results), format: format, photosFolder: nil)
            #expect(a == b, "\(format)")
        }
    }
}
