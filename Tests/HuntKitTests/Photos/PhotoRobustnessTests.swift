import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// Bad input gives a per-file error or warnings: never a crash, a hang, or a whole-file read.
@Suite struct PhotoRobustnessTests {
    static let samples = [
        "jpeg-gps-complete.jpg", "jpeg-xmp-position-only.jpg", "png-exif-chunk.png", "webp-exif-with-prefix.webp",
        "heic-apple-exif-item-after-mdat.heic", "heic-exif-item-in-idat.heic", "tiff-ifd-after-image-data.tif"
    ]

    @Test(arguments: samples)
    func everyPrefixOfAFileIsHandled(_ name: String) throws {
        let bytes = try PhotoFixtures.bytes(name)
        let reader = PhotoReader(options: .init(useSidecars: false))
        var codes: Set<PhotoReadError.Code> = []
        for length in 0..<bytes.count {
            guard case .failure(let error) = reader.read(bytes: Array(bytes.prefix(length)), displayPath: name) else { continue }
            #expect(error.path == name && !error.message.isEmpty)
            codes.insert(error.code)
        }
        // No bytes → empty; cut inside the headers → truncated (or corrupt, where what is left
        // points past the end); never a crash or an I/O error. The whole file → read.
        #expect(reader.read(bytes: [], displayPath: name).failure?.code == .empty)
        #expect(codes.contains(.truncated), "\(codes)")
        #expect(codes.isSubset(of: [.empty, .notAPhoto, .truncated, .corrupt, .unsupported]), "\(codes)")
        #expect(reader.read(bytes: bytes, displayPath: name).value != nil)
    }

    @Test(arguments: samples)
    func flippedBytesNeverCrash(_ name: String) throws {
        let bytes = try PhotoFixtures.bytes(name)
        let reader = PhotoReader(options: .init(useSidecars: false))
        var generator = SplitMix64(seed: 42)
        for _ in 0..<300 {
            var mutated = bytes
            for _ in 0..<4 {
                let i = Int(generator.next() % UInt64(mutated.count))
                mutated[i] = UInt8(truncatingIfNeeded: generator.next())
            }
            // Read or refused, as one file's error that names it; never a crash or an I/O error.
            if case .failure(let error) = reader.read(bytes: mutated, displayPath: name) {
                #expect(error.path == name && !error.message.isEmpty && error.code != .ioError, "\(error)")
            }
        }
    }

    /// Inputs the fuzzers found (.ci/fuzz/photo-readers.sh), kept as regressions.
    @Test(arguments: [("fuzz-heif-box-size-overflow.heic", PhotoReadError.Code.corrupt)])
    func fuzzerFindingsAreErrorsNotCrashes(_ name: String, _ code: PhotoReadError.Code) throws {
        let error = try #require(PhotoFixtures.read(name).failure)
        #expect(error.code == code)
    }

    @Test(arguments: [[0, 0, 0, 0], [0, 0, 0, 0, 0x49], [0, 0, 0, 0, 0x49, 0x49], [0, 0, 0, 6], [0, 0, 0, 2, 0, 0]] as [[UInt8]])
    func tinyHEIFExifItemsAreErrors(_ item: [UInt8]) {
        #expect(throws: ContainerError.self) { try ISOBMFFReader.exifBlock(fromItem: item) }
    }

    @Test func zeroLengthFileIsAnError() throws {
        let folder = try PhotoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty.jpg")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        let error = try #require(PhotoReader().read(path: empty.path, displayPath: "empty.jpg").failure)
        #expect(error.code == .empty)
        #expect(error.description == "empty.jpg: error: empty file (0 bytes) — re-send the photo; the upload or copy did not complete")
    }

    @Test(arguments: [
        ("%PDF-1.7\n%âãÏÓ\n", "not a photo or video: a PDF document (starts with %PDF)"),
        ("hello, this is text\n", "not a photo or video: text (starts with hello, t)"),
        ("\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}", "not a photo or video: starts with 00 00 00 00 00 00 00 00"),
        (
            "\u{0}\u{0}\u{0}\u{18}ftypM4A \u{0}\u{0}\u{2}\u{0}M4A mp42isom",
            "not a photo or video: an MP4 audio file or another ISOBMFF file (brand `M4A `)"
        )
    ])
    func garbageIsNotAPhoto(_ content: String, _ message: String) throws {
        let error = try #require(PhotoReader().read(bytes: Array(content.utf8), displayPath: "x").failure)
        #expect(error.code == .notAPhoto)
        #expect(error.message == message)
    }

    @Test func missingFileAndFolderAreErrors() throws {
        let missing = try #require(PhotoReader().read(path: "/nonexistent/photo.jpg").failure)
        #expect(missing.code == .notFound)
        let folder = try #require(PhotoReader().read(path: PhotoFixtures.folder.path).failure)
        #expect(folder.code == .notAFile)
    }

    /// A sparse 3 GiB file: only its first bytes are read.
    @Test(arguments: [
        [UInt8](), [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xF0], Array("RIFF\u{FF}\u{FF}\u{FF}\u{FF}WEBPEXIF".utf8),
        [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + [0, 0, 0, 1] + Array("mdat".utf8) + [
            0, 0, 0, 0, 0xC0, 0, 0, 0
        ]
    ])
    func multiGigabyteSparseFileIsQuick(_ head: [UInt8]) throws {
        let folder = try PhotoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("huge.jpg")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data(head)))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        let start = Date()
        let result = PhotoReader().read(path: url.path)
        #expect(Date().timeIntervalSince(start) < 2)
        // Zeros after a header: an error or "no EXIF", never a crash.
        if case .success(let photo) = result { #expect(photo.position == nil) }
    }

    @Test func readersSeekInsteadOfReadingTheWholeFile() throws {
        // 8 MiB of image data after the headers: the reader needs the first page and the hash tail.
        let jpeg = try PhotoFixtures.bytes("jpeg-gps-complete.jpg") + [UInt8](repeating: 0x55, count: 8 << 20)
        let reader = PagedReader(MemoryByteSource(jpeg))
        let scan = try JPEGReader.scan(reader, quick: true)
        #expect(scan.exif != nil)
        _ = try ContentHash.compute(reader)
        #expect(reader.bytesRead <= 2 * UInt64(PagedReader.pageSize))
    }

    /// Files read one after the other share page buffers; what a reader handed out before its
    /// buffer went to the next file stays as it was read (the buffer is copied, not overwritten).
    @Test func pageBuffersPassFromFileToFileWithoutChangingWhatWasRead() throws {
        let folder = Scratch.root.appendingPathComponent("page-buffers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let contents = [
            [UInt8](repeating: 0xAA, count: 200_000), (0..<3_000).map { UInt8(truncatingIfNeeded: $0) }, [UInt8](repeating: 0x55, count: 70_000)
        ]
        for (i, bytes) in contents.enumerated() { try Data(bytes).write(to: folder.appendingPathComponent("\(i).bin")) }
        let buffers = PageBuffers()
        var kept: [ArraySlice<UInt8>] = []
        for (i, bytes) in contents.enumerated() {
            let reader = PagedReader(FileByteSource(try InputFile(path: folder.appendingPathComponent("\(i).bin").path)), buffers: buffers)
            let head = try #require(try reader.slice(at: 0, count: min(bytes.count, PagedReader.pageSize)))
            let tail = try reader.uncached(at: UInt64(bytes.count - min(bytes.count, 1000)), count: 1000)
            #expect(Array(head) == Array(bytes.prefix(PagedReader.pageSize)))
            #expect(tail == Array(bytes.suffix(1000)))
            kept.append(head)
        }
        for (slice, bytes) in zip(kept, contents) { #expect(Array(slice) == Array(bytes.prefix(PagedReader.pageSize))) }
    }

    @Test func largeTIFFReadsIFDsBeyondLibexifsLimit() throws {
        // IFD0 after 200 KB of strip data: libexif alone reads only the first 64 KiB.
        let tif = try PhotoFixtures.bytes("tiff-ifd-after-image-data.tif")
        let ifd0 = Int(tif.u32be(4))
        let padding = 200_000
        let big = rebase(tif, by: padding, ifd0: ifd0)
        #expect(big.count > 200_000)
        let paged = PagedReader(MemoryByteSource(big))
        _ = try TIFFReader.scan(paged)
        #expect(paged.bytesRead < UInt64(big.count))
        let photo = try #require(PhotoReader().read(bytes: big, displayPath: "big.tif").value)
        #expect(photo.position.map { abs($0.latitude - 39.917) < 1e-6 } == true)
        #expect(photo.make == "DJI")
    }

    /// The fixture TIFF with `by` bytes inserted before its IFDs and every offset moved.
    private func rebase(_ tif: [UInt8], by shift: Int, ifd0: Int) -> [UInt8] {
        var out = Array(tif[0..<ifd0]) + [UInt8](repeating: 0xAB, count: shift) + Array(tif[ifd0...])
        func put(_ at: Int, _ v: Int) {
            out[at] = UInt8(v >> 24 & 0xFF); out[at + 1] = UInt8(v >> 16 & 0xFF); out[at + 2] = UInt8(v >> 8 & 0xFF); out[at + 3] = UInt8(v & 0xFF)
        }
        put(4, ifd0 + shift)
        var queue = [ifd0 + shift]
        var seen = Set<Int>()
        while let ifd = queue.popLast(), !seen.contains(ifd) {
            seen.insert(ifd)
            let count = Int(out.u16be(ifd))
            for k in 0..<count {
                let e = ifd + 2 + 12 * k
                let tag = out.u16be(e), type = out.u16be(e + 2), n = Int(out.u32be(e + 4))
                let size = (TIFFReader.typeSize(type) ?? 1) * n
                let value = Int(out.u32be(e + 8))
                if tag == 0x8769 || tag == 0x8825 {
                    put(e + 8, value + shift)
                    queue.append(value + shift)
                } else if size > 4 {
                    put(e + 8, value + shift)
                }
            }
        }
        return out
    }

    @Test func oversizedExifBlockIsCompactedForLibexif() throws {
        // A PNG eXIf chunk of 100 KB (a big maker note): libexif's limit is 64 KiB.
        let block = try exifBlock(of: "jpeg-gps-complete.jpg")
        var padded = block
        padded += [UInt8](repeating: 0, count: 100_000)
        let compacted = try TIFFReader.fitForLibexif(padded)
        #expect(compacted.count < TIFFReader.libexifLimit)
        let raw = try #require(LibExif.decode(compacted))
        var meta = PhotoMetadata(path: "x")
        ExifInterpreter.apply(raw, to: &meta)
        #expect(meta.position != nil)
        #expect(meta.capturedAt?.description == "2026-05-02T11:22:33")
    }

    @Test func anIFDOfThousandsOfEntriesDecodesAndTheNextBlockToo() throws {
        // libexif grows an IFD's entry array one entry at a time: 5,000 entries take its decode
        // arena past its kept chunk; the block after must decode as if nothing had happened.
        var block: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0]
        let count = 5_000
        block += [UInt8(count & 0xFF), UInt8(count >> 8)]
        for i in 0..<count {
            let tag = i == 0 ? 0x0112 : 0x0300 + i  // Orientation, then tags that point nowhere
            let value = i == 0 ? 6 : i & 0xFFFF
            block += [UInt8(tag & 0xFF), UInt8(tag >> 8), 3, 0, 1, 0, 0, 0, UInt8(value & 0xFF), UInt8(value >> 8), 0, 0]
        }
        block += [0, 0, 0, 0]
        #expect(block.count <= TIFFReader.libexifLimit)
        let raw = try #require(LibExif.decode(block))
        #expect(raw.ifd0[0x0112]?.unsigned(bigEndian: false) == [6])

        let small = try #require(LibExif.decode(try exifBlock(of: "jpeg-gps-complete.jpg")))
        var meta = PhotoMetadata(path: "x")
        ExifInterpreter.apply(small, to: &meta)
        #expect(meta.position != nil)
        #expect(meta.capturedAt?.description == "2026-05-02T11:22:33")
    }

    @Test func blocksDecodedOnManyThreadsAtOnceGiveTheEntriesOfOneDecode() async throws {
        let block = try exifBlock(of: "jpeg-gps-complete.jpg")
        let alone = try #require(LibExif.decode(block))
        let decoded = await withTaskGroup(of: [RawExif?].self) { group in
            for _ in 0..<8 { group.addTask { (0..<50).map { _ in LibExif.decode(block) } } }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(decoded.count == 400)
        for raw in decoded {
            #expect(raw?.ifd0 == alone.ifd0 && raw?.exif == alone.exif && raw?.gps == alone.gps && raw?.log == alone.log)
        }
    }

    private func exifBlock(of name: String) throws -> [UInt8] {
        let reader = PagedReader(MemoryByteSource(try PhotoFixtures.bytes(name)))
        return try #require(try JPEGReader.scan(reader).exif)
    }

    @Test func aPhotoWarningReadsAsWordsNotAsAnEnumCase() throws {
        var bytes = try PhotoFixtures.bytes("tiff-ifd-after-image-data.tif")
        // The GPS IFD pointer (tag 0x8825, big-endian, type LONG): its value moved past the end of the file.
        let at = try #require(bytes.indices.dropLast(12).first { bytes[$0...].starts(with: [0x88, 0x25, 0, 4]) })
        bytes.replaceSubrange((at + 8)..<(at + 12), with: [0, 0x7F, 0, 0])
        let folder = try PhotoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("far-gps.tif")
        try Data(bytes).write(to: file)
        let photo = try #require(PhotoReader().read(PhotoInput(path: file.path)).value)
        #expect(photo.warnings == ["the GPS IFD could not be read: the GPS IFD offset (8323072) lies beyond the end of the file"])
    }
}
