import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// Thumbnails show the right way up: the photo's EXIF Orientation goes onto the thumbnail's own
/// JPEG (browsers turn `<img>` by it), and photos with Orientation 1 or none keep their bytes.
@Suite struct ReportThumbnailOrientationTests {
    static let reader = PhotoReader(options: .init(useSidecars: false, computeContentHash: false))

    /// A 32×16 picture that reads differently under every turn and flip: a dark block in the top-left
    /// corner, a light one beside it, the rest mid-grey.
    static let asymmetric = SyntheticImage(
        width: 32, height: 16,
        blocks: [
            (30, 128, 128), (220, 128, 128), (128, 128, 128), (128, 128, 128),
            (128, 128, 128), (128, 128, 128), (128, 128, 128), (128, 128, 128)
        ])

    /// A JPEG photo whose EXIF IFD0 holds Orientation = `orientation` (none when nil), written
    /// with libexif like `JPEGWriter` does.
    static func photo(orientation: Int?, image: SyntheticImage = asymmetric) -> [UInt8] {
        let app1 = LibExif.encode { builder in
            builder.ascii(.ifd0, 0x010F, "Test")
            if let orientation { builder.short(.ifd0, 0x0112, UInt16(orientation)) }
        }
        return image.jpegBytes(app1: app1)
    }

    static func orientation(of jpeg: [UInt8]) throws -> Int? {
        try reader.read(bytes: jpeg, displayPath: "thumbnail.jpg").get().orientation
    }

    /// The APPn/COM segments after SOI: (marker, payload).
    static func headerSegments(_ jpeg: [UInt8]) -> [(UInt8, [UInt8])] {
        var segments: [(UInt8, [UInt8])] = []
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF, (0xE0...0xEF).contains(jpeg[i + 1]) || jpeg[i + 1] == 0xFE {
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            segments.append((jpeg[i + 1], Array(jpeg[(i + 4)..<(i + 2 + length)])))
            i += 2 + length
        }
        return segments
    }

    // MARK: each of the 8 values, through the report's thumbnail loader

    /// A scaled copy (the photo has no EXIF thumbnail) carries the photo's orientation; 1 leaves it as read.
    @Test(arguments: 1...8)
    func scaledCopyCarriesThePhotosOrientation(orientation: Int) throws {
        let url = try PhotoThumbnailTests.temporary(Self.photo(orientation: orientation))
        let plain = try #require(PhotoThumbnail.read(path: url.path))
        #expect(plain.source == .scaled)
        let shown = PhotoThumbnail.oriented(plain, photo: PhotoInput(url: url, displayPath: url.path))
        #expect(shown.source == .scaled)
        if orientation == 1 {
            #expect(shown.jpeg == plain.jpeg)
        } else {
            #expect(try Self.orientation(of: shown.jpeg) == orientation)
            #expect(shown.jpeg.count == plain.jpeg.count + 36)
        }
        // Still a JPEG that decoders take, with the same pixels.
        #expect(try PhotoThumbnailTests.dimensions(shown.jpeg) == PhotoThumbnailTests.dimensions(plain.jpeg))
        #expect(JPEGScaler.scaled(shown.jpeg, maxPixels: 1000) == JPEGScaler.scaled(plain.jpeg, maxPixels: 1000))
    }

    /// The camera's EXIF thumbnail is stored like the main picture, so it gets the same tag.
    @Test(arguments: 1...8)
    func exifThumbnailCarriesThePhotosOrientation(orientation: Int) throws {
        let small = SyntheticImage(identity: 42, hue: 0.3).jpegBytes(app1: nil)
        let main = Self.asymmetric.jpegBytes(app1: nil)
        let url = try PhotoThumbnailTests.temporary(
            PhotoThumbnailTests.jpegWithExifThumbnail(main: main, thumbnail: small, orientation: orientation))
        let shown = PhotoThumbnail.oriented(try #require(PhotoThumbnail.read(path: url.path)), photo: PhotoInput(url: url, displayPath: url.path))
        #expect(shown.source == .exif)
        if orientation == 1 {
            #expect(shown.jpeg == small)
        } else {
            #expect(try Self.orientation(of: shown.jpeg) == orientation)
            // SOI, the new segment, then the stored thumbnail untouched.
            #expect(Array(shown.jpeg[0..<2]) == [0xFF, 0xD8])
            #expect(Array(shown.jpeg[2..<38]) == ThumbnailOrientation.segment(orientation: UInt16(orientation)))
            #expect(Array(shown.jpeg[38...]) == Array(small[2...]))
        }
    }

    @Test func photoWithoutOrientationTagKeepsItsThumbnailBytes() throws {
        let url = try PhotoThumbnailTests.temporary(Self.photo(orientation: nil))
        let plain = try #require(PhotoThumbnail.read(path: url.path))
        #expect(try Self.orientation(of: Self.photo(orientation: nil)) == nil)
        #expect(PhotoThumbnail.oriented(plain, photo: PhotoInput(url: url, displayPath: url.path)) == plain)
    }

    /// 0 and 9…65535 mean nothing: the thumbnail is left as read rather than guessed at.
    @Test(arguments: [0, 9, 255, 65535])
    func outOfRangeOrientationKeepsTheBytes(orientation: Int) throws {
        let url = try PhotoThumbnailTests.temporary(Self.photo(orientation: orientation))
        let plain = try #require(PhotoThumbnail.read(path: url.path))
        #expect(PhotoThumbnail.oriented(plain, photo: PhotoInput(url: url, displayPath: url.path)) == plain)
    }

    // MARK: the segment itself

    /// JFIF's APP0 stays first (as JFIF requires); the thumbnail's own Exif segment, whatever it
    /// said, is replaced so browsers read only the photo's orientation; other segments stay.
    @Test(arguments: 2...8)
    func ownExifSegmentIsReplacedAndJFIFStaysFirst(orientation: Int) throws {
        let jfif: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x07] + Array("hello".utf8)
        let ownExif = ThumbnailOrientation.segment(orientation: 3)
        let body = Array(SyntheticImage(identity: 1, hue: 0.7).jpegBytes(app1: nil).dropFirst(2))
        let thumbnail = [0xFF, 0xD8] + jfif + ownExif + comment + body
        #expect(try Self.orientation(of: thumbnail) == 3)

        let tagged = ThumbnailOrientation.tagged(thumbnail, orientation: orientation)
        #expect(try Self.orientation(of: tagged) == orientation)
        #expect(tagged == [0xFF, 0xD8] + jfif + ThumbnailOrientation.segment(orientation: UInt16(orientation)) + comment + body)
        let segments = Self.headerSegments(tagged)
        #expect(segments.map(\.0) == [0xE0, 0xE1, 0xFE])
    }

    @Test func orientationOneLeavesAThumbnailWithItsOwnExifAlone() {
        let thumbnail =
            [0xFF, 0xD8] + ThumbnailOrientation.segment(orientation: 8)
            + Array(SyntheticImage(identity: 2, hue: 0.1).jpegBytes(app1: nil).dropFirst(2))
        #expect(ThumbnailOrientation.tagged(thumbnail, orientation: 1) == thumbnail)
        #expect(ThumbnailOrientation.tagged(thumbnail, orientation: nil) == thumbnail)
    }

    /// Not a JPEG, truncated or lying segment lengths: never a trap, and a non-JPEG is left alone.
    @Test func oddBytesDoNotCrash() {
        #expect(ThumbnailOrientation.tagged([], orientation: 6) == [])
        #expect(ThumbnailOrientation.tagged([0x89, 0x50], orientation: 6) == [0x89, 0x50])
        for bytes: [UInt8] in [
            [0xFF, 0xD8], [0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF], [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x00],
            [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x09, 0x45, 0x78]
        ] {
            let tagged = ThumbnailOrientation.tagged(bytes, orientation: 6)
            #expect(tagged.count == bytes.count + 36)
        }
    }

    // MARK: the page

    /// In the HTML, a turned photo's data URI holds the tag; an upright photo's is exactly as before.
    @Test func htmlCarriesOrientationOnlyForTurnedPhotos() async throws {
        let results = try ReportFixtures.results("where-is-france")
        let folder = Scratch.root.appendingPathComponent("report-orient-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let queue = results.reviewQueue.sorted()
        try #require(queue.count >= 2)
        let (upright, portrait) = (queue[0], queue[1])
        for (path, orientation) in [(upright, 1), (portrait, 6)] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(Self.photo(orientation: orientation)).write(to: url)
        }
        let html = String(
            decoding: try await ReportWriter.render(try Report(results), format: .html, photosFolder: folder)[0].bytes,
            as: UTF8.self)
        func uri(_ path: String) throws -> [UInt8] {
            let marker = "src=\"data:image/jpeg;base64,"
            let alt = try #require(html.range(of: "alt=\"photo \(path)\""))
            let start = try #require(html.range(of: marker, options: .backwards, range: html.startIndex..<alt.lowerBound))
            let end = try #require(html.range(of: "\"", range: start.upperBound..<html.endIndex))
            return Array(try #require(Data(base64Encoded: String(html[start.upperBound..<end.lowerBound]))))
        }
        let uprightPlain = try #require(PhotoThumbnail.read(path: folder.appendingPathComponent(upright).path))
        #expect(try uri(upright) == uprightPlain.jpeg)
        #expect(try Self.orientation(of: uri(portrait)) == 6)
    }
}
