import Foundation
import Testing
@testable import HuntKit

/// Every input is opened through `InputFile`/`InputFolder`: regular files only, bounded reads,
/// and nothing followed out of the folder an input must stay in (issue 11: defects 3, 5, 6, 10).
@Suite struct InputFileTests {
    static func folder() throws -> URL { try PhotoFixtures.temporaryFolder() }

    static func mkfifo(_ url: URL) throws {
        #expect(Foundation.mkfifo(url.path, 0o644) == 0)
    }

    /// A name that is not UTF-8, made with POSIX calls (Foundation's paths cannot hold one).
    static func createFile(rawName: [UInt8], in folder: URL, contents: [UInt8]) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + rawName + [0]
        let fd = path.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == contents.count)
    }

    static func mkdir(rawName: [UInt8], in folder: URL) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + rawName + [0]
        let status = path.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { Foundation.mkdir($0.baseAddress!, 0o755) }
        }
        try #require(status == 0)
    }

    // MARK: special files (defect 6)

    @Test func aDeviceIsRefusedAtOnceNotRead() throws {
        let started = Date()
        #expect(throws: InputFileError.self) { try InputFile.read(path: "/dev/zero", limitBytes: 1 << 20, what: "hunt file") }
        do {
            _ = try InputFile(path: "/dev/zero")
        } catch {
            #expect(error.reason == .notRegularFile)
            #expect(error.message == "is a device, FIFO or socket, not a regular file")
            #expect(!error.description.contains("permission"))
        }
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func aFIFOWithNoWriterIsRefusedWithoutHanging() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("hunt.yaml")
        try Self.mkfifo(fifo)
        let started = Date()
        let result = HuntLoader().load(contentsOf: fifo, displayPath: "hunt.yaml")
        #expect(result.diagnostics.map(\.code) == ["not-a-file"])
        #expect(Reviews.readFailure(fifo)?.contains("FIFO") == true)
        #expect(throws: DiagnosticError.self) { try Manifest.read(contentsOf: fifo, displayPath: "m.csv") }
        #expect(throws: ResultsFileReader.ReadError.self) { try ResultsFileReader.read(fifo, displayPath: "results.json") }
        #expect(GeoFileReader.read(fifo, displayPath: "p.csv").diagnostics.map(\.code) == ["not-a-file"])
        #expect(PhotoReader().read(path: fifo.path).failure?.code == .notAFile)
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test func aFileOverTheLimitIsRefusedNamingTheFile() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("big.csv")
        try Data(repeating: 0x41, count: 3000).write(to: url)
        do {
            _ = try InputFile.read(path: url.path, displayPath: "big.csv", limitBytes: 2048, what: "manifest")
            Issue.record("read past the limit")
        } catch {
            #expect(error.reason == .tooLarge)
            #expect(error.description.hasPrefix("big.csv: error: is 2 KiB; a manifest may be at most 2 KiB"))
        }
        #expect(try InputFile.read(path: url.path, limitBytes: 3000, what: "manifest").count == 3000)
    }

    // MARK: staying inside a folder (defect 3)

    @Test func insideAFolderLinksAbsolutePathsAndDotDotAreRefused() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("in/sub"), withIntermediateDirectories: true)
        try Data("ok".utf8).write(to: root.appendingPathComponent("in/sub/file.txt"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("in/link.txt").path, withDestinationPath: "../secret.txt")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("in/linked").path, withDestinationPath: "sub")
        let folder = try InputFolder(path: root.appendingPathComponent("in").path)

        #expect(try InputFile("sub/file.txt", inside: folder).readAll(limitBytes: 100, what: "file") == Array("ok".utf8))
        #expect(try InputFile("./sub//file.txt", inside: folder).size == 2)
        let cases: [(String, InputFileError.Reason)] = [
            ("link.txt", .symbolicLink), ("linked/file.txt", .symbolicLink), ("../secret.txt", .leavesFolder),
            ("sub/../../secret.txt", .leavesFolder), (root.appendingPathComponent("secret.txt").path, .leavesFolder),
            ("missing.txt", .notFound), ("sub", .isFolder)
        ]
        for (path, reason) in cases {
            do {
                _ = try InputFile(path, inside: folder)
                Issue.record("\(path) was opened")
            } catch {
                #expect(error.reason == reason, "\(path)")
            }
        }
    }

    @Test func aSymlinkedSidecarPointingOutsideIsNotRead() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try fm.copyItem(at: PhotoFixtures.url("jpeg-no-exif.jpg"), to: root.appendingPathComponent("photos/IMG_1.jpg"))
        try fm.copyItem(at: PhotoFixtures.url("jpeg-with-sidecar.xmp"), to: root.appendingPathComponent("elsewhere.xmp"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("photos/IMG_1.xmp").path, withDestinationPath: "../elsewhere.xmp")

        // Named directly (hunt exif PHOTO), found in a folder (hunt exif DIR), and judged.
        let direct = try #require(PhotoReader().read(path: root.appendingPathComponent("photos/IMG_1.jpg").path).value)
        #expect(direct.position == nil)
        let listed = try #require(PhotoFiles([root.appendingPathComponent("photos").path]).first { $0.displayPath.hasSuffix("IMG_1.jpg") })
        #expect(try #require(PhotoReader().read(listed).value).position == nil)

        // The same sidecar as a regular file is used: the refusal is about the link.
        try fm.removeItem(at: root.appendingPathComponent("photos/IMG_1.xmp"))
        try fm.copyItem(at: root.appendingPathComponent("elsewhere.xmp"), to: root.appendingPathComponent("photos/IMG_1.xmp"))
        #expect(try #require(PhotoReader().read(path: root.appendingPathComponent("photos/IMG_1.jpg").path).value).positionSource == .sidecar)
    }

    @Test func aPhotoSwappedForALinkAfterTheScanIsNotFollowed() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        let subs = root.appendingPathComponent("subs")
        try fm.createDirectory(at: subs.appendingPathComponent("foxes/tower"), withIntermediateDirectories: true)
        try fm.copyItem(at: PhotoFixtures.url("jpeg-no-exif.jpg"), to: subs.appendingPathComponent("foxes/tower/a.jpg"))
        try fm.copyItem(at: PhotoFixtures.url("jpeg-gps-complete.jpg"), to: root.appendingPathComponent("outside.jpg"))
        let scan = try SubmissionFinder(hunt: JudgingFixtures.hunt()).scan(subs, displayPath: "subs")
        let submission = try #require(scan.submissions.first)

        try fm.removeItem(at: subs.appendingPathComponent("foxes/tower/a.jpg"))
        try fm.createSymbolicLink(atPath: subs.appendingPathComponent("foxes/tower/a.jpg").path, withDestinationPath: "../../../outside.jpg")
        let error = try #require(PhotoReader().read(submission.photoInput).failure)
        #expect(error.message.contains("symbolic link"))

        // A folder on the way swapped for a link is refused too.
        try fm.removeItem(at: subs.appendingPathComponent("foxes/tower"))
        try fm.createDirectory(at: root.appendingPathComponent("decoy"), withIntermediateDirectories: true)
        try fm.copyItem(at: PhotoFixtures.url("jpeg-gps-complete.jpg"), to: root.appendingPathComponent("decoy/a.jpg"))
        try fm.createSymbolicLink(atPath: subs.appendingPathComponent("foxes/tower").path, withDestinationPath: "../../decoy")
        #expect(PhotoReader().read(submission.photoInput).failure != nil)
    }

    @Test func aReportMakesNoThumbnailThroughALink() async throws {
        let results = try ReportFixtures.results("where-is-france")
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let photos = root.appendingPathComponent("photos")
        let present = results.reviewQueue.sorted()[0]
        let url = photos.appendingPathComponent(present)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let outside = root.appendingPathComponent("outside.jpg")
        try Data(JPEGWriter.jpeg(tags: PhotoTags(), image: SyntheticImage(identity: 1, hue: 0.2))).write(to: outside)
        func html() async throws -> String {
            String(decoding: try await ReportWriter.render(try Report(results), format: .html, photosFolder: photos)[0].bytes, as: UTF8.self)
        }
        // The same photo as a file gets a thumbnail; as a link to outside the folder, a placeholder.
        try FileManager.default.copyItem(at: outside, to: url)
        #expect(try await html().contains("src=\"data:image/jpeg;base64,/9j/"))
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: outside.path)
        #expect(!(try await html().contains("src=\"data:image/jpeg;base64,")))
    }

    // MARK: names (defect 10)

    static let names: [([UInt8], String)] = {
        let bad: [UInt8] = Array("bad".utf8), tail: [UInt8] = Array("name.jpg".utf8)
        var cases: [([UInt8], String)] = []
        cases.append((Array("plain.jpg".utf8), "plain.jpg"))
        cases.append((bad + [0xFF] + tail, "bad\\xFFname.jpg"))
        cases.append((bad + [0xFE] + tail, "bad\\xFEname.jpg"))
        cases.append((Array("back\\slash.jpg".utf8), "back\\\\slash.jpg"))
        cases.append((Array("café.jpg".utf8), "café.jpg"))
        cases.append(([0xC3, 0x28, 0xED, 0xA0, 0x80], "\\xC3(\\xED\\xA0\\x80"))  // a bad continuation; an encoded surrogate
        cases.append((Array("\\x41".utf8), "\\\\x41"))
        return cases
    }()

    @Test(arguments: names)
    func namesEscapeToOneTextAndBack(bytes: [UInt8], text: String) {
        #expect(PathText.escape(bytes) == text)
        #expect(PathText.unescape(text) == bytes)
    }

    @Test func escapingIsOneToOne() {
        var seen: [String: [UInt8]] = [:]
        var generator = SystemRandomNumberGenerator()
        // Includes E2 80 80 / E2 80 82 (U+2000, U+2002: canonically equivalent) and CC 81 (a combining accent).
        let alphabet: [UInt8] = [0x41, 0x5C, 0x78, 0x46, 0xC3, 0xA9, 0xFF, 0x80, 0xE2, 0x82, 0xAC, 0x30, 0xCC, 0x81, 0x65]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 1...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let text = PathText.escape(bytes)
            #expect(PathText.unescape(text) == bytes)
            if let other = seen[text] { #expect(other == bytes) }
            seen[text] = bytes
        }
        #expect(PathText.unescape("stray\\q") == nil)
        #expect(PathText.canonical("bad\\xffname.jpg") == "bad\\xFFname.jpg")
        #expect(PathText.canonical("caf\\xC3\\xA9") == "café")
        #expect(PathText.escape(Array("cafe\u{301}".utf8)) == "cafe\\xCC\\x81")  // not NFC: escaped, so not equal to "café"
    }

    @Test func everyFileIsJudgedUnderANameThatMapsBack() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let tower = root.appendingPathComponent("foxes/tower")
        try FileManager.default.createDirectory(at: tower, withIntermediateDirectories: true)
        let jpeg = try PhotoFixtures.bytes("jpeg-gps-complete.jpg")
        try Self.createFile(rawName: Array("bad".utf8) + [0xFF] + Array("name.jpg".utf8), in: tower, contents: jpeg)
        try Self.createFile(rawName: Array("bad".utf8) + [0xFE] + Array("name.jpg".utf8), in: tower, contents: jpeg)
        try Self.createFile(rawName: Array("back\\slash.jpg".utf8), in: tower, contents: jpeg)
        try Self.mkdir(rawName: Array("dir".utf8) + [0xFF], in: root.appendingPathComponent("foxes"))
        try Self.createFile(rawName: Array("x.jpg".utf8), in: root.appendingPathComponent("foxes"), contents: jpeg)
        try Self.createFile(rawName: Array("dir".utf8) + [0xFF] + Array("/y.jpg".utf8), in: root.appendingPathComponent("foxes"), contents: jpeg)

        let scan = try SubmissionFinder(hunt: JudgingFixtures.hunt()).scan(root, displayPath: "subs")
        #expect(
            scan.submissions.map(\.path) == [
                "foxes/dir\\xFF/y.jpg", "foxes/tower/back\\\\slash.jpg", "foxes/tower/bad\\xFEname.jpg",
                "foxes/tower/bad\\xFFname.jpg", "foxes/x.jpg"
            ])
        #expect(scan.skipped.isEmpty, "\(scan.skipped)")
        for submission in scan.submissions {
            #expect(PhotoReader().read(submission.photoInput).value?.position != nil, "\(submission.path)")
        }

        // The reviews file and a manifest name them by the same text (hex digits in either case).
        let reviews = try Reviews.parse(
            try #require(
                try YAMLParser().parse(
                    Array(
                        """
                        foxes/tower/bad\\xffname.jpg: reject
                        'foxes/tower/back\\\\slash.jpg': accept
                        foxes/dir\\xFF/y.jpg: accept
                        """.utf8), displayPath: "reviews.yaml")), displayPath: "reviews.yaml")
        #expect(reviews.check(paths: Set(scan.submissions.map(\.path)), hunt: JudgingFixtures.hunt()).isEmpty)
        let manifest = try Manifest.parse("team,task,path\nowls,tower,foxes/tower/bad\\xFEname.jpg\n", displayPath: "m.csv")
        let mapped = try SubmissionFinder(hunt: JudgingFixtures.hunt(), manifest: manifest).scan(root, displayPath: "subs")
        #expect(mapped.diagnostics.isEmpty)
        #expect(mapped.submissions.first { $0.path == "foxes/tower/bad\\xFEname.jpg" }?.team == "owls")
    }

    // MARK: files a hunt names (defect 5)

    @Test func aPlacesFileThatIsNotOneIsNeverQuoted() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let secret = "root:x:0:0:SECRET_TOKEN=abc123:/root:/bin/bash\n"
        for name in ["p.csv", "p.geojson", "p.gpx", "p.kml"] {
            try Data(secret.utf8).write(to: root.appendingPathComponent(name))
            let hunt = "hunt: H\ntasks:\n  - id: a\n    title: A\n    places: \(name)\n"
            try Data(hunt.utf8).write(to: root.appendingPathComponent("hunt.yaml"))
            let result = HuntLoader().load(contentsOf: root.appendingPathComponent("hunt.yaml"), displayPath: "hunt.yaml")
            #expect(result.hasErrors, "\(name)")
            let text = TextDiagnosticRenderer().render(result.diagnostics, sources: SourceLines())
            #expect(!text.contains("SECRET_TOKEN"), "\(name): \(text)")
        }
    }

    @Test func aPlacesFileReachedThroughALinkOrSpecialIsRefused() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("hunt"), withIntermediateDirectories: true)
        try Data("latitude,longitude\n52.1,5.1\n".utf8).write(to: root.appendingPathComponent("outside.csv"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("hunt/link.csv").path, withDestinationPath: "../outside.csv")
        try Self.mkfifo(root.appendingPathComponent("hunt/fifo.csv"))
        for (name, code) in [("link.csv", "file-outside-folder"), ("fifo.csv", "missing-file"), ("../outside.csv", "file-outside-folder")] {
            let hunt = "hunt: H\ntasks:\n  - id: a\n    title: A\n    places: \(name)\n"
            let result = HuntLoader().load(Array(hunt.utf8), displayPath: "hunt.yaml", baseURL: root.appendingPathComponent("hunt"))
            #expect(result.diagnostics.map(\.code.rawValue) == [code], "\(name)")
        }
    }
}

extension Reviews {
    /// The message of reading `url` as a reviews file, when it fails.
    static func readFailure(_ url: URL) -> String? {
        do {
            _ = try read(contentsOf: url, displayPath: url.lastPathComponent)
            return nil
        } catch {
            return error.diagnostics.map(\.message).joined(separator: "; ")
        }
    }
}
