import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// Decompression bombs in thumbnails (issue 11, defect 2): a photo that declares a huge picture
/// is judged from its headers and refused before libjpeg allocates anything, and decodes that
/// run side by side never hold more than the budget together.
@Suite struct ThumbnailBombTests {
    static func frame(_ jpeg: [UInt8]) throws -> JPEGFrame {
        try #require(try JPEGReader.scan(PagedReader(MemoryByteSource(jpeg))).jpegFrame)
    }

    @Test func frameHeaderSaysWhetherLibjpegKeepsTheWholeImage() throws {
        let sequential = try Self.frame(JPEGBomb.jpeg(width: 640, height: 480, layout: .sequential))
        #expect(sequential.isSequential && !sequential.buffersWholeImage && sequential.firstScanComponents == 3)
        let progressive = try Self.frame(JPEGBomb.jpeg(width: 640, height: 480, layout: .progressive))
        #expect(progressive.isProgressive && progressive.buffersWholeImage)
        let multiScan = try Self.frame(JPEGBomb.jpeg(width: 640, height: 480, layout: .multiScan))
        #expect(multiScan.isSequential && multiScan.firstScanComponents == 1 && multiScan.buffersWholeImage)
        // The photos `hunt simulate` writes are single-scan baseline.
        let simulated = try Self.frame(JPEGWriter.jpeg(tags: PhotoTags(make: "M"), image: SyntheticImage(identity: 1, hue: 0.1)))
        #expect(simulated.pixelWidth == 64 && simulated.pixelHeight == 48 && !simulated.buffersWholeImage)
    }

    /// libjpeg's per-component block counts (`jdinput.c`), rounded up to whole sampling units.
    @Test(arguments: [
        (15000, 15000, 1, 1, 3 * 1875 * 1875 * 128),
        (6000, 4000, 2, 2, (750 * 500 + 2 * 375 * 250) * 128),
        (17, 9, 2, 2, (4 * 2 + 2 * 2 * 1) * 128)  // luma 3×2 blocks rounded up to 4×2
    ])
    func coefficientBufferIsCountedLikeLibjpeg(width: Int, height: Int, h: Int, v: Int, bytes: Int) throws {
        let frame = try Self.frame(JPEGBomb.jpeg(width: width, height: height, layout: .progressive, lumaSampling: (h, v)))
        #expect(frame.coefficientBufferBytes == bytes)
    }

    @Test func progressiveBombIsRefusedFromItsHeaders() async throws {
        let url = try PhotoThumbnailTests.temporary(JPEGBomb.jpeg(width: 15000, height: 15000, layout: .progressive))
        let started = Date()
        #expect(PhotoThumbnail.read(path: url.path) == nil)
        let outcome = await PhotoThumbnail.read(path: url.path, budget: ThumbnailMemoryBudget())
        guard case .refused(.needsTooMuchMemory(let w, let h, let layout, let needed, let budget)) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect((w, h, layout) == (15000, 15000, .progressive))
        #expect(needed > 1_350_000_000 && budget == PhotoThumbnail.defaultMemoryBudgetBytes)
        #expect(Date().timeIntervalSince(started) < 1, "refused from the headers, not decoded")
        #expect(
            ThumbnailRefusal.needsTooMuchMemory(width: w, height: h, layout: layout, neededBytes: needed, budgetBytes: budget).description
                == "a 15000×15000 progressive JPEG needs about 1.3 GiB to decode (libjpeg keeps a progressive JPEG's whole image in memory, at any scale), over the 192 MiB set aside for thumbnails"
        )
    }

    @Test func multiScanBombIsRefusedToo() async throws {
        let url = try PhotoThumbnailTests.temporary(JPEGBomb.jpeg(width: 12000, height: 12000, layout: .multiScan))
        let outcome = await PhotoThumbnail.read(path: url.path, budget: ThumbnailMemoryBudget())
        guard case .refused(.needsTooMuchMemory(_, _, .multiScan, _, _)) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
    }

    @Test func tooManyPixelsIsRefusedEvenWhenSequential() async throws {
        let url = try PhotoThumbnailTests.temporary(JPEGBomb.jpeg(width: 20500, height: 20000, layout: .sequential))
        let outcome = await PhotoThumbnail.read(path: url.path, budget: ThumbnailMemoryBudget())
        #expect(outcome == .refused(.tooManyPixels(width: 20500, height: 20000, limitPixels: PhotoThumbnail.maxDecodePixels)))
    }

    /// A large photo that fits the budget still gets its thumbnail, decoded at 1/8 scale.
    @Test func largeSequentialPhotoStillGetsAThumbnail() async throws {
        let url = try PhotoThumbnailTests.temporary(JPEGBomb.jpeg(width: 4000, height: 3000, layout: .sequential, lumaSampling: (2, 2)))
        guard case .thumbnail(let thumbnail) = await PhotoThumbnail.read(path: url.path, budget: ThumbnailMemoryBudget()) else {
            Issue.record("expected a thumbnail")
            return
        }
        #expect(thumbnail.source == .scaled)
        let (w, h) = try PhotoThumbnailTests.dimensions(thumbnail.jpeg)
        // 1/8 scale gives 500×375, averaged over 4×4 blocks.
        #expect((w, h) == (125, 93))
    }

    /// A picture whose short side is under one averaging box (found by the thumbnail fuzzer: the
    /// box read past the end of the decoded rows) becomes a one-pixel-high strip.
    @Test(arguments: [(2000, 8), (8, 2000), (65000, 245)])
    func extremeAspectRatiosStayInsideThePicture(width: Int, height: Int) throws {
        let url = try PhotoThumbnailTests.temporary(JPEGBomb.jpeg(width: width, height: height, layout: .sequential))
        let thumbnail = try #require(PhotoThumbnail.read(path: url.path))
        let (w, h) = try PhotoThumbnailTests.dimensions(thumbnail.jpeg)
        #expect(min(w, h) == 1 && max(w, h) <= PhotoThumbnail.defaultMaxPixels)
    }

    /// A smaller budget refuses what a larger one decodes: the limit is the budget, not a constant.
    @Test func theBudgetDecides() async throws {
        let url = try PhotoThumbnailTests.temporary(JPEGBomb.jpeg(width: 1024, height: 1024, layout: .progressive))
        let needed = 3 * 128 * 128 * 128
        if case .refused = await PhotoThumbnail.read(path: url.path, budget: ThumbnailMemoryBudget(capacityBytes: needed)) {
        } else {
            Issue.record("a budget below the coefficient buffer must refuse")
        }
        guard case .thumbnail = await PhotoThumbnail.read(path: url.path, budget: ThumbnailMemoryBudget(capacityBytes: 16 << 20)) else {
            Issue.record("16 MiB is enough for a 1024×1024 progressive photo")
            return
        }
    }

    /// Eight decodes that each need two thirds of the budget run one at a time (the pool would
    /// run two at once), and all of them finish.
    @Test func parallelDecodesShareTheBudget() async throws {
        let folder = Scratch.root.appendingPathComponent("thumb-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = JPEGBomb.jpeg(width: 1024, height: 1024, layout: .progressive)
        for i in 0..<8 { try Data(bytes).write(to: folder.appendingPathComponent("p\(i).jpg")) }
        let plan = try #require(JPEGDecodePlan(frame: Self.frame(bytes), fileBytes: bytes.count, maxPixels: PhotoThumbnail.defaultMaxPixels))
        let budget = ThumbnailMemoryBudget(capacityBytes: plan.totalBytes * 3 / 2)
        let outcomes = await withTaskGroup(of: PhotoThumbnail.Outcome.self) { group in
            for i in 0..<8 { group.addTask { await PhotoThumbnail.read(path: folder.appendingPathComponent("p\(i).jpg").path, budget: budget) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 8 && outcomes.allSatisfy { if case .thumbnail = $0 { true } else { false } })
        #expect(await budget.peakBytes == plan.totalBytes)
    }

    @Test func waitersAreServedInOrder() async throws {
        let budget = ThumbnailMemoryBudget(capacityBytes: 10)
        await budget.acquire(8)
        let order = OrderLog()
        // A large request queued first is not overtaken by a small one that would fit.
        let large = Task {
            await budget.acquire(6); await order.append("large")
        }
        while await budget.waitingCount < 1 { await Task.yield() }
        let small = Task {
            await budget.acquire(2); await order.append("small")
        }
        while await budget.waitingCount < 2 { await Task.yield() }
        #expect(await order.entries.isEmpty)
        await budget.release(8)
        await large.value
        await small.value
        #expect(await order.entries == ["large", "small"])
        #expect(await budget.peakBytes == 8)
    }

    actor OrderLog {
        var entries: [String] = []
        func append(_ entry: String) { entries.append(entry) }
    }

    /// An EXIF thumbnail is embedded as stored and decoded by the browser: one that declares a
    /// huge picture is not used, and the photo gets a scaled copy made within the budget instead.
    @Test func hugeExifThumbnailIsNotEmbedded() throws {
        let bomb = JPEGBomb.jpeg(width: 20000, height: 20000, layout: .progressive)
        let header = Array(bomb.prefix(400)) + [0xFF, 0xD9]  // the headers and a little data: 402 bytes
        let main = JPEGWriter.jpeg(tags: PhotoTags(make: "M"), image: SyntheticImage(identity: 5, hue: 0.6))
        let url = try PhotoThumbnailTests.temporary(PhotoThumbnailTests.jpegWithExifThumbnail(main: main, thumbnail: header))
        let thumbnail = try #require(PhotoThumbnail.read(path: url.path))
        #expect(thumbnail.source == .scaled)
        #expect(thumbnail.jpeg != header)
    }

    /// A file far shorter than the picture it declares (libjpeg would still visit every block)
    /// is refused from its size; a flat picture with as little data as a real encoder writes is not.
    @Test func truncatedHugeJPEGIsRefusedFromItsSize() async throws {
        let bomb = JPEGBomb.jpeg(width: 20000, height: 20000, layout: .sequential)
        let cut = Array(bomb.prefix(700)) + [0xFF, 0xD9]
        let url = try PhotoThumbnailTests.temporary(cut)
        let started = Date()
        let outcome = await PhotoThumbnail.read(path: url.path, budget: ThumbnailMemoryBudget())
        guard case .refused(.truncated(20000, 20000, 702, let minimum)) = outcome else {
            Issue.record("expected a refusal as truncated, got \(outcome)")
            return
        }
        #expect(minimum == 3 * 2500 * 2500 / 8)
        #expect(Date().timeIntervalSince(started) < 0.2, "refused before the decode")
        let flat = try PhotoThumbnailTests.temporary(JPEGBomb.jpeg(width: 2000, height: 2000, layout: .progressive))
        guard case .thumbnail = await PhotoThumbnail.read(path: flat.path, budget: ThumbnailMemoryBudget()) else {
            Issue.record("a flat 2000×2000 picture at one bit per block is a real picture")
            return
        }
    }

    /// Thousands of scans, each another pass over the image, are refused before the decode.
    @Test func progressiveScanBombIsRefused() async throws {
        var jpeg = JPEGBomb.jpeg(width: 256, height: 256, layout: .progressive)
        let sos = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let scan = Array(jpeg[sos..<(jpeg.count - 2)])
        jpeg = Array(jpeg.dropLast(2)) + Array([[UInt8]](repeating: scan, count: 600).joined()) + [0xFF, 0xD9]
        #expect(PhotoThumbnail.scanCount(jpeg) == 601)
        let url = try PhotoThumbnailTests.temporary(jpeg)
        let outcome = await PhotoThumbnail.read(path: url.path, budget: ThumbnailMemoryBudget())
        #expect(outcome == .refused(.tooManyScans(count: 601, limit: PhotoThumbnail.maxScans)))
        #expect(PhotoThumbnail.scanCount(JPEGBomb.jpeg(width: 256, height: 256, layout: .progressive)) == 1)
    }
}
