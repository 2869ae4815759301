import Foundation
import HuntTestSupport
import Testing

/// `make install` after `make demo` reuses the release build: make itself decides, from the
/// files' times, that neither hunt, the man-page generator nor the man pages need making again
/// (asked with `make -n`, in a copy of the Makefile over a stand-in tree; nothing is built).
@Suite struct MakeInstallTests {
    /// A tree with the Makefile, one source file, and the outputs of an earlier `make demo`
    /// (and, with `manual`, of an earlier `make manual`), each newer than what it is made from.
    func tree(manual: Bool) throws -> URL {
        let root = try HuntBinary.temporaryDirectory("hunt-make")
        let fm = FileManager.default
        try fm.copyItem(at: SourceTree.root.appendingPathComponent("Makefile"), to: root.appendingPathComponent("Makefile"))
        for dir in ["Sources/hunt", ".build/release", ".build/manual"] {
            try fm.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        var files = ["Package.swift", "Package.resolved", "Sources/hunt/main.swift", ".build/release/hunt"]
        if manual { files += [".build/release/generate-manual", ".build/manual/hunt.1"] }
        let start = Date(timeIntervalSinceNow: -3600)
        for (i, file) in files.enumerated() {
            let url = root.appendingPathComponent(file)
            try Data().write(to: url)
            try fm.setAttributes([.modificationDate: start.addingTimeInterval(Double(i) * 60)], ofItemAtPath: url.path)
        }
        return root
    }

    func dryRun(_ target: String, in root: URL) throws -> String {
        let make = try HuntBinary.run(
            ["make", "-n", target, "DESTDIR=\(root.path)/stage"], in: root,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(make.status == 0, "\(make.stderr)")
        return make.stdout
    }

    @Test func installAfterDemoAndManualBuildsNothing() throws {
        let root = try tree(manual: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = try dryRun("install", in: root)
        #expect(!plan.contains("build -c release"), "\(plan)")
        #expect(!plan.contains("package plugin"), "\(plan)")
        #expect(!plan.contains("writing man pages"), "\(plan)")
        #expect(plan.contains("install -m 755 .build/release/hunt"), "\(plan)")
    }

    @Test func theFirstInstallAfterDemoBuildsOnlyTheGeneratorAndRunsItOnTheBinary() throws {
        let root = try tree(manual: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = try dryRun("install", in: root)
        #expect(!plan.contains("--product hunt"), "\(plan)")
        #expect(!plan.contains("package plugin"), "\(plan)")
        #expect(plan.contains("build -c release --product generate-manual"), "\(plan)")
        #expect(plan.contains(".build/release/generate-manual .build/release/hunt --multi-page --output-directory .build/manual"), "\(plan)")
    }

    @Test func aChangedSourceIsBuiltAgain() throws {
        let root = try tree(manual: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("// changed\n".utf8).write(to: root.appendingPathComponent("Sources/hunt/main.swift"))
        let plan = try dryRun("install", in: root)
        #expect(plan.contains("build -c release --product hunt"), "\(plan)")
        #expect(plan.contains("writing man pages"), "\(plan)")
    }
}
