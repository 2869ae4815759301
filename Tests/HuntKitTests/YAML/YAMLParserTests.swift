import Testing
@testable import HuntKit

@Suite struct YAMLParserTests {
    func parse(_ text: String) throws(DiagnosticError) -> YAMLNode? {
        try YAMLParser().parse(Array(text.utf8), displayPath: "t.yaml")
    }

    @Test func positionsAreOneBased() throws {
        let root = try #require(try parse("hunt: Test\ntasks:\n  - id: a\n    at: 1, 2\n"))
        #expect(root.location.line == 1 && root.location.column == 1)
        let task = try #require(root["tasks"]?.sequence?.first)
        #expect(task.location.line == 3 && task.location.column == 5)
        let at = try #require(task["at"])
        #expect(at.location == SourceLocation(file: "t.yaml", line: 4, column: 9))
        #expect(at.text == "1, 2")
    }

    @Test func aliasesAndMergeKeys() throws {
        let root = try #require(
            try parse(
                """
                base: &base { radius: 30 m, points: 5 }
                task:
                  <<: *base
                  points: 7
                copy: *base
                """))
        let task = try #require(root["task"])
        #expect(task["points"]?.text == "7")
        #expect(task["radius"]?.text == "30 m")
        #expect(root["copy"]?["points"]?.text == "5")
        #expect(root["copy"]?.location.line == 5)
    }

    @Test func mergeOfListOfMappings() throws {
        let root = try #require(try parse("a: &a {x: 1}\nb: &b {x: 2, y: 3}\nc:\n  <<: [*a, *b]\n"))
        #expect(root["c"]?["x"]?.text == "1")
        #expect(root["c"]?["y"]?.text == "3")
    }

    /// Each collection's items wait on one stack while it is open: nested ones must come out whole
    /// and in order, and a merge written between keys must not shift the pairs after it.
    @Test func nestedCollectionsAndAMergeBetweenKeys() throws {
        let root = try #require(
            try parse(
                """
                m: &m { z: 0 }
                a: [1, { b: [2, 3], c: {} }, [], 4]
                d: { e: f, <<: *m, g: h }
                "<<": quoted
                """))
        let a = try #require(root["a"]?.sequence)
        #expect(a.map { $0.text ?? "*" } == ["1", "*", "*", "4"])
        #expect(a[1]["b"]?.sequence?.compactMap(\.text) == ["2", "3"])
        #expect(a[1]["c"]?.mapping?.isEmpty == true && a[2].sequence?.isEmpty == true)
        let d = try #require(root["d"]?.mapping)
        #expect(d.map { "\($0.key.text ?? "")=\($0.value.text ?? "")" } == ["e=f", "g=h", "z=0"])
        #expect(d[1].key.location.column == 20)
        #expect(root["<<"]?.text == "quoted")
        #expect(root.mapping?.map { $0.key.text ?? "" } == ["m", "a", "d", "<<"])
    }

    @Test func aliasBombFailsPromptly() throws {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...12 {
            text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(throws: DiagnosticError.self) { try parse(text) }
        do throws(DiagnosticError) { _ = try parse(text) } catch { #expect(error.diagnostics.first?.code == "too-large") }
    }

    @Test func secondDocumentIsAnError() throws {
        do throws(DiagnosticError) {
            _ = try parse("a: 1\n---\nb: 2\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.code == "multiple-documents")
            #expect(error.diagnostics.first?.location.line == 2)
        }
    }

    @Test func syntaxErrorHasPosition() throws {
        do throws(DiagnosticError) {
            _ = try parse("a: [1, 2\nb: 3\n")
            Issue.record("expected an error")
        } catch {
            let d = error.diagnostics[0]
            #expect(d.code == "yaml-syntax")
            #expect(d.location.line >= 1)
            #expect(d.location.column >= 1)
        }
    }

    @Test func deepNestingIsRefused() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do throws(DiagnosticError) {
            _ = try parse(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.code == "too-deep")
        }
    }

    @Test func invalidUTF8IsAnErrorWithPosition() throws {
        var bytes = Array("a: 1\nb: ".utf8)
        bytes += [0xFF, 0xFE, 0x41]
        do throws(DiagnosticError) {
            _ = try YAMLParser().parse(bytes, displayPath: "t.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.location.line == 2)
        }
    }

    @Test func emptyDocumentIsNil() throws {
        #expect(try parse("") == nil)
        #expect(try parse("# only a comment\n") == nil)
    }
}
