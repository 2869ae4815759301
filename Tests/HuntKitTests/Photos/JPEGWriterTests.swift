import Foundation
import Testing
@testable import HuntKit

@Suite("JPEG writer (libexif)")
struct JPEGWriterTests {
    static let tags = PhotoTags(
        position: Coordinate(latitude: -33.856784, longitude: 151.215297), altitudeMetres: 12.5, horizontalAccuracyMetres: 4.75,
        capturedAt: LocalDateTime(year: 2026, month: 5, day: 2, hour: 10, minute: 15, second: 30, nanosecond: 250_000_000),
        offsetSeconds: 36_000, gpsTime: Date(timeIntervalSince1970: 1_777_680_929),
        make: "Apple", model: "iPhone 14", software: "GIMP 2.10.34")

    @Test("what is written reads back through PhotoReader")
    func roundTrip() throws {
        let bytes = JPEGWriter.jpeg(tags: Self.tags, image: SyntheticImage(identity: 42, hue: 0.3))
        let photo = try PhotoReader().read(bytes: bytes, displayPath: "x.jpg").get()
        #expect(photo.format == .jpeg)
        #expect(abs(photo.position!.latitude - -33.856784) < 1e-7)
        #expect(abs(photo.position!.longitude - 151.215297) < 1e-7)
        #expect(photo.horizontalAccuracyMetres == 4.75)
        #expect(photo.altitudeMetres == 12.5)
        #expect(photo.capturedAt == LocalDateTime(year: 2026, month: 5, day: 2, hour: 10, minute: 15, second: 30, nanosecond: 250_000_000))
        #expect(photo.offsetSeconds == 36_000)
        #expect(photo.gpsTime == Date(timeIntervalSince1970: 1_777_680_929))
        #expect(photo.make == "Apple" && photo.model == "iPhone 14" && photo.software == "GIMP 2.10.34")
        #expect(photo.pixelWidth == 64 && photo.pixelHeight == 48)
    }

    @Test("a photo without position has no GPS, and a negative offset survives")
    func noGPS() throws {
        var tags = Self.tags
        tags.position = nil
        tags.gpsTime = nil
        tags.offsetSeconds = -(3 * 3600 + 30 * 60)
        let photo = try PhotoReader().read(bytes: JPEGWriter.jpeg(tags: tags, image: SyntheticImage(identity: 1, hue: 0)), displayPath: "x.jpg").get()
        #expect(photo.position == nil)
        #expect(photo.offsetSeconds == -12_600)
    }

    @Test("a well-formed baseline JPEG: SOI, EXIF APP1 first, SOF0, SOS, EOI")
    func structure() {
        let bytes = JPEGWriter.jpeg(tags: Self.tags, image: SyntheticImage(identity: 7, hue: 0.5))
        #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF, 0xE1]))
        #expect(Array(bytes[6..<12]) == Array("Exif\0\0".utf8))
        #expect(Array(bytes.suffix(2)) == [0xFF, 0xD9])
        #expect(bytes.count < 2048)
        // Walk the segments up to SOS.
        var i = 2, markers: [UInt8] = []
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            markers.append(marker)
            if marker == 0xDA { break }
            i += 2 + Int(bytes[i + 2]) << 8 + Int(bytes[i + 3])
        }
        #expect(markers == [0xE1, 0xDB, 0xC0, 0xC4, 0xC4, 0xDA])
    }

    @Test("different identities give different images; the same gives the same bytes")
    func identity() {
        let a = JPEGWriter.jpeg(tags: Self.tags, image: SyntheticImage(identity: 1, hue: 0.1))
        let b = JPEGWriter.jpeg(tags: Self.tags, image: SyntheticImage(identity: 2, hue: 0.1))
        let c = JPEGWriter.jpeg(tags: Self.tags, image: SyntheticImage(identity: 1, hue: 0.1))
        #expect(a != b)
        #expect(a == c)
    }
}
