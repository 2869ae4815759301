import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// The rendered diagnostics of a broken hunt, compared with files in Fixtures/definition/golden/.
/// Re-record with `HUNT_RECORD_GOLDEN=1 swift test --filter DefinitionGoldenTests`.
@Suite struct DefinitionGoldenTests {
    static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("definition")
    static let sourceGolden = SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/definition/golden")

    static func broken() -> ([Diagnostic], SourceLines) {
        let url = fixtures.appendingPathComponent("broken-hunt.yaml")
        let result = HuntLoader().load(contentsOf: url, displayPath: "broken-hunt.yaml")
        let sources = SourceLines()
        sources.add(file: "broken-hunt.yaml", text: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
        return (result.diagnostics, sources)
    }

    func compare(_ actual: String, golden name: String) throws {
        if ProcessInfo.processInfo.environment["HUNT_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.sourceGolden, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: Self.sourceGolden.appendingPathComponent(name), options: .atomic)
            return
        }
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("golden/\(name)"), encoding: .utf8)
        #expect(actual == expected, "differs from golden/\(name); re-record with HUNT_RECORD_GOLDEN=1 if the change is intended")
    }

    @Test func text() throws {
        let (diagnostics, sources) = Self.broken()
        try compare(TextDiagnosticRenderer(colour: false).render(diagnostics, sources: sources), golden: "broken-hunt.txt")
    }

    @Test func colouredText() throws {
        let (diagnostics, sources) = Self.broken()
        let text = TextDiagnosticRenderer(colour: true).render(diagnostics, sources: sources)
        #expect(text.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        try compare(text, golden: "broken-hunt.colour.txt")
    }

    @Test func json() throws {
        let (diagnostics, sources) = Self.broken()
        let json = JSONDiagnosticRenderer().render(diagnostics, sources: sources)
        try compare(json, golden: "broken-hunt.json")
        // It is JSON, with the documented keys.
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(array.count == diagnostics.count)
        for object in array {
            #expect(Set(object.keys) == ["file", "line", "column", "severity", "code", "message", "fix"])
        }
    }

    @Test func theBrokenHuntHasEveryKindOfMistake() {
        let codes = Set(Self.broken().0.map(\.code.rawValue))
        let expected: Set = [
            "unknown-timezone", "window-end-before-start", "unknown-key", "bad-duration", "bad-value", "bands-not-ascending",
            "duplicate-id", "coordinate-out-of-range", "radius-too-small", "negative-points", "radius-small", "unknown-task",
            "missing-file", "dwell-without-place", "missing-key", "no-target", "rewards-not-ascending"
        ]
        #expect(expected.subtracting(codes).isEmpty, "missing: \(expected.subtracting(codes))")
    }

    @Test func emptyInput() {
        #expect(TextDiagnosticRenderer().render([], sources: SourceLines()) == "")
        #expect(JSONDiagnosticRenderer().render([], sources: SourceLines()) == "[]\n")
    }

    @Test func wholeFileDiagnosticsHaveNoSourceLine() {
        let d = Diagnostic.error("file-not-found", "no such file", at: SourceLocation(file: "x.yaml"), fix: "check the path")
        #expect(
            TextDiagnosticRenderer().render([d], sources: SourceLines()) == "x.yaml: error: no such file [file-not-found]\n  fix: check the path\n")
    }

    @Test func jsonEscapes() throws {
        let d = Diagnostic.warning(
            "w", "quote \" backslash \\ newline \n tab \t bell \u{7}", at: SourceLocation(file: "a\"b.yaml", line: 1, column: 2))
        let json = JSONDiagnosticRenderer().render([d], sources: SourceLines())
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(array[0]["message"] as? String == d.message)
        #expect(array[0]["file"] as? String == "a\"b.yaml")
        #expect(array[0]["fix"] is NSNull)
    }

    @Test func caretKeepsTabs() {
        let sources = SourceLines()
        sources.add(file: "t.yaml", text: "\tkey: value\n")
        let d = Diagnostic.error("c", "m", at: SourceLocation(file: "t.yaml", line: 1, column: 7))
        #expect(TextDiagnosticRenderer().render([d], sources: sources) == "t.yaml:1:7: error: m [c]\n    \tkey: value\n    \t     ^\n")
    }
}
