import Testing
@testable import HuntKit

@Suite struct UnitsTests {
    @Test(arguments: [
        ("30 m", 30.0), ("30m", 30), ("30", 30), ("1.5 km", 1500), ("1.5km", 1500), ("300 ft", 91.44), ("0.5 mi", 804.672),
        ("10 yd", 9.144), ("2 metres", 2), ("2 meters", 2), ("1 KM", 1000), (" 12 m ", 12), (".5 km", 500), ("1e3 m", 1000)
    ])
    func lengths(_ text: String, _ metres: Double) throws {
        let length = try #require(Length.parse(text))
        #expect(abs(length.metres - metres) < 1e-9)
    }

    @Test(arguments: ["", "m", "30 kms", "thirty m", "1,5 km", "nan m", "inf m", "30 m m", "1e400 m"])
    func notLengths(_ text: String) {
        #expect(Length.parse(text) == nil)
    }

    @Test(arguments: [("90 s", 90.0), ("10 min", 600), ("10min", 600), ("2 h", 7200), ("1.5 hours", 5400), ("1 day", 86400), ("30 sec", 30)])
    func durations(_ text: String, _ seconds: Double) throws {
        #expect(try #require(TimeSpan.parse(text)).seconds == seconds)
    }

    @Test(arguments: ["10", "", "ten min", "10 fortnights"])
    func notDurations(_ text: String) {
        #expect(TimeSpan.parse(text) == nil)
    }

    @Test(arguments: [("250 km/h", 250 / 3.6), ("30 m/s", 30.0), ("100 mph", 44.704), ("10 kn", 5.14444)])
    func speeds(_ text: String, _ metresPerSecond: Double) throws {
        #expect(abs(try #require(Speed.parse(text)).metresPerSecond - metresPerSecond) < 1e-9)
    }

    @Test func descriptions() {
        #expect(Length.metres(30).description == "30 m")
        #expect(Length.metres(1500).description == "1.5 km")
        #expect(TimeSpan(seconds: 600).description == "10 min")
        #expect(TimeSpan(seconds: 7200).description == "2 h")
        #expect(TimeSpan(seconds: 90).description == "90 s")
    }
}
