import Foundation
import Testing
@testable import HuntKit

@Suite struct PhotoParsingTests {
    @Test(
        arguments: [
            ("2021:04:11 15:47:53", "2021-04-11T15:47:53"), ("2021-04-11T15:47:53", "2021-04-11T15:47:53"),
            ("0000:00:00 00:00:00", nil), ("    :  :     :  :  ", nil), ("2021:13:11 15:47:53", nil), ("garbage", nil)
        ] as [(String, String?)])
    func dateTimeOriginal(_ text: String, _ expected: String?) {
        #expect(ExifInterpreter.parseDateTime(text)?.description == expected)
    }

    @Test(arguments: [("+02:00", 7200), ("-05:00", -18000), ("+0530", 19800), ("Z", nil), ("+2:00", nil)] as [(String, Int?)])
    func offsets(_ text: String, _ seconds: Int?) {
        #expect(ExifInterpreter.parseOffset(text) == seconds)
    }

    @Test(
        arguments: [("52,1.2N", 52.02), ("54,59,22.8N", 54.9896666667), ("3,30W", -3.5), ("-3.7247", -3.7247), ("52,xN", nil), ("", nil)]
            as [(String, Double?)])
    func xmpCoordinates(_ text: String, _ degrees: Double?) {
        let negative: Character = text.hasSuffix("W") ? "W" : "S"
        let positive: Character = text.hasSuffix("W") ? "E" : "N"
        let value = XMPLocation.coordinate(text, negative: negative, positive: positive)
        if let degrees { #expect(abs((value ?? .nan) - degrees) < 1e-9) } else { #expect(value == nil) }
    }

    @Test func xmpNamesAreNotConfusedWithLongerOnes() {
        let packet = Array(#"<d exif:GPSLatitudeRef="N" exif:GPSLatitude="10,30N" exif:GPSLongitude='20,15E'/>"#.utf8)
        #expect(XMPLocation.parse(packet) == XMPLocation.Found(latitude: 10.5, longitude: 20.25, altitudeMetres: nil))
    }

    @Test func sidecarNames() {
        #expect(XMPLocation.sidecarNames(for: "IMG_1.v2.JPG") == ["IMG_1.v2.xmp", "IMG_1.v2.XMP", "IMG_1.v2.JPG.xmp"])
        #expect(XMPLocation.sidecarNames(for: "noext") == ["noext.xmp", "noext.XMP", "noext.xmp"])
    }

    @Test(arguments: [(0.0, "00:00:00"), (52_343.24, "14:32:23.24"), (86_399.9996, "24:00:00")])
    func timesOfDay(_ seconds: Double, _ text: String) {
        #expect(ExifInterpreter.formatTimeOfDay(seconds) == text)
    }

    /// Reference digests from the xxHash project's Python binding (`xxhash.xxh64`).
    @Test(
        arguments: [
            ("", 0, 0xEF46_DB37_51D8_E999), ("a", 0, 0xD24E_C4F1_A98C_6E5B), ("abc", 0, 0x44BC_2CF5_AD77_0999),
            ("abc", 2_654_435_761, 0x1318_DF30_094A_85FD)
        ] as [(String, UInt64, UInt64)])
    func xxh64(_ text: String, _ seed: UInt64, _ digest: UInt64) {
        #expect(XXH64.hash(Array(text.utf8), seed: seed) == digest)
    }

    @Test func xxh64LongInput() {
        let bytes = (0..<3).flatMap { _ in (0...255).map(UInt8.init) }
        #expect(XXH64.hash(bytes, seed: 0) == 0x8E03_C838_C596_036F)
        #expect(XXH64.hash(bytes, seed: 2_654_435_761) == 0x8E06_C6A0_27F6_B435)
    }

    @Test func contentHashSeesSizeAndBothEnds() {
        let base = [UInt8](repeating: 7, count: 300_000)
        var middle = base; middle[150_000] = 8
        var end = base; end[299_999] = 8
        let h = ContentHash.digest(of: base)
        #expect(ContentHash.digest(of: middle) == h)  // documented: the middle of a large file is not hashed
        #expect(ContentHash.digest(of: end) != h)
        #expect(ContentHash.digest(of: base + [7]) != h)
        // Small files are hashed whole.
        var small = [UInt8](repeating: 1, count: 100_000); let s = ContentHash.digest(of: small)
        small[50_000] = 2
        #expect(ContentHash.digest(of: small) != s)
    }

    @Test func fileHashEqualsInMemoryHash() throws {
        let photo = try #require(PhotoFixtures.read("jpeg-gps-complete.jpg").value)
        #expect(photo.contentHash == ContentHash.digest(of: try PhotoFixtures.bytes("jpeg-gps-complete.jpg")))
    }
}

/// The date parsers read ASCII byte by byte: the same answers as splitting on Characters that
/// are not numbers and parsing each run with `Int(_:)`, which they still do for other text.
@Suite struct ExifDateParsingTests {
    static func runsBySplitting(_ text: String, limit: Int) -> [(count: Int, value: Int?)] {
        text.split(whereSeparator: { !$0.isNumber }).prefix(limit).map { ($0.count, Int($0)) }
    }

    @Test(arguments: [
        "2021:04:11 15:47:53", "2021-04-11T15:47:53.25+02:00", "", "::", "  2021:4:1 1:2:3  ", "2014:09:259", "abc123def45",
        "99999999999999999999:01:01 00:00:00", "9223372036854775807", "9223372036854775808", "2021:04:11 15:47:5٣",
        "٢٠٢١:04:11 15:47:53", "2021:04:11 ½5:47:53", "1\u{301}:2", "2021\r\n04", "12 34 56 78 90 12 34 56"
    ])
    func runsMatchSplitting(_ text: String) {
        for limit in [3, 5, 6] {
            let fast = ExifInterpreter.digitRuns(text, limit: limit), slow = Self.runsBySplitting(text, limit: limit)
            #expect(fast.map(\.count) == slow.map(\.count) && fast.map(\.value) == slow.map(\.value), "\(text) limit \(limit)")
        }
    }

    @Test(arguments: ["+02:00", "-05:00", "+0530", "+05:3:0", "+0:5:3:0:1", "+12345", "+1:2", "-٠٥:٣٠", "+05x30", "+14:59", "+15:00", "+02:60"])
    func offsetsMatchFilteringCharacters(_ text: String) {
        func bySplitting(_ text: String) -> Int? {
            guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
            let digits = text.dropFirst().filter(\.isNumber)
            guard digits.count == 4, let h = Int(digits.prefix(2)), let m = Int(digits.suffix(2)), h <= 14, m < 60 else { return nil }
            return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
        }
        #expect(ExifInterpreter.parseOffset(text) == bySplitting(text))
    }

    /// From 1583 the arithmetic answers; it must give the very `Date` Foundation's calendar gives.
    @Test func utcDatesMatchFoundationsCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        for year in [1583, 1600, 1700, 1899, 1900, 1969, 1970, 2000, 2024, 2100, 2400, 9999] {
            for month in 1...12 {
                for day in [1, 15, 28, 29, 30, 31] {
                    var components = DateComponents()
                    (components.year, components.month, components.day) = (year, month, day)
                    let expected = calendar.date(from: components).flatMap { date in
                        let c = calendar.dateComponents([.year, .month, .day], from: date)
                        return c.year == year && c.month == month && c.day == day ? date : nil
                    }
                    #expect(ExifInterpreter.utcDate(year: year, month: month, day: day) == expected, "\(year)-\(month)-\(day)")
                }
            }
        }
    }
}
