import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

@Suite("Finding submissions")
struct SubmissionFinderTests {
    /// A temporary submissions folder from relative paths (content: a tiny JPEG unless given).
    func folder(_ files: [String: [UInt8]]) throws -> URL {
        let root = Scratch.root.appendingPathComponent("huntkit-finder-\(UUID().uuidString)")
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return root
    }

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 0, count: 16)

    @Test("task from folder, file-name prefix, or nothing (auto); non-photos listed; symlinks refused")
    func layout() throws {
        let root = try folder([
            "foxes/tower/IMG_1.jpg": Self.jpeg,
            "foxes/bridge-2.JPG": Self.jpeg,
            "foxes/IMG_3.jpg": Self.jpeg,
            "foxes/day1/IMG_4.jpg": Self.jpeg,
            "foxes/notes.txt": Array("hello".utf8),
            "foxes/untitled": Self.jpeg,
            "foxes/.DS_Store": [0],
            "stray.jpg": Self.jpeg
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("foxes/link.jpg").path, withDestinationPath: "/etc/passwd")
        let scan = try SubmissionFinder(hunt: JudgingFixtures.hunt()).scan(root, displayPath: "subs")
        let byPath = Dictionary(uniqueKeysWithValues: scan.submissions.map { ($0.path, $0) })
        #expect(
            scan.submissions.map(\.path) == [
                "foxes/IMG_3.jpg", "foxes/bridge-2.JPG", "foxes/day1/IMG_4.jpg", "foxes/tower/IMG_1.jpg", "foxes/untitled"
            ])
        #expect(byPath["foxes/tower/IMG_1.jpg"]?.task == "tower")
        #expect(byPath["foxes/tower/IMG_1.jpg"]?.taskSource == .folder)
        #expect(byPath["foxes/bridge-2.JPG"]?.task == "bridge")
        #expect(byPath["foxes/bridge-2.JPG"]?.taskSource == .fileName)
        #expect(byPath["foxes/IMG_3.jpg"]?.taskSource == .auto)
        #expect(byPath["foxes/day1/IMG_4.jpg"]?.taskSource == .auto)  // a folder that names no task, nor nearly
        #expect(scan.skipped.map(\.path) == ["foxes/link.jpg", "foxes/notes.txt", "stray.jpg"])
        #expect(scan.skipped[0].reason.contains("symbolic link"))
    }

    @Test("a file without a photo or video extension is judged by the reader's sniffer: videos kept, audio and raw files skipped")
    func sniffedByContent() throws {
        let m4a: [UInt8] = [0, 0, 0, 0x18] + Array("ftypM4A ".utf8) + [0, 0, 2, 0] + Array("M4A mp42isom".utf8)
        let quickTime: [UInt8] = [0, 0, 0, 0x10] + Array("moov".utf8) + Array(repeating: 0, count: 8)
        let root = try folder([
            "foxes/voice-memo": m4a,
            "foxes/clip": quickTime,
            "foxes/tower/deeper/IMG_5": Self.jpeg,
            "foxes/empty.dat": [],
            "foxes/IMG_6.Xmp": Array("<x:xmpmeta/>".utf8)
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let scan = try SubmissionFinder(hunt: JudgingFixtures.hunt()).scan(root, displayPath: "subs")
        #expect(scan.submissions.map(\.path) == ["foxes/clip", "foxes/tower/deeper/IMG_5"])
        #expect(scan.submissions.last?.task == "tower")
        #expect(scan.skipped.map(\.path) == ["foxes/IMG_6.Xmp", "foxes/empty.dat", "foxes/voice-memo"])
        #expect(
            scan.skipped.map(\.reason) == [
                "XMP sidecar (read with its photo)", "empty file (0 bytes)",
                "not a photo or video: an MP4 audio file or another ISOBMFF file (brand `M4A `)"
            ])
    }

    /// Issue 38: a day of the players' page left one `.browser.xmp` beside every upload, and each
    /// was "skipped" and listed under "Not judged", hiding the real skips.
    @Test("the players' page's own browser-fix sidecars are read with their photo, not listed as skipped")
    func browserSidecarsAreNotSkips() throws {
        let root = try folder([
            "foxes/IMG_1.jpg": Self.jpeg,
            "foxes/IMG_1.jpg" + BrowserFix.sidecarSuffix: Array("<x:xmpmeta/>".utf8),
            "foxes/empty.dat": []
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let scan = try SubmissionFinder(hunt: JudgingFixtures.hunt()).scan(root, displayPath: "subs")
        #expect(scan.submissions.map(\.path) == ["foxes/IMG_1.jpg"])
        #expect(scan.skipped.map(\.path) == ["foxes/empty.dat"])
    }

    /// Organizers on macOS and Windows name folders as they like (issue 22, item 3).
    @Test("team and task folders, file-name prefixes and manifest cells match by NameKey: case, accents and separators do not count")
    func forgivingNames() throws {
        var hunt = JudgingFixtures.hunt()
        hunt.teams.append(Team(id: "rouge", name: "Équipe Rouge", location: JudgingFixtures.here))
        let root = try folder([
            "Foxes/Tower/a.jpg": Self.jpeg, "RED_FOXES/BRIDGE/b.jpg": Self.jpeg, "Night Owls/Bridge-2.jpg": Self.jpeg,
            "E\u{301}QUIPE_ROUGE/tower/c.jpg": Self.jpeg, "loose/d.jpg": Self.jpeg
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try Manifest.parse("team,task,path\nÉquipe-Rouge,TOWER,loose/d.jpg\n", displayPath: "m.csv")
        let scan = try SubmissionFinder(hunt: hunt, manifest: manifest).scan(root, displayPath: "subs")
        #expect(scan.diagnostics.isEmpty, "\(scan.diagnostics)")
        let assigned = scan.submissions.map { "\($0.team)/\($0.task ?? "-")" }
        #expect(assigned == ["rouge/tower", "foxes/tower", "owls/bridge", "foxes/bridge", "rouge/tower"], "\(scan.submissions.map(\.path))")
        let results = Judge(checked: hunt).judge(
            scan.submissions.map {
                JudgeInput(submission: $0, photo: JudgingFixtures.photo($0.path, near: JudgingFixtures.tower, time: JudgingFixtures.at(11, 0)))
            })
        #expect(!results.submissions.contains { $0.reasons.contains(.unknownTeam) || $0.reasons.contains(.unknownTask) })
    }

    @Test("a folder that names two teams or two tasks is a problem that names both")
    func ambiguousNames() throws {
        var hunt = JudgingFixtures.hunt(extraTasks: [
            HuntTask(id: "Tower_2", title: "x", location: JudgingFixtures.here),
            HuntTask(id: "tower-2", title: "y", location: JudgingFixtures.here)
        ])
        hunt.teams.append(Team(id: "reds", name: "Foxes", location: JudgingFixtures.here))
        let root = try folder(["FOXES/tower/a.jpg": Self.jpeg, "owls/TOWER 2/b.jpg": Self.jpeg])
        defer { try? FileManager.default.removeItem(at: root) }
        let scan = try SubmissionFinder(hunt: hunt).scan(root, displayPath: "subs")
        #expect(scan.diagnostics.map(\.code) == ["ambiguous-team"])
        #expect(scan.diagnostics[0].message.contains("`foxes`") && scan.diagnostics[0].message.contains("`reds`"))
        let results = Judge(checked: hunt).judge(
            scan.submissions.map {
                JudgeInput(submission: $0, photo: JudgingFixtures.photo($0.path, near: JudgingFixtures.tower, time: JudgingFixtures.at(11, 0)))
            })
        let team = results.submission(at: "FOXES/tower/a.jpg")?.findings.first { $0.code == .unknownTeam }?.message ?? ""
        #expect(team.contains("`foxes`") && team.contains("`reds`"))
        let task = results.submission(at: "owls/TOWER 2/b.jpg")?.findings.first { $0.code == .unknownTask }?.message ?? ""
        #expect(task.contains("`Tower_2`") && task.contains("`tower-2`"))
    }

    @Test("a team folder not in the roster is reported with a suggestion; a near-miss task folder is unknown-task")
    func unknowns() throws {
        let root = try folder(["foxs/tower/a.jpg": Self.jpeg, "owls/towr/b.jpg": Self.jpeg, "équipe/tower/c.jpg": Self.jpeg])
        defer { try? FileManager.default.removeItem(at: root) }
        let scan = try SubmissionFinder(hunt: JudgingFixtures.hunt()).scan(root, displayPath: "subs")
        #expect(scan.diagnostics.map(\.code) == ["unknown-team", "unknown-team"])
        // A folder name of several bytes a character: the task folder below it is still found.
        #expect(scan.submissions.first { $0.path == "équipe/tower/c.jpg" }?.task == "tower")
        #expect(scan.diagnostics[0].fix?.contains("did you mean `foxes`?") == true)
        #expect(scan.submissions.first { $0.path == "owls/towr/b.jpg" }?.task == "towr")
    }

    @Test("manifest rows give team and task; paths leaving the folder are refused")
    func manifest() throws {
        let root = try folder(["upload/1.jpg": Self.jpeg, "upload/2.jpg": Self.jpeg])
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try Manifest.parse(
            "team,task,path\nfoxes,tower,upload/1.jpg\nowls,bridge,\"upload/2.jpg\"\nowls,tower,../../etc/passwd\nowls,tower,upload/3.jpg\n",
            displayPath: "m.csv")
        let scan = try SubmissionFinder(hunt: JudgingFixtures.hunt(), manifest: manifest).scan(root, displayPath: "subs")
        #expect(scan.submissions.map { "\($0.team)/\($0.task ?? "-")/\($0.taskSource.rawValue)" } == ["foxes/tower/manifest", "owls/bridge/manifest"])
        #expect(scan.diagnostics.map(\.code) == ["path-outside", "manifest-missing-file"])
        #expect(scan.diagnostics[0].location.line == 4)
    }

    @Test("a missing folder or a file given as the folder is a clear error")
    func badFolder() throws {
        #expect(throws: DiagnosticError.self) {
            _ = try SubmissionFinder(hunt: JudgingFixtures.hunt()).scan(URL(fileURLWithPath: "/nonexistent-huntkit"), displayPath: "x")
        }
    }
}
