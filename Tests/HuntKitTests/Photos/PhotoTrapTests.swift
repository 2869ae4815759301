import Foundation
import Testing
@testable import HuntKit

/// Each known trap of real photo files, as a fixture and what must be read from it.
@Suite struct PhotoTrapTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var latitude: Double?
        var longitude: Double?
        var altitude: Double? = nil
        var capturedAt: String? = "2026-05-02T11:22:33"
        var warning: String? = nil
        var source: PhotoMetadata.PositionSource? = .exif
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "jpeg-gps-complete.jpg", latitude: 52.0906667, longitude: 5.1213333, altitude: 12.34),
        Case(file: "jpeg-gps-big-endian.jpg", latitude: 52.0906667, longitude: 5.1213333, altitude: 12.34),
        // libexif's own loader gives up on these segment orders; our JPEG walk does not.
        Case(file: "jpeg-app12-app15-before-exif.jpg", latitude: 52.0906667, longitude: 5.1213333),
        Case(file: "jpeg-comment-before-exif.jpg", latitude: 52.0906667, longitude: 5.1213333),
        // Interop tags 0x1/0x2 must not be read as the GPS latitude ref/latitude.
        Case(file: "jpeg-interop-tags-no-gps.jpg", latitude: nil, longitude: nil, source: nil),
        Case(file: "jpeg-interop-tags-with-gps.jpg", latitude: 52.0906667, longitude: 5.1213333),
        Case(file: "jpeg-gps-srational-south-west.jpg", latitude: -33.865, longitude: -70.67),
        Case(file: "jpeg-gps-all-components-zero-over-zero.jpg", latitude: nil, longitude: nil, source: nil),
        Case(file: "jpeg-gps-seconds-zero-over-zero.jpg", latitude: 52.0833333, longitude: 5.1166667),
        Case(file: "jpeg-gps-exactly-zero-zero.jpg", latitude: nil, longitude: nil, warning: "exactly 0, 0", source: nil),
        Case(file: "jpeg-gps-version-only.jpg", latitude: nil, longitude: nil, source: nil),
        Case(file: "jpeg-gps-altitude-only.jpg", latitude: nil, longitude: nil, altitude: -15, source: nil),
        Case(file: "jpeg-gps-altitude-without-ref.jpg", latitude: 52, longitude: 5, altitude: 42.5),
        Case(file: "jpeg-gps-empty-refs.jpg", latitude: 52.5, longitude: 4.9, warning: "GPSLatitudeRef is missing or empty"),
        Case(file: "jpeg-gps-refs-of-wrong-type.jpg", latitude: -22.9, longitude: -43.2, warning: "not ASCII"),
        Case(file: "jpeg-gps-datestamp-malformed.jpg", latitude: 52.0906667, longitude: 5.1213333, warning: "`2014:09:259` is not a date"),
        Case(file: "jpeg-zero-dates.jpg", latitude: 52.0906667, longitude: 5.1213333, capturedAt: nil),
        Case(file: "jpeg-corrupt-canon-makernote.jpg", latitude: 52.0906667, longitude: 5.1213333, warning: "ExifMnoteCanon"),
        Case(file: "jpeg-xmp-position-only.jpg", latitude: 52.0906667, longitude: 5.1213333, altitude: 15, source: .xmp),
        Case(file: "jpeg-with-sidecar.jpg", latitude: 54.9896667, longitude: -1.5996667, source: .sidecar),
        Case(file: "jpeg-no-exif.jpg", latitude: nil, longitude: nil, capturedAt: nil, warning: "no EXIF metadata", source: nil),
        Case(file: "png-exif-chunk.png", latitude: 52.0906667, longitude: 5.1213333, altitude: 12.34),
        Case(file: "webp-exif-bare.webp", latitude: 52.0906667, longitude: 5.1213333),
        Case(file: "webp-exif-with-prefix.webp", latitude: 52.0906667, longitude: 5.1213333),
        Case(file: "heic-apple-exif-item-after-mdat.heic", latitude: 52.0906667, longitude: 5.1213333, altitude: 12.34),
        Case(file: "heic-exif-item-in-idat.heic", latitude: 52.0906667, longitude: 5.1213333),
        Case(file: "heic-no-exif-item.heic", latitude: nil, longitude: nil, capturedAt: nil, warning: "no Exif item", source: nil),
        Case(file: "avif-exif-item.avif", latitude: 52.0906667, longitude: 5.1213333),
        Case(file: "tiff-ifd-after-image-data.tif", latitude: 39.917, longitude: -2.825025, altitude: 12.34)
    ]

    @Test(arguments: cases)
    func readsWhatTheFileSays(_ c: Case) throws {
        let photo = try #require(PhotoFixtures.read(c.file).value, "\(c.file) should be readable")
        #expect(photo.path == c.file)
        if let lat = c.latitude, let lon = c.longitude {
            let position = try #require(photo.position, "\(c.file): no position; warnings: \(photo.warnings)")
            #expect(abs(position.latitude - lat) < 1e-6)
            #expect(abs(position.longitude - lon) < 1e-6)
        } else {
            #expect(photo.position == nil)
        }
        #expect(photo.positionSource == c.source)
        if let alt = c.altitude {
            #expect(abs((photo.altitudeMetres ?? .nan) - alt) < 1e-6)
        }
        #expect(photo.capturedAt?.description == c.capturedAt)
        if let warning = c.warning {
            #expect(photo.warnings.contains { $0.contains(warning) }, "\(photo.warnings)")
        }
        #expect(photo.contentHash?.count == 32)
    }

    @Test func completeFixtureFillsEveryField() throws {
        let photo = try #require(PhotoFixtures.read("jpeg-gps-complete.jpg").value)
        #expect(photo.format == .jpeg)
        #expect(photo.make == "HuntKit")
        #expect(photo.model == "Fixture Cam")
        #expect(photo.software == "make-photo-fixtures")
        #expect(photo.orientation == 1)
        #expect(photo.horizontalAccuracyMetres == 6.5)
        #expect(photo.dilutionOfPrecision == 1.2)
        #expect(photo.directionDegrees == 271.25)
        #expect(photo.capturedAt?.nanosecond == 250_000_000)
        #expect(photo.offsetSeconds == 7200)
        #expect(photo.pixelWidth == 8 && photo.pixelHeight == 8)
        let gpsTime = try #require(photo.gpsTime)
        #expect(PhotoFields.iso(gpsTime) == "2026-05-02T09:22:33.5Z")
        #expect(photo.warnings.isEmpty, "\(photo.warnings)")
    }

    @Test func malformedGPSDateStampKeepsTheRawText() throws {
        let photo = try #require(PhotoFixtures.read("jpeg-gps-datestamp-malformed.jpg").value)
        #expect(photo.gpsTime == nil)
        #expect(photo.gpsTimeRaw == "2014:09:259 14:27:07.24")
        let whole = try #require(PhotoFixtures.read("jpeg-gps-datestamp-whole-datetime.jpg").value)
        #expect(whole.gpsTime.map(PhotoFields.iso) == "2014-09-25T14:27:07.24Z")
    }

    @Test func zeroDatesAreAbsentNotErrors() throws {
        let photo = try #require(PhotoFixtures.read("jpeg-zero-dates.jpg").value)
        #expect(photo.capturedAt == nil && photo.capturedAtRaw == nil && photo.gpsTime == nil)
        #expect(!photo.warnings.contains { $0.contains("DateTimeOriginal") || $0.contains("GPSDateStamp") })
    }

    @Test func truncatedInsideTheExifSegmentIsAnError() throws {
        let error = try #require(PhotoFixtures.read("jpeg-truncated-inside-exif.jpg").failure)
        #expect(error.code == .truncated)
        #expect(error.format == .jpeg)
        #expect(error.message == "truncated JPEG: the file ends inside the EXIF segment")
        #expect(error.fix?.contains("re-send") == true)
        #expect(error.path == "jpeg-truncated-inside-exif.jpg")
    }

    @Test func formatComesFromContentNotName() throws {
        let folder = try PhotoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let disguised = folder.appendingPathComponent("really-a-png.jpg")
        try FileManager.default.copyItem(at: PhotoFixtures.url("png-exif-chunk.png"), to: disguised)
        let photo = try #require(PhotoReader().read(path: disguised.path).value)
        #expect(photo.format == .png)
        #expect(photo.position != nil)
    }
}
