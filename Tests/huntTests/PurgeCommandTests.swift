import Foundation
import HuntTestSupport
import Testing

/// `hunt purge` on a judged day, as an organizer runs it when the retention has passed.
@Suite("hunt purge")
struct PurgeCommandTests {
    /// The photo hunt's example judged into `out/` (HTML with thumbnails, CSV), with
    /// `retention: 30 days` added and every photo arrived 60 days ago.
    static func judgedDay() throws -> URL {
        let folder = try HuntBinary.temporaryDirectory("purge")
        let example = SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt")
        for name in ["hunt.yaml", "submissions"] {
            try FileManager.default.copyItem(at: example.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let hunt = folder.appendingPathComponent("hunt.yaml")
        try Data((try String(contentsOf: hunt, encoding: .utf8) + "\nretention: 30 days\n").utf8).write(to: hunt)
        let judged = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--out", "out", "--format", "text,html,csv"], in: folder)
        #expect(judged.status == 0, "\(judged.stderr)")
        let old = Date().addingTimeInterval(-60 * 86400)
        let files = FileManager.default.enumerator(atPath: folder.appendingPathComponent("submissions").path)!.compactMap { $0 as? String }
        for file in files {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.appendingPathComponent("submissions/" + file).path)
        }
        return folder
    }

    static func photos(in folder: URL) -> [String] {
        FileManager.default.enumerator(atPath: folder.appendingPathComponent("submissions").path)!.compactMap { $0 as? String }
            .filter { $0.lowercased().hasSuffix(".jpg") }
    }

    @Test("--dry-run, then without --yes, removes nothing; --yes removes the photos and the HTML report and keeps results")
    func purgeADay() throws {
        let folder = try Self.judgedDay()
        let count = Self.photos(in: folder).count
        #expect(count > 10)

        let dry = try HuntBinary.run(["purge", "hunt.yaml", "submissions", "--out", "out", "--dry-run"], in: folder)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("(retention: 30 days)"), "\(dry.stdout)")
        #expect(dry.stdout.contains("would remove \(count) photos"), "\(dry.stdout)")
        #expect(dry.stdout.contains("would remove 1 report with photos"), "\(dry.stdout)")
        let asked = try HuntBinary.run(["purge", "hunt.yaml", "submissions", "--out", "out"], in: folder)
        #expect(asked.status == 1)
        #expect(asked.stderr.contains("run again with --yes"))
        #expect(Self.photos(in: folder).count == count, "nothing removed without --yes")

        let done = try HuntBinary.run(["purge", "hunt.yaml", "submissions", "--out", "out", "--yes"], in: folder)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout.contains("removed \(count + 1) files"), "\(done.stdout)")
        #expect(Self.photos(in: folder).isEmpty)
        let out = Set(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path))
        #expect(out == ["results.json", "submissions.csv", "leaderboard.csv"])

        // The results still open and report.
        let report = try HuntBinary.run(["report", "out/results.json", "--format", "csv"], in: folder)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("IMG_0001.jpg"), "the verdicts of the removed photos are in the results")

        // Judging again into the same folder would replace those verdicts: refused.
        let over = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--out", "out"], in: folder)
        #expect(over.status == 1)
        #expect(over.stderr.contains("holds their only verdicts"), "\(over.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/results.json").path))
        // Elsewhere, the judge says what is gone.
        let again = try HuntBinary.run(["judge", "hunt.yaml", "submissions"], in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("`hunt purge` removed \(count) files from submissions"), "\(again.stderr)")
    }

    @Test("without retention or --before it says what to add; a future --before is refused")
    func needsAMoment() throws {
        let folder = try Self.judgedDay()
        let hunt = folder.appendingPathComponent("hunt.yaml")
        let text = try String(contentsOf: hunt, encoding: .utf8).replacingOccurrences(of: "\nretention: 30 days\n", with: "\n")
        try Data(text.utf8).write(to: hunt)
        let none = try HuntBinary.run(["purge", "hunt.yaml", "submissions", "--yes"], in: folder)
        #expect(none.status == 2)
        #expect(none.stderr.contains("add e.g. `retention: 30 days`"), "\(none.stderr)")
        let future = try HuntBinary.run(["purge", "hunt.yaml", "submissions", "--before", "2999-01-01", "--yes"], in: folder)
        #expect(future.status == 2)
        #expect(future.stderr.contains("in the future"))
        let bad = try HuntBinary.run(["purge", "hunt.yaml", "submissions", "--before", "yesterday"], in: folder)
        #expect(bad.status == 2)
        #expect(Self.photos(in: folder).count > 10, "nothing removed")
    }
}
