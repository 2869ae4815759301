import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// The HTML report's thumbnails: embedded as data URIs, with a tile that says why where there is none.
@Suite struct ReportThumbnailTests {
    @Test func htmlEmbedsThumbnailsAsDataURIsAndPlaceholdersForMissingPhotos() async throws {
        let results = try ReportFixtures.results("where-is-france")
        let folder = Scratch.root.appendingPathComponent("report-photos-\(UUID().uuidString)")
        // Only the first review-queue photo exists.
        let present = results.reviewQueue.sorted()[0]
        let url = folder.appendingPathComponent(present)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(JPEGWriter.jpeg(tags: PhotoTags(), image: SyntheticImage(identity: 1, hue: 0.2))).write(to: url)
        let report = try Report(results)
        let html = String(decoding: try await ReportWriter.render(report, format: .html, photosFolder: folder)[0].bytes, as: UTF8.self)
        #expect(html.contains("alt=\"photo \(present)\""))
        #expect(html.contains("src=\"data:image/jpeg;base64,/9j/"))
        #expect(html.contains("no preview"))
    }

    /// The report: a refused photo gets a "too large to preview" tile and a warning naming it.
    @Test func reportShowsRefusedPhotosAndWarns() async throws {
        let results = try ReportFixtures.results("where-is-france")
        let folder = Scratch.root.appendingPathComponent("report-bomb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bomb = results.reviewQueue.sorted()[0]
        let url = folder.appendingPathComponent(bomb)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(JPEGBomb.jpeg(width: 15000, height: 15000, layout: .progressive)).write(to: url)
        let documents = try await ReportWriter.render(try Report(results), format: .html, photosFolder: folder)
        let html = String(decoding: documents[0].bytes, as: UTF8.self)
        #expect(html.contains("<div class=\"ph\">too large to preview</div>"))
        let warning = try #require(documents[0].diagnostics.first)
        #expect(documents[0].diagnostics.count == 1)
        #expect(warning.severity == .warning && warning.code == "thumbnail-refused")
        #expect(warning.location.file == url.path)
        #expect(warning.message.hasPrefix("no thumbnail: a 15000×15000 progressive JPEG needs about 1.3 GiB"))
    }
}
