import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// HEIF/HEIC and AVIF previews (issue 22, item 1): libheif decodes the picture with its rotation,
/// mirror and grid, the copy is a JPEG like a JPEG's, and the decode is refused from the size the
/// file declares before anything is allocated. The fixtures (`Fixtures/heif`, made by
/// `.ci/check/make-heif-fixtures.py`) are four colour quadrants: red top left, green top right,
/// blue bottom left, white bottom right.
@Suite struct HEIFPreviewTests {
    static var folder: URL { Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("heif") }
    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    enum Colour: String { case red, green, blue, white, other }

    static func colour(_ p: (Int, Int, Int)) -> Colour {
        switch p {
        case let (r, g, b) where r > 180 && g > 180 && b > 180: .white
        case let (r, g, b) where r > 150 && g < 110 && b < 110: .red
        case let (r, g, b) where g > 130 && r < 110 && b < 110: .green
        case let (r, g, b) where b > 150 && r < 110 && g < 110: .blue
        default: .other
        }
    }

    /// The size of a JPEG and the colours near its four corners (top left, top right, bottom left, bottom right).
    static func corners(_ jpeg: [UInt8]) throws -> (width: Int, height: Int, corners: [Colour]) {
        let decoded = try #require(JPEGScaler.decoded(jpeg, maxPixels: 4096))
        let (w, h) = (decoded.width, decoded.height)
        func at(_ x: Int, _ y: Int) -> Colour {
            let i = (y * w + x) * 3
            return colour((Int(decoded.rgb[i]), Int(decoded.rgb[i + 1]), Int(decoded.rgb[i + 2])))
        }
        let (dx, dy) = (max(1, w / 8), max(1, h / 8))
        return (w, h, [at(dx, dy), at(w - 1 - dx, dy), at(dx, h - 1 - dy), at(w - 1 - dx, h - 1 - dy)])
    }

    @Test(arguments: [
        ("heic-quadrants.heic", 64, 48, [Colour.red, .green, .blue, .white]),  // heif-enc's own: a grid of one, cropped by `clap`
        ("heic-irot-90.heic", 48, 64, [Colour.green, .white, .red, .blue]),  // turned a quarter anticlockwise
        ("heic-irot-270-imir.heic", 48, 64, [Colour.red, .blue, .green, .white]),  // turned and mirrored: transposed
        ("heic-grid-2x2.heic", 128, 96, [Colour.red, .green, .blue, .white]),  // four tiles put together
        ("avif-quadrants.avif", 64, 48, [Colour.red, .green, .blue, .white])  // AV1
    ])
    func decodedTheRightWayUp(name: String, width: Int, height: Int, corners: [Colour]) async throws {
        let outcome = await PhotoThumbnail.read(path: Self.url(name).path, maxPixels: 1600, budget: ThumbnailMemoryBudget())
        guard case .thumbnail(let thumbnail) = outcome else {
            Issue.record("\(name): expected a thumbnail, got \(outcome)")
            return
        }
        #expect(thumbnail.source == .heif)
        let seen = try Self.corners(thumbnail.jpeg)
        #expect(seen.width == width && seen.height == height, "\(name): \(seen.width)×\(seen.height)")
        #expect(seen.corners == corners, "\(name)")
    }

    /// The review console opens photos inside the submissions folder: a HEIF's copy is turned by
    /// libheif already, so it gets no EXIF Orientation tag on top, whatever its EXIF says.
    @Test func consoleCopyIsNotTurnedTwice() async throws {
        let folder = try InputFolder(path: Self.folder.path)
        let outcome = await PhotoThumbnail.read("heic-irot-90.heic", inside: folder, maxPixels: 320, budget: ThumbnailMemoryBudget())
        guard case .thumbnail(let thumbnail) = outcome else {
            Issue.record("expected a thumbnail, got \(outcome)")
            return
        }
        #expect(try ReportThumbnailOrientationTests.orientation(of: thumbnail.jpeg) == nil)
        #expect(try Self.corners(thumbnail.jpeg).corners == [.green, .white, .red, .blue])
    }

    /// The same size rules as a JPEG's copy: at most `maxPixels` on the longest side.
    @Test func smallCopyKeepsTheShape() async throws {
        let outcome = await PhotoThumbnail.read(path: Self.url("heic-grid-2x2.heic").path, maxPixels: 40, budget: ThumbnailMemoryBudget())
        guard case .thumbnail(let thumbnail) = outcome else {
            Issue.record("expected a thumbnail, got \(outcome)")
            return
        }
        let seen = try Self.corners(thumbnail.jpeg)
        #expect(seen.width == 32 && seen.height == 24)
        #expect(seen.corners == [.red, .green, .blue, .white])
        #expect(PhotoThumbnail.read(path: Self.url("heic-grid-2x2.heic").path)?.source == .heif, "the synchronous read decodes too")
    }

    /// The file's own thumbnail picture (iPhones store 320×240) serves a copy no larger than it,
    /// as a camera's EXIF thumbnail serves a JPEG's: here it is green all over, unlike the primary.
    @Test(arguments: [(64, [Colour.green, .green, .green, .green], 64, 64), (100, [Colour.red, .green, .blue, .white], 64, 48)])
    func thumbnailPictureServesSmallCopies(maxPixels: Int, corners: [Colour], width: Int, height: Int) async throws {
        let outcome = await PhotoThumbnail.read(
            path: Self.url("heic-grid-2x2-green-thumbnail.heic").path, maxPixels: maxPixels,
            budget: ThumbnailMemoryBudget())
        guard case .thumbnail(let thumbnail) = outcome else {
            Issue.record("expected a thumbnail, got \(outcome)")
            return
        }
        let seen = try Self.corners(thumbnail.jpeg)
        #expect(seen.corners == corners && seen.width == width && seen.height == height, "\(seen)")
    }

    /// A file cut short says why, in libheif's words, and nothing traps.
    @Test func truncatedFileSaysWhy() async throws {
        let outcome = await PhotoThumbnail.read(path: Self.url("heic-truncated.heic").path, maxPixels: 320, budget: ThumbnailMemoryBudget())
        guard case .undecodable(let why) = outcome else {
            Issue.record("expected undecodable, got \(outcome)")
            return
        }
        #expect(why.contains("end of file") || why.contains("outside of file"), "\(why)")
    }

    /// libheif is loaded on first use, not linked: where it cannot be loaded, the HEIF gets an error
    /// that names the library and the package to install (the other photos go on).
    @Test func missingLibheifSaysWhatToInstall() throws {
        guard case .failure(let error) = HEIFDecoder.load("libheif-not-installed.so.1") else {
            Issue.record("a library that does not exist was loaded")
            return
        }
        #expect(
            error.message.hasPrefix("libheif could not be loaded (libheif-not-installed.so.1: cannot open shared object file"), "\(error.message)")
        #expect(error.message.hasSuffix("HEIC/HEIF and AVIF photos need it: install libheif1"), "\(error.message)")
        guard case .success = HEIFDecoder.load(HEIFDecoder.libraryName) else {
            Issue.record("libheif did not load")
            return
        }
    }

    /// Every prefix of a real file and a few flipped bytes: a preview, a reason or a refusal, never a trap.
    @Test func damagedFilesNeverTrap() async throws {
        let whole = Array(try Data(contentsOf: Self.url("heic-grid-2x2.heic")))
        var damaged: [[UInt8]] = stride(from: 0, to: whole.count, by: 37).map { Array(whole.prefix($0)) }
        for i in stride(from: 8, to: whole.count, by: 29) {
            var copy = whole
            copy[i] ^= 0xA5
            damaged.append(copy)
        }
        var previews = 0, reasons = 0
        for bytes in damaged {
            let url = try PhotoThumbnailTests.temporary(bytes, name: "damaged.heic")
            defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
            switch await PhotoThumbnail.read(path: url.path, maxPixels: 160, budget: ThumbnailMemoryBudget()) {
            case .thumbnail(let thumbnail): #expect(thumbnail.jpeg.starts(with: [0xFF, 0xD8])); previews += 1
            case .undecodable(let why): #expect(!why.isEmpty); reasons += 1
            case .refused, .none: reasons += 1
            }
        }
        // The whole file and some flipped ones still preview; cut ones are refused with a reason.
        #expect(previews >= 1 && reasons >= damaged.count / 2, "\(previews) previews, \(reasons) reasons of \(damaged.count)")
    }

    /// A hostile HEIC: a few hundred bytes whose grid declares 20000×20000. Refused from its `ispe`
    /// before libheif allocates the picture (1.1 GiB of RGB planes, and as much again to turn it), fast.
    @Test func declaredGridBombIsRefusedBeforeDecoding() async throws {
        let url = try PhotoThumbnailTests.temporary(HEIFBomb.grid(side: 20000), name: "bomb.heic")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let started = Date()
        let outcome = await PhotoThumbnail.read(path: url.path, maxPixels: 1600, budget: ThumbnailMemoryBudget())
        guard case .refused(.needsTooMuchMemory(20000, 20000, .heif, let needed, let budget)) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(needed > 2_000_000_000 && budget == PhotoThumbnail.defaultMemoryBudgetBytes)
        #expect(
            ThumbnailRefusal.needsTooMuchMemory(width: 20000, height: 20000, layout: .heif, neededBytes: needed, budgetBytes: budget).description
                == "a 20000×20000 HEIF picture needs about 2.3 GiB to decode (libheif decodes the whole picture, at full size), over the 192 MiB set aside for thumbnails"
        )
        #expect(PhotoThumbnail.read(path: url.path, maxPixels: 1600) == nil)
    }

    /// The pixel cap holds too, whatever the budget.
    @Test func overThePixelCapIsRefused() async throws {
        let url = try PhotoThumbnailTests.temporary(HEIFBomb.grid(side: 30000), name: "bomb.heic")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let outcome = await PhotoThumbnail.read(path: url.path, maxPixels: 160, budget: ThumbnailMemoryBudget(capacityBytes: 1 << 40))
        guard case .refused(.tooManyPixels(30000, 30000, PhotoThumbnail.maxDecodePixels)) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
    }

    /// A grid whose `ispe` says 64×64 while its own header asks for 20000×20000: the plan passes
    /// (it trusts the declared size), and libheif, its limit set to that size, refuses the grid
    /// before allocating it.
    @Test func gridLargerThanItsIspeIsRefusedByLibheif() throws {
        let url = try PhotoThumbnailTests.temporary(HEIFBomb.grid(side: 20000, ispe: 64), name: "lying.heic")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let file = try InputFile(path: url.path)
        // Timed on this thread: the time is libheif's, not a wait for a thread of BlockingWork's.
        let started = Date()
        let outcome = PhotoThumbnail.readHere(file, maxPixels: 1600)
        guard case .refused(.largerThanDeclared(64, 64, let detail)) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(detail.hasPrefix("libheif: ") && detail.hasSuffix("exceeds the maximum image size 65x65"), "\(detail)")
        #expect(Date().timeIntervalSince(started) < 1)
    }

    /// libde265 and dav1d allocate the frame the bitstream declares, whatever `ispe` says: a
    /// parameter set or sequence header asking for more than the picture is refused before
    /// decoding (the AVIF is a fuzzer's finding: dav1d allocated 225 MB for a 64×48 picture).
    @Test(arguments: ["fuzz-avif-sequence-header-larger-than-ispe.avif", "heic-sps-8192-in-64-grid.heic"])
    func codedFrameLargerThanThePictureIsRefused(name: String) async throws {
        let bytes = name.hasPrefix("fuzz-") ? Array(try Data(contentsOf: Self.url(name))) : HEIFBomb.grid(side: 64, frame: 8192)
        let url = try PhotoThumbnailTests.temporary(bytes, name: name)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let outcome = await PhotoThumbnail.read(path: url.path, maxPixels: 320, budget: ThumbnailMemoryBudget())
        guard case .refused(.largerThanDeclared(_, _, let detail)) = outcome else {
            Issue.record("\(name): expected a refusal, got \(outcome)")
            return
        }
        #expect(detail.hasPrefix("a coded frame declares "), "\(detail)")
    }

    /// A 64×64 grid of 16×16 references to one 64×64 tile: a megapixel of decoding for 4096 pixels
    /// (each reference costs a few bytes; 20,000 of them would be minutes of CPU). Refused.
    @Test func tilesAddingUpToFarMoreThanThePictureAreRefused() async throws {
        let url = try PhotoThumbnailTests.temporary(HEIFBomb.grid(side: 64, tiles: 16), name: "tiles.heic")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let outcome = await PhotoThumbnail.read(path: url.path, maxPixels: 320, budget: ThumbnailMemoryBudget())
        guard case .refused(.largerThanDeclared(64, 64, let detail)) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(detail == "its 256 coded frames add up to 1 megapixels")
    }

    /// The sizes read from real encoders' output, as libheif reads them.
    @Test(arguments: [("heic-quadrants.heic", 64, 64), ("avif-quadrants.avif", 64, 48), ("heic-grid-2x2.heic", 64, 64)])
    func codedFramesAreReadFromTheBitstreams(name: String, width: Int, height: Int) throws {
        let pictures = try HEIFCodedPictures(PagedReader(MemoryByteSource(Array(try Data(contentsOf: Self.url(name))))), maxItemBytes: 1 << 20)
        #expect(!pictures.coded.isEmpty)
        for item in pictures.coded.values {
            #expect(item.frame == .init(width: width, height: height) && item.ispe == item.frame, "\(name): \(item)")
        }
    }

    /// The memory plan counts both full-size RGB pictures libheif holds, at 2 bytes a sample above 8 bits.
    @Test func planCountsTheFullSizePicture() {
        let iPhone = HEIFDecodePlan(codedWidth: 4032, codedHeight: 3024, bytesPerSample: 1, fileBytes: 2_600_000, maxPixels: 1600)
        #expect(iPhone.totalBytes < PhotoThumbnail.defaultMemoryBudgetBytes)
        #expect(iPhone.totalBytes > 2 * 4032 * 3024 * 3)
        let hdr = HEIFDecodePlan(codedWidth: 4032, codedHeight: 3024, bytesPerSample: 2, fileBytes: 2_600_000, maxPixels: 1600)
        #expect(hdr.pictureBytes == 2 * iPhone.pictureBytes)
    }
}
