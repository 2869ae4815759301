import Foundation
import HuntKit
import HuntTestSupport
import Testing

/// `hunt report --language` as an organizer runs it on Examples/buenos-aires (Spanish, English offered).
@Suite("hunt report in a language, end to end")
struct ReportLanguageCommandTests {
    static let example = SourceTree.root.appendingPathComponent("Examples/buenos-aires")

    @Test("the hunt's language by default, another with --language, an unknown one refused with those there are")
    func languages() throws {
        let out = try HuntBinary.temporaryDirectory("report-language")
        defer { try? FileManager.default.removeItem(at: out) }
        let judged = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--out", out.path], in: Self.example)
        #expect(judged.status == 0, "\(judged.stderr)")
        let results = out.appendingPathComponent("results.json").path
        let spanish = try HuntBinary.run(["report", results, "--format", "md"], in: Self.example)
        #expect(spanish.status == 0, "\(spanish.stderr)")
        #expect(spanish.stdout.contains("## Clasificación") && spanish.stdout.contains("sábado, 5 de diciembre de 2026, 10:00 – 17:00"))
        #expect(spanish.stdout.contains("| El Obelisco |"))
        let french = try HuntBinary.run(["report", results, "--format", "md", "--language", "fr"], in: Self.example)
        #expect(french.stdout.contains("## Classement") && french.stdout.contains("samedi 5 décembre 2026"))
        let unknown = try HuntBinary.run(["report", results, "--language", "xx"], in: Self.example)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--language xx: HuntKit has no catalog for it; use one of ar, de, en, es, fr, nl, pt"))
        let moved = try HuntBinary.run(["report", results, "--hunt", "nowhere.yaml"], in: Self.example)
        #expect(moved.status == 2 && moved.stderr.contains("--hunt nowhere.yaml: no such file"))
    }
}
