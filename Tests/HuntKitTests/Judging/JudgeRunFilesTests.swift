import Foundation
import Testing
@testable import HuntKit

@Suite struct JudgeRunFilesTests {
    @Test func reviewsAndManifestAreReadFromTheirFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("judge-run-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reviews = folder.appendingPathComponent("reviews.yaml").path
        let manifest = folder.appendingPathComponent("manifest.csv").path
        try "foxes/a.jpg:\n  decision: accept\n".write(toFile: reviews, atomically: true, encoding: .utf8)
        try "team,task,path\nfoxes,tower,foxes/a.jpg\n".write(toFile: manifest, atomically: true, encoding: .utf8)
        let run = try JudgeRun(hunt: JudgingFixtures.hunt(), reviewsFile: reviews, manifestFile: manifest)
        #expect(run.reviews.entries["foxes/a.jpg"]?.decision == .accept)
        #expect(run.manifest?.rows.map(\.task) == ["tower"])
    }

    @Test func noFilesMeansNoDecisionsAndNoManifest() throws {
        let run = try JudgeRun(hunt: JudgingFixtures.hunt(), reviewsFile: nil, manifestFile: nil)
        #expect(run.reviews.entries.isEmpty)
        #expect(run.manifest == nil)
    }

    @Test func aMissingReviewsFileStopsTheRunWithItsPath() {
        #expect {
            try JudgeRun(hunt: JudgingFixtures.hunt(), reviewsFile: "no-such-reviews.yaml", manifestFile: nil)
        } throws: { error in
            (error as? DiagnosticError)?.diagnostics.first?.location.file == "no-such-reviews.yaml"
        }
    }
}
