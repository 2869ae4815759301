import Foundation
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
        try fileManager.copyItem(at: try HuntBinary.url(), to: hunt)
        try fileManager.copyItem(at: HuntBinary.checkout.appendingPathComponent("Templates"), to: share.appendingPathComponent("Templates"))
        // A template only the installed copy has shows which Templates folder was used.
        let marker = share.appendingPathComponent("Templates/hunts/installed-only")
        try fileManager.copyItem(at: share.appendingPathComponent("Templates/hunts/photo-hunt"), to: marker)

        let list = try HuntBinary.run(["init", "--list-templates"], environment: ["HUNT_TEMPLATES": ""], executable: hunt)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("installed-only\t"))
        let work = prefix.appendingPathComponent("work")
        let made = try HuntBinary.run(["init", work.path], environment: ["HUNT_TEMPLATES": ""], executable: hunt)
        #expect(made.status == 0, "\(made.stderr)")
        let first = try String(contentsOf: work.appendingPathComponent("hunt.yaml"), encoding: .utf8).prefix { $0 != "\n" }
        #expect(first == "# yaml-language-server: $schema=\(share.path)/Templates/hunt.schema.json")
    }
}
