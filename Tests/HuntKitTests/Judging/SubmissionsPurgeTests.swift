import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

@Suite("Purging a hunt day's personal files")
struct SubmissionsPurgeTests {
    /// A day: two teams' photos, a video, sidecars, an unfinished upload, a manifest, a link, an
    /// HTML report with a thumbnail and one without, and a players' log. Files named `old…` (and
    /// the folders' other files, but `new.jpg`) arrived on 1 October.
    struct Day {
        let root: URL
        var submissions: URL { root.appendingPathComponent("submissions") }
        var out: URL { root.appendingPathComponent("out") }
        var log: URL { root.appendingPathComponent("reviews.players.jsonl") }
        static let old = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21
        static let cutoff = Date(timeIntervalSince1970: 1_793_000_000)  // 2026-10-26

        init() throws {
            root = Scratch.root.appendingPathComponent("purge-\(UUID().uuidString)")
            let files: [String: String] = [
                "submissions/foxes/dom/IMG_1.jpg": "photo", "submissions/foxes/dom/IMG_1.jpg.browser.xmp": "fix",
                "submissions/foxes/IMG_2.HEIC": "photo", "submissions/foxes/IMG_2.xmp": "sidecar",
                "submissions/owls/clip.mov": "video", "submissions/owls/new.jpg": "photo",
                "submissions/.incoming/owls-1.part": "half", "submissions/manifest.csv": "team,task,path\n",
                "out/report.html": "<img src=\"data:image/jpeg;base64,AAAA\">", "out/plain.html": "<p>no photos</p>",
                "out/results.json": "{}",
                "reviews.players.jsonl": """
                {"action":"upload","team":"foxes","path":"foxes/dom/IMG_1.jpg","at":"2026-09-21T10:00:00Z","lat":52.09,"lon":5.12,"accuracy_m":8,"fixed_at":"2026-09-21T09:59:58Z"}
                {"action":"withdraw","team":"foxes","path":"foxes/x.jpg","at":"2026-09-21T11:00:00Z"}
                not json
                {"action":"upload","team":"owls","path":"owls/new.jpg","at":"2026-11-20T10:00:00Z","lat":52.1,"lon":5.1}

                """
            ]
            for (path, text) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
                let when = path.hasSuffix("new.jpg") ? Date() : Self.old
                try FileManager.default.setAttributes([.modificationDate: when], ofItemAtPath: url.path)
            }
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent("submissions/owls/elsewhere.jpg").path,
                withDestinationPath: "/etc/hostname")
        }

        var purge: SubmissionsPurge {
            SubmissionsPurge(submissions: submissions, displayPath: "submissions", before: Self.cutoff, playersLog: log, out: out)
        }
    }

    @Test("the plan lists each personal file by kind, keeps the rest with a reason, and removes nothing")
    func plan() throws {
        let day = try Day()
        let plan = try day.purge.plan()
        let removals = Dictionary(uniqueKeysWithValues: plan.removals.map { ($0.path, $0.kind) })
        #expect(
            removals == [
                "submissions/.incoming/owls-1.part": .unfinishedUpload,
                "submissions/foxes/IMG_2.HEIC": .photo, "submissions/foxes/IMG_2.xmp": .sidecar,
                "submissions/foxes/dom/IMG_1.jpg": .photo, "submissions/foxes/dom/IMG_1.jpg.browser.xmp": .browserPosition,
                "submissions/owls/clip.mov": .video, day.out.path + "/report.html": .reportWithPhotos
            ])
        #expect(plan.recent == 1, "new.jpg arrived after the cutoff")
        #expect(plan.kept.map(\.path) == ["submissions/manifest.csv", "submissions/owls/elsewhere.jpg"])
        #expect(plan.kept.last?.reason.contains("symbolic link") == true)
        #expect(plan.logPositions == 1)
        #expect(FileManager.default.fileExists(atPath: day.submissions.appendingPathComponent("foxes/dom/IMG_1.jpg").path))
        #expect(plan.totals.first { $0.kind == .photo }?.files == 2)
    }

    @Test("carrying out removes the planned files, records them, and strips only old positions from the log")
    func carryOut() throws {
        let day = try Day()
        let purge = day.purge
        let before = try String(contentsOf: day.log, encoding: .utf8)
        let outcome = purge.carryOut(try purge.plan(), now: Day.cutoff)
        #expect(outcome.failed.isEmpty)
        #expect(outcome.removed.count == 7)
        #expect(outcome.logPositions == 1)
        let left = FileManager.default.enumerator(atPath: day.root.path)!.compactMap { $0 as? String }.sorted()
        #expect(left.contains("submissions/owls/new.jpg"))
        #expect(left.contains("submissions/manifest.csv"))
        #expect(left.contains("out/results.json") && left.contains("out/plain.html"))
        #expect(!left.contains("out/report.html"))
        #expect(!left.contains { $0.hasPrefix("submissions/foxes/") && !$0.hasSuffix("/dom") && $0 != "submissions/foxes/dom" })
        // The link is not followed: what it points to is untouched.
        #expect(FileManager.default.fileExists(atPath: "/etc/hostname"))

        let log = try String(contentsOf: day.log, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(log.count == lines.count, "no line lost")
        #expect(!log[0].contains("52.09") && !log[0].contains("fixed_at") && log[0].contains("\"path\":\"foxes/dom/IMG_1.jpg\""))
        #expect(log[1] == lines[1] && log[2] == lines[2] && log[3] == lines[3], "lines without positions, unreadable lines and new lines kept")

        let record = try #require(SubmissionsPurge.record(in: day.submissions))
        #expect(record.files == 6, "the report is not a file of the folder")
        #expect(record.last == Day.cutoff)
        let text = try String(contentsOf: day.submissions.appendingPathComponent(".purged.jsonl"), encoding: .utf8)
        #expect(text.contains("\"path\":\"foxes/dom/IMG_1.jpg\",\"kind\":\"photo\""))

        // A second purge finds nothing more, and keeps its record.
        let again = try purge.plan()
        #expect(again.removals.isEmpty && again.logPositions == 0)
    }

    @Test("a missing folder is an error that names it")
    func missingFolder() {
        let purge = SubmissionsPurge(submissions: URL(fileURLWithPath: "/nonexistent/submissions"), displayPath: "nope", before: Date())
        #expect(throws: DiagnosticError.self) { try purge.plan() }
        #expect(SubmissionsPurge.record(in: URL(fileURLWithPath: "/nonexistent")) == nil)
    }

    @Test(
        "a file's kind by its name",
        arguments: [
            ("a.jpg", SubmissionsPurge.Kind.photo), ("A.JPEG", .photo), ("b.heic", .photo), ("c.MOV", .video), ("d.mp4", .video),
            ("e.xmp", .sidecar), ("e.jpg.browser.xmp", .browserPosition), ("IMG.JPG.BROWSER.XMP", .browserPosition)
        ])
    func kinds(_ name: String, _ kind: SubmissionsPurge.Kind) {
        #expect(SubmissionsPurge.kind(of: name) == kind)
    }

    @Test("names of no personal kind are kept", arguments: ["manifest.csv", "notes.txt", "README", "results.json"])
    func notPersonal(_ name: String) {
        #expect(SubmissionsPurge.kind(of: name) == nil)
    }

    @Test("retention: read, written back, checked")
    func retention() throws {
        let read = DefinitionTestSupport.load(DefinitionTestSupport.hunt(top: "retention: 30 days"))
        #expect(!read.hasErrors)
        let hunt = try #require(read.hunt)
        #expect(hunt.retention == TimeSpan(seconds: 30 * 86400))
        #expect(hunt.yaml().contains("retention: "))
        #expect(DefinitionTestSupport.load(hunt.yaml()).hunt?.retention == hunt.retention)

        let zero = DefinitionTestSupport.load(DefinitionTestSupport.hunt(top: "retention: 0 s"))
        #expect(zero.hasErrors && zero.hunt?.retention == nil)
        let short = DefinitionTestSupport.load(DefinitionTestSupport.hunt(top: "retention: 2 h"))
        #expect(!short.hasErrors && short.diagnostics.contains { $0.code.rawValue == "short-retention" })
        #expect(short.hunt?.retention == TimeSpan(seconds: 7200))
        let bare = DefinitionTestSupport.load(DefinitionTestSupport.hunt(top: "retention: 30"))
        #expect(bare.hasErrors, "a duration says its unit")

        var built = hunt
        built.retention = TimeSpan(seconds: -1)
        #expect(built.validate().contains { $0.severity == .error })
    }
}
