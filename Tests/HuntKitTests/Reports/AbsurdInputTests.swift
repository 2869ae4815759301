import Foundation
import Testing
@testable import HuntKit

/// Absurd inputs get a bounded cost and a message a person can act on.
@Suite struct AbsurdInputTests {
    static func results() throws -> String {
        try String(decoding: Data(contentsOf: ReportFixtures.bundled.appendingPathComponent("results-photo-scavenger-hunt.json")), as: UTF8.self)
    }

    static func reportFailure(_ bytes: Data) throws -> ResultsFileReader.Failure? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("absurd-\(UUID().uuidString).json")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try ResultsFileReader.read(file, displayPath: "results.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func aHugeTeamNameIsRefusedBeforeDecoding() throws {
        let text = try Self.results().replacingOccurrences(of: "\"name\": \"Red Foxes\"",
                                                           with: "\"name\": \"" + String(repeating: "x", count: 200_000) + "\"")
        let failure = try #require(try Self.reportFailure(Data(text.utf8)))
        #expect(failure.message.contains("200000 bytes long") && failure.message.contains("64 KiB"))
        #expect(failure.message.contains("line "))
    }

    @Test func aNumberPastIntIsNamedWithItsPlace() throws {
        let text = try Self.results().replacingOccurrences(of: "\"schema\": 1", with: "\"schema\": 1000000000000000000000000000000")
        let failure = try #require(try Self.reportFailure(Data(text.utf8)))
        #expect(failure.message.hasPrefix("the number at line "))
        #expect(failure.message.contains("31 digits"))
    }

    @Test func aSchemaWrittenAsTextIsSaidSo() throws {
        let text = try Self.results().replacingOccurrences(of: "\"schema\": 1", with: "\"schema\": \"1\"")
        let failure = try #require(try Self.reportFailure(Data(text.utf8)))
        #expect(failure.message == "`schema` is `\"1\"` (text); results files of `hunt judge` give it as a whole number")
    }

    @Test(arguments: [String.Encoding.utf16, .utf16LittleEndian, .utf16BigEndian, .utf32])
    func wideTextIsNamed(encoding: String.Encoding) throws {
        let data = try #require(try Self.results().data(using: encoding))
        let failure = try #require(try Self.reportFailure(data))
        #expect(failure.message.hasPrefix("the file is UTF-"))
        #expect(failure.message.hasSuffix("text; results files are UTF-8"))
    }

    @Test func somethingThatIsNotAnObjectIsSaidSo() throws {
        let failure = try #require(try Self.reportFailure(Data("[1, 2]".utf8)))
        #expect(failure.message.hasPrefix("this is not a JSON object"))
    }

    @Test func aLongTextInTheHuntFileIsAnError() {
        let clue = String(repeating: "a", count: Hunt.maximumTextBytes + 1)
        let result = DefinitionTestSupport.load("hunt: H\ntimezone: UTC\ntasks:\n  - { id: a, title: A, at: \"52, 5\", clue: \(clue) }\n")
        #expect(result.diagnostics.map(\.code) == ["text-too-long"])
        #expect(result.diagnostics[0].message == "`clue` is 8193 bytes long; a text in a hunt file can be at most 8 KiB")
    }

    @Test func everyTextTheJudgeCanWriteFitsTheResultsLimit() {
        // The worst case: every byte of a hunt text a control character, each escaped as \u00XX.
        #expect(Hunt.maximumTextBytes * 6 < ResultsFileLimits.maximumStringBytes)
    }

    @Test func aPhotoWarningReadsAsWordsNotAsAnEnumCase() throws {
        var bytes = try PhotoFixtures.bytes("tiff-ifd-after-image-data.tif")
        // The GPS IFD pointer (tag 0x8825, big-endian, type LONG): its value moved past the end of the file.
        let at = try #require(bytes.indices.dropLast(12).first { bytes[$0...].starts(with: [0x88, 0x25, 0, 4]) })
        bytes.replaceSubrange((at + 8)..<(at + 12), with: [0, 0x7F, 0, 0])
        let folder = try PhotoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("far-gps.tif")
        try Data(bytes).write(to: file)
        let photo = try #require(PhotoReader().read(PhotoInput(path: file.path)).value)
        #expect(photo.warnings == ["the GPS IFD could not be read: the GPS IFD offset (8323072) lies beyond the end of the file"])
    }

    @Test func repeatedManifestRowsAreOneWarningAndConflictingRowsAnError() throws {
        let rows = ["team,task,path", "foxes,tower,upload/1.jpg"] + Array(repeating: "foxes,tower,upload/1.jpg", count: 1000)
            + ["owls,bridge,upload/1.jpg"]
        let manifest = try Manifest.parse(rows.joined(separator: "\n"), displayPath: "m.csv")
        let finder = SubmissionFinder(hunt: JudgingFixtures.hunt(), manifest: manifest)
        let folder = try PhotoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("upload"), withIntermediateDirectories: true)
        try Data(try PhotoFixtures.bytes("jpeg-gps-complete.jpg")).write(to: folder.appendingPathComponent("upload/1.jpg"))
        let scan = try finder.scan(folder, displayPath: "subs")
        let duplicate = scan.diagnostics.filter { $0.code == "manifest-duplicate" }
        #expect(duplicate.count == 1)
        #expect(duplicate.first?.message == "1000 row(s) repeat an earlier row; this one repeats line 2")
        #expect(duplicate.first?.severity == .warning)
        #expect(scan.diagnostics.filter { $0.code == "manifest-conflict" }.map(\.location.line) == [1003])
        #expect(scan.submissions.map { "\($0.team)/\($0.task ?? "-")" } == ["foxes/tower"])
    }

    @Test func manifestFieldsAndRowsAreBounded() {
        let long = "foxes,tower," + String(repeating: "a", count: Manifest.maximumFieldBytes + 1)
        #expect(throws: DiagnosticError.self) { try Manifest.parse(long, displayPath: "m.csv") }
        do {
            _ = try Manifest.parse(long, displayPath: "m.csv")
        } catch {
            #expect(error.diagnostics.first?.message == "a field of 4097 bytes; a team, task or path is at most 4096")
        }
        // A file of nothing but bad rows stops after a hundred of them.
        let bad = Array(repeating: "only-one-field", count: 10_000).joined(separator: "\n")
        do {
            _ = try Manifest.parse(bad, displayPath: "m.csv")
            Issue.record("10,000 bad rows were accepted")
        } catch {
            #expect(error.diagnostics.count == 101)
        }
    }

    @Test func anUnclosedQuoteInTheManifestIsNamed() {
        do {
            _ = try Manifest.parse("foxes,tower,\"upload/1.jpg\nfoxes,tower,upload/2.jpg\n", displayPath: "m.csv")
            Issue.record("accepted")
        } catch {
            #expect(error.diagnostics.map(\.code) == ["csv-syntax"])
            #expect(error.diagnostics.first?.location.line == 1)
        }
    }

    @Test func theLimitsScanCrossesEscapedQuotesAndCountsLinesOnlyForTheProblem() {
        func problem(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBufferPointer { ResultsFileLimits.firstProblem(in: $0)?.message }
        }
        // `\"` inside a string does not end it; `\\` before a quote does not escape it.
        #expect(problem(#"{"a": "x\"y", "b": "z\\", "c": "1000000000000000000000"}"#) == nil)
        #expect(problem("{\"a\": \"x\\\"1000000000000000000000\",\n \"b\": 1000000000000000000000}")?
            .hasPrefix("the number at line 2, column 7 (1000000000000000000000) has 22 digits") == true)
        #expect(problem(#"{"a": -12345678901234567.5e3, "b": "unterminated"#) == nil)
    }
}
