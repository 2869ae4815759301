import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// Thumbnails and previews of photos: the EXIF thumbnail as stored, else a scaled copy; damaged
/// and mutated files give nil, never a trap.
@Suite struct PhotoThumbnailTests {
    static func temporary(_ bytes: [UInt8], name: String = "photo.jpg") throws -> URL {
        let folder = Scratch.root.appendingPathComponent("report-thumb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// A JPEG whose APP1 holds a TIFF structure with an empty IFD0 and an IFD1 pointing at
    /// `thumbnail` (JPEGInterchangeFormat / JPEGInterchangeFormatLength), as cameras write it.
    static func jpegWithExifThumbnail(main: [UInt8], thumbnail: [UInt8], orientation: Int = 1) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + u32(8)
        // IFD0: one entry (Orientation), then the offset of IFD1.
        let ifd1Offset = 8 + 2 + 12 + 4
        tiff += u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(ifd1Offset)
        let thumbnailOffset = ifd1Offset + 2 + 2 * 12 + 4
        tiff += u16(2) + u16(0x0201) + u16(4) + u32(1) + u32(thumbnailOffset)
        tiff += u16(0x0202) + u16(4) + u32(1) + u32(thumbnail.count) + u32(0)
        tiff += thumbnail
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + main.dropFirst(2)
    }

    static func dimensions(_ jpeg: [UInt8]) throws -> (Int, Int) {
        let meta = try PhotoReader(options: .init(useSidecars: false, computeContentHash: false)).read(bytes: jpeg, displayPath: "t.jpg").get()
        return (meta.pixelWidth ?? -1, meta.pixelHeight ?? -1)
    }

    @Test func exifThumbnailIsReturnedAsStored() throws {
        let small = SyntheticImage(identity: 42, hue: 0.3).jpegBytes(app1: nil)
        let main = SyntheticImage(identity: 7, hue: 0.8).jpegBytes(app1: nil)
        let url = try Self.temporary(Self.jpegWithExifThumbnail(main: main, thumbnail: small))
        let thumbnail = try #require(PhotoThumbnail.read(path: url.path))
        #expect(thumbnail.source == .exif)
        #expect(thumbnail.jpeg == small)
    }

    @Test func jpegWithoutExifThumbnailGetsAScaledCopy() throws {
        let tags = PhotoTags(position: Coordinate(latitude: 52.09, longitude: 5.12), make: "Test")
        let bytes = JPEGWriter.jpeg(tags: tags, image: SyntheticImage(identity: 9, hue: 0.5))
        let url = try Self.temporary(bytes)
        let thumbnail = try #require(PhotoThumbnail.read(path: url.path, maxPixels: 16))
        #expect(thumbnail.source == .scaled)
        #expect(Array(thumbnail.jpeg.prefix(2)) == [0xFF, 0xD8])
        let (w, h) = try Self.dimensions(thumbnail.jpeg)
        #expect(max(w, h) <= 16 && w > 0 && h > 0)
        // The copy carries no EXIF (no position) of the original.
        let meta = try PhotoReader().read(bytes: thumbnail.jpeg, displayPath: "t.jpg").get()
        #expect(meta.position == nil)
    }

    @Test(arguments: [
        ("missing", nil as [UInt8]?), ("empty", []), ("text", Array("hello, not a photo".utf8)),
        ("truncated", [0xFF, 0xD8, 0xFF, 0xE0, 0x00]), ("png-without-exif", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0])
    ])
    func noThumbnailIsNilNotACrash(name: String, bytes: [UInt8]?) throws {
        let path: String
        if let bytes { path = try Self.temporary(bytes).path } else { path = "/nonexistent/\(UUID().uuidString).jpg" }
        #expect(PhotoThumbnail.read(path: path) == nil, "\(name)")
    }

    @Test func corruptJpegBodyDoesNotCrash() throws {
        var bytes = JPEGWriter.jpeg(tags: PhotoTags(), image: SyntheticImage(identity: 3, hue: 0.1))
        for i in stride(from: bytes.count / 2, to: bytes.count - 2, by: 3) { bytes[i] = 0xFF }
        let url = try Self.temporary(bytes)
        // nil or a partial picture; never a trap
        if let thumbnail = PhotoThumbnail.read(path: url.path) { #expect(thumbnail.jpeg.starts(with: [0xFF, 0xD8])) }
    }

    /// Seeded mutations of a JPEG with an EXIF thumbnail: every result is nil or a JPEG, never a trap.
    @Test func mutatedPhotosNeverCrash() throws {
        let original = Self.jpegWithExifThumbnail(
            main: JPEGWriter.jpeg(tags: PhotoTags(make: "M"), image: SyntheticImage(identity: 5, hue: 0.6)),
            thumbnail: SyntheticImage(identity: 6, hue: 0.1).jpegBytes(app1: nil))
        let folder = Scratch.root.appendingPathComponent("report-mutate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(truncatingIfNeeded: state >> 33) }
        for round in 0..<300 {
            var bytes = original
            switch round % 3 {
            case 0: for _ in 0..<(1 + next() % 8) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            case 1: bytes = Array(bytes.prefix(next() % bytes.count))
            default:
                let at = next() % bytes.count;
                bytes.insert(contentsOf: [UInt8](repeating: UInt8(truncatingIfNeeded: next()), count: next() % 64), at: at)
            }
            let url = folder.appendingPathComponent("m\(round).jpg")
            try Data(bytes).write(to: url)
            if let thumbnail = PhotoThumbnail.read(path: url.path) { #expect(Array(thumbnail.jpeg.prefix(2)) == [0xFF, 0xD8]) }
        }
    }

}
