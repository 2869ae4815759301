import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

@Suite struct JudgeRunFilesTests {
    @Test func reviewsAndManifestAreReadFromTheirFiles() throws {
        let folder = Scratch.root.appendingPathComponent("judge-run-files-\(UUID().uuidString)")
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

    @Test func aMissingReviewsFileStopsTheRunWithItsPathAndSaysNothingWasWritten() {
        #expect {
            try JudgeRun(hunt: JudgingFixtures.hunt(), reviewsFile: "no-such-reviews.yaml", manifestFile: nil)
        } throws: { error in
            let failure = error as? JudgeRun.InputError
            return failure?.diagnostics.first?.location.file == "no-such-reviews.yaml"
                && failure?.note == "nothing written: fix the reviews file and run again"
        }
    }

    @Test func aMissingManifestStopsTheRunAndSaysNothingWasWritten() {
        #expect {
            try JudgeRun(hunt: JudgingFixtures.hunt(), reviewsFile: nil, manifestFile: "no-such-manifest.csv")
        } throws: { error in
            let failure = error as? JudgeRun.InputError
            return failure?.diagnostics.first?.location.file == "no-such-manifest.csv"
                && failure?.note == "nothing written: fix the manifest and run again"
        }
    }

    @Test func aDecisionAboutAPhotoThatIsGoneIsAWarningAndTheRunGoesOn() async throws {
        let folder = Scratch.root.appendingPathComponent("judge-run-reviews-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos/foxes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reviews = folder.appendingPathComponent("reviews.yaml").path
        try "foxes/gone.jpg:\n  decision: accept\n".write(toFile: reviews, atomically: true, encoding: .utf8)
        let run = try JudgeRun(hunt: JudgingFixtures.hunt(), reviewsFile: reviews, manifestFile: nil)
        let results = try await run.run(submissions: folder.appendingPathComponent("photos"), displayPath: "photos")
        let gone = try #require(results.problems.first { $0.code == "decided-photo-gone" })
        #expect(gone.severity == .warning && gone.location.hasPrefix(reviews))
    }

    @Test func aReviewOfATaskTheHuntLacksStopsTheRunBeforeAnyPhotoIsRead() async throws {
        let folder = Scratch.root.appendingPathComponent("judge-run-reviews-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos/foxes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("photos/foxes/IMG_1.jpg"))
        let reviews = folder.appendingPathComponent("reviews.yaml").path
        try "foxes/IMG_1.jpg:\n  decision: accept\n  task: nope\n".write(toFile: reviews, atomically: true, encoding: .utf8)
        let run = try JudgeRun(hunt: JudgingFixtures.hunt(), reviewsFile: reviews, manifestFile: nil)
        await #expect {
            _ = try await run.run(submissions: folder.appendingPathComponent("photos"), displayPath: "photos")
        } throws: { error in
            let failure = error as? JudgeRun.InputError
            return failure?.diagnostics.first?.location.file == reviews && failure?.note?.hasPrefix("nothing written") == true
        }
    }

    @Test func theInputFilesAreTheHuntsFilesTheReviewsAndTheManifest() throws {
        var hunt = JudgingFixtures.hunt()
        hunt.fileURL = URL(fileURLWithPath: "/hunts/hunt.yaml")
        var run = JudgeRun(hunt: hunt)
        run.reviewsFile = "reviews.yaml"
        run.manifestFile = "manifest.csv"
        #expect(
            run.inputFiles.map(\.path) == [
                "/hunts/hunt.yaml", "/tmp/cafes.geojson",
                URL(fileURLWithPath: "reviews.yaml").path, URL(fileURLWithPath: "manifest.csv").path
            ])
    }
}
