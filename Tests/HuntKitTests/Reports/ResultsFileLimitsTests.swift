import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// An absurd results.json (a huge text, a number past `Int`, wide text, not an object) is refused
/// before decoding, at a bounded cost, with a message a person can act on (`ResultsFileLimits`).
@Suite struct ResultsFileLimitsTests {
    static func results() throws -> String {
        try String(decoding: Data(contentsOf: ReportFixtures.bundled.appendingPathComponent("results-photo-scavenger-hunt.json")), as: UTF8.self)
    }

    static func reportFailure(_ bytes: Data) throws -> ResultsFileReader.ReadError? {
        let file = Scratch.root.appendingPathComponent("absurd-\(UUID().uuidString).json")
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
        let text = try Self.results().replacingOccurrences(
            of: "\"name\": \"Red Foxes\"",
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

    @Test func everyTextTheJudgeCanWriteFitsTheResultsLimit() {
        // The worst case: every byte of a hunt text a control character, each escaped as \u00XX.
        #expect(Hunt.maximumTextBytes * 6 < ResultsFileLimits.maximumStringBytes)
    }

    @Test func theLimitsScanCrossesEscapedQuotesAndCountsLinesOnlyForTheProblem() {
        func problem(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBufferPointer { ResultsFileLimits.firstProblem(in: $0)?.message }
        }
        // `\"` inside a string does not end it; `\\` before a quote does not escape it.
        #expect(problem(#"{"a": "x\"y", "b": "z\\", "c": "1000000000000000000000"}"#) == nil)
        #expect(
            problem("{\"a\": \"x\\\"1000000000000000000000\",\n \"b\": 1000000000000000000000}")?
                .hasPrefix("the number at line 2, column 7 (1000000000000000000000) has 22 digits") == true)
        #expect(problem(#"{"a": -12345678901234567.5e3, "b": "unterminated"#) == nil)
    }
}
