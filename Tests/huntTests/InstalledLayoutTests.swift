import Foundation
import HuntTestSupport
import Testing

/// The layout `make install` writes (PREFIX/bin/hunt beside PREFIX/share/hunt/Templates): the
/// binary finds the installed Templates, not the checkout it was built from. (`.ci/check/install.sh`
/// runs `make install` itself; this is the fast part of it.)
@Suite struct InstalledLayoutTests {
    @Test func anInstalledBinaryUsesTheInstalledTemplates() throws {
        let prefix = try HuntBinary.temporaryDirectory("hunt-installed")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let fileManager = FileManager.default
        let bin = prefix.appendingPathComponent("bin"), share = prefix.appendingPathComponent("share/hunt")
        try fileManager.createDirectory(at: bin, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: share, withIntermediateDirectories: true)
        let hunt = bin.appendingPathComponent("hunt")
        // A hard link where it can be: a copy is open for writing a moment, and a process another
        // test starts then inherits that descriptor, so running the copy fails with "Text file
        // busy" until that process ends.
        do { try fileManager.linkItem(at: try HuntBinary.url(), to: hunt) } catch { try fileManager.copyItem(at: try HuntBinary.url(), to: hunt) }
        try fileManager.copyItem(at: SourceTree.root.appendingPathComponent("Templates"), to: share.appendingPathComponent("Templates"))
        // A template only the installed copy has shows which Templates folder was used.
        let marker = share.appendingPathComponent("Templates/hunts/installed-only")
        try fileManager.copyItem(at: share.appendingPathComponent("Templates/hunts/photo-hunt"), to: marker)

        let list = try Self.run(["init", "--list-templates"], executable: hunt)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("installed-only\t"))
        let work = prefix.appendingPathComponent("work")
        let made = try Self.run(["init", work.path], executable: hunt)
        #expect(made.status == 0, "\(made.stderr)")
        let first = try String(contentsOf: work.appendingPathComponent("hunt.yaml"), encoding: .utf8).prefix { $0 != "\n" }
        #expect(first == "# yaml-language-server: $schema=\(share.path)/Templates/hunt.schema.json")
    }

    /// A binary copied away from its build, with no Templates folder installed or named, still
    /// finds the templates HuntKit ships as resources, and renders the HTML report with them.
    @Test func aCopiedBinaryUsesTheBundledTemplates() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-copied")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hunt = folder.appendingPathComponent("hunt")
        do { try FileManager.default.linkItem(at: try HuntBinary.url(), to: hunt) } catch {
            try FileManager.default.copyItem(at: try HuntBinary.url(), to: hunt)
        }
        let made = try Self.run(["init", folder.appendingPathComponent("work").path], executable: hunt)
        #expect(made.status == 0, "\(made.stderr)")
        let first = try String(contentsOf: folder.appendingPathComponent("work/hunt.yaml"), encoding: .utf8).prefix { $0 != "\n" }
        #expect(first.contains("_HuntKitTemplates.resources/hunt.schema.json"), "\(first)")
        let example = SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt")
        let out = folder.appendingPathComponent("out")
        let judged = try Self.run(
            [
                "judge", example.appendingPathComponent("hunt.yaml").path, example.appendingPathComponent("submissions").path,
                "--out", out.path, "--format", "text,html"
            ], executable: hunt)
        #expect(judged.status <= 1, "\(judged.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.html").path), "\(judged.stderr)")
    }

    /// Runs the installed copy, again while the system says it is busy (see above).
    static func run(_ arguments: [String], executable: URL) throws -> HuntBinary.Result {
        for _ in 0..<50 {
            do { return try HuntBinary.run(arguments, environment: ["HUNT_TEMPLATES": ""], executable: executable) } catch {
                guard "\(error)".contains("Text file busy") else { throw error }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        return try HuntBinary.run(arguments, environment: ["HUNT_TEMPLATES": ""], executable: executable)
    }
}
