import Foundation
import HuntTestSupport
import Testing

/// iPhone photos in the report (issue 22, item 1): a HEIC submission gets a real thumbnail, decoded
/// by libheif, where the report said "no preview" before.
@Suite struct HEICReportCommandTests {
    /// Examples/photo-scavenger-hunt with herons/educatorium/IMG_0001.jpg (in the review queue,
    /// so its thumbnail is wanted) sent as a HEIC: a 2×2 grid carrying that photo's EXIF.
    func workspace() throws -> URL {
        let folder = try HuntBinary.temporaryDirectory("hunt-heic")
        try FileManager.default.copyItem(
            at: SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt"),
            to: folder.appendingPathComponent("hunt"))
        let educatorium = folder.appendingPathComponent("hunt/submissions/herons/educatorium")
        try FileManager.default.removeItem(at: educatorium.appendingPathComponent("IMG_0001.jpg"))
        try FileManager.default.copyItem(
            at: SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/heif/heic-grid-2x2-with-exif.heic"),
            to: educatorium.appendingPathComponent("IMG_0001.heic"))
        return folder
    }

    @Test func reportShowsTheHEICsThumbnail() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let judged = try HuntBinary.run(
            ["judge", "hunt.yaml", "submissions", "--out", "out", "--format", "html"],
            in: folder.appendingPathComponent("hunt"))
        #expect(judged.status == 0, "\(judged.stderr)")
        let html = try String(contentsOf: folder.appendingPathComponent("hunt/out/report.html"), encoding: .utf8)
        let alt = try #require(html.range(of: "alt=\"photo herons/educatorium/IMG_0001.heic\"")).lowerBound
        let img = try #require(html[..<alt].range(of: "<img", options: .backwards)).lowerBound
        #expect(html[img..<alt].contains("src=\"data:image/jpeg;base64,/9j/"), "the HEIC's own <img> holds a JPEG")
        #expect(!judged.stderr.contains("IMG_0001.heic: warning"), "\(judged.stderr)")
    }
}
