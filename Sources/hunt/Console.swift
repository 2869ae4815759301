import Foundation
import HuntKit

/// Messages to standard error that quote paths, names or errors: shown through
/// `TerminalText.visible`, so a file name holding an escape sequence is printed, not obeyed.
/// Line breaks are kept: the message's lines are this program's. Text the library already made
/// safe (rendered diagnostics, which carry their own colours) is written as it is.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(TerminalText.visible(text, keepingLineBreaks: true).utf8))
    }

    /// Diagnostics rendered as text (in colour on a terminal), already made safe by the renderer.
    static func diagnostics(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let stderr = FileHandle.standardError
        let text = TextDiagnosticRenderer(colour: Terminal.wantsColour(stderr)).render(diagnostics, sources: SourceLines())
        stderr.write(Data(text.utf8))
    }

    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(TerminalText.visible(text, keepingLineBreaks: true).utf8))
    }
}
