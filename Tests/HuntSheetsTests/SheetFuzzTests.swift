import Foundation
import Testing
@testable import HuntKit
@testable import HuntSheets

/// Mutated layout files and HTML templates, as a copy-and-edit organizer might leave them, must
/// give diagnostics or errors, never a crash or a hang. A fixed seed keeps runs repeatable;
/// `SHEETS_FUZZ_ITERATIONS` runs longer (e.g. 200000) by hand.
@Suite struct SheetFuzzTests {
    static var iterations: Int { Int(ProcessInfo.processInfo.environment["SHEETS_FUZZ_ITERATIONS"] ?? "") ?? 300 }

    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var out = bytes
        let interesting: [[UInt8]] = [
            Array("{{".utf8), Array("}}".utf8), Array("{{#".utf8), Array("{{/".utf8), Array("{{{".utf8),
            Array(": ".utf8), Array("\n  ".utf8), Array("- ".utf8), Array("&a ".utf8), Array("*a".utf8),
            Array("\"".utf8), Array("#".utf8), [0xC3], [0xFF], [0]
        ]
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            guard !out.isEmpty else { out = interesting.randomElement(using: &rng)!; continue }
            let at = Int.random(in: 0..<out.count, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: out.remove(at: at)
            case 1: out.insert(contentsOf: interesting.randomElement(using: &rng)!, at: at)
            case 2: out[at] = UInt8.random(in: 0...255, using: &rng)
            default:
                let end = min(out.count, at + Int.random(in: 1...40, using: &rng))
                out.insert(contentsOf: out[at..<end], at: Int.random(in: 0..<out.count, using: &rng))
            }
        }
        return out
    }

    @Test func mutatedLayoutFilesNeverCrash() throws {
        let url = try #require(TemplateLibrary.url("sheets/default/layout.yaml"))
        let original = Array(try Data(contentsOf: url))
        var rng = SplitMix64(seed: 7)
        var rejected = 0
        for _ in 0..<Self.iterations {
            let bytes = Self.mutate(original, &rng)
            var layout = SheetLayout.standard
            do {
                guard let root = try YAMLParser().parse(bytes, displayPath: "layout.yaml") else { continue }
                if layout.apply(root).hasErrors { rejected += 1 }
            } catch {
                rejected += 1
            }
        }
        #expect(rejected > 0, "the mutations should break some files")
    }

    @Test func mutatedHTMLTemplatesNeverCrash() throws {
        let url = try #require(TemplateLibrary.url("sheets/default/sheets.html.mustache"))
        let original = Array(try Data(contentsOf: url))
        let document = try SheetDocument(hunt: SheetSamples.utrecht(teams: 1), options: SheetOptions())
        var rng = SplitMix64(seed: 11)
        // Rendering a page is slower than parsing a layout: fewer rounds by default.
        var (rendered, refused) = (0, 0)
        for _ in 0..<max(1, Self.iterations / 5) {
            let text = String(decoding: Self.mutate(original, &rng), as: UTF8.self)
            do {
                let page = try HTMLSheetRenderer(template: text, templatePath: "t.mustache").render(document)
                #expect(!page.isEmpty)
                rendered += 1
            } catch {
                // A template that does not parse is named, with where when the parser says.
                guard case .template(let path, let reason) = error else { Issue.record("\(error)"); continue }
                #expect(path.hasPrefix("t.mustache"), "\(path)")
                #expect(reason.hasPrefix("the Mustache template does not parse"), "\(reason)")
                refused += 1
            }
        }
        #expect(rendered > 0 && refused > 0, "the mutations should leave some templates whole and break others")
    }
}
