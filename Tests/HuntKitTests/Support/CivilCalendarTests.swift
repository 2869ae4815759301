import Foundation
@testable import HuntKit
import Testing

/// Instants past any real date — a client's `fixed_at=1e19`, a video's 64-bit creation time,
/// NaN from a script — are written as the nearest date that can be written; none traps.
@Suite struct CivilCalendarTests {
    static let edges: [Double] = [
        1e19, -1e19, 1e308, -1e308, .infinity, -.infinity, .nan, -0.0, Double(Int.max), Double(Int.min),
        253_402_300_799.9996, -62_135_596_800.5, 1e15 + 0.5, -1e15 - 0.5
    ]

    @Test(arguments: edges)
    func everyWriterOfAnInstantTakesAnyNumber(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        let utc = HuntClock.iso(date, offsetSeconds: 0)
        #expect(utc.count >= 20)
        _ = HuntClock.iso(date, offsetSeconds: 14 * 3600)
        _ = HuntClock.iso(date, offsetSeconds: -12 * 3600)
        _ = HuntClock.local(date, offsetSeconds: 3600)
        _ = BrowserFix.utcText(date)
        _ = PhotoFields.iso(date)
        _ = PhotoReader.utcWallClock(date)
        let zone = TimeZone(identifier: "Europe/Amsterdam")!
        _ = DateTimeText.format(date, timeZone: zone)
        _ = DateTimeText.localDate(date, timeZone: zone)
        let clock = HuntClock(
            timezone: zone,
            around: TimeWindow(
                start: Date(timeIntervalSince1970: 1_777_000_000),
                end: Date(timeIntervalSince1970: 1_777_100_000)))
        _ = clock.offset(at: date)
    }

    @Test func anInstantPastAnyDateIsWrittenAsTheFarthestHeldAndNaNAs1970() {
        let far = HuntClock.iso(Date(timeIntervalSince1970: 1e15), offsetSeconds: 0)
        #expect(far.hasPrefix("31690708-") && far.hasSuffix("Z"), "\(far)")
        #expect(HuntClock.iso(Date(timeIntervalSince1970: 1e19), offsetSeconds: 0) == far)
        #expect(BrowserFix.utcText(Date(timeIntervalSince1970: 1e300)) == far)
        #expect(
            HuntClock.iso(Date(timeIntervalSince1970: -1e19), offsetSeconds: 0) == HuntClock.iso(Date(timeIntervalSince1970: -1e15), offsetSeconds: 0)
        )
        #expect(HuntClock.iso(Date(timeIntervalSince1970: .nan), offsetSeconds: 0) == "1970-01-01T00:00:00Z")
        // Real dates are written as before.
        #expect(HuntClock.iso(Date(timeIntervalSince1970: 1_777_716_000.25), offsetSeconds: 7200) == "2026-05-02T12:00:00.250+02:00")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300])
    func aCoordinateThatIsNoPlaceIsWrittenNotTrapped(value: Double) {
        _ = CoordinateText.sexagesimal(Coordinate(latitude: value, longitude: value))
    }
}
