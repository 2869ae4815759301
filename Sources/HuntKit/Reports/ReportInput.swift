import Foundation

/// Reads results.json for `hunt report`, with errors that say what to do.
public enum ReportInput {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var fix: String?
        public var description: String { "\(path): error: \(message)" }
    }

    /// Decodes a results file written by `hunt judge` (schema 1). The file is opened read-only.
    public static func read(_ url: URL, displayPath: String) throws(Failure) -> JudgeResults {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw Failure(path: displayPath, message: "cannot read the results file (\((error as NSError).localizedDescription))",
                          fix: "give the results.json that `hunt judge HUNT.yaml SUBMISSIONS --out DIR` wrote")
        }
        struct Header: Decodable { var schema: Int? }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw Failure(path: displayPath, message: "not a JSON object; is this the judge's results.json?",
                          fix: "run `hunt judge HUNT.yaml SUBMISSIONS --out DIR` and pass DIR/results.json")
        }
        guard let schema = header.schema else {
            throw Failure(path: displayPath, message: "no `schema` key: this is not a results file of `hunt judge`",
                          fix: "pass the results.json that `hunt judge --out DIR` wrote (not report.json)")
        }
        guard schema <= JudgeResults.schemaVersion else {
            throw Failure(path: displayPath, message: "results schema \(schema) is newer than this hunt understands (\(JudgeResults.schemaVersion))",
                          fix: "update hunt, or re-judge with this version")
        }
        do {
            return try JudgeResults.decode(data)
        } catch let error as DecodingError {
            throw Failure(path: displayPath, message: "results file does not match schema \(schema): \(describe(error))",
                          fix: "re-run `hunt judge` to write it again; results files are not meant to be edited by hand")
        } catch {
            throw Failure(path: displayPath, message: "cannot decode the results: \(error)", fix: nil)
        }
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
