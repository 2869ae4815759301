import Foundation
import Testing
@testable import HuntKit

/// results.json must carry every value the judge can hold, whatever the text or number:
/// the hand-written writer against Foundation's decoder and the reports' fast decoder.
@Suite("results.json with hostile values")
struct ResultsJSONHostileTests {
    static let strings: [String] = [
        "quote \" backslash \\ slash /",
        "controls \u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1B}\u{1F} end",
        "line separators \u{2028} \u{2029} del \u{7F} nel \u{85}",
        "unusual scalars \u{FFFF} \u{FFFE} \u{FEFF} \u{E000} \u{10FFFF}",
        "emoji 🦊👩‍👩‍👧 flags 🇩🇪 combining e\u{301} Å",
        "\\u0041 looks like an escape, \\\" too",
        "snake_case_value: {\"key_like\": [1, 2]}",
        ""
    ]

    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.1 + 0.2, 1.0 / 3, 72.123456789, -33.8688, 151.2093,
        1e-7, .leastNonzeroMagnitude, 2.2250738585072014e-308, 1.7976931348623157e308, 999_999_999_999_999, 1e15, 1e16, 123_456_789_012_345_680
    ]

    static func hostile() -> JudgeResults {
        var results = ResultsJSONTests.results()
        let s = strings
        results.hunt.title = s[0]
        results.hunt.timezone = s[1]
        for i in results.teams.indices { results.teams[i].name = s[(i + 2) % s.count] }
        for i in results.submissions.indices {
            results.submissions[i].path = s[i % s.count] + "/IMG.jpg"
            results.submissions[i].evidence.make = s[(i + 3) % s.count]
            results.submissions[i].evidence.software = s[(i + 4) % s.count]
            results.submissions[i].evidence.distance = .metres(doubles[i % doubles.count])
            results.submissions[i].evidence.edgeDistance = .metres(doubles[(i + 5) % doubles.count])
            results.submissions[i].evidence.speedKmh = doubles[(i + 9) % doubles.count]
            results.submissions[i].evidence.position = .init(lat: doubles[(i + 1) % doubles.count], lon: doubles[(i + 13) % doubles.count])
            results.submissions[i].review = .init(decision: .accept, note: s[(i + 5) % s.count], by: s[(i + 6) % s.count], task: nil)
        }
        results.skipped.append(SkippedFile(path: s[6], reason: s[4]))
        results.reviewQueue.append(s[7] + s[3])
        return results
    }

    @Test("strings and finite doubles decode back equal")
    func hostileRoundTrip() throws {
        let results = Self.hostile()
        let data = try results.jsonData()
        #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        let viaFoundation = try JudgeResults.decode(data)
        #expect(viaFoundation == results)
        for (a, b) in zip(viaFoundation.submissions, results.submissions) where a != b { #expect(a == b) }
    }

    @Test(
        "every string survives bit for bit (scalars, not just canonical equivalence)",
        arguments: strings)
    func scalars(_ text: String) throws {
        var results = ResultsJSONTests.results()
        results.hunt.title = text
        let decoded = try JudgeResults.decode(try results.jsonData())
        #expect(Array(decoded.hunt.title.unicodeScalars) == Array(text.unicodeScalars))
    }

    @Test("every finite double decodes to the same bits (-0 as 0)", arguments: doubles)
    func numbers(_ value: Double) throws {
        var results = ResultsJSONTests.results()
        results.submissions[0].evidence.distance = .metres(value)
        let decoded = try #require(try JudgeResults.decode(try results.jsonData()).submissions[0].evidence.distance?.metres)
        #expect(decoded.bitPattern == (value == 0 ? 0.0 : value).bitPattern)
    }

    /// JSON has no NaN or infinity: the writer puts `null` (JSONEncoder would throw instead), so an
    /// optional comes back nil. The judge computes none (distances, speeds and skews of finite,
    /// validated coordinates and times); this pins the behaviour rather than calling it equal.
    @Test(
        "non-finite doubles are written as null and read back as nil",
        arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(_ value: Double) throws {
        var results = ResultsJSONTests.results()
        results.submissions[0].evidence.speedKmh = value
        let data = try results.jsonData()
        #expect(try JudgeResults.decode(data).submissions[0].evidence.speedKmh == nil)
    }

    @Test("area targets keep their outline for the report maps")
    func areaOutline() throws {
        var results = ResultsJSONTests.results()
        let ring: [JudgeResults.Position] = [
            .init(lat: 52.5, lon: 13.4), .init(lat: 52.51, lon: 13.41), .init(lat: 52.5, lon: 13.42), .init(lat: 52.5, lon: 13.4)
        ]
        results.tasks[0].target = .init(
            kind: .area, center: .init(lat: 52.505, lon: 13.41), file: "areas/park.geojson", outline: [ring, Array(ring.reversed())])
        let data = try results.jsonData()
        #expect(try JudgeResults.decode(data) == results)
    }
}
