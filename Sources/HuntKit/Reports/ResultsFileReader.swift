import Foundation

/// Reads a results.json written by `hunt judge` (for `hunt report` and scripts), with errors that
/// say what to do.
package enum ResultsFileReader {
    /// Why a results.json could not be read, and what to do.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        /// The file as messages name it.
        public var path: String
        /// What is wrong.
        public var message: String
        /// What to do about it, when known.
        public var fix: String?
        public var description: String { "\(path): error: \(message)" }
    }

    /// Larger results files are refused before reading (a million photos' results fit in less).
    public static let maximumBytes = 2 << 30

    /// Decodes a results file written by `hunt judge` (schema 1). The file is opened read-only.
    public static func read(_ url: URL, displayPath: String) throws(ReadError) -> JudgeResults {
        let data: Data
        do {
            data = Data(try InputFile.read(path: url.path, displayPath: displayPath, limitBytes: maximumBytes, what: "results file"))
        } catch {
            throw ReadError(
                path: displayPath, message: error.message,
                fix: error.reason == .tooLarge ? error.fix : "give the results.json that `hunt judge HUNT.yaml SUBMISSIONS --out DIR` wrote")
        }
        let limit = data.withUnsafeBytes { raw in raw.withMemoryRebound(to: UInt8.self) { ResultsFileLimits.firstProblem(in: $0) } }
        if let limit { throw ReadError(path: displayPath, message: limit.message, fix: limit.fix) }
        // The whole file is decoded first (one pass): the header is looked at only to word an error.
        let decodeError: any Error
        switch Result(catching: { try JudgeResults.decode(data) }) {
        case .success(let results):
            if results.schema <= JudgeResults.schemaVersion { return results }
            throw newerSchema(results.schema, displayPath)
        case .failure(let error):
            decodeError = error
        }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: data) } catch {
            throw ReadError(
                path: displayPath, message: describeSyntax(error, data),
                fix: "pass the results.json that `hunt judge HUNT.yaml SUBMISSIONS --out DIR` wrote")
        }
        let schema: Int
        switch header.schema {
        case nil:
            throw ReadError(
                path: displayPath, message: "no `schema` key: this is not a results file of `hunt judge`",
                fix: "pass the results.json that `hunt judge --out DIR` wrote (not report.json)")
        case .other(let found)?:
            throw ReadError(
                path: displayPath, message: "`schema` is \(found); results files of `hunt judge` give it as a whole number",
                fix: "write `\"schema\": \(JudgeResults.schemaVersion)`, or run `hunt judge` again to write the file")
        case .number(let number)?:
            schema = number
        }
        guard schema <= JudgeResults.schemaVersion else { throw newerSchema(schema, displayPath) }
        guard let mismatch = decodeError as? DecodingError else {
            throw ReadError(path: displayPath, message: "cannot decode the results: \(decodeError)", fix: nil)
        }
        throw ReadError(
            path: displayPath, message: "results file does not match schema \(schema): \(describe(mismatch))",
            fix: "re-run `hunt judge` to write it again; results files are not meant to be edited by hand")
    }

    private static func newerSchema(_ schema: Int, _ displayPath: String) -> ReadError {
        ReadError(
            path: displayPath, message: "results schema \(schema) is newer than this hunt understands (\(JudgeResults.schemaVersion))",
            fix: "update hunt, or re-judge with this version")
    }

    /// The top of a results file: an object, and its `schema` if it has one.
    private struct Header: Decodable {
        enum Schema: Decodable {
            case number(Int)
            /// What was found instead, as a person would name it (`"1"` (text), `1.5`, …).
            case other(String)

            init(from decoder: any Decoder) throws {
                let value = try decoder.singleValueContainer()
                if let number = try? value.decode(Int.self) {
                    self = .number(number)
                } else if let text = try? value.decode(String.self) {
                    self = .other("`\"\(text.prefix(40))\"` (text)")
                } else if let number = try? value.decode(Double.self) {
                    self = .other("`\(number)`")
                } else {
                    self = .other("not a number")
                }
            }
        }
        var schema: Schema?
    }

    /// Why a file that is not a JSON object failed to decode, in words.
    private static func describeSyntax(_ error: any Error, _ data: Data) -> String {
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first != UInt8(ascii: "{") { return "this is not a JSON object (it should start with `{`); is this the judge's results.json?" }
        if case DecodingError.dataCorrupted(let context) = error,
            let underlying = context.underlyingError as NSError?,
            let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String
        {
            return "the JSON is malformed: \(detail)"
        }
        return "the JSON is malformed (cut short, or edited by hand)"
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context): return "`\(path(context.codingPath + [key]))` is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "`\(path(context.codingPath))`: \(context.debugDescription)"
        case .dataCorrupted(let context): return "`\(path(context.codingPath))`: \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
