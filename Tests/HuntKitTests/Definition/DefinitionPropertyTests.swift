import Foundation
import Testing
@testable import HuntKit

/// Property tests of the hand-written parsers: random input never crashes and what parses is
/// valid; values written in every documented form read back as themselves. Seeded, so a failure
/// repeats; `HUNT_FUZZ_ITERATIONS` runs longer (the libFuzzer harness is .ci/fuzz/definition/run.sh).
@Suite struct DefinitionPropertyTests {
    static let iterations = Int(ProcessInfo.processInfo.environment["HUNT_FUZZ_ITERATIONS"] ?? "") ?? 10_000

    static let alphabet: [Character] = Array("0123456789012345.,;:-+ °º'′\"″’”NSEWnsewdDTZ:e\t\u{2212}x/ kmhinsft") + ["\u{0}", "é", "🙂", "\r\n"]

    static func randomText(_ rng: inout SplitMix64) -> String {
        String((0..<Int.random(in: 0...28, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
    }

    @Test func randomTextNeverCrashesAndParsedValuesAreValid() {
        var rng = SplitMix64(seed: 1)
        let zone = TimeZone(identifier: "Europe/Amsterdam")!
        var parsed = 0
        for _ in 0..<Self.iterations {
            let text = Self.randomText(&rng)
            if case .success(let c) = CoordinateText.parse(text) {
                parsed += 1
                #expect(c.isValid, "\(text.debugDescription) → \(c)")
            }
            if let l = Length.parse(text) { #expect(l.metres.isFinite) }
            if let t = TimeSpan.parse(text) { #expect(t.seconds.isFinite) }
            _ = Speed.parse(text)
            _ = DateTimeText.parse(text, timeZone: zone, defaultDate: (2026, 5, 2))
        }
        #expect(parsed > 0, "the generator should hit some valid coordinates")
    }

    @Test func coordinatesRoundTripInEveryForm() throws {
        var rng = SplitMix64(seed: 2)
        for _ in 0..<Self.iterations / 4 {
            let lat = Double.random(in: -90...90, using: &rng), lon = Double.random(in: -180...180, using: &rng)
            let forms = [
                "\(lat), \(lon)",
                "\(lat) \(lon)",
                Self.dms(lat, "N", "S") + " " + Self.dms(lon, "E", "W"),
                Self.dms(lon, "E", "W") + ", " + Self.dms(lat, "N", "S"),
                Self.dm(lat, "N", "S") + " " + Self.dm(lon, "E", "W")
            ]
            for form in forms {
                let c = try CoordinateText.parse(form).get()
                // Seconds are written to 1/1000″ (3 cm), minutes to 1e-6′.
                #expect(abs(c.latitude - lat) < 1e-6 && abs(c.longitude - lon) < 1e-6, "\(form) → \(c), wanted \(lat), \(lon)")
            }
        }
    }

    static func dms(_ value: Double, _ positive: String, _ negative: String) -> String {
        let thousandths = Int((abs(value) * 3_600_000).rounded())
        let (d, rest) = thousandths.quotientAndRemainder(dividingBy: 3_600_000)
        let (m, s) = rest.quotientAndRemainder(dividingBy: 60_000)
        return "\(d)°\(m)'\(Double(s) / 1000)\"\(value < 0 ? negative : positive)"
    }

    static func dm(_ value: Double, _ positive: String, _ negative: String) -> String {
        let millionths = Int((abs(value) * 60_000_000).rounded())
        let (d, m) = millionths.quotientAndRemainder(dividingBy: 60_000_000)
        return "\(value < 0 ? negative : positive) \(d)° \(String(format: "%.6f", Double(m) / 1_000_000))"
    }

    @Test func timesRoundTrip() throws {
        var rng = SplitMix64(seed: 3)
        let zones = ["Europe/Amsterdam", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"].map { TimeZone(identifier: $0)! }
        for _ in 0..<Self.iterations / 4 {
            let zone = zones.randomElement(using: &rng)!
            let seconds = Double(Int.random(in: 1_700_000_000...1_900_000_000, using: &rng) / 60 * 60)
            let date = Date(timeIntervalSince1970: seconds)
            let text = DateTimeText.format(date, timeZone: zone)
            let back = try DateTimeText.parse(text, timeZone: zone).get()
            // Local times in a repeated (autumn) hour read as the first of the two.
            let difference = back.timeIntervalSince(date)
            #expect(difference == 0 || (difference < 0 && difference >= -3600), "\(text) in \(zone.identifier): \(back) ≠ \(date)")
        }
    }

    @Test func lengthsRoundTrip() throws {
        var rng = SplitMix64(seed: 4)
        for _ in 0..<Self.iterations / 4 {
            let metres = Double(Int.random(in: 1...5_000_000, using: &rng)) / 100
            for (unit, factor) in [("m", 1.0), ("km", 1000), ("ft", 0.3048), ("mi", 1609.344)] {
                let text = "\(metres / factor) \(unit)"
                #expect(abs(try #require(Length.parse(text)).metres - metres) < 1e-6, "\(text)")
            }
        }
    }

    /// Mutated hunt files: the loader reports, it never crashes, and every diagnostic names the file.
    @Test func mutatedHuntFilesLoadWithoutCrashing() {
        var rng = SplitMix64(seed: 5)
        let base = Array(DefinitionLoaderTests.sketch.utf8)
        let pieces: [[UInt8]] = [":", "- ", "[", "]", "{", "}", ",", "&a ", "*a", "<<: ", "\n  ", "'", "\"", "#", "\t", "\u{FF}", "°", "!!str "]
            .map { Array($0.utf8) }
        for _ in 0..<max(200, Self.iterations / 20) {
            var bytes = base
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let at = Int.random(in: 0...bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes.insert(contentsOf: pieces.randomElement(using: &rng)!, at: at)
                case 1: if at < bytes.count { bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &rng))) }
                default: if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &rng) }
                }
            }
            var loader = HuntLoader()
            loader.readsTargetFiles = false
            let result = loader.load(bytes, displayPath: "hunt.yaml", baseURL: DefinitionTestSupport.folder)
            #expect(result.diagnostics.allSatisfy { $0.location.file == "hunt.yaml" && $0.location.line >= 0 && !$0.code.rawValue.isEmpty })
            if result.hunt == nil { #expect(result.hasErrors) }
        }
    }
}
