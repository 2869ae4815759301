import ArgumentParser
import Foundation
import HuntKit

/// Printing shared by `where`, `import` and `export`: data to stdout, diagnostics to stderr.
enum GeoOutput {
    static func printDiagnostics(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let text = TextDiagnosticRenderer(colour: Terminal.wantsColour(FileHandle.standardError)).render(diagnostics, sources: SourceLines())
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func writeStdout(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` to `path` atomically (a new temporary file beside it, then a rename),
    /// refusing to replace any of `inputs`.
    static func writeAtomically(_ text: String, to path: String, inputs: [URL]) throws(OutputError) {
        OutputBatch.handleInterrupts()
        try OutputBatch.write(Array(text.utf8), to: URL(fileURLWithPath: path), displayPath: path, inputs: inputs)
    }
}

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

/// Loading a hunt for `where` and `export`.
enum HuntFile {
    /// The hunt with its area and places files read. Errors in the hunt stop the command
    /// (exit 1, after printing them); warnings are passed on.
    static func load(_ path: String, diagnostics: inout [Diagnostic]) throws -> Hunt {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("no hunt file at `\(path)`; check the path")
        }
        let result = HuntLoader().load(contentsOf: URL(fileURLWithPath: path), displayPath: path)
        guard let hunt = result.hunt, !result.diagnostics.hasErrors else {
            GeoOutput.printDiagnostics(result.diagnostics)
            throw ExitCode(1)
        }
        diagnostics += result.diagnostics
        return hunt
    }
}

/// The position a photo records, for `where`.
enum PhotoPosition {
    static func read(_ path: String, diagnostics: inout [Diagnostic]) -> Coordinate? {
        switch PhotoReader(options: .init(useSidecars: true, computeContentHash: false)).read(path: path) {
        case .failure(let error):
            diagnostics.append(.error(error.code.rawValue, error.message, at: SourceLocation(file: path), fix: error.fix))
            return nil
        case .success(let photo):
            guard let position = photo.position, position.isValid, !(position.latitude == 0 && position.longitude == 0) else {
                diagnostics.append(.error("no-position", "the photo records no GPS position", at: SourceLocation(file: path),
                                          fix: "turn on location for the camera app, or send the original file rather than a copy from a chat app"))
                return nil
            }
            return position
        }
    }
}
