import Foundation
import Testing
@testable import HuntKit

@Suite struct VideoReaderTests {
    static func iPhoneMovie() -> QuickTimeWriter.Movie {
        var m = QuickTimeWriter.Movie(format: .mov)
        m.position = Coordinate(latitude: 52.0907, longitude: 5.1213)
        m.altitudeMetres = 2.458
        m.horizontalAccuracyMetres = 14.99
        m.creationDate = LocalDateTime(year: 2026, month: 5, day: 2, hour: 12, minute: 15, second: 30)
        m.creationOffsetSeconds = 7200
        m.movieCreated = Date(timeIntervalSince1970: 1_777_716_930)  // 2026-05-02T10:15:30Z
        m.make = "Apple"
        m.model = "iPhone 15"
        m.software = "17.4.1"
        m.contentIdentifier = "7D2C1B6A-3F4E-4C1D-9A55-0B1E2F3A4B5C"
        m.durationSeconds = 2.5
        m.rotationDegrees = 90
        return m
    }

    @Test(
        arguments: [
            ("+52.0907+005.1213/", 52.0907, 5.1213, nil), ("+52.0907+005.1213+002.458/", 52.0907, 5.1213, 2.458),
            ("-33.8688+151.2093-012.5/", -33.8688, 151.2093, -12.5), ("+40.7128-074.0060", 40.7128, -74.006, nil),
            ("+5205.442+00507.278/", 52.0907, 5.1213, nil), ("+520526.52+0050716.68/", 52.0907, 5.1213, nil),
            ("+52.0907+005.1213+002.5CRSWGS_84/", 52.0907, 5.1213, 2.5), ("+52.0907+005.1213/\0", 52.0907, 5.1213, nil)
        ] as [(String, Double, Double, Double?)])
    func iso6709Positions(_ text: String, _ lat: Double, _ lon: Double, _ alt: Double?) throws {
        let p = try #require(ISO6709.parse(text))
        #expect(abs(p.latitude - lat) < 1e-6 && abs(p.longitude - lon) < 1e-6)
        #expect(p.altitudeMetres == alt)
    }

    @Test(arguments: [
        "", "+", "52.09+5.12/", "+91.0+005.0/", "+52.0+181.0/", "+5275.0+00500.0/", "+52.0907", "+52.+005.1/",
        "+52.0907+005.1213x", "+123.0+005.0/", "+52.0907+005.1213+/"
    ])
    func iso6709Rejects(_ text: String) {
        #expect(ISO6709.parse(text) == nil)
    }

    @Test(
        arguments: [
            ("2019-06-24T17:34:52+0200", "2019-06-24T17:34:52", 7200), ("2019-06-24T17:34:52-05:30", "2019-06-24T17:34:52", -19800),
            ("2019-06-24T17:34:52Z", "2019-06-24T17:34:52", 0), ("2019-06-24T17:34:52.250+0100", "2019-06-24T17:34:52", 3600),
            ("2019-06-24T17:34:52", "2019-06-24T17:34:52", nil)
        ] as [(String, String, Int?)])
    func creationDates(_ text: String, _ local: String, _ offset: Int?) throws {
        let (parsed, seconds) = try #require(PhotoReader.creationDate(text))
        #expect(parsed.description == local)
        #expect(seconds == offset)
    }

    @Test(arguments: ["", "2019-06-24", "2019-13-24T17:34:52+0200", "2019-06-24T17:34:52+2", "2019-06-24T17:34:52+0200junk"])
    func creationDatesRejected(_ text: String) {
        #expect(PhotoReader.creationDate(text) == nil)
    }

    @Test func iPhoneKeysGiveEverything() throws {
        let bytes = QuickTimeWriter.bytes(Self.iPhoneMovie(), mediaDataBytes: 1000)
        let v = try #require(PhotoReader().read(bytes: bytes, displayPath: "IMG_0001.MOV").value)
        #expect(v.format == .mov && v.media == .video)
        #expect(v.position == Coordinate(latitude: 52.0907, longitude: 5.1213))
        #expect(v.positionSource == .quicktime)
        #expect(v.altitudeMetres == 2.458)
        #expect(v.horizontalAccuracyMetres == 14.99)
        #expect(v.capturedAt?.description == "2026-05-02T12:15:30")
        #expect(v.offsetSeconds == 7200)
        #expect(v.mediaCreatedAt == Date(timeIntervalSince1970: 1_777_716_930))
        #expect(v.make == "Apple" && v.model == "iPhone 15" && v.software == "17.4.1")
        #expect(v.contentIdentifier == "7D2C1B6A-3F4E-4C1D-9A55-0B1E2F3A4B5C")
        #expect(v.durationSeconds == 2.5)
        #expect(v.pixelWidth == 1920 && v.pixelHeight == 1080)
        #expect(v.rotationDegrees == 90)
        #expect(v.contentHash?.count == 32)
        #expect(v.warnings.isEmpty)
    }

    @Test(arguments: [PhotoMetadata.Format.mp4, .threeGP, .mov])
    func userDataAndMovieHeaderTime(_ format: PhotoMetadata.Format) throws {
        var m = QuickTimeWriter.Movie(format: format)
        m.appleKeys = false
        m.position = Coordinate(latitude: -33.8688, longitude: 151.2093)
        m.movieCreated = Date(timeIntervalSince1970: 1_777_716_930)
        m.make = "samsung"
        m.model = "SM-G991B"
        m.version1Headers = true
        m.rotationDegrees = 270
        let v = try #require(PhotoReader().read(bytes: QuickTimeWriter.bytes(m), displayPath: "v").value)
        #expect(v.format == format)
        #expect(v.position == Coordinate(latitude: -33.8688, longitude: 151.2093))
        // No creationdate: the movie header's time, UTC.
        #expect(v.capturedAt?.description == "2026-05-02T10:15:30")
        #expect(v.offsetSeconds == 0)
        #expect(v.make == "samsung" && v.model == "SM-G991B")
        #expect(v.rotationDegrees == 270)
        #expect(v.durationSeconds == 3)
    }

    @Test func unsetMovieTimeIsNoTime() throws {
        var m = QuickTimeWriter.Movie(format: .mp4)
        m.appleKeys = false
        let v = try #require(PhotoReader().read(bytes: QuickTimeWriter.bytes(m), displayPath: "v").value)
        #expect(v.capturedAt == nil && v.mediaCreatedAt == nil && v.position == nil)
        #expect(v.warnings == ["no position in the video's metadata"])
    }

    @Test func movieAtTheEndOfALargeFileCostsAFewReads() throws {
        let parts = QuickTimeWriter.layout(Self.iPhoneMovie(), mediaDataBytes: 2_000_000_000, movieLast: true)
        let source = SparseSource(head: parts.head, gap: parts.gap, tail: parts.tail)
        let reader = PagedReader(source)
        let scan = try QuickTimeReader.scan(reader, format: .mov)
        #expect(scan.appleLocation == "+52.0907+005.1213+002.458/")
        #expect(reader.bytesRead <= 3 * UInt64(PagedReader.pageSize))
        // And through the whole reader, content hash included.
        let photo = try #require(PhotoReader().read(source: source, displayPath: "big.mov", sidecars: nil).value)
        #expect(photo.position != nil)
    }

    @Test func classicQuickTimeWithoutFileType() throws {
        let movie = QuickTimeWriter.movieBox(Self.iPhoneMovie())
        let bytes = QuickTimeWriter.box("wide", []) + QuickTimeWriter.box("mdat", [1, 2, 3]) + movie
        let v = try #require(PhotoReader().read(bytes: bytes, displayPath: "old.mov").value)
        #expect(v.format == .mov && v.position != nil)
    }

    @Test func sniffedAsVideosNotPhotos() {
        #expect(FormatSniffer.sniff(Array(QuickTimeWriter.fileType(.mov).prefix(64))) == .photo(.mov))
        #expect(FormatSniffer.sniff(QuickTimeWriter.fileType(.mp4) + [0, 0, 0, 8]) == .photo(.mp4))
        #expect(FormatSniffer.sniff(QuickTimeWriter.fileType(.threeGP) + [0, 0, 0, 8]) == .photo(.threeGP))
        let audio = QuickTimeWriter.box("ftyp", Array("M4A ".utf8) + [0, 0, 0, 0] + Array("M4A mp42".utf8))
        #expect(FormatSniffer.sniff(audio) == .other("an MP4 audio file or another ISOBMFF file (brand `M4A `)"))
        let heic = QuickTimeWriter.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        #expect(FormatSniffer.sniff(heic) == .photo(.heic))
        #expect(FormatSniffer.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}AVI LIST".utf8)) == .other("an AVI video (RIFF AVI)"))
    }

    @Test func cutBeforeTheMovieBoxIsTruncated() throws {
        let bytes = QuickTimeWriter.bytes(Self.iPhoneMovie(), mediaDataBytes: 5000, movieLast: true)
        let cut = Array(bytes.prefix(3000))
        let error = try #require(PhotoReader().read(bytes: cut, displayPath: "cut.mov").failure)
        #expect(error.code == .truncated)
        #expect(error.format == .mov)
        #expect(
            error.description
                == "cut.mov: error: truncated MOV: the file ends inside the `mdat` box, before the movie box (`moov`) that holds the metadata — re-send the original video; this copy was cut off"
        )
    }

    @Test func noMovieBoxIsDamaged() throws {
        let bytes = QuickTimeWriter.fileType(.mp4) + QuickTimeWriter.box("free", [0, 0])
        let error = try #require(PhotoReader().read(bytes: bytes, displayPath: "x.mp4").failure)
        #expect(error.code == .corrupt)
        #expect(error.message == "damaged MP4: no movie box (`moov`) among 2 top-level boxes (`ftyp`, `free`)")
    }

    @Test func everyCutAndEveryFlippedByteIsAnAnswer() {
        let bytes = QuickTimeWriter.bytes(Self.iPhoneMovie())
        /// Metadata, or a reason that names the file and says what is wrong.
        func answered(_ result: Result<PhotoMetadata, PhotoReadError>, _ name: String) -> Bool {
            switch result {
            case .success: true
            case .failure(let error): !error.message.isEmpty && error.description.hasPrefix(name + ": ")
            }
        }
        var failed = 0
        for n in stride(from: 0, to: bytes.count, by: 7) {
            let result = PhotoReader().read(bytes: Array(bytes.prefix(n)), displayPath: "cut")
            #expect(answered(result, "cut"), "\(n) bytes")
            if case .failure = result { failed += 1 }
        }
        // A movie cut short has no movie box: every cut but the whole file is refused.
        #expect(failed >= bytes.count / 7 - 1)
        var rng = SplitMix64(seed: 15)
        for _ in 0..<2000 {
            var copy = bytes
            for _ in 0..<3 { copy[Int(rng.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            #expect(answered(PhotoReader().read(bytes: copy, displayPath: "flipped"), "flipped"))
        }
    }

    @Test func boxesThatLoopOrNestDeeplyAreBounded() throws {
        // A box of size 8 repeated: many headers, each read once; and udta nested beyond maxDepth.
        var nested: [UInt8] = []
        for _ in 0..<50 { nested = QuickTimeWriter.box("udta", nested) }
        let moov = QuickTimeWriter.box("moov", nested + [UInt8](repeating: 0, count: 0))
        _ = PhotoReader().read(bytes: QuickTimeWriter.fileType(.mp4) + moov, displayPath: "deep")
        let many = QuickTimeWriter.box("moov", (0..<30_000).flatMap { _ in QuickTimeWriter.box("free", []) })
        let error = try #require(PhotoReader().read(bytes: QuickTimeWriter.fileType(.mp4) + many, displayPath: "many").failure)
        #expect(error.code == .unsupported)
    }

    @Test func dataValueTypes() {
        func item(_ type: UInt32, _ value: [UInt8]) -> ArraySlice<UInt8> { QuickTimeWriter.dataBox(type: type, value)[...] }
        #expect(QuickTimeReader.dataValue(item(1, Array("14.5".utf8))).text == "14.5")
        #expect(QuickTimeReader.dataValue(item(23, QuickTimeWriter.u32(Float(14.5).bitPattern))).number == 14.5)
        #expect(QuickTimeReader.dataValue(item(24, QuickTimeWriter.u64(Double(-3.25).bitPattern))).number == -3.25)
        #expect(QuickTimeReader.dataValue(item(21, [0xFF, 0xFE])).number == -2)
        #expect(QuickTimeReader.dataValue(item(22, [0xFF, 0xFE])).number == 65534)
        #expect(QuickTimeReader.dataValue(item(2, [0, 0x41, 0, 0x42])).text == "AB")
        #expect(QuickTimeReader.dataValue(item(21, [1, 2, 3])).number == nil)
    }

    @Test func locationInformationBox() throws {
        // 3GPP `loci`: name "Home", role 0, lon 5.1213, lat 52.0907, alt 2 (16.16 fixed point).
        func fixed(_ v: Double) -> [UInt8] { QuickTimeWriter.u32(UInt32(bitPattern: Int32((v * 65_536).rounded()))) }
        let payload: [UInt8] = [0, 0, 0, 0, 0x55, 0xC4] + Array("Home".utf8) + [0, 0] + fixed(5.1213) + fixed(52.0907) + fixed(2)
        let p = try #require(QuickTimeReader.locationInformation(payload))
        #expect(abs(p.latitude - 52.0907) < 1e-4 && abs(p.longitude - 5.1213) < 1e-4 && p.altitudeMetres == 2)
    }
}

/// A file of `head`, `gap` zero bytes and `tail`, without holding the zeros (a sparse file in memory).
struct SparseSource: ByteSource {
    let head: [UInt8], gap: UInt64, tail: [UInt8]
    var size: UInt64 { UInt64(head.count) + gap + UInt64(tail.count) }

    func read(at offset: UInt64, count: Int) throws(ContainerError) -> [UInt8] {
        guard count > 0, offset < size else { return [] }
        let end = min(size, offset + UInt64(count))
        var out: [UInt8] = []
        out.reserveCapacity(Int(end - offset))
        var at = offset
        while at < end {
            if at < UInt64(head.count) {
                out.append(head[Int(at)])
            } else if at < UInt64(head.count) + gap {
                let zeros = min(end, UInt64(head.count) + gap) - at
                out += [UInt8](repeating: 0, count: Int(zeros))
                at += zeros
                continue
            } else {
                out.append(tail[Int(at - UInt64(head.count) - gap)])
            }
            at += 1
        }
        return out
    }
}

@Suite struct LivePhotoStillTests {
    /// An iPhone maker note holding only a content identifier (tag 0x0011, ASCII, at byte 28).
    static func makerNote(_ identifier: String) -> [UInt8] {
        let text = Array(identifier.utf8) + [0]
        return AppleMakerNote.signature + [0, 1] + Array("MM".utf8) + [0, 1]
            + [0x00, 0x11, 0x00, 0x02] + QuickTimeWriter.u32(UInt32(text.count)) + QuickTimeWriter.u32(30) + [0, 0] + text
    }

    @Test func contentIdentifierFromTheMakerNote() {
        #expect(AppleMakerNote.contentIdentifier(Self.makerNote("7D2C1B6A-3F4E")) == "7D2C1B6A-3F4E")
        #expect(AppleMakerNote.contentIdentifier(Array(Self.makerNote("X").prefix(20))) == nil)
        #expect(AppleMakerNote.contentIdentifier(Array("Nikon\0".utf8) + [UInt8](repeating: 0, count: 40)) == nil)
        var wrongOffset = Self.makerNote("7D2C1B6A-3F4E")
        wrongOffset[27] = 0xF0
        #expect(AppleMakerNote.contentIdentifier(wrongOffset) == nil)
    }

    @Test func contentIdentifierThroughLibexif() throws {
        let block = LibExif.encode { b in
            b.ascii(.ifd0, 0x010F, "Apple")
            b.bytes(.exif, 0x927C, Self.makerNote("7D2C1B6A-3F4E-4C1D-9A55-0B1E2F3A4B5C"))
        }
        let raw = try #require(LibExif.decode(Array(block.dropFirst(6))))
        var meta = PhotoMetadata(path: "IMG_7.HEIC")
        ExifInterpreter.apply(raw, to: &meta)
        #expect(meta.contentIdentifier == "7D2C1B6A-3F4E-4C1D-9A55-0B1E2F3A4B5C")
    }
}
