import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// Files that are not hunt files at all: each gets one clear error naming the file; no crash, no hang.
@Suite struct DefinitionBadInputTests {
    static let folder: URL = {
        let url = Scratch.root.appendingPathComponent("huntkit-bad-input-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func load(_ name: String, bytes: [UInt8]) -> HuntLoadResult {
        let url = Self.folder.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return HuntLoader().load(contentsOf: url, displayPath: name)
    }

    func expectOneError(_ result: HuntLoadResult, _ codes: Set<String>, file: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(result.hunt == nil, sourceLocation: sourceLocation)
        #expect(result.hasErrors, sourceLocation: sourceLocation)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
        #expect(errors.allSatisfy { codes.contains($0.code.rawValue) }, "\(errors.map(\.code))", sourceLocation: sourceLocation)
        #expect(errors.allSatisfy { $0.location.file == file }, sourceLocation: sourceLocation)
        let text = TextDiagnosticRenderer().render(result.diagnostics, sources: SourceLines())
        #expect(text.hasPrefix(file), sourceLocation: sourceLocation)
    }

    @Test func fiftyMegabytesIsRefusedBeforeParsing() throws {
        let url = Self.folder.appendingPathComponent("huge.yaml")
        var chunk = Array("  - { id: t, title: T, at: 52.1, 5.1 }\n".utf8)
        chunk = Array(repeating: chunk, count: 1000).flatMap { $0 }
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        handle.write(Data("hunt: Huge\ntasks:\n".utf8))
        while try handle.offset() < 50 << 20 { handle.write(Data(chunk)) }
        try handle.close()
        let started = Date()
        let result = HuntLoader().load(contentsOf: url, displayPath: "huge.yaml")
        expectOneError(result, ["file-too-large"], file: "huge.yaml")
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(result.diagnostics.first?.message.contains("MiB") == true)
        try? FileManager.default.removeItem(at: url)
    }

    @Test func manyNodesUnderTheSizeLimitAreCut() {
        // 4 MB of tiny list items: more nodes than a hunt file may hold.
        let text = "hunt: H\ntasks: [" + String(repeating: "1,", count: 1_100_000) + "1]\n"
        let result = load("many-nodes.yaml", bytes: Array(text.utf8))
        expectOneError(result, ["too-large"], file: "many-nodes.yaml")
    }

    @Test func binaryGarbage() {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<65536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = 0xFF; bytes[1] = 0x00  // not a BOM libyaml would take as UTF-16
        expectOneError(load("garbage.bin", bytes: bytes), ["yaml-syntax"], file: "garbage.bin")
    }

    @Test func aJPEGGivenAsAHuntFile() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x10] + Array("Exif\0\0MM".utf8) + [0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]
        expectOneError(load("photo.jpg", bytes: bytes), ["yaml-syntax"], file: "photo.jpg")
    }

    @Test func latin1IsNotUTF8() {
        let bytes = Array("hunt: Caf".utf8) + [0xE9] + Array("\ntasks: []\n".utf8)
        let result = load("latin1.yaml", bytes: bytes)
        expectOneError(result, ["yaml-syntax"], file: "latin1.yaml")
        #expect(result.diagnostics.first?.fix?.contains("UTF-8") == true)
        #expect(result.diagnostics.first?.location.line == 1)
    }

    @Test func utf16WithABOMIsRead() throws {
        let text = "hunt: Café\ntimezone: UTC\ntasks:\n  - id: a\n    title: A\n    at: 52.1, 5.1\n"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let result = load("utf16.yaml", bytes: bytes)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.hunt?.title == "Café")
    }

    @Test func nulBytes() {
        expectOneError(load("nul.yaml", bytes: Array("hunt: a\0b\n".utf8)), ["yaml-syntax"], file: "nul.yaml")
    }

    @Test func aDirectory() {
        let result = HuntLoader().load(contentsOf: Self.folder, displayPath: "some-folder")
        expectOneError(result, ["not-a-file"], file: "some-folder")
        #expect(result.diagnostics.first?.fix?.contains("some-folder/hunt.yaml") == true)
    }

    @Test func aMissingFile() {
        let result = HuntLoader().load(contentsOf: Self.folder.appendingPathComponent("nope.yaml"), displayPath: "nope.yaml")
        expectOneError(result, ["file-not-found"], file: "nope.yaml")
    }

    @Test(arguments: ["", "\n\n", "# only a comment\n", "---\n", "~\n"])
    func emptyFiles(_ text: String) {
        expectOneError(load("empty.yaml", bytes: Array(text.utf8)), ["empty-file"], file: "empty.yaml")
    }

    @Test func aliasBomb() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 { text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        text += "hunt: *a9\n"
        let started = Date()
        expectOneError(load("bomb.yaml", bytes: Array(text.utf8)), ["too-large"], file: "bomb.yaml")
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test func deeplyNestedFlowCollections() {
        let text = "hunt: " + String(repeating: "[{a: ", count: 50_000) + String(repeating: "}]", count: 50_000) + "\n"
        expectOneError(load("deep.yaml", bytes: Array(text.utf8)), ["too-deep"], file: "deep.yaml")
    }

    @Test func aScalarOrAListIsNotAHunt() {
        expectOneError(load("scalar.yaml", bytes: Array("just some words\n".utf8)), ["wrong-type"], file: "scalar.yaml")
        expectOneError(load("list.yaml", bytes: Array("- a\n- b\n".utf8)), ["wrong-type"], file: "list.yaml")
    }

    @Test func aVeryLongLineIsShownAsAWindow() {
        let long = String(repeating: "x", count: 100_000)
        let text = "hunt: H\ntasks:\n  - id: a\n    title: A\n    at: \(long)\n"
        let result = load("long.yaml", bytes: Array(text.utf8))
        #expect(result.diagnostics.map(\.code) == ["bad-coordinate"])
        let sources = SourceLines()
        sources.add(file: "long.yaml", text: text)
        let rendered = TextDiagnosticRenderer().render(result.diagnostics, sources: sources)
        #expect(rendered.split(separator: "\n").allSatisfy { $0.count < 400 }, "a line of the rendering is too long")
    }

    @Test func aLongTextInTheHuntFileIsAnError() {
        let clue = String(repeating: "a", count: Hunt.maximumTextBytes + 1)
        let result = DefinitionTestSupport.load("hunt: H\ntimezone: UTC\ntasks:\n  - { id: a, title: A, at: \"52, 5\", clue: \(clue) }\n")
        #expect(result.diagnostics.map(\.code) == ["text-too-long"])
        #expect(result.diagnostics[0].message == "`clue` is 8193 bytes long; a text in a hunt file can be at most 8 KiB")
    }
}
