import Testing
@testable import HuntKit

/// libyaml's structure errors, said in plain words at the line and column of the mistake.
@Suite struct YAMLStructureHelpTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var at: (line: Int, column: Int)
        var message: String
        var fix: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a key indented under a key that has its value",
            text: "hunt: X\ntasks:\n  - id: a\n    title: A\n      at: 1, 2\n", at: (5, 7),
            message: "`at:` is indented further than `title:` on line 4, so YAML reads it as more of `title`'s value",
            fix: "indent `at:` 4 spaces to line it up with `title:`"),
        Case(
            name: "a top-level key indented",
            text: "hunt: X\ntimezone: UTC\n  window: { start: 2026-05-02 10:00, end: 16:00 }\ntasks: []\n", at: (3, 3),
            message: "`window:` is indented further than `timezone:` on line 2",
            fix: "start `window:` at the beginning of the line, like `timezone:`"),
        Case(
            name: "`: ` in a value",
            text: "hunt: X\ntasks:\n  - id: a\n    title: Stop: look up\n", at: (4, 16),
            message: "the value of `title:` holds `: `", fix: "`title: \"Stop: look up\"`"),
        Case(
            name: "a key indented less than its item's keys",
            text: "hunt: X\ntasks:\n  - id: a\n    title: A\n   at: 1, 2\n", at: (5, 4),
            message: "`at:` is indented 3 spaces, but the keys of this list item are at 4 (`title:`, line 4)",
            fix: "indent it 4 spaces to line it up with `title:`"),
        Case(
            name: "a key at the list's level without `- `",
            text: "hunt: X\ntasks:\n  - id: a\n    title: A\n  at: 1, 2\n", at: (5, 3),
            message: "`at:` lines up with the list's `- ` items (2 spaces) but has no `- `",
            fix: "indent it 4 spaces like `title:` (line 4); to start a new item, write `- ` before it"),
        Case(
            name: "a team's key under-indented",
            text: "hunt: X\nteams:\n  - id: a\n  - id: b\n   name: B\ntasks: []\n", at: (5, 4),
            message: "`name:` is indented 3 spaces, but the keys of this list item are at 4 (`id:`, line 4)",
            fix: "indent it 4 spaces to line it up with `id:`"),
        Case(
            name: "a key between levels",
            text: "hunt: X\ntasks:\n  - id: a\n    title: A\n at: 1, 2\n", at: (5, 2),
            message: "`at:` is indented 1 space, which lines up with nothing above it: `title:` (line 4) is at 4, `tasks:` (line 2) at 0",
            fix: "indent it 4 spaces to line it up with `title:`, or 0 to line it up with `tasks:`"),
        Case(
            name: "an item between levels",
            text: "hunt: X\ntasks:\n  - id: a\n    title: A\n - id: b\n", at: (5, 2),
            message: "the item `- id: b` is indented 1 space", fix: "indent it 2 spaces to line it up with the item `- id:`"),
        Case(
            name: "no space after a colon",
            text: "hunt: X\ntasks:\n  - id: a\n    title:A\n    at: 1,2\n", at: (4, 10),
            message: "`title:A` has no space after its colon", fix: "write `title: A`"),
        Case(
            name: "no colon", text: "tasks:\n- id: a\n  title: A\nhunt X\n", at: (4, 1),
            message: "`hunt X` is neither `key: value` nor a `- ` list item", fix: "e.g. `hunt: X`")
    ]

    @Test(arguments: cases)
    func explained(_ c: Case) throws {
        let result = DefinitionTestSupport.load(c.text)
        let d = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(d.code == "yaml-syntax")
        #expect(d.location.line == c.at.line && d.location.column == c.at.column, "at \(d.location.line):\(d.location.column)")
        #expect(d.message.hasPrefix(c.message), "\(d.message)")
        #expect(d.message.contains("(YAML: "), "libyaml's own words stay, for searching")
        #expect(d.fix?.contains(c.fix) == true, "\(d.fix ?? "no fix")")
    }

    @Test func otherSyntaxErrorsKeepLibyamlsWords() throws {
        let d = try #require(DefinitionTestSupport.load("hunt: X\ntasks: [ { id: a\n").diagnostics.first)
        #expect(d.code == "yaml-syntax")
        #expect(!d.message.contains("(YAML: "))
    }
}
