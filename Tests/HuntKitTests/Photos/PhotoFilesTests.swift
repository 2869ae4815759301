import Foundation
import Testing
@testable import HuntKit

@Suite struct PhotoFilesTests {
    @Test func foldersExpandSortedRecursivelySkippingHiddenAndOtherFiles() throws {
        let root = try PhotoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        for dir in ["b", "a/inner", ".hidden"] { try fm.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true) }
        for file in ["z.jpg", "b/2.HEIC", "b/10.png", "a/inner/x.tif", "a/y.webp", ".hidden/h.jpg", ".dot.jpg", "notes.txt", "a/IMG.xmp"] {
            #expect(fm.createFile(atPath: root.appendingPathComponent(file).path, contents: Data([1])))
        }
        // A link to a file inside the tree is read; to a folder, or out of the tree, is not.
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("link.jpg").path, withDestinationPath: root.appendingPathComponent("z.jpg").path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("loop").path, withDestinationPath: root.path)
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("outside.jpg").path, withDestinationPath: PhotoFixtures.url("jpeg-no-exif.jpg").path)

        let shown = PhotoFiles([root.path]).map(\.displayPath).map { String($0.dropFirst(root.path.count + 1)) }
        #expect(shown == ["a/inner/x.tif", "a/y.webp", "b/10.png", "b/2.HEIC", "link.jpg", "z.jpg"])

        let all = PhotoFiles([root.path], filter: .all).map(\.displayPath).map { String($0.dropFirst(root.path.count + 1)) }
        #expect(all.contains("notes.txt") && all.contains("a/IMG.xmp"))
        #expect(!all.contains { $0.hasPrefix(".") || $0.contains("/.") })
    }

    @Test func explicitPathsKeepTheirOrderAndSpelling() {
        let inputs = PhotoFiles(["b.jpg", "./a.jpg", "missing.jpg"]).map(\.displayPath)
        #expect(inputs == ["b.jpg", "./a.jpg", "missing.jpg"])
    }

    @Test func folderGivenWithTrailingSlashJoinsCleanly() throws {
        let name = PhotoFixtures.folder.path + "/"
        let first = try #require(PhotoFiles([name]).first(where: { _ in true }))
        #expect(!first.displayPath.contains("//"))
    }

    @Test func sidecarFoundByTheListingIsUsed() throws {
        let input = try #require(PhotoFiles([PhotoFixtures.folder.path]).first { $0.displayPath.hasSuffix("jpeg-with-sidecar.jpg") })
        let photo = try #require(PhotoReader().read(input).value)
        #expect(photo.positionSource == .sidecar)
    }

    @Test func bulkReadingDeliversInInputOrder() async throws {
        let names = (try FileManager.default.contentsOfDirectory(atPath: PhotoFixtures.folder.path)).filter { !$0.hasSuffix(".xmp") }.sorted()
        var inputs: [PhotoInput] = []
        for round in 0..<40 {
            for name in names.shuffled() { inputs.append(PhotoInput(path: PhotoFixtures.url(name).path, displayPath: "\(round)/\(name)")) }
        }
        var seen: [String] = []
        var failures = 0
        try await PhotoReader().readAll(inputs, maxConcurrency: 4) { input, result in
            seen.append(input.displayPath)
            if case .failure(let e) = result {
                failures += 1
                #expect(e.path == input.displayPath)
            }
            if case .success(let m) = result { #expect(m.path == input.displayPath) }
        }
        #expect(seen == inputs.map(\.displayPath))
        // The truncated JPEG and the fuzzer findings, once per round.
        #expect(failures == 40 * names.filter { $0.contains("truncated") || $0.hasPrefix("fuzz-") }.count)
    }

    @Test func bulkReadingStopsWhenDeliveryThrows() async throws {
        struct Stop: Error {}
        let inputs = (0..<1000).map { _ in PhotoInput(path: PhotoFixtures.url("jpeg-gps-complete.jpg").path) }
        var delivered = 0
        await #expect(throws: Stop.self) {
            try await PhotoReader().readAll(inputs) { _, _ in
                delivered += 1
                if delivered == 10 { throw Stop() }
            }
        }
        #expect(delivered == 10)
    }
}
