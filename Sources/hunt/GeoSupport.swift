import ArgumentParser
import Foundation
import HuntKit

extension CoordinateText {
    /// For ArgumentParser: the coordinate, or a ValidationError saying what to type.
    static func argument(_ text: String, option: String) throws -> Coordinate {
        if text.hasPrefix("--") {
            throw ValidationError("\(option) needs a position after it (LAT,LON), not `\(text)`; write it like \(option) -33.8568,151.2153")
        }
        switch parse(text) {
        case .success(let c): return c
        case .failure(let problem):
            throw ValidationError("\(option) `\(text)`: \(problem); write it like 52.0907,5.1213")
        }
    }
}

/// Negative coordinates as people type them (`hunt where -33.8568,151.2153 --to -33.85,151.21`).
///
/// ArgumentParser reads any word starting with `-` as an option, so a southern or western position
/// would be an unknown option. Options that take a position use `parsing: .unconditional` (the next
/// word is their value whatever it looks like); positional inputs use `parsing: .allUnrecognized`,
/// which also collects unknown options — `rejectUnknownOptions` turns those back into the usage
/// error ArgumentParser would have given, so a mistyped option is still an error, not an input.
enum CoordinateArguments {
    /// The positional inputs without the `--` that `.allUnrecognized` keeps; throws for the first
    /// input before `--` that starts with `-` (other than `-` alone) and is not a position.
    static func inputs(_ captured: [String], knownOptions: [String]) throws -> [String] {
        let terminator = captured.firstIndex(of: "--") ?? captured.endIndex
        for input in captured[..<terminator] where input.hasPrefix("-") && input != "-" {
            switch CoordinateText.parse(input) {
            case .success: continue
            case .failure(let problem) where input.dropFirst().first.map({ $0.isNumber || $0 == "." }) == true:
                throw ValidationError("`\(input)` is not a position: \(problem); write positions like -33.8568,151.2153")
            case .failure:
                let name = String(input.prefix { $0 != "=" })
                let suggestion = Suggestions.closest(to: name, in: knownOptions).map { "; did you mean `\($0)`?" } ?? ""
                throw ValidationError("unknown option `\(name)`\(suggestion)")
            }
        }
        var inputs = captured
        if terminator < captured.endIndex { inputs.remove(at: terminator) }
        return inputs
    }
}
