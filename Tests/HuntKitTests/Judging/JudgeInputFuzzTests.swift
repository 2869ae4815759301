import Foundation
import Testing
@testable import HuntKit

/// Random and mutated inputs for the parsers the judge owns (manifest CSV, reviews file): each
/// either parses or throws diagnostics with a position; nothing traps or hangs.
@Suite("Fuzz: manifest and reviews parsers")
struct JudgeInputFuzzTests {
    static let manifestSeed = "team,task,path\nfoxes,tower,\"a,b.jpg\"\nowls,,x/y.jpg\n\"q\"\"uote\",t,p\r\n"
    static let reviewsSeed = "foxes/a.jpg:\n  decision: accept\n  note: \"fine\"\n  by: Anna\nowls/b.jpg: { decision: reject, task: t }\n"
    static let alphabet: [UInt8] = Array(",;\t\"\n\r:{}[]-#&*!|>' abcdefé/".utf8) + [0, 0xFF, 0xC3]

    func mutate(_ seed: String, _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = Array(seed.utf8)
        for _ in 0..<(1 + rng.below(8)) {
            let i = rng.below(bytes.count + 1)
            switch rng.below(3) {
            case 0: bytes.insert(Self.alphabet[rng.below(Self.alphabet.count)], at: i)
            case 1: if i < bytes.count { bytes.remove(at: i) }
            default: if i < bytes.count { bytes[i] = Self.alphabet[rng.below(Self.alphabet.count)] }
            }
        }
        return bytes
    }

    @Test("manifest: 3,000 mutated inputs")
    func manifest() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<3000 {
            let text = String(decoding: mutate(Self.manifestSeed, &rng), as: UTF8.self)
            do {
                let m = try Manifest.parse(text, displayPath: "m.csv")
                #expect(m.rows.allSatisfy { !$0.team.isEmpty && !$0.path.isEmpty })
            } catch {
                #expect(error.diagnostics.allSatisfy { $0.location.line >= 1 })
            }
        }
    }

    @Test("reviews: 3,000 mutated inputs")
    func reviews() {
        var rng = SplitMix64(seed: 12)
        for _ in 0..<3000 {
            let bytes = mutate(Self.reviewsSeed, &rng)
            do {
                guard let node = try YAMLParser().parse(bytes, displayPath: "r.yaml") else { continue }
                let reviews = try Reviews.parse(node, displayPath: "r.yaml")
                #expect(reviews.locations.values.allSatisfy { $0.line >= 1 } && reviews.locations.count == reviews.entries.count)
            } catch {
                #expect(error.diagnostics.allSatisfy { $0.location.file == "r.yaml" })
            }
        }
    }
}
