import Foundation
import HuntTestSupport
import Testing

/// `hunt exif` as a user runs it, on the photo fixtures of HuntKitTests.
@Suite struct ExifCommandTests {
    static let photos = SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/photos")

    @Test func csvOfReadableFilesExitsZero() throws {
        let result = try HuntBinary.run(
            ["exif", "--format", "csv", "jpeg-gps-complete.jpg", "heic-exif-item-in-idat.heic", "jpeg-no-exif.jpg"],
            in: Self.photos)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\r\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("path,format,latitude,longitude,altitude,accuracy_m,direction,captured_at,offset,gps_time,make,model,software"))
        #expect(lines[1].hasPrefix("jpeg-gps-complete.jpg,JPEG,52.0906667,5.1213333,12.34,6.5,"))
        #expect(lines[2].hasPrefix("heic-exif-item-in-idat.heic,HEIC,52.0906667,"))
        #expect(lines[3].hasPrefix("jpeg-no-exif.jpg,JPEG,,,"))
        #expect(result.stderr.isEmpty)
    }

    @Test func unreadableFilesGetARowAndExitOne() throws {
        let result = try HuntBinary.run(
            ["exif", "--format", "csv", "jpeg-truncated-inside-exif.jpg", "missing.jpg", "jpeg-gps-complete.jpg"],
            in: Self.photos)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\r\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("jpeg-truncated-inside-exif.jpg,JPEG,"))
        #expect(lines[1].hasSuffix(",truncated JPEG: the file ends inside the EXIF segment — re-send the original photo; this copy was cut off"))
        #expect(lines[2].hasPrefix("missing.jpg,,") && lines[2].hasSuffix(",no such file — check the path"))
        #expect(lines[3].hasPrefix("jpeg-gps-complete.jpg,JPEG,52."))
    }

    @Test func folderIsReadRecursivelyInNameOrderAsJSON() throws {
        let result = try HuntBinary.run(["exif", "--format", "json", "."], in: Self.photos)
        #expect(result.status == 1)  // the truncated fixture
        let rows = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        let paths = rows.compactMap { $0["path"] as? String }
        #expect(paths == paths.sorted())
        #expect(paths.first == "./avif-exif-item.avif")
        #expect(!paths.contains { $0.hasSuffix(".xmp") })
    }

    @Test func noPathsIsAUsageError() throws {
        let result = try HuntBinary.run(["exif"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("hunt exif PHOTO|DIR"))
    }

    @Test func badFormatIsAUsageError() throws {
        let result = try HuntBinary.run(["exif", "--format", "xml", "x.jpg"])
        #expect(result.status == 2)
    }
}
