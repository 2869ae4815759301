import Testing
@testable import HuntKit

/// The one rule for measured distances and durations, as the judge's messages, report evidence
/// and `hunt where` all print them.
@Suite struct MeasureTextTests {
    @Test(arguments: [
        (0.0, "0 m"), (9.4, "9 m"), (240.4, "240 m"), (999.4, "999 m"), (999.6, "1.0 km"), (1_234, "1.2 km"), (9_940, "9.9 km"),
        (12_600, "13 km"), (508_800, "509 km"), (-40.2, "-40 m"), (-0.3, "0 m"), (-12_600, "-13 km")
    ])
    func distancesReadAsPeopleSayThem(metres: Double, text: String) {
        #expect(MeasureText.distance(metres) == text)
    }

    @Test(arguments: [
        (0.0, "0 s"), (44.6, "45 s"), (-44.6, "45 s"), (60, "1 min 0 s"), (302, "5 min 2 s"), (3_529, "58 min 49 s"),
        (3_600, "1 h 0 min"), (3_780, "1 h 3 min"), (90_000, "25 h 0 min")
    ])
    func durationsKeepTheSecondsBelowAnHour(seconds: Double, text: String) {
        #expect(MeasureText.duration(seconds) == text)
    }

    @Test func valuesNoFileShouldHoldPrintInsteadOfTrapping() {
        #expect(MeasureText.distance(.infinity) == "inf m")
        #expect(MeasureText.distance(.nan) == "nan m")
        #expect(MeasureText.duration(1e300).hasSuffix(" h"))
        #expect(MeasureText.duration(.infinity) == "inf s")
    }
}
