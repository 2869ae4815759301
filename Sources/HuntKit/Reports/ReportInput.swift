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
            return try decode(data)
        } catch let error as DecodingError {
            throw Failure(path: displayPath, message: "results file does not match schema \(schema): \(describe(error))",
                          fix: "re-run `hunt judge` to write it again; results files are not meant to be edited by hand")
        } catch {
            throw Failure(path: displayPath, message: "cannot decode the results: \(error)", fix: nil)
        }
    }

    /// The same value as `JudgeResults.decode`, about twice as fast on large files: Foundation's
    /// `convertFromSnakeCase` re-converts every key of every object it visits (half the decoding
    /// time for 20,000 submissions), so the object keys are converted once, in one pass over the
    /// bytes, and decoded with the default strategy.
    static func decode(_ data: Data) throws -> JudgeResults {
        try JSONDecoder().decode(JudgeResults.self, from: camelCaseKeys(data))
    }

    /// Rewrites every object key `snake_case` → `snakeCase` as `convertFromSnakeCase` does
    /// (leading and trailing underscores kept; each later word capitalized, the rest lowercased).
    /// Strings that are values are left alone: a string is a key when the next token is `:`.
    static func camelCaseKeys(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            guard b == UInt8(ascii: "\"") else { out.append(b); i += 1; continue }
            // A string token: find its end, honouring escapes.
            var j = i + 1
            var hasUnderscore = false, hasEscape = false
            while j < n, bytes[j] != UInt8(ascii: "\"") {
                if bytes[j] == UInt8(ascii: "\\") { hasEscape = true; j += 2; continue }
                if bytes[j] == UInt8(ascii: "_") { hasUnderscore = true }
                j += 1
            }
            let end = min(j, n - 1)
            var k = end + 1
            while k < n, bytes[k] == 0x20 || bytes[k] == 0x0A || bytes[k] == 0x0D || bytes[k] == 0x09 { k += 1 }
            let isKey = k < n && bytes[k] == UInt8(ascii: ":")
            if isKey, hasUnderscore, !hasEscape, j < n {
                out.append(UInt8(ascii: "\""))
                out += convert(bytes[(i + 1)..<j])
                out.append(UInt8(ascii: "\""))
            } else {
                out += bytes[i...end]
            }
            i = end + 1
        }
        return Data(out)
    }

    private static func convert(_ key: ArraySlice<UInt8>) -> [UInt8] {
        let underscore = UInt8(ascii: "_")
        guard let first = key.firstIndex(where: { $0 != underscore }) else { return Array(key) }
        let last = key.lastIndex(where: { $0 != underscore })!
        var out = Array(key[key.startIndex..<first])
        var word = 0
        var index = first
        while index <= last {
            var wordEnd = index
            while wordEnd <= last, key[wordEnd] != underscore { wordEnd += 1 }
            if wordEnd > index {
                for (offset, byte) in key[index..<wordEnd].enumerated() {
                    if word > 0 {
                        let isLetter = (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
                        out.append(isLetter ? (offset == 0 ? byte & ~0x20 : byte | 0x20) : byte)
                    } else {
                        out.append(byte)
                    }
                }
                word += 1
            }
            index = wordEnd + 1
        }
        out += key[(last + 1)...]
        return out
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
