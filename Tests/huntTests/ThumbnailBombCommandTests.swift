import Foundation
import HuntTestSupport
import Testing

/// Decompression bombs from players (issue 11, defect 2): two 1.3 MB progressive JPEGs that
/// declare 15000×15000 pixels and carry a real position cost 2.7 GB in `hunt judge --format html`
/// before the fix. Now the HTML report shows placeholders, warns, and the process stays small.
@Suite("thumbnail bombs, end to end", .serialized)
struct ThumbnailBombCommandTests {
    /// Well above a run's ordinary size (about 50 MB), far below one bomb's 1.3 GB.
    static let memoryLimitBytes = 300 << 20

    /// A simulated hunt of three accepted photos, two of them swapped for bombs that keep the
    /// original photo's EXIF (so they are accepted too, and their thumbnails are wanted).
    func workspace() throws -> (folder: URL, bombs: [String]) {
        let folder = try HuntBinary.temporaryDirectory("hunt-bombs")
        let hunt = SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt/hunt.yaml")
        try FileManager.default.copyItem(at: hunt, to: folder.appendingPathComponent("hunt.yaml"))
        let simulated = try HuntBinary.run(
            [
                "simulate", "hunt.yaml", "--teams", "1", "--photos-per-team", "3",
                "--failure-share", "0", "--out", "sim"
            ], in: folder)
        #expect(simulated.status == 0, "\(simulated.stderr)")
        let submissions = folder.appendingPathComponent("sim/submissions")
        let photos = try FileManager.default.subpathsOfDirectory(atPath: submissions.path).filter { $0.hasSuffix(".jpg") }.sorted()
        try #require(photos.count == 3)
        for path in photos.prefix(2) {
            let url = submissions.appendingPathComponent(path)
            let bomb = JPEGBomb.jpeg(width: 15000, height: 15000, layout: .progressive, exifFrom: Array(try Data(contentsOf: url)))
            try Data(bomb).write(to: url)
        }
        return (folder, photos.prefix(2).map { "sim/submissions/\($0)" })
    }

    func expectPlaceholdersAndWarnings(html: String, stderr: String, bombs: [String]) {
        #expect(html.components(separatedBy: "too large to preview").count - 1 == 2, "one tile per bomb")
        #expect(html.components(separatedBy: "data:image/jpeg;base64,").count - 1 == 1, "the ordinary photo keeps its thumbnail")
        for bomb in bombs {
            #expect(stderr.contains("\(bomb): warning: no thumbnail: a 15000×15000 progressive JPEG needs about 1.3 GiB"), "\(stderr)")
        }
    }

    @Test func judgeWithHTMLStaysSmall() throws {
        let (folder, bombs) = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (judged, peak) = try HuntBinary.runMeasuringMemory(
            ["judge", "hunt.yaml", "sim/submissions", "--out", "out", "--format", "text,html"],
            in: folder)
        #expect(judged.status == 0, "\(judged.stderr)")
        #expect(judged.stdout.contains("3 accepted"))
        #expect(peak < Self.memoryLimitBytes, "peak \(peak >> 20) MiB")
        let html = try String(contentsOf: folder.appendingPathComponent("out/report.html"), encoding: .utf8)
        expectPlaceholdersAndWarnings(html: html, stderr: judged.stderr, bombs: bombs)
    }

    @Test func reportStaysSmall() throws {
        let (folder, bombs) = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let judged = try HuntBinary.run(["judge", "hunt.yaml", "sim/submissions", "--out", "out"], in: folder)
        #expect(judged.status == 0, "\(judged.stderr)")
        let (report, peak) = try HuntBinary.runMeasuringMemory(
            ["report", "out/results.json", "--format", "html", "--out", "report.html"],
            in: folder)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(peak < Self.memoryLimitBytes, "peak \(peak >> 20) MiB")
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        expectPlaceholdersAndWarnings(html: html, stderr: report.stderr, bombs: bombs)
    }
}
