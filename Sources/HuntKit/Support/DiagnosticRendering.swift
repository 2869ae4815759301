import Foundation
import Synchronization

/// Turns diagnostics into text for people or JSON for scripts. One renderer per format.
///
///     let text = TextDiagnosticRenderer(colour: isTerminal).render(diagnostics, sources: SourceLines())
///
/// Any command that reports diagnostics (validate, judge, geo import) prints them this way.
package protocol DiagnosticRenderer {
    /// The rendering of `diagnostics`, in the order given. Empty input gives empty text (text)
    /// or `[]` (JSON).
    func render(_ diagnostics: [Diagnostic], sources: SourceLines) -> String
}

/// The formats `--format` offers for diagnostics.
package enum DiagnosticFormat: String, Sendable, CaseIterable {
    case text, json
}

/// Compiler-style text:
///
///     hunt.yaml:12:11: error: radius is 5 m; it must be at least 10 m [radius-too-small]
///         radius: 5 m
///                 ^
///       fix: phone GPS is rarely better than 5–10 m; use 10 m or more
package struct TextDiagnosticRenderer: DiagnosticRenderer {
    /// ANSI colour; the CLI asks for it only on a terminal with `NO_COLOR` unset.
    public var colour: Bool
    /// Source lines longer than this are shown as a window around the column.
    public var maximumLineWidth = 160

    /// A renderer, with ANSI colour or without.
    public init(colour: Bool = false) { self.colour = colour }

    /// The diagnostics as text, the source line under each when `sources` has it.
    public func render(_ diagnostics: [Diagnostic], sources: SourceLines) -> String {
        var out = ""
        for diagnostic in diagnostics { out += render(diagnostic, sources: sources) }
        return out
    }

    /// One diagnostic: its line, the source line and a caret, then its fix.
    public func render(_ d: Diagnostic, sources: SourceLines) -> String {
        let severityColour: String
        switch d.severity {
        case .error: severityColour = "\u{1B}[1;31m"
        case .warning: severityColour = "\u{1B}[1;35m"
        case .note: severityColour = "\u{1B}[1;36m"
        }
        // Paths, messages and fixes quote what the files hold: shown, never obeyed.
        var out =
            paint(TerminalText.visible("\(d.location):"), "\u{1B}[1m") + " " + paint("\(d.severity.rawValue):", severityColour) + " "
            + paint(TerminalText.visible(d.message), "\u{1B}[1m") + " " + paint("[\(TerminalText.visible(d.code.rawValue))]", "\u{1B}[2m") + "\n"
        if d.location.line > 0, let line = sources.line(d.location.line, of: d.location.file) {
            let (shown, caretColumn) = window(TerminalText.visible(line, keepingTabs: true), column: d.location.column)
            out += "    " + shown + "\n"
            if d.location.column > 0 {
                // Keep tabs in the padding so the caret lines up however wide the terminal's tabs are.
                let padding = String(shown.prefix(caretColumn - 1).map { $0 == "\t" ? "\t" : " " })
                out += "    " + padding + paint("^", "\u{1B}[1;32m") + "\n"
            }
        }
        if let fix = d.fix {
            out += "  " + paint("fix:", "\u{1B}[1;36m") + " " + TerminalText.visible(fix) + "\n"
        }
        return out
    }

    /// The line, cut to a window around the column when long, and the column within what is shown.
    func window(_ line: String, column: Int) -> (String, Int) {
        let characters = Array(line)
        guard characters.count > maximumLineWidth else { return (line, column) }
        let half = maximumLineWidth / 2
        let start = max(0, min(column - 1 - half, characters.count - maximumLineWidth))
        let end = min(characters.count, start + maximumLineWidth)
        var shown = String(characters[start..<end])
        var caret = column - start
        if start > 0 { shown = "…" + shown; caret += 1 }
        if end < characters.count { shown += "…" }
        return (shown, caret)
    }

    func paint(_ text: String, _ code: String) -> String {
        colour ? code + text + "\u{1B}[0m" : text
    }
}

/// A JSON array of `{file, line, column, severity, code, message, fix}`; `fix` is null when
/// there is none. Keys in that order, one object per line, so the output diffs well.
package struct JSONDiagnosticRenderer: DiagnosticRenderer {
    /// A JSON renderer.
    public init() {}

    /// The diagnostics as a JSON array, one object per diagnostic (`[]` for none).
    public func render(_ diagnostics: [Diagnostic], sources: SourceLines) -> String {
        if diagnostics.isEmpty { return "[]\n" }
        let objects = diagnostics.map { d in
            "  {\"file\": \(JSONText.quote(d.location.file)), \"line\": \(d.location.line), \"column\": \(d.location.column), "
                + "\"severity\": \(JSONText.quote(d.severity.rawValue)), \"code\": \(JSONText.quote(d.code.rawValue)), "
                + "\"message\": \(JSONText.quote(d.message)), \"fix\": \(d.fix.map(JSONText.quote) ?? "null")}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }
}

/// The lines of source files, for showing the line a diagnostic points at.
///
/// Files are read once, lazily, by the path the diagnostic names (relative paths from the current
/// folder); texts registered with `add` (in-memory sources, tests) win. Invalid UTF-8 is shown
/// with replacement characters.
package final class SourceLines: Sendable {
    /// By file: its lines, or nil when it could not be read.
    private let texts = Mutex<[String: [Substring]?]>([:])
    /// Files larger than this are not read back for display.
    public let maximumBytes: Int

    /// Source lines read from files of at most `maximumBytes`.
    public init(maximumBytes: Int = 64 << 20) { self.maximumBytes = maximumBytes }

    /// Uses `text` for `file` instead of reading it.
    public func add(file: String, text: String) {
        texts.withLock { $0[file] = Self.split(text) }
    }

    /// The 1-based line of `file`, without its line break; nil when unknown.
    public func line(_ number: Int, of file: String) -> String? {
        texts.withLock { texts in
            if texts[file] == nil {
                texts[file] = .some(read(file))
            }
            guard let lines = texts[file] ?? nil, number >= 1, number <= lines.count else { return nil }
            return String(lines[number - 1])
        }
    }

    private func read(_ file: String) -> [Substring]? {
        guard let bytes = try? InputFile.read(path: file, limitBytes: maximumBytes, what: "source file") else { return nil }
        return Self.split(String(decoding: bytes, as: UTF8.self))
    }

    static func split(_ text: String) -> [Substring] {
        // libyaml counts `\r\n`, `\r` and `\n` as line breaks.
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    }
}
